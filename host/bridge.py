"""Bridge: a core (its RTL in simulation, or the golden model) on a host's link.

    python -m host.bridge {score4|blokus} --connect HOST:PORT [options]
    python -m host.bridge {score4|blokus} --listen PORT [--bind ADDR] [options]
    python -m host.bridge {score4|blokus} --pty [options]

The host side (what a board's serial cable would reach):

* ``--connect HOST:PORT``: a TCP server, as a board connects to the contest's
  host program in its TCP mode (``blokus-host -T`` listens on port 10000 for
  the first board and 10001 for the second); retried for ``--wait`` seconds;
* ``--listen PORT``: one TCP client (a referee's ``tcp:HOST:PORT`` player, a
  terminal program such as ``nc``);
* ``--pty``: a pseudo-terminal in raw mode whose name is printed
  (``serial:/dev/pts/N`` for the referee, or any serial terminal program).

The player (``--player``):

* ``sim`` (the default): ``CORE_top`` of a named configuration
  (``hdl/configs.py``, ``--config``; ``--budget``/``--team`` change it) runs
  under cocotb and Icarus in a child process (``host.bridge_tb``) that talks
  to this process over a private loopback socket. Simulated hardware is much
  slower than the board: give host programs a longer time limit.
* ``golden``: the golden model's session in this process, in CPython at a
  small budget (``host.cores.GOLDEN_BUDGET``: Score-4 300, Blokus 1,500
  nodes) unless ``--budget`` says otherwise: fast, and far weaker than the
  board;
* ``mirror``: the same session choosing with the compiled mirror of the
  core's search (``bench/<game>/mirror.py``) at the core's own budget unless
  ``--budget`` says otherwise: the board's moves, at a PC's speed.

This process owns the host's link and watches the protocol as it passes
(a shadow session tells where messages end), so it can say how the game
ended: a normal end (exit 0), the host giving up while the core was still
answering (its time limit) or the host's connection dropping without ending
the game (a killed host) (exit 1). Errors in what was asked print one line
``error: ...`` and exit 2.
"""
import argparse
import errno
import os
import select
import shutil
import signal
import socket
import sys
import threading
import time
import tty

from host.cli import Parser
# shared with host.players (and host.reversi): REPO, BRIDGE_ROOT, DEFAULT_CONFIG,
# BridgeError and get_config are this module's names too
from host.cores import (BRIDGE_ROOT, DEFAULT_CONFIG, GOLDEN_BUDGET, REPO,  # noqa: F401
                        BridgeError, core_budget, demo_note, get_config, mirror_chooser)

GAMES = ("score4", "blokus")    # this bridge's games; Reversi has its own (host/reversi/bridge.py)
PLAYERS = ("sim", "golden", "mirror")
SILENT_WARN_S = 15.0       # connected, and the host has said nothing for this long: warn
SIM_START_S = 600.0        # the simulator must be up within this (first builds are slow)

# how a game ended -> exit code
END_NORMAL, END_ABNORMAL = 0, 1


def _addr(text, what):
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = "127.0.0.1", text
    try:
        port = int(port)
        if not 0 <= port <= 65535:
            raise ValueError
    except ValueError:
        raise BridgeError("%s needs HOST:PORT with a port 0..65535, not %r" % (what, text)) from None
    return host or "127.0.0.1", port


def _say(line, log=None):
    (log or sys.stderr).write("bridge: %s\n" % line)
    (log or sys.stderr).flush()


# ----------------------------------------------------------------------------- host side
class SocketEnd:
    """A TCP connection: read() gives bytes, b"" when nothing came, None when closed;
    `reset` tells whether it was closed by a reset rather than an orderly close."""

    def __init__(self, sock):
        self.sock = sock
        self.reset = False
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def fileno(self):
        return self.sock.fileno()

    def read(self, wait):
        r, _, _ = select.select([self.sock], [], [], wait)
        if not r:
            return b""
        try:
            data = self.sock.recv(4096)
        except OSError as e:
            self.reset = e.errno in (errno.ECONNRESET, errno.EPIPE)
            return None
        return data if data else None

    def write(self, data):
        try:
            self.sock.sendall(data)
            return True
        except OSError:
            return False

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class PtyEnd:
    """The master side of a pseudo-terminal; the slave is what host programs open."""
    reset = False

    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)          # no echo, no CR/LF translation
        os.set_blocking(self.master, False)
        self.name = os.ttyname(self.slave)

    def fileno(self):
        return self.master

    def read(self, wait):
        r, _, _ = select.select([self.master], [], [], wait)
        if not r:
            return b""
        try:
            return os.read(self.master, 4096)
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EIO):   # EIO: no one has it open
                time.sleep(min(wait, 0.05))
                return b""
            raise

    def write(self, data):
        try:
            os.write(self.master, data)
        except OSError:
            pass
        return True

    def close(self):
        os.close(self.master)
        os.close(self.slave)


