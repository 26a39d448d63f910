"""The docs are product: these checks keep broken pages out (issue 30).

- size and repeats: no page over 200 KB, no paragraph of a page repeated in
  it (docs/host-tools.md once held one paragraph 28,500 times, 12.9 MB);
- links: every relative link and #anchor of README.md and docs/ resolves, by
  GitHub's anchor rules;
- commands: every `make TARGET` a page names is a Makefile target, every
  `python -m MODULE --option` runs `--help` and lists the option;
- worked exchanges: each one is marked in its page by an HTML comment
  (`<!-- exchange: GAME budget=default|N [team=XX] -->`, `<!-- exchange:
  python -->`, `<!-- exchange: blokus-pair script teams=AA,BB -->` before the
  table or code block), replayed on the golden session with the compiled
  mirror as its chooser, and must say the bytes it really sends; a block that
  looks like an exchange without a marker fails (`<!-- not-an-exchange:
  why -->` marks a table that only looks like one);
- figures: the headline figures of README.md and docs/benchmarks.md
  (docs_figures.py) equal their lines in bench/results/.

Each failure names the page, the line and what to change.
"""
import ast
import re
import signal
from contextlib import contextmanager

import pytest

import docs_figures
import docs_pages as P

MAX_PAGE_BYTES = 200 * 1024
MIN_REPEATED = 80            # shorter paragraphs (a table rule, "```") may repeat
EXCHANGE_PAGES = ["README.md", "docs/de2.md", "docs/golden.md", "docs/protocol-blokus.md",
                  "docs/protocol-score4.md", "docs/protocol-reversi.md", "docs/contest-host.md"]
# `make X` commands that are not ours, with why
FOREIGN_MAKE = {("docs/contest-host.md", "blokus-host"): "the contest host's own Makefile"}
# A hang guard, not a speed check (speed is measured by benchmarks): a page's
# Python example that runs longer than this is stuck. It was 60 s, and
# docs/golden.md's worked exchange (two default-budget searches, after the C
# mirror's first build) went past it on a loaded machine.
PYTHON_BLOCK_SECONDS = 600


def report(failures, what):
    assert not failures, "%d %s:\n  %s" % (len(failures), what, "\n  ".join(failures))


# -- size and repeated paragraphs -------------------------------------------------------

def size_and_repeat_problems(page, text):
    out = []
    size = len(text.encode("utf-8"))
    if size > MAX_PAGE_BYTES:
        out.append("%s: %d bytes, over the %d-byte limit: look for pasted repeats"
                   % (page, size, MAX_PAGE_BYTES))
    seen = set()
    for line, para in P.paragraphs(text):
        flat = " ".join(para.split())
        if len(flat) < MIN_REPEATED or flat in seen:
            continue
        count = text.count(para)
        if count > 1:
            seen.add(flat)
            out.append("%s:%d: this paragraph stands %d times in the page (keep one): %.70s..."
                       % (page, line, count, flat))
    return out


def test_pages_are_small_and_say_each_paragraph_once():
    failures = []
    for page in P.doc_pages():
        failures += size_and_repeat_problems(page, P.read(page))
    report(failures, "pages too big or with repeated paragraphs")


def test_a_pasted_paragraph_is_found():
    para = "A paragraph that is long enough to count as one, " * 3
    text = "# T\n\n%s\n\nother\n\n%s\n" % (para, para)
    assert any("stands 2 times" in p for p in size_and_repeat_problems("x.md", text))
    assert any("over the" in p for p in size_and_repeat_problems("x.md", "x" * (MAX_PAGE_BYTES + 1)))


# -- links and anchors ----------------------------------------------------------------

def test_every_relative_link_and_anchor_resolves():
    failures = []
    for page in P.linked_pages():
        for line, target in P.links(page):
            problem = P.link_problem(page, target)
            if problem:
                failures.append("%s:%d: link (%s): %s" % (page, line, target, problem))
    report(failures, "broken links")


