"""The fault catalogue: reading generated Verilog into sites (statements of
always blocks and assigns) and the blocks they belong to, every single
fault of a line (KINDS), the stuck register bits, the per-block sample and
making a mutant's edits."""
import functools
import random
import re
from collections import namedtuple
from pathlib import Path

from . import paths
from .games import GAME_BLOCK_PREFIXES, UNIT_MEMBERS


KINDS = (
    "comparison negated",      # == <-> !=
    "comparison boundary",     # < <-> <=, > <-> >=
    "arithmetic swapped",      # + <-> -
    "logic swapped",           # && <-> ||
    "bitwise swapped",         # & <-> |, ^ -> |
    "shift reversed",          # << <-> >>
    "negation dropped",        # !x -> x, ~x -> x
    "condition negated",       # if (c) -> if (!(c))
    "constant +1",
    "constant -1",
    "register bit stuck",      # every assignment of a register, one bit forced to 0 or 1
)


SWAPS = {
    "==": ("comparison negated", "!="), "!=": ("comparison negated", "=="),
    "<": ("comparison boundary", "<="), "<=": ("comparison boundary", "<"),
    ">": ("comparison boundary", ">="), ">=": ("comparison boundary", ">"),
    "+": ("arithmetic swapped", "-"), "-": ("arithmetic swapped", "+"),
    "&&": ("logic swapped", "||"), "||": ("logic swapped", "&&"),
    "&": ("bitwise swapped", "|"), "|": ("bitwise swapped", "&"), "^": ("bitwise swapped", "|"),
    "<<": ("shift reversed", ">>"), ">>": ("shift reversed", "<<"),
}


BINARY_ONLY = {"+", "-", "&", "|", "^"}      # also unary in Verilog: mutated only as binary


TOKEN = re.compile(r"""
    (?P<literal>\d+'s?[bdhoBDHO][0-9a-fA-F_]+ | '[bdhoBDHO][0-9a-fA-F_]+ | \d+)
  | (?P<name>[A-Za-z_$][\w$]*)
  | (?P<op>===|!==|==|!=|<=|>=|&&|\|\||<<<|>>>|<<|>>|[-+*/%<>!~&|^?:])
  | (?P<other>\S)
""", re.VERBOSE)


LITERAL = re.compile(r"^(?:(\d+)?'(s?)([bdhoBDHO]))?([0-9a-fA-F_]+)$")


RADIX = {"b": 2, "o": 8, "d": 10, "h": 16}


LHS = r"[A-Za-z_][\w]*(?:\[[^\]]+\])*"


IF_LINE = re.compile(r"^(\s*(?:else )?if )\((.*)\)( begin)$")


CASE_LINE = re.compile(r"^(\s*case[zx]? )\((.*)\)$")


CASE_ITEM = re.compile(r"^(\s*[\w', ]+: )(begin)$")


CASE_ASSIGN = re.compile(r"^(\s*[\w', ]+: " + LHS + r" (?:<=|=) )(.*)(;)$")


ASSIGN_LINE = re.compile(r"^(\s*" + LHS + r" (?:<=|=) )(.*)(;)$")


CONT_ASSIGN = re.compile(r"^(assign " + LHS + r" = )(.*)(;)$")


NBA = re.compile(r"^(\s*)([A-Za-z_]\w*)(?:\[(\d+)\])? <= .*;$")


REG_DECL = re.compile(r"^reg (?:signed )?(?:\[(\d+):0\] )?(\w+);$")


Site = namedtuple("Site", "line block clocked text")


Mutant = namedtuple("Mutant", "id block kind line description edits")
# edits: ((line number, new text), ...); line: the first edited line (1-based)


def block_function_names(hdl_root=paths.REPO / "hdl"):
    """The names of every MyHDL @block function under hdl/: MyHDL names an
    instance after its function and a counter (byte_fifo0)."""
    names = set()
    for path in Path(hdl_root).rglob("*.py"):
        names.update(re.findall(r"@block\s*\n\s*def (\w+)\(", path.read_text()))
    return names


@functools.lru_cache(maxsize=8)
def _instance_pattern(block_names):
    """One regex for an instance name (a block name and its counter, then _)."""
    alternatives = "|".join(re.escape(b) for b in sorted(block_names, key=len, reverse=True))
    return re.compile(r"(%s)\d+_" % alternatives)