def listen_socket(host, port, what):
    """A listening socket, or a BridgeError that says why not (port in use...)."""
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        srv.bind((host, port))
    except (OSError, OverflowError) as e:
        srv.close()
        why = "it is in use" if getattr(e, "errno", None) == errno.EADDRINUSE else \
            (getattr(e, "strerror", None) or str(e))
        raise BridgeError("cannot %s %s:%d: %s" % (what, host, port, why)) from None
    srv.listen(1)
    return srv


def open_host_end(mode, addr, wait, status, log):
    """Open the host's side: TCP client, TCP server (one connection) or a pty."""
    if mode == "pty":
        end = PtyEnd()
        status("pty %s" % end.name)
        return end
    host, port = addr
    if mode == "listen":
        srv = listen_socket(host, port, "listen on")
        status("listening %s:%d" % srv.getsockname()[:2])
        try:
            conn, peer = srv.accept()
        finally:
            srv.close()
        status("accepted %s:%d" % peer[:2])
        return SocketEnd(conn)
    deadline = time.monotonic() + wait
    said = False
    while True:
        try:
            sock = socket.create_connection((host, port), timeout=5)
            sock.settimeout(None)
            break
        except OSError as e:
            why = e.strerror or str(e)
            if time.monotonic() >= deadline:
                raise BridgeError("cannot connect to %s:%d: %s (tried for %g s; is the host "
                                  "program running and listening there? --wait S waits longer)"
                                  % (host, port, why, wait)) from None
            if not said:
                _say("%s:%d: %s; retrying for up to %g s" % (host, port, why, wait), log)
                said = True
            time.sleep(0.2)
    status("connected %s:%d" % (host, port))
    return SocketEnd(sock)


# ----------------------------------------------------------------------------- players
class GoldenCore:
    """The golden session in this process: answers as soon as it is fed.
    `mirror`: it chooses with the compiled mirror (the same moves, at the
    core's own budget by default) instead of the golden search in CPython."""
    fileno = None

    def __init__(self, game, budget, team, mirror=False):
        self.game = game
        chooser = mirror_chooser(game) if mirror else None
        if budget is None:      # as the referee's `golden` and `mirror` players
            budget = core_budget(game) if mirror else GOLDEN_BUDGET[game]
        try:
            self.session = _session(game, budget, team, chooser)
        except ValueError as e:
            raise BridgeError(str(e)) from None
        self.out = b""
        what = ("compiled mirror of the core's search (the board's moves)" if mirror else
                "golden model in Python")
        self.label = "%s, budget %d%s%s" % (
            what, self.session.budget,
            ", team %s" % self.session.team if game == "blokus" else "",
            demo_note(game, self.session.budget) if mirror else
            "" if self.session.budget >= core_budget(game) else
            "; far weaker than the board, which searches %d nodes a move (--player mirror "
            "plays its moves)" % core_budget(game))

    def start(self, log):
        pass

    def write(self, data):
        self.out += self.session.feed(data)

    def read(self, wait):
        out, self.out = self.out, b""
        return out

    def close(self):
        return None

    def problem(self):
        return None


CLOSING_MARK = "bridge-closing"   # in the run folder: the bridge is ending the run itself