@pytest.mark.parametrize("heading, slug", [
    ("Why this search", "why-this-search"),
    ("The team code at power-up", "the-team-code-at-power-up"),
    ("Score-4 (`golden/score4/`)", "score-4-goldenscore4"),
    ("What the board shows: Blokus Duo (`blokus_de2`)", "what-the-board-shows-blokus-duo-blokus_de2"),
    ("Budgets and speed: read this first", "budgets-and-speed-read-this-first"),
])
def test_github_anchor_rules(heading, slug):
    assert P.github_slug(heading) == slug


# -- make targets and python -m options ---------------------------------------------------

def test_every_make_target_named_exists():
    targets = P.makefile_targets()
    failures = []
    for page in P.doc_pages():
        for line, snippet in P.code_snippets(page):
            for target in P.make_targets_named(snippet):
                if target not in targets and (page, target) not in FOREIGN_MAKE:
                    failures.append("%s:%d: `make %s`: the Makefile has no target %s"
                                    % (page, line, target, target))
    report(failures, "make targets that do not exist")


def test_every_python_module_and_option_named_exists():
    failures = []
    for page in P.doc_pages():
        for line, snippet in P.code_snippets(page):
            for module, words in P.python_commands(snippet):
                if not P.module_exists(module):
                    failures.append("%s:%d: `python -m %s`: there is no module %s"
                                    % (page, line, module, module))
                    continue
                if not any(w.startswith("--") for w in words):
                    continue            # no option named: the module is enough
                status, text = P.module_help(module)
                if status != 0:
                    failures.append("%s:%d: `python -m %s --help` fails (status %d): %s"
                                    % (page, line, module, status, text.strip()[-200:]))
                    continue
                known = P.options_in_help(text)
                subcommand = next((w for w in words if not w.startswith("-")), None)
                if subcommand and re.match(r"^[a-z][a-z0-9-]*$", subcommand):
                    sub_status, sub_text = P.module_help(module, subcommand)
                    if sub_status == 0:
                        known |= P.options_in_help(sub_text)
                for word in words:
                    option = word.split("=")[0]
                    if re.match(r"^--[a-z0-9][a-z0-9-]*$", option) and option not in known:
                        failures.append("%s:%d: `python -m %s ... %s`: %s has no option %s "
                                        "(its --help lists %s)"
                                        % (page, line, module, option, module, option,
                                           ", ".join(sorted(known)) or "none"))
    report(failures, "python -m commands or options that do not exist")


# -- worked exchanges ---------------------------------------------------------------------

def test_every_worked_exchange_is_marked():
    failures = []
    for page in EXCHANGE_PAGES:
        for line, what in P.unmarked_exchanges(page):
            failures.append("%s:%d: %s without a marker: put <!-- exchange: GAME budget=... --> "
                            "(or <!-- not-an-exchange: why -->) on the line before it"
                            % (page, line, what))
    report(failures, "worked exchanges without a marker")


def all_exchanges():
    return [(page, line, kind, settings, block)
            for page in EXCHANGE_PAGES
            for line, kind, settings, block in P.marked_blocks(page)
            if kind == "exchange"]


def test_the_pages_have_their_exchanges():
    """The worked exchanges this test replays are there (a lost marker fails)."""
    pages = {page for page, *_ in all_exchanges()}
    assert {"docs/de2.md", "docs/golden.md", "docs/protocol-score4.md",
            "docs/protocol-blokus.md"} <= pages, pages


_CACHE = {}


def session_answers(game, budget, team, inputs):
    """The answers of the golden session of `game` (its search played by the
    compiled mirror) to `inputs`, one per input; cached."""
    key = (game, budget, team, tuple(inputs))
    if key not in _CACHE:
        from host.cores import mirror_chooser     # the referee's mirror player's chooser
        if game == "score4":
            from golden.score4 import Session
            s = Session(budget=budget, chooser=mirror_chooser(game))
        elif game == "blokus":
            from golden.blokus import Session
            s = Session(budget=budget, team=team or "01", chooser=mirror_chooser(game))
        else:
            raise ValueError("unknown game %r in an exchange marker (score4, blokus)" % game)
        _CACHE[key] = [s.feed(b) for b in inputs]
    return _CACHE[key]


