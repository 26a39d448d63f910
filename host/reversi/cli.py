"""``python -m host.reversi``: the Reversi game master, controller, players,
bridge, stand-in core, whole games and replays (docs/host-tools.md, Reversi)."""
import argparse
import os
import random
import signal
import sys
import threading
import time

from golden.reversi.encoding import MODE_CONTINUOUS, MODE_STEP, TIME_LIMIT_MS
from golden.reversi.session import DEFAULT_NAME

from host.bridge import BridgeError
from host.cli import Parser
from host.reversi import DEFAULT_HOST, DEFAULT_PORTS
from host.reversi.gm import GameMaster, GMError, result_text
from host.reversi.players import KINDS, PlayerClient, PlayerError, Quit, make_session
from host.reversi.transcript import VERSION, Diverges, TranscriptError, Writer

EXAMPLES = """examples:
  python -m host.reversi game first golden               # a whole game, printed
  python -m host.reversi game golden:500 random --games 10 --size 6x6
  python -m host.reversi gm --transcript game.jsonl     # then, in other terminals:
  python -m host.reversi controller
  python -m host.reversi player first --colour black
  python -m host.reversi player human --colour white     # (gm --time-limit 0 for people)
  python -m host.reversi bridge --colour black --core serial:/dev/ttyUSB0
  python -m host.reversi replay game.jsonl --step
"""


class UsageError(Exception):
    pass


class _Parser(Parser):
    """host.cli.Parser whose usage errors reach run()'s own error stream."""

    def error(self, message):
        raise UsageError("%s (see --help)" % message)


def _size(text):
    w, sep, h = text.lower().partition("x")
    try:
        w = int(w)
        h = int(h) if sep else w
    except ValueError:
        raise argparse.ArgumentTypeError("a size is W or WxH, e.g. 8 or 8x6, not %r" % text)
    return w, h


def _port(text):
    try:
        v = int(text)
    except ValueError:
        v = -1
    if not 0 <= v <= 65535:
        raise argparse.ArgumentTypeError("a port is 0..65535 (0: any free port), not %r" % text)
    return v


def _nonneg_int(text):
    try:
        v = int(text)
    except ValueError:
        v = -1
    if v < 0:
        raise argparse.ArgumentTypeError("a whole number 0 or more, not %r" % text)
    return v


def _positive_int(text):
    v = _nonneg_int(text)
    if v < 1:
        raise argparse.ArgumentTypeError("a whole number 1 or more, not %r" % text)
    return v


def _seconds(text):
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not v >= 0:
        raise argparse.ArgumentTypeError("seconds, 0 or more, not %r" % text)
    return v


def _hostport(text):
    """HOST:PORT of a game master port to connect to (PORT 1..65535; an empty
    or missing HOST is 127.0.0.1)."""
    host, sep, port = text.rpartition(":")
    try:
        v = int(port)
    except ValueError:
        v = -1
    if not 1 <= v <= 65535:
        raise argparse.ArgumentTypeError(
            "HOST:PORT with PORT 1..65535, e.g. 127.0.0.1:%d, not %r"
            % (DEFAULT_PORTS["black"], text))
    return host or DEFAULT_HOST, v


