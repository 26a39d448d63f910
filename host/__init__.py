"""Host tools: the referee (``python -m host.referee``) that plays cores,
boards, programs and people against each other over the contest protocols,
and the bridge (``python -m host.bridge``) that connects a core's RTL in
simulation to a TCP socket or a pseudo-terminal. See README.md, "Host tools".
"""
