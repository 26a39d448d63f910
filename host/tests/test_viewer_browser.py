"""The game viewer in a real browser: Debian's chromium, headless, driven by
Selenium through Debian's chromium-driver (``make setup`` installs both where
it can; without them these tests skip and say so).

For one recorded game of each kind (Score-4, Blokus Duo, Reversi) the page
is opened at ``#move=N``, stepped forward and back with its buttons and
jumped with its move box; after each the board is read from the page's DOM
(its SVG cells) and compared with the golden replay's board at that move."""
import shutil

import pytest

from host.tests.viewer_support import golden_boards, record_game
from host.tests.test_viewer import html_of

KINDS = ("score4", "blokus", "reversi")
CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
DRIVER = shutil.which("chromedriver")

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed: "
                                "make setup installs it")
if CHROMIUM is None or DRIVER is None:
    pytest.skip("no headless browser: install Debian's chromium and chromium-driver "
                "(make setup does, where it can run apt-get)", allow_module_level=True)

READ_BOARD = """
var cells = document.querySelectorAll("#board rect.cell"), rows = [];
cells.forEach(function (c) {
  var r = +c.getAttribute("data-r"), k = +c.getAttribute("data-c");
  rows[r] = rows[r] || [];
  rows[r][k] = c.getAttribute("data-v");
});
var st = document.getElementById("status");
return {rows: rows.map(function (r) { return r.join(""); }),
        move: +st.getAttribute("data-move"), hash: location.hash};
"""


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,900"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("viewer-pages")
    out = {}
    for kind in KINDS:
        t = record_game(kind, folder / ("%s.jsonl" % kind))
        page = folder / ("%s.html" % kind)
        code, _, err = html_of(kind, t, page)
        assert code == 0, err
        out[kind] = (page, golden_boards(kind, t))
    return out


def _board(driver):
    return driver.execute_script(READ_BOARD)


def _click(driver, button):
    driver.find_element("id", button).click()


@pytest.mark.parametrize("kind", KINDS)
def test_board_at_move_n_is_the_golden_replays(browser, pages, kind):
    page, boards = pages[kind]
    last = len(boards) - 1
    n = last // 2
    browser.get(page.as_uri() + "#move=%d" % n)
    seen = _board(browser)
    assert seen["move"] == n
    assert seen["rows"] == boards[n], "move %d" % n
    # one step forward, two back: each board the golden one, the address follows
    _click(browser, "step")
    seen = _board(browser)
    assert (seen["move"], seen["rows"], seen["hash"]) == (n + 1, boards[n + 1], "#move=%d" % (n + 1))
    _click(browser, "back")
    _click(browser, "back")
    seen = _board(browser)
    assert (seen["move"], seen["rows"]) == (n - 1, boards[n - 1])
    # jump to the end with the move box, and to the start
    box = browser.find_element("id", "jump")
    box.clear()
    box.send_keys(str(last))
    _click(browser, "go")
    seen = _board(browser)
    assert (seen["move"], seen["rows"]) == (last, boards[last])
    assert browser.find_element("id", "result").text.strip()
    _click(browser, "first")
    assert _board(browser)["rows"] == boards[0]
