"""The Verilog the mutants are made of and moved to: a named configuration's
from the conversion cache, a baseline's build, and a mutant's edits made in
another build of its block (another configuration, or the block's own)."""
import os
import re
import shutil
import threading
from pathlib import Path

from . import paths
from .faults import apply_mutant


def map_by_text(mutant, source_text, target_text, prefixes):
    """The mutant's edits made in `target_text`, another build that holds the
    mutated block (a unit's or a sub-block's own build): the text, or None
    when a changed line is not found there exactly once.

    A line is known by its always block's label, its place in that block and
    its text (an assign: by its text), each with the instance `prefixes`
    taken out, longest first (the block's path in the source, e.g.
    blokus_search0_blokus_board0_ then blokus_search0_): the generated names
    of two builds of a block differ only by those prefixes."""
    def strip(text):
        for prefix in prefixes:
            text = text.replace(prefix, "")
        return text

    def keys(lines):
        out, label, base = [], None, 0
        for k, line in enumerate(lines):
            found = re.search(r"begin: (\w+)", line)
            if found and label is None:
                label, base = strip(found.group(1)), k
            out.append((label, k - base if label else 0, strip(line).strip()))
            if line == "end":
                label = None
        return out

    source, target = source_text.split("\n"), target_text.split("\n")
    where = {}
    for k, key in enumerate(keys(target)):
        where.setdefault(key, []).append(k)
    source_keys = keys(source)
    for line, text in mutant.edits:
        places = where.get(source_keys[line - 1], [])
        if len(places) != 1:
            return None
        old = target[places[0]]
        target[places[0]] = old[:len(old) - len(old.lstrip())] + strip(text).strip()
    return "\n".join(target)


_VERILOG_LOCK = threading.Lock()


_verilog_made = {}


def config_verilog(config, top):
    """The Verilog file `top`.v of a named configuration, from the conversion
    cache, in build/mutation/verilog/<config>/ (copied once a process: the
    mutants' threads share it)."""
    from hdl import build, configs

    with _VERILOG_LOCK:
        if (config, top) not in _verilog_made:
            out = paths.WORK_ROOT / "verilog" / config
            shutil.rmtree(out, ignore_errors=True)
            files, _ = build.convert_cached(configs.get(config), str(out))
            _verilog_made[config, top] = Path(
                [p for p in files if os.path.basename(p) == top + ".v"][0])
        return _verilog_made[config, top]


def mapped_mutant(mutant, source, other):
    """The mutant's edits made in `other`, the same module built with another
    configuration: the text, or None when a line the mutant changes differs
    there (the configurations differ only in a few constants)."""
    ours, theirs = source.read_text().split("\n"), other.read_text().split("\n")
    if len(ours) != len(theirs) or any(ours[line - 1] != theirs[line - 1]
                                       for line, _ in mutant.edits):
        return None
    return apply_mutant(other.read_text(), mutant)


def built_verilog(work, top):
    """The Verilog file `top`.v a baseline built under `work` (the first
    configuration label when a suite builds several): (label, path)."""
    found = sorted(work.glob("*/*/verilog/%s.v" % top))
    if not found:
        raise RuntimeError("the baseline in %s built no %s.v" % (work, top))
    return found[0].parents[2].name, found[0]
