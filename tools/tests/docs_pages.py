"""What the docs test (test_docs.py) reads out of the Markdown pages.

Pages, paragraphs, headings and GitHub's anchors, relative links, the `make`
targets and `python -m MODULE --option` commands a page names, the worked
exchanges (marked in the page by an HTML comment a reader does not see), and
the headline figures with the `bench/results/` lines they come from.
Standard library only; every finding names its page and line.
"""
import ast
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


# -- pages -----------------------------------------------------------------------

def doc_pages():
    """README.md, docs/*.md and the benchmarks' pages (bench/README.md,
    bench/results/*.md), as paths relative to the repository."""
    pages = [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))
    pages += [REPO / "bench" / "README.md"] + sorted((REPO / "bench" / "results").glob("*.md"))
    return [p.relative_to(REPO).as_posix() for p in pages if p.exists()]


def linked_pages():
    """The pages whose links and anchors must resolve: README.md and docs/."""
    return [p for p in doc_pages() if p == "README.md" or p.startswith("docs/")]


def read(page):
    return (REPO / page).read_text(encoding="utf-8", errors="replace")


def lines_outside_code(text):
    """[(line number, line, in_code)] with fenced code blocks marked."""
    out, fence = [], None
    for n, line in enumerate(text.split("\n"), 1):
        m = re.match(r"^\s*(```+|~~~+)", line)
        if m:
            if fence is None:
                fence = m.group(1)[:3]
                out.append((n, line, True))
                continue
            if m.group(1).startswith(fence):
                fence = None
                out.append((n, line, True))
                continue
        out.append((n, line, fence is not None))
    return out


def paragraphs(text):
    """[(first line number, paragraph text)]: blocks between blank lines."""
    out, block, start = [], [], None
    for n, line in enumerate(text.split("\n"), 1):
        if line.strip():
            if not block:
                start = n
            block.append(line)
        elif block:
            out.append((start, "\n".join(block)))
            block = []
    if block:
        out.append((start, "\n".join(block)))
    return out


# -- headings and anchors (GitHub's rules) ----------------------------------------

def github_slug(heading):
    """GitHub's anchor of a heading: the rendered text lower-cased, every
    character but letters, digits, spaces, hyphens and underscores dropped,
    spaces turned to hyphens."""
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", heading)      # images
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)           # links
    text = re.sub(r"<[^>]+>", "", text)                             # HTML tags
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(page):
    """Every anchor of a page: its headings' slugs (duplicates -1, -2, ...) and
    explicit <a name=...> / id=... anchors."""
    seen, out = {}, set()
    for _, line, code in lines_outside_code(read(page)):
        if code:
            continue
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            slug = github_slug(m.group(1))
            if slug in seen:
                seen[slug] += 1
                out.add("%s-%d" % (slug, seen[slug]))
            else:
                seen[slug] = 0
                out.add(slug)
        for m in re.finditer(r"""<a\s+(?:name|id)=["']([^"']+)["']""", line):
            out.add(m.group(1))
    return out


def strip_code_spans(line):
    return re.sub(r"`[^`]*`", "", line)


