"""Single RTL blocks built on their own for their unit benches (verif/units/).

UNITS maps a unit name to (builder, default baud, takes budget/team), as
hdl.build.UNITS does; a builder takes a Config and returns [(module name,
block instance)]. hdl.build merges this table into its own.
"""

UNITS = {}