def instance_path(name, block_names):
    """The instance path a generated Verilog name starts with, as a list of
    block function names: serial_front_end0_byte_fifo0_wr ->
    [serial_front_end, byte_fifo]."""
    pattern = _instance_pattern(frozenset(block_names))
    path, pos = [], 0
    while True:
        m = pattern.match(name, pos)
        if not m:
            return path
        path.append(m.group(1))
        pos = m.end()


UNIT_OF = {member: unit for unit, members in UNIT_MEMBERS.items() for member in members}


def block_of(path, unit_blocks, top):
    """The block a site belongs to: the deepest instance on its path that is
    a unit with its own bench (or a block such a unit's build holds:
    reversi_moves is reversi_rules, games.UNIT_MEMBERS); else the first level of the path, joined by
    '/' to the second when that is a game's own block
    (score4_search/score4_checker; score4_search/decoder is score4_search);
    else `top` (the module's own logic)."""
    for name in reversed(path):
        unit = UNIT_OF.get(name, name)
        if unit in unit_blocks:
            return unit
    if not path:
        return top
    if len(path) > 1 and path[1].startswith(GAME_BLOCK_PREFIXES):
        return path[0] + "/" + path[1]
    return path[0]


def scan_verilog(text, block_names, unit_blocks, top, outer=()):
    """The sites of one generated Verilog file and its registers.

    Returns (sites, registers): sites in file order, one per statement line
    of an always block and per assign; registers {name: (width, line of its
    first non-blocking assignment)} for the plain (not array) regs assigned
    in clocked always blocks. `outer` is the instance path of the module
    itself (a unit's file: [unit])."""
    lines = text.split("\n")
    widths = {}
    sites, registers = [], {}
    k = 0
    while k < len(lines):
        line = lines[k]
        decl = REG_DECL.match(line)
        if decl:
            widths[decl.group(2)] = int(decl.group(1)) + 1 if decl.group(1) else 1
        if line.startswith("always "):
            header = line
            while "begin:" not in lines[k]:
                k += 1
                header += " " + lines[k].strip()
            label = re.search(r"begin: (\w+)", header).group(1)
            clocked = "posedge" in header or "negedge" in header
            block = block_of(list(outer) + instance_path(label, block_names), unit_blocks, top)
            k += 1
            while lines[k] != "end":
                sites.append(Site(k + 1, block, clocked, lines[k]))
                nba = NBA.match(lines[k]) if clocked else None
                if nba and nba.group(2) in widths and nba.group(2) not in registers:
                    registers[nba.group(2)] = (widths[nba.group(2)], k + 1)
                k += 1
        elif line.startswith("assign "):
            name_paths = [instance_path(n, block_names)
                          for n in re.findall(r"[A-Za-z_]\w*", line[7:])]
            deepest = max(name_paths, key=len)
            block = block_of(list(outer) + deepest, unit_blocks, top)
            sites.append(Site(k + 1, block, False, line))
        k += 1
    return sites, registers


def shift_literal(text, delta):
    """A Verilog integer literal plus `delta`, in the same base and width;
    None when the result does not fit (below 0, or past the width)."""
    m = LITERAL.match(text)
    if not m:
        return None
    width, signed, base, digits = m.groups()
    radix = RADIX[base.lower()] if base else 10
    try:
        value = int(digits.replace("_", ""), radix) + delta
    except ValueError:
        return None
    if value < 0 or (width and value >= 1 << int(width)):
        return None
    if not base:
        return str(value)
    body = {2: "{:b}", 8: "{:o}", 10: "{:d}", 16: "{:x}"}[radix].format(value)
    if radix != 10:
        body = body.zfill(len(digits.replace("_", "")))
    return "%s'%s%s%s" % (width or "", signed, base, body)


def _tokens(expr):
    """[(kind, text, start, end)] of an expression."""
    return [(m.lastgroup, m.group(), m.start(), m.end()) for m in TOKEN.finditer(expr)]


def expression_faults(expr):
    """Every single fault of an expression: [(kind, description, new expression)]."""
    faults = []
    tokens = _tokens(expr)

    def operand(i):
        return 0 <= i < len(tokens) and (tokens[i][0] in ("literal", "name")
                                         or tokens[i][1] in (")", "]", "}"))

    for i, (kind, text, start, end) in enumerate(tokens):
        edit = None
        if kind == "op" and text in SWAPS:
            binary = operand(i - 1)
            if text in BINARY_ONLY and not binary:
                continue
            if text in ("+", "-") and tokens[i - 1][0] == "literal" and \
                    i + 1 < len(tokens) and tokens[i + 1][0] == "literal":
                continue           # a constant expression (a slice's 5-1): not logic
            fault, new = SWAPS[text]
            edit = [(fault, "%s -> %s" % (text, new), new)]
        elif kind == "op" and text in ("!", "~"):
            edit = [("negation dropped", "%s dropped" % text, "")]
        elif kind == "literal":
            edit = []
            for delta, fault in ((1, "constant +1"), (-1, "constant -1")):
                new = shift_literal(text, delta)
                if new is not None:
                    edit.append((fault, "%s -> %s" % (text, new), new))
        for fault, description, new in edit or ():
            faults.append((fault, description, expr[:start] + new + expr[end:]))
    return faults