def links(page):
    """[(line number, target)] of the page's Markdown links, outside code."""
    out = []
    for n, line, code in lines_outside_code(read(page)):
        if code:
            continue
        for m in re.finditer(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", strip_code_spans(line)):
            out.append((n, m.group(1)))
        for m in re.finditer(r"^\[[^\]]+\]:\s*(\S+)", line):
            out.append((n, m.group(1)))
    return out


def link_problem(page, target):
    """None if a relative link resolves, else what is wrong."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):      # http:, https:, mailto:
        return None
    path, _, anchor = target.partition("#")
    base = (REPO / page).parent
    dest = (base / path).resolve() if path else (REPO / page)
    if path and not dest.exists():
        return "the file %s does not exist" % path
    if anchor:
        if dest.is_dir() or dest.suffix != ".md":
            return None
        rel = dest.relative_to(REPO).as_posix()
        if anchor not in anchors(rel):
            near = sorted(a for a in anchors(rel) if anchor.split("-")[0] in a)[:5]
            return "%s has no heading with anchor #%s%s" % (
                rel, anchor, " (anchors there: %s)" % ", ".join(near) if near else "")
    return None


# -- make targets and python -m commands --------------------------------------------

def code_snippets(page):
    """[(line number, text)]: every inline code span outside fenced blocks and
    every line inside them."""
    out = []
    for n, line, code in lines_outside_code(read(page)):
        if code:
            if not line.lstrip().startswith("```"):
                out.append((n, line))
        else:
            out.extend((n, m.group(1)) for m in re.finditer(r"`([^`]+)`", line))
    return out


def makefile_targets():
    text = (REPO / "Makefile").read_text()
    targets = set(re.findall(r"^([A-Za-z0-9_.-]+)\s*:(?!=)", text, re.M))
    for m in re.finditer(r"^\.PHONY:\s*((?:.*\\\n)*.*)$", text, re.M):
        targets.update(m.group(1).replace("\\", " ").split())
    return targets


def make_targets_named(snippet):
    """The target a `make ...` command in a snippet names (VAR=value and
    -options skipped; a shell comment dropped)."""
    snippet = re.sub(r"(^|\s)#.*$", "", snippet)
    out = []
    for m in re.finditer(r"(?:^|[\s;&|(])make((?:\s+[^\s;&|#)]+)*)", snippet):
        for word in m.group(1).split():
            if "=" in word or word.startswith("-"):
                continue
            if re.match(r"^[a-z0-9][a-z0-9-]*$", word):
                out.append(word)
            break
    return out


def python_commands(snippet):
    """[(module, [words after it])] of each `python -m MODULE ...` in a snippet
    (quoted arguments kept whole: an engine's own options are not ours)."""
    import shlex
    snippet = re.sub(r"(^|\s)#.*$", "", snippet)
    out = []
    for m in re.finditer(r"(?:^|\s|/)python3?\s+-m\s+([A-Za-z_][\w.<>]*)([^;&|`]*)", snippet):
        try:
            words = shlex.split(m.group(2))
        except ValueError:
            words = m.group(2).split()
        # a module written for every game (`bench.<game>.mirror`) is each game's
        for game in GAMES if "<game>" in m.group(1) else (None,):
            module = m.group(1).replace("<game>", game) if game else m.group(1)
            if "<" not in module:
                out.append((module, words))
    return out


GAMES = ("score4", "blokus", "reversi")


def module_exists(module):
    import importlib.util
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


_HELP = {}


def module_help(module, sub=None):
    """(exit status, text) of `python -m MODULE [SUB] --help`, cached."""
    key = (module, sub)
    if key not in _HELP:
        cmd = [sys.executable, "-m", module] + ([sub] if sub else []) + ["--help"]
        try:
            r = subprocess.run(cmd, cwd=str(REPO), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, universal_newlines=True, timeout=120)
            _HELP[key] = (r.returncode, r.stdout)
        except subprocess.TimeoutExpired:
            _HELP[key] = (-1, "timed out")
    return _HELP[key]


def options_in_help(text):
    return set(re.findall(r"(?<![\w-])(--[a-z0-9][a-z0-9-]*)", text))


# -- worked exchanges -------------------------------------------------------------

MARKER = re.compile(r"<!--\s*(exchange|not-an-exchange):\s*(.*?)\s*-->")


def marked_blocks(page):
    """[(line number of the marker, kind, settings dict, block lines [(n, line)])]:
    each marker and the table or fenced code block that follows it."""
    lines = read(page).split("\n")
    out = []
    for i, line in enumerate(lines):
        m = MARKER.search(line)
        if not m:
            continue
        settings = {}
        words = m.group(2).split()
        for w in words[1:]:
            k, _, v = w.partition("=")
            settings[k] = v
        settings["what"] = words[0] if words else ""
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        block = []
        if j < len(lines) and lines[j].lstrip().startswith("```"):
            indent = len(lines[j]) - len(lines[j].lstrip())
            k = j + 1
            while k < len(lines) and not lines[k].lstrip().startswith("```"):
                block.append((k + 1, lines[k][indent:]))
                k += 1
        else:
            k = j
            while k < len(lines) and lines[k].lstrip().startswith("|"):
                block.append((k + 1, lines[k].strip()))
                k += 1
        out.append((i + 1, m.group(1), settings, block))
    return out


def unmarked_exchanges(page):
    """[(line, what)]: exchange-looking blocks with no marker before them: a
    table whose header names what is sent and answered, a Python block that
    feeds a session, a paragraph that says to type or send bytes and what the
    board answers."""
    lines = read(page).split("\n")
    marked = {n for n, _, _, _ in marked_blocks(page)}

    def has_marker(i):          # i: 0-based index of the block's first line
        j = i - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        return j >= 0 and (j + 1) in marked

    out, i, code = [], 0, False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            start = i
            i += 1
            body = []
            while i < len(lines) and not lines[i].lstrip().startswith("```"):
                body.append(lines[i])
                i += 1
            if any(".feed(" in b for b in body) and not has_marker(start):
                out.append((start + 1, "a Python block that feeds a session"))
            i += 1
            continue
        if line.lstrip().startswith("|") and (i == 0 or not lines[i - 1].lstrip().startswith("|")):
            header = line.lower()
            if ("answer" in header and ("send" in header or "type" in header or "host" in header)
                    and not has_marker(i)):
                out.append((i + 1, "a table of bytes sent and answered"))
        i += 1
    for start, para in paragraphs("\n".join(l for l in lines)):
        flat = " ".join(para.split())
        if flat.startswith("|") or flat.startswith("```"):
            continue
        if (re.search(r"\b(type|send|sends)\s+`", flat, re.I)
                and re.search(r"\banswers\b[^.`]*`[^`]+`", flat)):
            out.append((start, "a paragraph of bytes typed and answered"))
    return out


def table_rows(block):
    """[(line, [cells])] of a Markdown table, the header first, the --- row dropped."""
    rows = []
    for n, line in block:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if all(re.match(r"^:?-+:?$", c) for c in cells if c):
            continue
        rows.append((n, cells))
    return rows


def cell_bytes(cell):
    """The bytes of a table cell: its code spans joined, b'' for an empty cell
    or one that says "(nothing)", None for `...` or a cell without code (not
    checked)."""
    spans = re.findall(r"`([^`]*)`", cell)
    if not cell or cell in ("-", "—") or (not spans and cell.lower().startswith("(nothing")):
        return b""
    if not spans or any(s == "..." for s in spans):
        return None
    return "".join(spans).encode("ascii")


def literal_prefix(text):
    """The longest leading Python literal of `text`, or raise ValueError."""
    for end in range(len(text), 0, -1):
        chunk = text[:end].rstrip()
        if not chunk:
            break
        try:
            return ast.literal_eval(chunk)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    raise ValueError("no literal in %r" % text)