class SimCore:
    """The core's RTL under cocotb in a child process, on a private loopback socket."""

    def __init__(self, game, config, budget, team, trace=False, poll_bits=8):
        self.name, self.cfg = get_config(game, config, budget, team)
        self.game = game
        self.trace = trace
        self.poll_bits = poll_bits
        self.sock = None
        self.thread = None
        self.failure = None
        self.ok = None
        self.work = BRIDGE_ROOT / self.name / ("run-%d" % os.getpid())
        c = self.cfg
        self.label = "simulated RTL, configuration %s (%d Hz, %d baud, budget %d%s)%s" % (
            self.name, c.clk_hz, c.baud, c.budget, ", team %s" % c.team if c.team else "",
            demo_note(c.unit, c.budget))

    def fileno(self):
        return self.sock.fileno()

    def start(self, log):
        from hdl import build
        from hdl.params import ConfigError
        _sweep_stale_runs()
        try:
            sources, _ = build.convert_cached(self.cfg, str(self.work / "verilog"), log=log)
        except (ConfigError, OSError) as e:
            raise BridgeError("converting %s to Verilog failed: %s"
                              % (self.name, str(e).strip().splitlines()[-1])) from None
        srv = listen_socket("127.0.0.1", 0, "listen on")
        port = srv.getsockname()[1]
        self.thread = threading.Thread(target=self._simulate, args=(sources, port), daemon=True)
        self.thread.start()
        srv.settimeout(0.5)
        deadline = time.monotonic() + SIM_START_S
        try:
            while True:
                try:
                    conn, _ = srv.accept()
                    break
                except socket.timeout:
                    if not self.thread.is_alive() or time.monotonic() > deadline:
                        raise BridgeError("the simulation of %s did not start%s; its log: %s"
                                          % (self.name, ": %s" % self.failure if self.failure
                                             else "", self.work / "sim.log")) from None
        finally:
            srv.close()
        conn.settimeout(None)
        self.sock = SocketEnd(conn)

    def _simulate(self, sources, port):
        from cocotb_tools.check_results import get_results
        from cocotb_tools.runner import get_runner
        from hdl import build
        from simulation.runner import ENV_CONFIG, top_module
        import json
        top = top_module(self.cfg)
        sources = [p for p in sources if os.path.basename(p) == top + ".v"]
        env = {
            ENV_CONFIG: json.dumps(build.describe(self.cfg)),
            "BRIDGE_ADDR": "127.0.0.1:%d" % port,
            "BRIDGE_WORK": str(self.work),
            "BRIDGE_POLL_BITS": str(self.poll_bits),
            "COCOTB_LOG_LEVEL": os.environ.get("COCOTB_LOG_LEVEL", "WARNING"),
            "GPI_LOG_LEVEL": os.environ.get("GPI_LOG_LEVEL", "ERROR"),
            "PYTHONWARNINGS": "ignore::DeprecationWarning",
        }
        log = self.work / "sim.log"
        try:
            runner = get_runner("icarus")
            runner.build(sources=sources, hdl_toplevel=top, build_dir=self.work / "sim_build",
                         always=True, log_file=log)
            results = runner.test(test_module="host.bridge_tb", hdl_toplevel=top,
                                  build_dir=self.work / "sim_build", test_dir=self.work,
                                  extra_env=env, results_xml=str(self.work / "results.xml"),
                                  log_file=log)
            total, failed = get_results(results)
            self.ok = total > 0 and failed == 0
        except BaseException as e:      # the runner raises SystemExit on a failed build
            self.failure = "%s %s" % (type(e).__name__, e)
            self.ok = False

    def write(self, data):
        return self.sock.write(data)

    def read(self, wait):
        return self.sock.read(wait)

    def problem(self):
        if self.thread is not None and not self.thread.is_alive() and not self.ok:
            return "the simulation stopped; its log: %s" % (self.work / "sim.log")
        return None

    def close(self):
        """Close the link; wait for the simulator to end. Returns a problem or None."""
        if self.sock is not None:
            try:    # tells the simulator this is an orderly end, not a hard kill
                (self.work / CLOSING_MARK).touch()
            except OSError:
                pass
            self.sock.close()
        if self.thread is not None:
            self.thread.join(timeout=60)
        if self.ok:
            shutil.rmtree(self.work, ignore_errors=True)
            return None
        if self.thread is None:
            return None
        return "the simulation failed; its files are in %s" % self.work


def _session(game, budget, team, chooser=None):
    if game == "score4":
        from golden.score4 import Session
        return Session(budget=budget, chooser=chooser)
    from golden.blokus import Session
    return Session(budget=budget, team=team or "01", chooser=chooser)


def _sweep_stale_runs():
    """Remove run-<pid> folders of bridges that are gone (a hard kill leaves one)."""
    for folder in BRIDGE_ROOT.glob("*/run-*"):
        try:
            pid = int(folder.name[4:])
            os.kill(pid, 0)
        except ValueError:
            continue
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except PermissionError:
            pass