def _parser():
    p = _Parser(prog="python -m host.reversi",
               description="Reversi host tools: a game master with three TCP ports (Black, "
                           "White, controller), a terminal controller, players, a bridge for "
                           "the core's serial line, whole games, transcripts and replays. "
                           "Every rule and byte comes from golden.reversi.",
               epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", metavar="COMMAND")
    sub.required = True

    def common_gm(q):
        q.add_argument("--size", type=_size, default=(8, 8), metavar="WxH",
                       help="board size, both even in 4..16 (default 8x8; 6 means 6x6)")
        q.add_argument("--time-limit", type=_nonneg_int, default=None, metavar="MS",
                       help="a player's time for a move in ms; more loses (default %d; 0: none; "
                            "none by default when a human plays)" % TIME_LIMIT_MS)
        q.add_argument("--max-illegal", type=_positive_int, default=3, metavar="N",
                       help="the illegal move of a game that loses it (default 3)")
        q.add_argument("--transcript", metavar="FILE",
                       help="write every event as JSON lines (-: to standard output, and the "
                            "log to standard error)")

    g = sub.add_parser("gm", help="the game master", description="The game master: listens on "
                       "three TCP ports (Black, White, controller), checks every move with the "
                       "golden rules, keeps time; runs until interrupted or --games N ended.")
    common_gm(g)
    g.add_argument("--host", default=DEFAULT_HOST, metavar="ADDR",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0: every interface)")
    for port, default in sorted(DEFAULT_PORTS.items()):
        g.add_argument("--%s-port" % port, type=_port, default=default, metavar="PORT",
                       help="the %s port (default %d; 0: any free port)" % (port, default))
    g.add_argument("--step", action="store_true", help="start in step-by-step mode")
    g.add_argument("--games", type=_nonneg_int, default=0, metavar="N",
                   help="restart by itself after each game and stop after N games (default 0: "
                        "only the controller restarts, run until interrupted)")
    g.add_argument("--show", action="store_true", help="print the controller screen after each move")
    g.add_argument("--quiet", action="store_true", help="print nothing but errors")
    g.add_argument("--timeout", type=_seconds, default=None, metavar="S", help=argparse.SUPPRESS)

    c = sub.add_parser("controller", help="the terminal game controller",
                       description="The game controller: shows the game (names, last moves, "
                       "points, times, board) and sends commands: s step by step mode (again: "
                       "one more move), c continuous, ch W [H] change the board size, r "
                       "restart, q quit, b show, h help.")
    c.add_argument("--host", default=DEFAULT_HOST, metavar="ADDR", help="the game master's address")
    c.add_argument("--port", type=_port, default=DEFAULT_PORTS["controller"],
                   help="its controller port (default %d)" % DEFAULT_PORTS["controller"])
    c.add_argument("--wait", type=_seconds, default=10.0, metavar="S",
                   help="retry connecting this long (default 10)")
    c.add_argument("--step", action="store_true",
                   help="the game master is in step-by-step mode (gm --step): keep it so when "
                        "sending a size or a restart")

    pl = sub.add_parser("player", help="a player client", description="A player: connects to "
                        "the game master's Black or White port, sends Connect, answers every "
                        "Next Turn, disconnects on End. KIND: " + KINDS + ".")
    pl.add_argument("kind", metavar="KIND", help=KINDS)
    pl.add_argument("--colour", "--color", choices=("black", "white"), default="black",
                    help="which port (default black)")
    pl.add_argument("--host", default=DEFAULT_HOST, metavar="ADDR")
    pl.add_argument("--port", type=_port, default=None,
                    help="the port (default: %d for black, %d for white)"
                    % (DEFAULT_PORTS["black"], DEFAULT_PORTS["white"]))
    pl.add_argument("--name", help="the name sent in Connect (1..32 printable ASCII)")
    pl.add_argument("--games", type=_positive_int, default=1, metavar="N",
                    help="connect again after End for N games (default 1)")
    pl.add_argument("--seed", type=int, default=None, help="random player's seed")
    pl.add_argument("--wait", type=_seconds, default=10.0, metavar="S",
                    help="retry connecting this long (default 10)")

    gm = sub.add_parser("game", help="a whole game (or a tournament) in one command",
                        description="Starts a game master on free loopback ports and two "
                        "players, plays in continuous mode without a controller and prints "
                        "every move and the result. PLAYER1 plays Black in odd games. Players: "
                        + KINDS + ".")
    gm.add_argument("players", nargs=2, metavar="PLAYER")
    common_gm(gm)
    gm.add_argument("--games", type=_positive_int, default=1, metavar="N",
                    help="a tournament of N games, colours alternating (default 1)")
    gm.add_argument("--seed", type=int, default=None, help="seeds random players")
    gm.add_argument("--show", action="store_true", help="the controller screen after each move")
    gm.add_argument("--quiet", action="store_true", help="results only")

    b = sub.add_parser("bridge", help="a core's serial line on a game master's port",
                       description="Carries bytes between a player core (a serial port, a "
                       "pseudo-terminal, the golden model or the simulated RTL) and the game "
                       "master's Black or White port. CORE: " + "serial:DEVICE, pty, "
                       "golden[:BUDGET], sim[:CONFIG].")
    b.add_argument("--core", required=True, metavar="CORE",
                   help="serial:DEVICE (115200 8N1), pty, golden[:BUDGET], sim[:CONFIG]")
    b.add_argument("--colour", "--color", choices=("black", "white"), default="black",
                   help="which port of the game master (default black)")
    b.add_argument("--gm", type=_hostport, default=None, metavar="HOST:PORT",
                   help="the game master's port to connect to (default 127.0.0.1 and the "
                        "colour's port, 7201 or 7202)")
    b.add_argument("--name", default=DEFAULT_NAME,
                   help="the Connect sent for a core that did not send one (default %r)"
                        % DEFAULT_NAME)
    b.add_argument("--games", type=_positive_int, default=1, metavar="N",
                   help="after End, connect again and send the core's Connect, for N games "
                        "(default 1)")
    b.add_argument("--hello-wait", type=_seconds, default=2.0, metavar="S",
                   help="how long to wait for the core's own Connect (default 2)")
    b.add_argument("--wait", type=_seconds, default=10.0, metavar="S",
                   help="retry connecting to the game master this long (default 10)")
    b.add_argument("--trace", action="store_true", help="print every byte both ways")

    k = sub.add_parser("core", help="the golden model as a core on a serial line",
                       description="A stand-in for the board: the golden player Session on a "
                       "serial line (a pseudo-terminal it creates, or a serial port), sending "
                       "Connect at start and answering every Next Turn. Runs until interrupted.")
    where = k.add_mutually_exclusive_group(required=True)
    where.add_argument("--pty", action="store_true", help="create a pseudo-terminal, print its name")
    where.add_argument("--serial", metavar="DEVICE", help="a serial port (pyserial URL)")
    k.add_argument("--budget", type=_positive_int, default=None, metavar="N",
                   help="search nodes a move (default %s)" % "3000")
    k.add_argument("--first", action="store_true", help="play the first legal move instead")
    k.add_argument("--name", default=DEFAULT_NAME, help="its Connect name")
    k.add_argument("--trace", action="store_true", help="print every byte received and sent")

    r = sub.add_parser("replay", help="replay a transcript", description="Feeds a transcript's "
                       "inputs to a fresh golden referee, checks every message it sends against "
                       "the transcript and shows the controller screen after every move.")
    r.add_argument("transcript", metavar="FILE")
    r.add_argument("--step", action="store_true", help="wait for Enter after each move")
    r.add_argument("--delay", type=_seconds, default=0.0, metavar="S")
    r.add_argument("--quiet", action="store_true", help="check only")
    r.add_argument("--html", metavar="OUT.html",
                   help="write the replayed game(s) as one self-contained HTML page (the board "
                        "after every move, the move list, the result; host/viewer.py)")
    return p


# ------------------------------------------------------------------------------- commands
class _Borrowed(object):
    """Standard output as a transcript file (``--transcript -``): not closed."""

    def __init__(self, f):
        self.f = f

    def write(self, text):
        return self.f.write(text)

    def flush(self):
        self.f.flush()

    def close(self):
        self.f.flush()


def _open(path, out=None):
    if not path:
        return None
    if path == "-":
        return _Borrowed(out or sys.stdout)
    try:
        return open(path, "w")
    except OSError as e:
        raise UsageError("cannot write %s: %s" % (path, e.strerror)) from None


def cmd_gm(args, out, err, stdin):
    f = _open(args.transcript, out)
    if args.transcript == "-":          # the transcript on standard output, the log on error
        out = err
    try:
        gm = GameMaster(args.size[0], args.size[1],
                        TIME_LIMIT_MS if args.time_limit is None else args.time_limit,
                        MODE_STEP if args.step else MODE_CONTINUOUS, args.max_illegal, args.host,
                        {"black": args.black_port, "white": args.white_port,
                         "controller": args.controller_port}, args.games, f,
                        None if args.quiet else out, args.show)
        gm.listen()
        gm.serve(timeout=args.timeout)
    finally:
        if f:
            f.close()
    return 0


def cmd_controller(args, out, err, stdin):
    from host.reversi.controller import run_terminal
    return run_terminal(args.host, args.port, stdin, out, err, wait=args.wait,
                        mode=MODE_STEP if args.step else MODE_CONTINUOUS)


def cmd_player(args, out, err, stdin):
    port = args.port if args.port is not None else DEFAULT_PORTS[args.colour]
    session = make_session(args.kind, args.name, args.seed, stdin, out, err)
    client = PlayerClient(session, args.host, port, args.games, args.wait, log=err)
    how = client.run()
    return 0 if how == "end" else 1


def run_game(specs, size=(8, 8), time_limit=None, max_illegal=3, games=1, seed=None,
             transcript=None, out=None, err=None, stdin=None, show=False, quiet=False):
    """Whole games between two player specs on free loopback ports; returns
    the list of (Result, black spec index) for each game."""
    out = out or sys.stdout
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2 ** 31)
    humans = sum(1 for s in specs if s.partition(":")[0] == "human")
    if humans and games > 1:
        raise UsageError("a tournament cannot seat a human player")
    if time_limit is None:
        time_limit = 0 if humans else TIME_LIMIT_MS
    sessions = [make_session(s, None, "%d/%d" % (seed, i), stdin, out, err)
                for i, s in enumerate(specs)]
    w = Writer(transcript) if transcript else None
    if w:
        w.write(t="header", version=VERSION, game="reversi", tool="host.reversi game",
                players=list(specs), seed=seed, games=games)
    log = None if quiet else out
    results = []
    for n in range(games):
        black = n % 2
        gm = GameMaster(size[0], size[1], time_limit, MODE_CONTINUOUS, max_illegal, DEFAULT_HOST,
                        {"black": 0, "white": 0, "controller": 0}, 1, transcript, log, show,
                        header=False)
        gm.listen()
        if w:
            w.write(t="note", game=n + 1, black=specs[black], white=specs[1 - black])
        if log:
            log.write("== game %d: Black %s, White %s\n" % (n + 1, specs[black], specs[1 - black]))
        threads = []
        for i, colour in ((black, "black"), (1 - black, "white")):
            client = PlayerClient(sessions[i], DEFAULT_HOST, gm.ports[colour], 1, 5.0,
                                  label="%s (%s)" % (specs[i], colour))
            t = threading.Thread(target=_run_quietly, args=(client,), daemon=True)
            t.start()
            threads.append(t)
        threading.Thread(target=_watch, args=(threads, gm), daemon=True).start()
        res = gm.serve()
        for t in threads:
            t.join(2)
        if not res:
            raise UsageError("game %d did not end" % (n + 1))
        results.append((res[0][0], black))
        if quiet:
            out.write("game %d: %s\n" % (n + 1, result_text(*res[0])))
    if games > 1:
        out.write("\n" + tournament_table(specs, results) + "\n")
    return results