def default_budget(game):
    if game == "score4":
        from golden.score4.search import DEFAULT_BUDGET
    else:
        from golden.blokus.search import DEFAULT_BUDGET
    return DEFAULT_BUDGET


def columns(header, *words):
    """Index of the first header cell holding one of `words` (and not 'answer'
    unless asked), or None."""
    for k, cell in enumerate(header):
        low = cell.lower()
        if any(w in low for w in words) and ("answer" in words or "answer" not in low):
            return k
    return None


def check_session_table(page, marker, settings, block):
    game = settings["what"]
    budget_text = settings.get("budget", "default")
    budget = default_budget(game) if budget_text == "default" else int(budget_text.replace(",", ""))
    rows = P.table_rows(block)
    if not rows:
        return ["%s:%d: the exchange marker is not followed by a table" % (page, marker)]
    header, body = rows[0][1], rows[1:]
    cin, cout = columns(header, "send", "type", "host"), columns(header, "answer")
    if cin is None or cout is None:
        return ["%s:%d: the exchange table's header names no column of bytes sent "
                "('sends', 'type') and answered ('answers'): %s" % (page, marker, header)]
    inputs, expected = [], []
    for line, cells in body:
        sent = P.cell_bytes(cells[cin]) if cin < len(cells) else None
        if sent is None:
            continue
        inputs.append(sent)
        expected.append((line, cells[cout] if cout < len(cells) else "",
                         P.cell_bytes(cells[cout]) if cout < len(cells) else b""))
    got = session_answers(game, budget, settings.get("team"), inputs)
    failures = []
    for (line, cell, want), sent, answer in zip(expected, inputs, got):
        if want is not None and want != answer:
            failures.append("%s:%d: after %r the %s core at budget %s answers %r, the page says "
                            "%r: write `%s`" % (page, line, sent.decode(), game, budget_text,
                                                answer.decode(), cell, answer.decode()))
    return failures


def check_blokus_pair(page, marker, settings, block):
    """Two boards playing the page's own moves: each move must be legal in the
    golden session, and the other bytes (team codes, silences) the session's."""
    from golden.blokus import Session
    from golden.blokus.board import ME, first_legal_move
    from golden.blokus.encoding import decode_move

    teams = settings.get("teams", "AA,BB").split(",")
    rows = P.table_rows(block)[1:]
    scripts = [[], []]
    for _, cells in rows:
        for board, (cin, cout) in enumerate(((1, 2), (3, 4))):
            sent, said = P.cell_bytes(cells[cin]), P.cell_bytes(cells[cout])
            if sent and sent[:1] in b"234" and said:
                scripts[board].append(decode_move(said))
    failures = []

    def chooser(board):
        def play(pos, budget):      # after the page's last move (`...`): any legal one
            return scripts[board].pop(0) if scripts[board] else first_legal_move(pos, ME)
        return play

    sessions = [Session(budget=1, team=teams[k], chooser=chooser(k)) for k in (0, 1)]
    for line, cells in rows:
        for board, (cin, cout) in enumerate(((1, 2), (3, 4))):
            sent, said = P.cell_bytes(cells[cin]), P.cell_bytes(cells[cout])
            if not sent:
                continue
            illegal = sessions[board].illegal_moves
            try:
                answer = sessions[board].feed(sent)
            except RuntimeError as e:       # the page's own move is illegal
                failures.append("%s:%d: board %d's move is not legal there: %s"
                                % (page, line, board + 1, e))
                return failures
            if sessions[board].illegal_moves != illegal:
                failures.append("%s:%d: the move in %r is illegal for board %d's golden session"
                                % (page, line, sent.decode(), board + 1))
            if said is not None and said != answer and not same_placement(said, answer):
                failures.append("%s:%d: board %d answers %r to %r, the page says %r"
                                % (page, line, board + 1, answer.decode(), sent.decode(),
                                   said.decode()))
    return failures


def same_placement(code_a, code_b):
    """Two Blokus codes of the same tile on the same cells (a board may send
    any of them; ours sends the lowest digit)."""
    from golden.blokus.encoding import code_ok, decode_move, move_cells
    if not (code_ok(code_a) and code_ok(code_b)):
        return False
    a, b = decode_move(code_a), decode_move(code_b)
    if a is None or b is None:
        return a == b
    return a[2] == b[2] and sorted(move_cells(a)) == sorted(move_cells(b))