# ----------------------------------------------------------------------------- the watch
class Watch:
    """Follows the bytes both ways with a shadow session (any legal answers:
    only where messages end matters) to tell how the game ended."""

    def __init__(self, game):
        self.game = game
        if game == "score4":
            from golden.score4 import Session
            self.shadow = Session(budget=1, chooser=lambda pos, budget: pos.legal_posts()[0])
        else:
            from golden.blokus import Session
            from golden.blokus.board import first_legal_move
            self.shadow = Session(budget=1, team="00",
                                  chooser=lambda pos, budget: first_legal_move(pos, 0))
        self.owed = 0            # answer bytes the host is still waiting for
        self.ended = False       # Blokus: the host sent 9 (game over)
        self.owed_at_end = 0     # answer bytes still owed when the 9 came
        self.host_bytes = 0
        self.requests = 0

    def host_sent(self, data):
        self.host_bytes += len(data)
        for b in data:
            if self.game == "blokus" and not self.shadow.in_message:
                if b == ord("9"):
                    self.ended = True
                    self.owed_at_end = self.owed
                elif b in b"0234":
                    self.ended = False
            answer = self.shadow.feed(bytes([b]))
            if answer:
                self.owed += len(answer)
                self.requests += 1

    def core_sent(self, data):
        self.owed = max(0, self.owed - len(bytes(b for b in data if b not in b"\r\n")))

    def verdict(self, reset):
        """(exit code, how the game ended) when the host's side closed."""
        owed = self.owed_at_end if self.ended else self.owed
        if owed:
            return END_ABNORMAL, ("the host %s while the core still owed %d answer byte(s): "
                                  "the host's time limit ran out (give it a longer one for a "
                                  "simulated core, e.g. blokus-host -o 100) or it was stopped"
                                  % ("ended the game" if self.ended else "closed the connection",
                                     owed))
        if reset:
            return END_ABNORMAL, "the host's connection was reset (the host was killed?)"
        if self.game == "blokus" and not self.ended:
            if not self.host_bytes:
                return END_ABNORMAL, "the host closed the connection without a word"
            return END_ABNORMAL, ("the host closed the connection without ending the game "
                                  "(no 9): it was killed or stopped the match")
        return END_NORMAL, "a normal end: the host %sclosed the connection after %d request(s)" % (
            "ended the game (9) and " if self.game == "blokus" else "", self.requests)


# ----------------------------------------------------------------------------- the relay
def relay(host, core, watch, trace=False, log=None, silent_warn=SILENT_WARN_S):
    """Carry bytes until the host's side closes; (exit code, how it ended)."""
    t0 = time.monotonic()
    last_host = t0
    warned_at = None
    while True:
        fds = [host] + ([core] if core.fileno is not None else [])
        r, _, _ = select.select(fds, [], [], 0.5)
        if core in r:
            out = core.read(0)
            if out is None:
                return END_ABNORMAL, core.problem() or "the simulator closed its link"
            _forward_core(out, host, watch, trace, t0, log)
        if host in r:
            data = host.read(0)
            if data is None:
                return watch.verdict(host.reset)
            if data:
                last_host = time.monotonic()
                if trace:
                    _say("%9.3f s host> %s" % (last_host - t0, _show(data)), log)
                watch.host_sent(data)
                core.write(data)
                if core.fileno is None:     # in process: answered at once
                    _forward_core(core.read(0), host, watch, trace, t0, log)
        problem = core.problem()
        if problem:
            return END_ABNORMAL, problem
        silent = time.monotonic() - last_host
        if not watch.host_bytes and silent > silent_warn and \
                (warned_at is None or time.monotonic() - warned_at > 4 * silent_warn):
            warned_at = time.monotonic()
            _say("warning: connected %.0f s ago and the host has said nothing: is this bridge "
                 "waiting in the host's accept queue (another board connected to the same port "
                 "first)? The contest host sends 0 as soon as it accepts a board" % silent, log)


def _forward_core(out, host, watch, trace, t0, log):
    if not out:
        return
    if trace:
        _say("%9.3f s core> %s" % (time.monotonic() - t0, _show(out)), log)
    watch.core_sent(out)
    host.write(out)


def _show(data):
    return data.decode("latin-1").encode("unicode_escape").decode("ascii")


def run(game, mode, addr=None, player="sim", config=None, budget=None, team=None, wait=60.0,
        trace=False, status_file=None, poll_bits=8, log=sys.stderr, silent_warn=SILENT_WARN_S):
    """Start the player, open the host's side, relay until it closes.
    Returns (exit code, how it ended); BridgeError for what the user can fix."""
    def status(line):
        _say(line, log)
        if status_file:
            with open(status_file, "a") as f:
                f.write(line + "\n")

    if player in ("golden", "mirror"):
        core = GoldenCore(game, budget, team, mirror=player == "mirror")
    else:
        core = SimCore(game, config, budget, team, trace, poll_bits)
    _say("%s core: %s" % (game, core.label), log)
    host = None
    try:
        core.start(log)
        host = open_host_end(mode, addr, wait, status, log)
        code, how = relay(host, core, Watch(game), trace, log, silent_warn)
    finally:
        if host is not None:
            host.close()
        problem = core.close()
    if problem and code == END_NORMAL:
        code, how = END_ABNORMAL, problem
    status("end: %s" % how)
    return code, how