def _watch(threads, gm):
    """Stop the game master if both players are gone and it still runs (a
    player that could not connect): a game never waits for nobody."""
    for t in threads:
        t.join()
    time.sleep(1.0)
    gm.stop()


def _run_quietly(client):
    try:
        client.run()
    except (OSError, PlayerError):
        pass
    except Quit:
        pass


def tournament_table(specs, results):
    """Wins, draws, losses and discs of each player over the games."""
    from golden.reversi.encoding import BLACK, WHITE
    rows = ["Tournament: %d games of Reversi, colours alternating" % len(results),
            "player                      wins draws losses  discs  (as Black: W-D-L)"]
    for i, spec in enumerate(specs):
        wins = draws = losses = discs = bw = bd = bl = 0
        for res, black in results:
            colour = BLACK if black == i else WHITE
            discs += res.black if colour == BLACK else res.white
            if res.winner is None:
                draws += 1
                bd += colour == BLACK
            elif res.winner == colour:
                wins += 1
                bw += colour == BLACK
            else:
                losses += 1
                bl += colour == BLACK
        rows.append("%d %-24s %5d %5d %6d %6d  (%d-%d-%d)" % (i + 1, spec, wins, draws, losses,
                                                            discs, bw, bd, bl))
    return "\n".join(rows)


