"""Bridge: a core's RTL in simulation, its UART carried to a host program.

    python -m host.bridge {score4|blokus} --connect HOST:PORT [options]
    python -m host.bridge {score4|blokus} --listen PORT [--bind ADDR] [options]
    python -m host.bridge {score4|blokus} --pty [options]

The core (``CORE_top`` of a named configuration in ``hdl/configs.py``) runs
under cocotb and Icarus; its ``uart_rx``/``uart_tx`` are driven and read at
the configuration's baud by cocotbext-uart, and the bytes go to and from:

* ``--connect HOST:PORT``: a TCP server, as a board connects to the contest's
  host program in its TCP mode (``blokus-host -T`` listens on port 10000 for
  the first board and 10001 for the second); retried for ``--wait`` seconds;
* ``--listen PORT``: one TCP client (a referee's ``tcp:HOST:PORT`` player, a
  terminal program such as ``nc``);
* ``--pty``: a pseudo-terminal in raw mode whose name is printed
  (``serial:/dev/pts/N`` for the referee, or any serial terminal program).

The bridge ends when the TCP peer closes (the pseudo-terminal runs until
interrupted). Simulated hardware is much slower than the real board (about
100x at the per-commit configurations): give host programs a longer time
limit (``blokus-host -o 100``, ``host.referee --sim-limit``).
"""
import argparse
import hashlib
import json
import os
import shutil
import signal
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BRIDGE_ROOT = REPO / "build" / "bridge"
DEFAULT_CONFIG = {"score4": "score4_fast", "blokus": "blokus_fast"}
GAMES = tuple(DEFAULT_CONFIG)


class BridgeError(Exception):
    """A problem the user can fix; printed as one line."""


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
    return "%s:%d" % (host or "127.0.0.1", port)


def get_config(game, name=None):
    """The named configuration for `game` (default: DEFAULT_CONFIG[game])."""
    from hdl import build, configs
    name = name or DEFAULT_CONFIG[game]
    cfg = configs.CONFIGS.get(name)
    if cfg is None:
        known = sorted(n for n, c in configs.CONFIGS.items() if c.unit == game)
        raise BridgeError("configuration %r is not defined in hdl/configs.py; %s configurations: %s"
                          % (name, game, ", ".join(known) or "none yet"))
    if cfg.unit != game:
        raise BridgeError("configuration %r builds %r, not the %s core" % (name, cfg.unit, game))
    if game not in build.CORES:
        raise BridgeError("the %s core cannot be built yet (hdl.build knows: %s)"
                          % (game, ", ".join(build.CORES)))
    return name, cfg