@contextmanager
def time_limit(seconds, what):
    def expired(signum, frame):
        raise TimeoutError("%s took over %d s" % (what, seconds))
    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def check_python_block(page, marker, settings, block):
    """Run the block statement by statement; `expr  # -> LITERAL` must give
    LITERAL, and `expr` followed by a line `# Repr(...)` must have that repr."""
    source = "\n".join(line for _, line in block)
    first_line = block[0][0] if block else marker
    lines = source.split("\n")
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        return ["%s:%d: the Python example does not parse: %s"
                % (page, first_line + (e.lineno or 1) - 1, e)]
    namespace, failures = {"__name__": "docs_example"}, []
    try:
        with time_limit(PYTHON_BLOCK_SECONDS, "%s:%d: the Python example" % (page, first_line)):
            for stmt in tree.body:
                at = first_line + stmt.lineno - 1
                text = "\n".join(lines[stmt.lineno - 1:stmt.end_lineno])
                try:
                    if isinstance(stmt, ast.Expr):
                        value = eval(compile(ast.Expression(stmt.value), page, "eval"), namespace)
                    else:
                        exec(compile(ast.Module([stmt], []), page, "exec"), namespace)
                        continue
                except TimeoutError:
                    raise
                except Exception as e:     # noqa: BLE001 (the page's example failed)
                    failures.append("%s:%d: `%s` raises %s: %s"
                                    % (page, at, text.strip(), type(e).__name__, e))
                    return failures
                comment = lines[stmt.end_lineno - 1].partition("#")[2].strip()
                if comment.startswith("->"):
                    try:
                        want = P.literal_prefix(comment[2:].strip())
                    except ValueError:
                        continue                # prose after the arrow: not checked
                    if value != want:
                        failures.append("%s:%d: `%s` gives %r, the page says %r"
                                        % (page, at, text.strip(), value, want))
                elif stmt.end_lineno < len(lines):
                    following = lines[stmt.end_lineno].strip()
                    if re.match(r"^# [A-Z]\w*\(.*\)$", following) and repr(value) != following[2:]:
                        failures.append("%s:%d: `%s` gives %r, the page says %s"
                                        % (page, at + 1, text.strip(), value, following[2:]))
    except TimeoutError as e:
        failures.append("%s: give the example a smaller budget" % e)
    return failures


def exchange_ids():
    return ["%s:%d" % (page, line) for page, line, *_ in all_exchanges()]


@pytest.mark.parametrize("page, line, kind, settings, block", all_exchanges(), ids=exchange_ids())
def test_worked_exchange_is_what_the_core_sends(page, line, kind, settings, block):
    what = settings["what"]
    if what == "python":
        failures = check_python_block(page, line, settings, block)
    elif what == "blokus-pair":
        failures = check_blokus_pair(page, line, settings, block)
    elif what in ("score4", "blokus"):
        failures = check_session_table(page, line, settings, block)
    else:
        failures = ["%s:%d: unknown exchange kind %r (score4, blokus, blokus-pair, python)"
                    % (page, line, what)]
    report(failures, "differences from what the core sends")


# -- headline figures -----------------------------------------------------------------------

def flat(text):
    return " ".join(text.split())


def figure_matches(page_value, source_value, scale=1.0, tol=None):
    """The page's figure is the source's, rounded to the page's precision."""
    p, s = page_value.replace(",", "").strip(), source_value.replace(",", "").strip()
    try:
        pf, sf = float(p), float(s) * scale
    except ValueError:
        return p == s
    if tol is None:
        decimals = len(p.partition(".")[2])
        tol = 0.5 * 10 ** -decimals + 1e-9
    return abs(pf - sf) <= tol