def cmd_game(args, out, err, stdin):
    f = _open(args.transcript, out)
    if args.transcript == "-":
        out = err
    try:
        run_game(args.players, args.size, args.time_limit, args.max_illegal, args.games,
                 args.seed, f, out, err, stdin, args.show, args.quiet)
    finally:
        if f:
            f.close()
    return 0


def cmd_bridge(args, out, err, stdin):
    from host.reversi.bridge import carry, open_core
    gm = args.gm or (DEFAULT_HOST, DEFAULT_PORTS[args.colour])
    core = open_core(args.core, args.name, err)
    try:
        code, how = carry(gm, core, args.name, args.games, args.hello_wait, args.wait,
                          args.trace, err)
    finally:
        core.close()
    err.write("bridge: end: %s\n" % how)
    return code


def cmd_core(args, out, err, stdin):
    from golden.reversi.session import Session
    from host.bridge import PtyEnd
    from host.reversi.bridge import SerialEnd, serve_core
    from host.reversi.players import GOLDEN_BUDGET, first_legal
    try:
        session = Session(budget=args.budget or GOLDEN_BUDGET, name=args.name,
                          chooser=first_legal if args.first else None, max_size=16)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.pty:
        end = PtyEnd()
        out.write("core: pty %s (open it with: python -m host.reversi bridge --core serial:%s)\n"
                  % (end.name, end.name))
        out.flush()
    else:
        end = SerialEnd(args.serial)
    try:
        serve_core(end, session, log=err, trace=args.trace)
    finally:
        end.close()
    return 0