def _source_key(cfg):
    """Digest of everything the Verilog depends on: the configuration and the
    Python sources of hdl/ and golden/."""
    h = hashlib.sha256(json.dumps(cfg._asdict(), sort_keys=True).encode())
    for folder in ("hdl", "golden"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if "tests" in path.parts:
                continue
            h.update(str(path.relative_to(REPO)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def verilog_for(name, cfg, log=sys.stderr):
    """The Verilog of configuration `name`, converted once and cached under
    build/bridge/<name>/verilog (re-converted when hdl/ or golden/ change)."""
    import fcntl
    from hdl import build
    folder = BRIDGE_ROOT / name
    folder.mkdir(parents=True, exist_ok=True)
    vdir = folder / "verilog"
    key = _source_key(cfg)
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stamp = vdir / ".key"
        if stamp.exists() and stamp.read_text() == key:
            return sorted(str(p) for p in vdir.glob("*.v"))
        log.write("bridge: converting %s to Verilog (once; cached in %s)\n" % (name, vdir))
        log.flush()
        tmp = folder / "verilog.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        try:
            build.convert(cfg, str(tmp))
        except Exception as e:
            shutil.rmtree(tmp, ignore_errors=True)
            why = (str(e).strip().splitlines() or [type(e).__name__])[-1]
            old = sorted(str(p) for p in vdir.glob("*.v"))
            if not old:
                raise BridgeError("converting %s to Verilog failed: %s" % (name, why)) from None
            log.write("bridge: warning: converting %s failed (%s); using the Verilog converted "
                      "earlier, from older sources\n" % (name, why))
            return old
        shutil.rmtree(vdir, ignore_errors=True)
        os.replace(tmp, vdir)
        (vdir / ".key").write_text(key)
        return sorted(str(p) for p in vdir.glob("*.v"))


def run(game, mode, addr=None, config=None, wait=60.0, trace=False, status_file=None,
        poll_bits=8, log=sys.stderr):
    """Build (cached) and simulate until the host side closes; returns True
    when the simulation ended cleanly."""
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner
    from verif.runner import top_module
    from verif.tb import ENV_CONFIG

    name, cfg = get_config(game, config)
    sources = verilog_for(name, cfg, log)
    top = top_module(cfg)
    sources = [p for p in sources if os.path.basename(p) == top + ".v"]
    work = BRIDGE_ROOT / name / ("run-%d" % os.getpid())
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    runner = get_runner("icarus")
    runner.build(sources=sources, hdl_toplevel=top, build_dir=work / "sim_build", always=True)
    env = {
        ENV_CONFIG: json.dumps(cfg.as_dict()),
        "BRIDGE_MODE": mode,
        "BRIDGE_ADDR": addr or "",
        "BRIDGE_WAIT": str(wait),
        "BRIDGE_TRACE": "1" if trace else "0",
        "BRIDGE_POLL_BITS": str(poll_bits),
        "BRIDGE_STATUS": status_file or "",
        "COCOTB_LOG_LEVEL": os.environ.get("COCOTB_LOG_LEVEL", "WARNING"),
        "GPI_LOG_LEVEL": os.environ.get("GPI_LOG_LEVEL", "ERROR"),
        "PYTHONWARNINGS": "ignore::DeprecationWarning",
    }
    log.write("bridge: %s core, configuration %s (%d Hz, %d baud, budget %s) on %s%s\n"
              % (game, name, cfg.clk_hz, cfg.baud, cfg.budget, mode,
                 (" " + addr) if addr else ""))
    log.flush()
    try:
        results = runner.test(test_module="host.bridge_tb", hdl_toplevel=top,
                              build_dir=work / "sim_build", test_dir=work,
                              extra_env=env, results_xml=str(work / "results.xml"))
    except KeyboardInterrupt:       # the usual end of --pty
        shutil.rmtree(work, ignore_errors=True)
        raise
    total, failed = get_results(results)
    ok = total > 0 and failed == 0
    if ok:
        shutil.rmtree(work, ignore_errors=True)
    else:
        log.write("bridge: the simulation failed; its files are in %s\n" % work)
    return ok


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors."""

    def error(self, message):
        self.exit(2, "error: %s (see --help)\n" % message)


def _parser():
    p = _Parser(
        prog="python -m host.bridge",
        description="Run a core's RTL under cocotb and connect its UART to a TCP socket "
                    "or a pseudo-terminal, so that any host program can play the simulated "
                    "core as if it were a board.")
    p.add_argument("game", choices=GAMES, help="which core")
    end = p.add_mutually_exclusive_group(required=True)
    end.add_argument("--connect", metavar="HOST:PORT",
                     help="connect to a host program listening there (the contest host's TCP mode)")
    end.add_argument("--listen", metavar="PORT", help="accept one TCP connection on PORT")
    end.add_argument("--pty", action="store_true", help="create a pseudo-terminal and print its name")
    p.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                   help="address --listen binds (default 127.0.0.1; 0.0.0.0 for every interface)")
    p.add_argument("--config", metavar="NAME",
                   help="named configuration from hdl/configs.py (default: %s)"
                   % ", ".join("%s for %s" % (c, g) for g, c in DEFAULT_CONFIG.items()))
    p.add_argument("--wait", type=float, default=60.0, metavar="S",
                   help="--connect: keep retrying a refused connection this long (default 60)")
    p.add_argument("--trace", action="store_true",
                   help="print every byte both ways with the simulated time")
    p.add_argument("--poll-bits", type=int, default=8, metavar="N",
                   help="look at the socket every N bit times of simulation (default 8)")
    p.add_argument("--status-file", metavar="FILE", help=argparse.SUPPRESS)
    return p


def _interrupt(signum, frame):
    raise KeyboardInterrupt     # the runner's subprocess.run then kills the simulator


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
        ok = run(args.game, mode, addr, args.config, args.wait, args.trace,
                 args.status_file, args.poll_bits)
    except BridgeError as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("bridge: interrupted\n")
        return 130
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
