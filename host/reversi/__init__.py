"""Reversi host tools: game master, controller, players, bridge (issue 16).

    python -m host.reversi {gm|controller|player|game|bridge|core|replay} ...

Every rule and every message byte comes from ``golden.reversi`` (its
``Referee``, ``Session`` and ``encoding``); these modules only carry bytes
over TCP, serial lines and terminals, keep wall-clock time and draw screens.

* ``gm``: the game master, a ``selectors`` TCP server with three ports
  (Black, White, controller) around ``golden.reversi.Referee``.
* ``screen``: the controller's ASCII screen, from Status1 / Status2.
* ``controller``: the game controller (terminal and programmatic).
* ``players``: player clients (first legal move, golden search, random,
  human), each a ``golden.reversi.Session`` with a chooser.
* ``bridge``: carries a core's serial bytes to a game master's port; the
  golden ``Session`` as a stand-in core on a serial line or pseudo-terminal.
* ``transcript``: JSON-lines transcripts and their replay.
* ``cli``: the command line.
"""
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORTS = {"black": 7201, "white": 7202, "controller": 7200}
