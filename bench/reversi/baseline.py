"""The Reversi search of an earlier commit, as an opponent of today's (``baseline``).

    from bench.reversi import baseline
    found = baseline.prepare("1e4d4d5")       # extract and build once (BaselineError)
    player = baseline.BaselinePlayer(found.tree, found.default_budget)
    move = player.choose(position, None)      # that commit's mirror, its own budget

The old search is the old code itself, not a copy kept here: the commit's
whole tree is extracted with ``git archive COMMIT | tar -x`` into
``build/reversi-baseline/<commit>/`` (build/ is not committed), and its own
``bench/reversi/mirror.py`` builds its own ``mirror.c`` with the tables its
own ``gen_tables.py`` writes from its own golden model (under that tree's
``build/``). Its modules have today's names (``golden.reversi.search``,
``bench.reversi.mirror``), so it runs in a process of its own, started in
that tree (``SERVER``), which checks that every module it imported comes
from there and answers one search a line over a pipe.

``DEFAULT_REVISION`` is the search issue 31 was filed against: the parent of
the first commit whose message names the issue (ee7c47f, 27 Nov 2026,
"reversi search: pipelined ... (issue 31)"). Its golden search and mirror
are those of every commit up to a3450bc (the new default budget): the square
weights plus mobility, no endgame solver, ``DEFAULT_BUDGET`` 2,467,232.
"""
import os
import shutil
import subprocess
import sys
import tempfile
from collections import namedtuple
from pathlib import Path

from golden.reversi.encoding import BLACK

from bench.common.players import Player

REPO = Path(__file__).resolve().parents[2]
ROOT = REPO / "build" / "reversi-baseline"
DEFAULT_REVISION = "1e4d4d5c47fd6e09d79ad53dc80f5e0c6abf2706"
DEFAULT_SHORT = DEFAULT_REVISION[:7]
NEEDED = ("golden/reversi/search.py", "golden/reversi/board.py", "bench/reversi/mirror.py",
          "bench/reversi/mirror.c", "bench/reversi/gen_tables.py")
COMPLETE = ".extracted"


class BaselineError(RuntimeError):
    """The baseline cannot be played: no such commit, no Reversi mirror in
    it, its build failed, or its process ended (the message is one line)."""


Baseline = namedtuple("Baseline", "commit tree default_budget max_budget date subject")
Baseline.__doc__ = """An extracted and built baseline: the full commit, its tree,
its golden DEFAULT_BUDGET and MAX_BUDGET, its date (YYYY-MM-DD) and subject."""


# The process that plays the old search, run as ``python -c SERVER TREE`` in
# the old tree. Lines in: ``search|golden W H BLACK WHITE BLACK_TO_MOVE
# BUDGET`` (the mirror, or the old golden search in Python, for the tests),
# ``quit``. Lines out: ``ready DEFAULT_BUDGET MAX_BUDGET`` once, then ``ok
# MOVE NODES DEPTH STOP SCORE`` a search (MOVE -1: a pass; SCORE - when
# none), or ``error MESSAGE`` (one line) and the process ends.
SERVER = r'''
import sys, traceback
tree = sys.argv[1]
sys.path.insert(0, tree)
def fail(message):
    print("error " + " ".join(str(message).split()), flush=True)
    sys.exit(1)
try:
    import os
    from golden.reversi import search as S
    from golden.reversi.board import Position
    from golden.reversi.encoding import BLACK, WHITE
    from bench.reversi import mirror
    for module in (S, sys.modules["golden.reversi.board"], mirror, sys.modules["bench.common.mirror"]):
        where = os.path.realpath(module.__file__)
        if not where.startswith(os.path.realpath(tree) + os.sep):
            fail("%s was imported from %s, not from the baseline's tree" % (module.__name__, where))
    try:
        mirror.load()
    except Exception as e:
        text = str(e)
        with open(os.path.join(tree, "build-error.log"), "w") as log:
            log.write(traceback.format_exc())
        fail("its mirror did not build: %s (all of it: %s)"
             % (text.splitlines()[0] if text else type(e).__name__,
                os.path.join(tree, "build-error.log")))
except SystemExit:
    raise
except Exception as e:
    fail("%s: %s" % (type(e).__name__, e))
print("ready %d %d" % (S.DEFAULT_BUDGET, S.MAX_BUDGET), flush=True)
for line in sys.stdin:
    word = line.split()
    if not word:
        continue
    if word[0] == "quit":
        break
    try:
        w, h, black, white, black_to_move, budget = (int(v) for v in word[1:7])
        pos = Position(w, h, black, white, BLACK if black_to_move else WHITE)
        r = (mirror.search if word[0] == "search" else S.search)(pos, budget)
    except Exception as e:
        fail("%s refused %r: %s: %s" % (word[0], line.strip(), type(e).__name__, e))
    print("ok %d %d %d %s %s" % (-1 if r.move is None else r.move, r.nodes, r.depth, r.stop,
                                 "-" if r.score is None else r.score), flush=True)
'''


def _git(*args):
    return subprocess.run(["git", "-C", str(REPO)] + list(args), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)


