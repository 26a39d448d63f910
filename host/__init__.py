"""Host tools: the referee (``python -m host.referee``) that plays cores,
boards, programs and people against each other over the contest protocols,
and the bridge (``python -m host.bridge``) that connects a core's RTL in
simulation to a TCP socket or a pseudo-terminal; ``host/reversi/`` is the
Reversi game master, controller, players and bridge. See docs/host-tools.md.
"""