def figure_problems(figures=None, read=P.read):
    out = []
    for page, after, page_re, source, source_re, opts in (figures or docs_figures.FIGURES):
        text = read(page)
        start = text.find(after) if after else 0
        if start < 0:
            out.append("%s: no heading %r (docs_figures.py looks for figures after it)" % (page, after))
            continue
        m = re.search(page_re, flat(text[start:]))
        if not m:
            out.append("%s: no figure matching /%s/: the page changed; if it still quotes the "
                       "figure, update the pattern in tools/tests/docs_figures.py"
                       % (page, page_re))
            continue
        line = text.count("\n", 0, start) + 1 + _line_of(text[start:], m.group(0))
        sm = re.search(source_re, flat(read(source)))
        if not sm:
            out.append("%s:%d: the figure %r: %s has no line matching /%s/ (its format changed: "
                       "update tools/tests/docs_figures.py)" % (page, line, m.group(0), source, source_re))
            continue
        values = sm.groups()
        order = opts.get("order")
        if order:
            values = [values[k] for k in order]
        scale = opts.get("scale", 1.0)
        scales = scale if isinstance(scale, tuple) else (scale,) * len(values)
        for k, (pv, sv) in enumerate(zip(m.groups(), values)):
            if not figure_matches(pv, sv, scales[k], opts.get("tol")):
                out.append("%s:%d: %r says %s where %s says %s%s: change the page to the "
                           "results' figure" % (page, line, m.group(0), pv, source, sv,
                                                 " (x %g)" % scales[k] if scales[k] != 1 else ""))
    return out


def _line_of(text, flat_snippet):
    """0-based line (within `text`) where a whitespace-collapsed snippet starts."""
    words = flat_snippet.split()
    pattern = r"\s+".join(re.escape(w) for w in words[:6])
    m = re.search(pattern, text)
    return text.count("\n", 0, m.start()) if m else 0


def test_headline_figures_are_the_results():
    report(figure_problems(), "figures that are not bench/results'")


def test_a_wrong_figure_is_found():
    pages = {"p.md": "Status: it searches 13.7 M nodes/s.\n",
             "r.md": "| 100000 | 1 | 2 | 3 | 4 | 5 | 13.6 | x |\n"}
    fig = [("p.md", None, r"searches ([\d.]+) M nodes/s", "r.md",
            r"\| 100000 \|(?: [^|]* \|){5} ([\d.]+) \|", {})]
    problems = figure_problems(fig, read=pages.get)
    assert len(problems) == 1 and "13.7" in problems[0] and "p.md:1" in problems[0], problems
    pages["p.md"] = "Status: it searches 13.6 M nodes/s.\n"
    assert figure_problems(fig, read=pages.get) == []


# -- pinned packages ---------------------------------------------------------------------

def pins_missing_from_install_page(pyproject_text, page_text):
    """Each `name==version` pinned in pyproject.toml (dependencies and extras)
    that docs/install.md does not name with its version."""
    import tomllib
    project = tomllib.loads(pyproject_text)["project"]
    pins = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        pins += extra
    out = []
    for pin in pins:
        name, _, version = pin.partition("==")
        name = re.sub(r"\[.*\]", "", name)          # dask[distributed] -> dask
        if not version:
            out.append("pyproject.toml: %s is not pinned (name==version)" % pin)
        elif not re.search(r"`?%s`?\s*(\||==|\s)\s*`?%s\b" % (re.escape(name), re.escape(version)),
                           page_text):
            out.append("docs/install.md: name the pinned package %s with its version %s "
                       "(a row of the packages table)" % (name, version))
    return out


def test_every_pinned_package_is_in_the_install_page():
    report(pins_missing_from_install_page((P.REPO / "pyproject.toml").read_text(),
                                          (P.REPO / "docs/install.md").read_text()),
           "pinned packages missing from docs/install.md")


def test_a_missing_pin_is_found():
    pyproject = '[project]\ndependencies = ["foo==1.2"]\n[project.optional-dependencies]\n' \
                'x = ["bar[baz]==3.4"]\n'
    assert pins_missing_from_install_page(pyproject, "| foo | 1.2 | ... |\n| bar | 3.4 | |") == []
    missing = pins_missing_from_install_page(pyproject, "| foo | 1.3 | ... |")
    assert len(missing) == 2 and "foo with its version 1.2" in missing[0] \
        and "bar with its version 3.4" in missing[1]