def resolve(revision):
    """The full commit of ``revision``, which must be in the history of HEAD
    (BaselineError otherwise)."""
    if not revision or revision.startswith("-") or not revision.strip():
        raise BaselineError("--baseline %r: give a commit of this repository" % (revision,))
    if shutil.which("git") is None:
        raise BaselineError("--baseline needs git, which is not on PATH")
    p = _git("rev-parse", "--verify", "--quiet", revision + "^{commit}")
    if p.returncode != 0 or not p.stdout.strip():
        raise BaselineError("--baseline %s: no such commit in this repository (%s)"
                            % (revision, REPO))
    commit = p.stdout.strip()
    if _git("merge-base", "--is-ancestor", commit, "HEAD").returncode != 0:
        raise BaselineError("--baseline %s: commit %s is not in the history of HEAD"
                            % (revision, commit[:12]))
    return commit


def extract(commit):
    """The tree of ``commit`` under build/reversi-baseline/<commit>/ (extracted
    once, atomically: parallel callers never see half of it)."""
    tree = ROOT / commit
    if (tree / COMPLETE).exists():
        return tree
    ROOT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=str(ROOT), prefix=".%s-" % commit[:12]))
    os.chmod(str(tmp), 0o755)
    try:
        archive = subprocess.Popen(["git", "-C", str(REPO), "archive", commit],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        untar = subprocess.run(["tar", "-x", "-C", str(tmp)], stdin=archive.stdout,
                               stderr=subprocess.PIPE, universal_newlines=True)
        archive.stdout.close()
        why = archive.stderr.read().decode(errors="replace").strip()
        if archive.wait() != 0 or untar.returncode != 0:
            lines = (why or untar.stderr.strip() or "no message").splitlines()
            raise BaselineError("--baseline %s: git archive | tar failed: %s"
                                % (commit[:12], lines[-1]))
        missing = [p for p in NEEDED if not (tmp / p).is_file()]
        if missing:
            raise BaselineError("--baseline %s: that commit has no Reversi mirror to play "
                                "(no %s)" % (commit[:12], ", ".join(missing)))
        (tmp / COMPLETE).write_text(commit + "\n")
        try:
            os.rename(str(tmp), str(tree))
        except OSError:
            if not (tree / COMPLETE).exists():      # not another process's copy
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(str(tmp), ignore_errors=True)
    return tree


class Server:
    """The old search's process (``SERVER``) in its tree."""

    def __init__(self, tree):
        self.tree = Path(tree)
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        try:
            self.proc = subprocess.Popen([sys.executable, "-c", SERVER, str(self.tree)],
                                         cwd=str(self.tree), env=env, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                         universal_newlines=True, bufsize=1)
        except OSError as e:
            raise BaselineError("the baseline's process would not start: %s" % e) from None
        word = self._answer()
        if word[0] != "ready":
            self.close()
            raise BaselineError("the baseline (%s): unexpected answer %r"
                                % (self.tree.name[:12], " ".join(word)))
        self.default_budget, self.max_budget = int(word[1]), int(word[2])

    def _answer(self):
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            raise BaselineError("the baseline's process (%s) ended (exit status %s)"
                                % (self.tree.name[:12], self.proc.returncode))
        word = line.split()
        if word and word[0] == "error":
            self.close()
            raise BaselineError("the baseline (%s): %s" % (self.tree.name[:12],
                                                           line.strip()[len("error "):]))
        if not word:
            return self._answer()
        return word

    def search(self, position, budget, kind="search"):
        """{move, nodes, depth, stop, score} of the old mirror (``kind``
        "search") or the old golden search in Python ("golden")."""
        try:
            self.proc.stdin.write("%s %d %d %d %d %d %d\n" % (
                kind, position.width, position.height, position.black, position.white,
                1 if position.to_move == BLACK else 0, budget))
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            return self._answer()           # says why it ended
        word = self._answer()
        if word[0] != "ok" or len(word) != 6:
            raise BaselineError("the baseline (%s): unexpected answer %r"
                                % (self.tree.name[:12], " ".join(word)))
        move = int(word[1])
        return {"move": None if move < 0 else move, "nodes": int(word[2]),
                "depth": int(word[3]), "stop": word[4],
                "score": None if word[5] == "-" else int(word[5])}

    def close(self):
        p = self.proc
        if p.poll() is None:
            try:
                p.stdin.write("quit\n")
                p.stdin.flush()
                p.stdin.close()
                p.wait(timeout=10)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                p.kill()
                p.wait()
        for stream in (p.stdin, p.stdout):
            try:
                stream.close()
            except (OSError, ValueError):
                pass


def prepare(revision=DEFAULT_REVISION):
    """Resolve, extract and build the baseline of ``revision``: a Baseline
    (BaselineError, one line, when it cannot be played)."""
    commit = resolve(revision)
    tree = extract(commit)
    server = Server(tree)
    try:
        default_budget, max_budget = server.default_budget, server.max_budget
    finally:
        server.close()
    p = _git("log", "-1", "--format=%ad %s", "--date=short", commit)
    date, _, subject = p.stdout.strip().partition(" ")
    return Baseline(commit, str(tree), default_budget, max_budget, date, subject)


class BaselinePlayer(Player):
    """The old search (its mirror) at ``budget`` nodes a move, in its own process."""

    deterministic = True

    def __init__(self, tree, budget):
        self.budget = budget
        self.server = Server(tree)
        self._stats = None

    def choose(self, view, rng):
        r = self.server.search(view, self.budget)
        self._stats = {"nodes": r["nodes"], "depth": r["depth"], "stop": r["stop"]}
        return r["move"]

    def last_stats(self):
        return self._stats

    def close(self):
        self.server.close()