def cmd_replay(args, out, err, stdin):
    from host.reversi import transcript
    if args.html:                   # the replay as a page (host/viewer.py), not on the terminal
        from host import viewer
        return viewer.write_reversi_html(args.transcript, args.html, out)
    recs = transcript.read(args.transcript)
    n, stopped = transcript.replay(recs, out, step=args.step, delay=args.delay, stdin=stdin,
                                   show=not args.quiet)
    if stopped:
        out.write("replay: stopped; every message so far as the transcript says\n")
    else:
        out.write("replay: %d game(s) ended, every message as the transcript says\n" % n)
    return 0


COMMANDS = {"gm": cmd_gm, "controller": cmd_controller, "player": cmd_player, "game": cmd_game,
            "bridge": cmd_bridge, "core": cmd_core, "replay": cmd_replay}


def _interrupt(signum, frame):
    """The first Ctrl-C (or SIGTERM): unwind, close what is open, print
    ``interrupted``; a further one exits at once and quietly."""
    signal.signal(signal.SIGINT, _exit_quietly)
    signal.signal(signal.SIGTERM, _exit_quietly)
    raise KeyboardInterrupt


def _exit_quietly(signum=None, frame=None):
    """Exit 130 now: no traceback from a second Ctrl-C landing in a cleanup
    or in the interpreter's shutdown (threads, buffers)."""
    for f in (sys.stdout, sys.stderr):
        try:
            f.flush()
        except Exception:               # a closed pipe, a reentrant write: nothing to save
            pass
    os._exit(130)


def run(argv=None, out=None, err=None, stdin=None):
    """Exit status of the command line: 0 done, 1 a replay that diverges or a
    connection that ended a game early, 2 a usage error, 130 interrupted."""
    out = out or sys.stdout
    err = err or sys.stderr
    stdin = stdin or sys.stdin
    try:
        args = _parser().parse_args(argv)
        return COMMANDS[args.cmd](args, out, err, stdin)
    except (UsageError, GMError, PlayerError, BridgeError, TranscriptError) as e:
        err.write("error: %s\n" % e)
        return 2
    except Diverges as e:
        err.write("replay diverges: %s\n" % e)
        return 1
    except Quit:
        return 0
    except KeyboardInterrupt:
        err.write("interrupted\n")
        return 130


def main(argv=None):
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _interrupt)
        signal.signal(signal.SIGINT, _interrupt)
    try:
        code = run(argv)
    except BrokenPipeError:             # e.g. `... | head`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    if code == 130:                     # interrupted: skip the shutdown a second Ctrl-C could hit
        _exit_quietly()
    return code