def line_faults(text):
    """Every single fault of one statement line of generated Verilog:
    [(kind, description, new line)]; a line without an expression has none."""
    m = IF_LINE.match(text)
    if m:
        head, cond, tail = m.groups()
        faults = [("condition negated", "if (c) -> if (!(c))", "%s(!(%s))%s" % (head, cond, tail))]
        return faults + [(k, d, "%s(%s)%s" % (head, new, tail))
                         for k, d, new in expression_faults(cond)]
    for pattern in (CASE_LINE, CASE_ITEM, CASE_ASSIGN, ASSIGN_LINE, CONT_ASSIGN):
        m = pattern.match(text)
        if m:
            head, expr = m.group(1), m.group(2)
            tail = m.group(3) if pattern.groups >= 3 else ""
            if pattern is CASE_LINE:
                head, tail = head + "(", ")"
            if pattern is CASE_ITEM:           # "3'b001: begin": the label
                label_end = len(head) - 2
                return [(k, d, new + text[label_end:])
                        for k, d, new in expression_faults(text[:label_end])]
            return [(k, d, head + new + tail) for k, d, new in expression_faults(expr)]
    return []


def candidate_mutants(sites, registers, blocks, rng):
    """Every single-fault mutant of the sites in `blocks`, per block:
    {block: [Mutant without id]}. Operator and constant faults edit one
    line; a stuck register bit (its bit and value drawn from `rng`, one
    candidate per register and value) edits every non-blocking assignment
    of the register, adding `reg[bit] <= value;` after it."""
    by_block = {}
    for site in sites:
        if site.block not in blocks:
            continue
        for kind, description, new in line_faults(site.text):
            if new != site.text:
                by_block.setdefault(site.block, []).append(
                    Mutant(None, site.block, kind, site.line, description, ((site.line, new),)))
    block_at = {site.line: site.block for site in sites}
    assignments = {}
    for site in sites:
        nba = NBA.match(site.text) if site.clocked else None
        if nba and nba.group(2) in registers:
            assignments.setdefault(nba.group(2), []).append(site)
    for reg in sorted(registers, key=lambda r: registers[r][1]):
        width, first = registers[reg]
        block = block_at[first]
        if block not in blocks:
            continue
        bit = rng.randrange(width)
        target = "%s[%d]" % (reg, bit) if width > 1 else reg
        for value in (0, 1):
            edits = []
            for site in assignments[reg]:
                index = NBA.match(site.text).group(3)
                if index is None or int(index) == bit:
                    edits.append((site.line, "%s %s <= 1'b%d;" % (site.text, target, value)))
            if edits:
                by_block.setdefault(block, []).append(
                    Mutant(None, block, "register bit stuck", first,
                           "%s stuck at %d" % (target, value), tuple(edits)))
    return by_block


def sample_block(block, candidates, per_block, seed):
    """`per_block` of a block's candidates (all when fewer), drawn with a
    generator seeded by (seed, block), the kinds taken in turn so that one
    kind with thousands of sites (a ROM's constants) does not fill the
    sample. Ids are <block>#<n>, n from 1."""
    rng = random.Random("%d:%s" % (seed, block))
    groups = {}
    for mutant in candidates:
        groups.setdefault(mutant.kind, []).append(mutant)
    order = sorted(groups)
    rng.shuffle(order)
    for kind in order:
        rng.shuffle(groups[kind])
    chosen = []
    while len(chosen) < per_block and any(groups.values()):
        for kind in order:
            if groups[kind] and len(chosen) < per_block:
                chosen.append(groups[kind].pop())
    return [m._replace(id="%s#%d" % (block, n + 1)) for n, m in enumerate(chosen)]


def apply_mutant(text, mutant):
    """The Verilog text with the mutant's line edits made."""
    lines = text.split("\n")
    for line, new in mutant.edits:
        lines[line - 1] = new
    return "\n".join(lines)
