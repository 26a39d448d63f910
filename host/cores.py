"""What the host tools know about the cores, shared by the bridge and the players.

* the RTL configurations a ``sim`` player or a bridge runs (``get_config``,
  ``DEFAULT_CONFIG``), and where the bridge keeps its runs (``BRIDGE_ROOT``);
* the budgets: the core's own (``core_budget``: the golden model's
  ``DEFAULT_BUDGET``, what the board searches), the small one the golden
  player uses in CPython (``GOLDEN_BUDGET``), and ``demo_note``, which says
  when a budget is far below the core's;
* the compiled mirror of a core's search (``mirror_chooser``): the golden
  search's moves, fast enough for the core's own budget.

``host.bridge`` and ``host.players`` both import this module; it imports
neither, so they do not import each other.
"""
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BRIDGE_ROOT = REPO / "build" / "bridge"
DEFAULT_CONFIG = {"score4": "score4_fast", "blokus": "blokus_fast", "reversi": "reversi_fast"}
# the game each core (hdl.build's unit) plays: the Blokus game has two cores,
# the alpha-beta one and the Monte-Carlo one (its tree in the SDRAM)
GAME_OF_UNIT = {"score4": "score4", "blokus": "blokus", "blokus_mcts": "blokus",
                "reversi": "reversi"}

# The budget of the golden player (referee `golden`, bridge `--player golden`)
# when none is given. The cores' own budgets (Score-4 about 80 M nodes for
# 10 s, Blokus about 20 M for 1 s) take minutes a move in CPython. Score-4:
# 300. Blokus: 1,500, which finishes phase 1 and starts the iteration of
# depth 2, in well under 0.1 s a move. Far weaker than the board: the
# `mirror` player plays the board's moves.
GOLDEN_BUDGET = {"score4": 300, "blokus": 1500}

# A budget below this fraction of the core's own is a demonstration of the
# protocol, not of the core's play (blokus_fast: 2 nodes; score4_fast: 300).
DEMO_FRACTION = 0.01


class BridgeError(Exception):
    """A problem the user can fix (a configuration, a port, a mirror that
    cannot be built); printed as one line ``error: ...``."""


def core_budget(core):
    """The budget the board searches: the golden model's DEFAULT_BUDGET of
    `core` (a game, which means its default core, or a unit of GAME_OF_UNIT:
    blokus_mcts counts clock cycles, the others nodes)."""
    if core == "score4":
        from golden.score4.search import DEFAULT_BUDGET
    elif core == "blokus":
        from golden.blokus.search import DEFAULT_BUDGET
    elif core == "blokus_mcts":
        from golden.blokus.mcts import DEFAULT_BUDGET
    else:
        from golden.reversi.search import DEFAULT_BUDGET
    return DEFAULT_BUDGET


def demo_note(core, budget):
    """'' when `budget` is near the core's own; otherwise the words that
    say so, to follow a player's or a bridge's description."""
    if budget is None or budget >= DEMO_FRACTION * core_budget(core):
        return ""
    return ("; a quick demonstration, not the core's strength: the board searches %d %s "
            "a move" % (core_budget(core), "clock cycles" if core == "blokus_mcts" else "nodes"))


def get_config(game, name=None, budget=None, team=None):
    """(name, Config) of the named configuration for `game` (default:
    DEFAULT_CONFIG[game]) with `budget` and `team` replaced when given."""
    from hdl import build, configs
    from hdl.params import ConfigError
    name = name or DEFAULT_CONFIG[game]
    cfg = configs.CONFIGS.get(name)
    known = sorted(n for n, c in configs.CONFIGS.items() if GAME_OF_UNIT.get(c.unit) == game)
    if cfg is None:
        raise BridgeError("configuration %r is not defined in hdl/configs.py; %s configurations: %s"
                          % (name, game, ", ".join(known) or "none yet"))
    if GAME_OF_UNIT.get(cfg.unit) != game:
        raise BridgeError("configuration %r builds %r, not a %s core; %s configurations: %s"
                          % (name, cfg.unit, game, game, ", ".join(known) or "none yet"))
    if budget is None and team is None:
        return name, cfg
    try:
        cfg = build.make_config(cfg.unit, cfg.clk_hz, cfg.baud,
                                cfg.budget if budget is None else budget,
                                cfg.team if team is None else team)
    except ConfigError as e:
        raise BridgeError(str(e)) from None
    return "%s-b%d-%s" % (name, cfg.budget, cfg.team or "") if game == "blokus" else \
        "%s-b%d" % (name, cfg.budget), cfg


def search_figures(result=None, **fields):
    """{depth, nodes, score} of a search (a golden SearchResult, or the
    fields given), as a transcript's move record keeps them for the viewer."""
    if result is not None:
        fields = {k: getattr(result, k, None) for k in ("depth", "nodes", "score")}
    return {k: v for k, v in fields.items() if v is not None}


def mirror_chooser(game):
    """A chooser(position, budget) for a golden Session that answers with the
    compiled mirror of the core's search (bench/<game>/mirror.py): exactly
    golden's move, as bench/<game>/test_mirror.py proves, hundreds of times
    faster. Built with gcc at first use; BridgeError (one line) if it cannot be.

    The mirror lives in `bench`, a sibling of `host`, not below it: it is
    imported here, lazily, only when a mirror player is chosen, so the host
    tools run without it (and without gcc) otherwise."""
    from bench.common.mirror import MirrorBuildError
    if game == "score4":
        from bench.score4 import mirror

        def choose(position, budget):
            move, nodes, depth, score, _reason = mirror.search_position(position, budget)
            choose.last = search_figures(depth=depth, nodes=nodes, score=score)
            return move
    elif game == "blokus":
        from bench.blokus import mirror

        def choose(position, budget):
            result = mirror.search(position, budget)
            choose.last = search_figures(result)
            return result.move
    else:
        raise BridgeError("the mirror player plays score4 or blokus, not %s" % game)
    try:
        mirror.load()
    except MirrorBuildError as e:
        first = (str(e).strip().splitlines() or ["no reason given"])[0]
        raise BridgeError("the mirror player needs the compiled %s mirror, which cannot be "
                          "built: %s" % (game, first)) from None
    return choose
