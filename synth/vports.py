"""The ports of a module, read from the Verilog that hdl.build generates.

The Quartus project, its pin checker and the timing proxy all take their port
lists from here, so a new core (or a changed top level) needs no list of its
own: whatever the generated `CORE_de2` declares is what gets pins.
"""
import re
from collections import namedtuple


class Port(namedtuple("Port", "name direction msb lsb")):
    """One port; msb/lsb are None for a scalar."""

    __slots__ = ()

    @property
    def width(self):
        return 1 if self.msb is None else abs(self.msb - self.lsb) + 1

    def bits(self):
        """The port's bits as Quartus names them: NAME, or NAME[i] from lsb up."""
        if self.msb is None:
            return [self.name]
        lo, hi = min(self.msb, self.lsb), max(self.msb, self.lsb)
        return ["%s[%d]" % (self.name, i) for i in range(lo, hi + 1)]

    def decl(self):
        """`[msb:lsb] ` or an empty string, for writing declarations."""
        return "" if self.msb is None else "[%d:%d] " % (self.msb, self.lsb)


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def module_ports(text, module):
    """The ports of `module` in Verilog `text`, in header order.

    Handles the forms hdl.build writes (a non-ANSI header, then one
    `input|output [signed] [msb:lsb] NAME;` per port) and ANSI headers.
    Raises ValueError naming what is missing.
    """
    text = _COMMENT.sub("", text)
    m = re.search(r"\bmodule\s+%s\s*(?:#\s*\(.*?\)\s*)?\((.*?)\)\s*;" % re.escape(module), text, re.S)
    if not m:
        raise ValueError("no module %s in the Verilog" % module)
    header = m.group(1)
    body_end = text.find("endmodule", m.end())
    body = text[m.end():body_end if body_end >= 0 else len(text)]
    ports = []
    for item in [s.strip() for s in header.split(",") if s.strip()]:
        ansi = re.match(r"(input|output|inout)\s+(?:wire\s+|reg\s+)?(?:signed\s+)?"
                        r"(?:\[\s*(\d+)\s*:\s*(\d+)\s*\]\s*)?(\w+)$", item)
        if ansi:
            d, msb, lsb, name = ansi.groups()
        else:
            name = item
            if not re.match(r"\w+$", name):
                raise ValueError("cannot read port %r of module %s" % (item, module))
            decl = re.search(r"^\s*(input|output|inout)\s+(?:wire\s+|reg\s+)?(?:signed\s+)?"
                             r"(?:\[\s*(\d+)\s*:\s*(\d+)\s*\]\s*)?%s\s*;" % re.escape(name), body, re.M)
            if not decl:
                raise ValueError("port %s of module %s has no input/output declaration" % (name, module))
            d, msb, lsb = decl.groups()
        ports.append(Port(name, d, None if msb is None else int(msb), None if lsb is None else int(lsb)))
    return ports


def file_ports(path, module):
    with open(path) as fh:
        return module_ports(fh.read(), module)
