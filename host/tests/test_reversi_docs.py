"""The Reversi section of docs/host-tools.md: every example shown with its
output (a block that starts with ``$ python -m host.reversi ...``) prints
exactly that output when run."""
import re
import shlex
from pathlib import Path

import pytest

from host.tests.reversi_support import run_cli

PAGE = Path(__file__).resolve().parents[2] / "docs" / "host-tools.md"


def _examples():
    text = PAGE.read_text()
    section = text[text.index("## Reversi"):]
    section = section[:section.index("\n## ", 1)]
    blocks = re.findall(r"```\n(\$ python -m host\.reversi [^\n]*)\n(.*?)```", section, re.S)
    return [(cmd[2:], out) for cmd, out in blocks]


def test_the_page_has_examples_with_output():
    cmds = [cmd for cmd, _ in _examples()]
    assert any(" game " in c for c in cmds) and any(" bridge " in c for c in cmds), cmds


@pytest.mark.parametrize("command,shown", _examples())
def test_example_prints_what_the_page_shows(command, shown):
    argv = shlex.split(command)[3:]             # after "python -m host.reversi"
    code, out, err = run_cli(argv)
    assert (out + err).rstrip("\n") == shown.rstrip("\n"), (command, out, err)