def _parser():
    p = Parser(
        prog="python -m host.bridge",
        description="Put a core on a host program's link: its RTL in simulation (--player sim), "
                    "the golden model in Python at a small budget (--player golden) or the "
                    "board's own moves by the compiled mirror (--player mirror), over a TCP "
                    "socket or a pseudo-terminal, as if it were a board on a serial cable.",
        epilog="exit status: 0 the host ended the game normally; 1 it did not (its time "
               "limit ran out while the core was answering, its connection dropped, the "
               "simulation failed); 2 a bad option or a link that cannot be opened; "
               "130 interrupted.")
    p.add_argument("game", choices=GAMES, help="which core")
    end = p.add_mutually_exclusive_group(required=True)
    end.add_argument("--connect", metavar="HOST:PORT",
                     help="connect to a host program listening there (the contest host's TCP "
                          "mode: port 10000 for board 1, 10001 for board 2)")
    end.add_argument("--listen", metavar="PORT", help="accept one TCP connection on PORT")
    end.add_argument("--pty", action="store_true", help="create a pseudo-terminal and print its name")
    p.add_argument("--player", choices=PLAYERS, default="sim",
                   help="sim: the core's RTL under Icarus (default; slow); golden: the golden "
                        "search in Python at a small budget (fast, far weaker than the board); "
                        "mirror: the compiled mirror of the core's search at the core's own "
                        "budget (the board's moves, seconds a move; built with gcc at first use)")
    p.add_argument("--budget", type=int, metavar="N",
                   help="search nodes per move (sim: replaces the configuration's, clock "
                        "cycles for the Monte-Carlo core's blokus_mcts_*; golden: "
                        "default blokus %d, score4 %d; mirror: default the core's own, blokus "
                        "%d, score4 %d)"
                   % (GOLDEN_BUDGET["blokus"], GOLDEN_BUDGET["score4"], core_budget("blokus"),
                      core_budget("score4")))
    p.add_argument("--team", metavar="XX", help="Blokus team code answered to 0 (sim: replaces "
                   "the configuration's; golden, mirror: default 01)")
    p.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                   help="address --listen binds (default 127.0.0.1; 0.0.0.0 for every interface)")
    p.add_argument("--config", metavar="NAME",
                   help="sim: named configuration from hdl/configs.py (default: %s; "
                        "blokus_mcts_root or blokus_mcts_fast: the Monte-Carlo Blokus core, "
                        "with the SDRAM chip's model on its pins)"
                   % ", ".join("%s for %s" % (DEFAULT_CONFIG[g], g) for g in GAMES))
    p.add_argument("--wait", type=float, default=60.0, metavar="S",
                   help="--connect: keep retrying a refused connection this long (default 60)")
    p.add_argument("--trace", action="store_true",
                   help="print every byte both ways with the time since the start")
    p.add_argument("--poll-bits", type=int, default=8, metavar="N",
                   help="sim: look at the link every N bit times of simulation (default 8)")
    p.add_argument("--status-file", metavar="FILE", help=argparse.SUPPRESS)
    p.add_argument("--silent-warn", type=float, default=SILENT_WARN_S, help=argparse.SUPPRESS)
    return p


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv=None):
    args = _parser().parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGHUP, _interrupt)
    try:
        if args.connect:
            mode, addr = "connect", _addr(args.connect, "--connect")
        elif args.listen:
            mode, addr = "listen", _addr("%s:%s" % (args.bind, args.listen), "--listen")
        else:
            mode, addr = "pty", None
        if args.poll_bits < 1:
            raise BridgeError("--poll-bits must be at least 1")
        if not args.wait >= 0:
            raise BridgeError("--wait must be 0 or more seconds, not %g" % args.wait)
        if args.team is not None and args.game != "blokus":
            raise BridgeError("--team is the Blokus core's team code; score4 has none")
        if args.player != "sim" and args.config:
            raise BridgeError("--config names an RTL configuration: it goes with --player sim")
        if mode == "listen":       # say a port in use now, before a simulation is built
            listen_socket(*addr, what="listen on").close()
        code, how = run(args.game, mode, addr, args.player, args.config, args.budget, args.team,
                        args.wait, args.trace, args.status_file, args.poll_bits,
                        silent_warn=args.silent_warn)
    except BridgeError as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("bridge: interrupted\n")
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
