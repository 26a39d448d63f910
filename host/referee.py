"""Referee: plays cores, boards, programs and people against each other.

    python -m host.referee {score4|blokus} PLAYER1 PLAYER2 [options]
    python -m host.referee --replay TRANSCRIPT [--step] [--delay S]

It speaks the contest protocol to each side (the same bytes to every kind of
player), checks every answer (form, then legality, in the contest host's
order), keeps each move's time, prints the board after every move in the
contest host's style, ends the game as the contest host does (a malformed
code, an illegal move or silence past the limit loses at once) and announces
the result. See README.md, "Host tools", and ``--help``.
"""
import argparse
import json
import os
import random
import sys
import time

from host import games as games_mod
from host.cli import Parser
from host import players as players_mod
from host.games import BoardFileError, Malformed
from host.players import PlayerError, Quit, ReplayDiverges

TRANSCRIPT_VERSION = 1
DEFAULT_SIM_LIMIT = 300.0
STEP_KEYS = "Enter: next move, c: continuous, b: board, h: help, q: quit"
STEP_HELP = ("step by step: the referee waits after each move.\n"
             "  Enter (or n)  play the next move\n"
             "  c             continuous play from here (--delay S between moves)\n"
             "  b             show the board again\n"
             "  h             this help\n"
             "  q             leave: the game is abandoned")


class RefereeError(Exception):
    """A problem the user can fix; printed as one line on standard error."""


class Result(dict):
    """winner / loser: player index (0 = PLAYER1) or None; reason; violation;
    abandoned; points (by player index); moves."""


class Referee:
    def __init__(self, game_cls, players, time_limit=None, sim_limit=DEFAULT_SIM_LIMIT,
                 human_limit=None, step=False, delay=0.0, quiet=False, board_out=None,
                 transcript=None, out=None, err=None, stdin=None,
                 accept_timeout=players_mod.ACCEPT_TIMEOUT):
        self.game_cls = game_cls
        self.players = players
        self.time_limit = game_cls.time_limit if time_limit is None else time_limit
        self.sim_limit = sim_limit
        self.human_limit = human_limit
        self.step = step
        self.delay = delay
        self.quiet = quiet
        self.board_out = board_out
        self.transcript = transcript
        self.out = out or sys.stdout
        self.err = err or sys.stderr
        self.stdin = stdin or sys.stdin
        self.accept_timeout = accept_timeout
        self.game = None
        self.in_game = False         # a game record written and its end not yet
        self.seats = (0, 1)
        self.opened = False
        self.announce_each = True

    # -- helpers used by players and the display ---------------------------------
    def note(self, text):
        if not self.quiet:
            self.out.write(text + "\n")
            self.out.flush()

    def index(self, player):
        return self.players.index(player)

    def seat_of(self, player):
        return self.seats.index(self.index(player))

    def mark(self, player):
        return str(self.index(player) + 1)

    def label(self, player):
        i = self.index(player)
        name = " [%s]" % player.name if player.name else ""
        return "Player %d (%s%s)" % (i + 1, player.spec, name)

    def limit(self, player):
        """Seconds `player` has for an answer (None: no limit). A replayed
        player has its original's, as the transcript's messages say them."""
        kind = player.original_kind if player.kind == "replay" else player.kind
        if kind == "human":
            return self.human_limit
        if kind in ("sim", "mirror", "golden-mcts"):   # the board's moves, not its speed
            return self.sim_limit
        return self.time_limit

    def board_view(self):
        marks = tuple(str(self.seats[s] + 1) for s in (0, 1))
        return self.game.render(marks)

    def record(self, **rec):
        if rec["t"] in ("game", "end"):
            self.in_game = rec["t"] == "game"
        if self.transcript is not None:
            self.transcript.write(json.dumps(rec, sort_keys=True) + "\n")
            self.transcript.flush()

    def open(self):
        if not self.opened:
            for p in self.players:      # every listening port taken before any wait
                if p.kind == "listen":
                    p.listen()
            for p in self.players:
                p.open(self.game_cls, self)
            self.opened = True

    def close(self):
        for p in self.players:
            try:
                p.close()
            except Exception:
                pass

    # -- one exchange -------------------------------------------------------------
    def exchange(self, player, data, n):
        got, secs, status = player.exchange(data, n, self.limit(player))
        search = player.take_search()       # golden and mirror players: the viewer shows it
        self.record(t="x", p=self.index(player), sent=data.decode("latin-1"),
                    got=got.decode("latin-1"), s=round(secs, 6), status=status,
                    **({"search": search} if search else {}))
        return got, secs, status

    # -- a game ---------------------------------------------------------------------
    def play(self, first=0, setup=(), number=1):
        """Play one game, PLAYER`first+1` moving first; `setup` moves (codes)
        are played first, each answered by its player as scripted."""
        setup = list(setup)
        if setup:
            for p in self.players:
                if not p.scriptable:
                    raise RefereeError("initial moves need players the referee can script (golden, "
                                       "mirror, random, human); %s is a board: the protocol cannot "
                                       "set up its position" % p.spec)
        self.open()
        g = self.game = self.game_cls()
        self.seats = (first, 1 - first)
        self.record(t="game", no=number, first=first, setup=setup)
        last = [None, None]
        times = [None, None]
        players = [self.players[i] for i in self.seats]
        # hello: '0' to each side, its answer within the limit
        for seat in (0, 1):
            p = players[seat]
            got, secs, status = self.exchange(p, g.hello, g.hello_len)
            if status != "ok":
                return self.finish(seat, "no answer to '0'" if status == "timeout" and not got else
                                   "answered %r to '0' and then %s" % (got, "went silent" if status ==
                                                                       "timeout" else "closed the connection"),
                                   violation=True, timeout=status)
            why = g.check_hello(got)
            if why:
                return self.finish(seat, why, violation=True)
            p.name = g.hello_name(got)
        self.note(">> %s: %s%s vs %s%s" % (g.title, self.label(self.players[0]), " *" if first == 0 else "",
                                           self.label(self.players[1]), " *" if first == 1 else ""))
        k = 0
        while True:
            seat = k % 2
            p = players[seat]
            scripted = k < len(setup)
            if scripted:
                p.script(setup[k])
            req = g.request(seat)
            got, secs, status = self.exchange(p, req, g.reply_len)
            if status != "ok":
                if scripted:
                    raise RefereeError("initial move %d (%s) got no answer" % (k + 1, setup[k]))
                if status == "timeout":
                    what = ("no move within %.3g s" % self.limit(p)) if not got else \
                        ("only %r within %.3g s" % (got, self.limit(p)))
                else:
                    what = "the connection closed" + (" after %r" % got if got else "")
                return self.finish(seat, "timeout: %s (asked %s)" % (what, req.decode("latin-1")),
                                   violation=True, timeout=status)
            try:
                move = g.parse(got)
            except Malformed as e:
                if scripted:
                    raise RefereeError("initial move %d: %s" % (k + 1, e))
                return self.finish(seat, "malformed code: %s" % e, violation=True)
            why = g.why_illegal(seat, move)
            if why:
                code = g.code(move).decode()
                if scripted:
                    raise RefereeError("initial move %d (%s) is illegal: %s" % (k + 1, code, why))
                return self.finish(seat, "illegal move %s: %s" % (code, why), violation=True)
            g.apply(seat, move)
            last[seat] = g.code(move).decode()
            times[seat] = secs
            self.write_board()
            end = g.result()
            if scripted:
                if end:
                    raise RefereeError("the initial moves end the game (%s)" % end[1])
                if k == len(setup) - 1:
                    self.note("(%d initial moves set up)" % len(setup))
                    self.show(k + 1, seat, last, times)
            else:
                self.show(k + 1, seat, last, times)
            if end:
                winner, reason = end
                return self.finish(None if winner is None else 1 - winner, reason, winner=winner)
            k += 1
            if not scripted:
                self.pause()

    def write_board(self):
        """The N/R/B board file (--board-out), replaced whole; RefereeError if it cannot be."""
        if not self.board_out:
            return
        tmp = self.board_out + ".tmp"
        try:
            with open(tmp, "w") as f:
                f.write(self.game.board_text())
            os.replace(tmp, self.board_out)
        except OSError as e:
            if os.path.isfile(tmp):
                os.unlink(tmp)
            raise RefereeError("cannot write the board file %s: %s"
                               % (self.board_out, e.strerror or e)) from None

    def show(self, n, seat, last, times):
        if self.quiet:
            return
        g = self.game
        mover = self.players[self.seats[seat]]
        lines = ["== Move %d: %s plays %s" % (n, self.label(mover), last[seat])]
        for i, p in enumerate(self.players):
            s = self.seats.index(i)
            t = "-" if times[s] is None else "%d ms" % round(times[s] * 1000)
            lines.append("Player %d%s %-28s last move: %-5s %s: %-4d time: %s" % (
                i + 1, " *" if s == 0 else "  ", p.spec + (" [%s]" % p.name if p.name else ""),
                last[s] or "-", g.points_name, g.points(s), t))
        lines.append(self.board_view())
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()

    def pause(self):
        """After a move: wait for a key (--step) or --delay seconds."""
        if not self.step:
            if self.delay:
                time.sleep(self.delay)
            return
        while not self.step_key():
            pass

    def step_key(self):
        """One key of step mode (STEP_KEYS); True when play goes on."""
        self.out.write("(%s) " % STEP_KEYS)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            raise Quit("end of input")
        c = line.strip()[:1].lower()
        if c == "q":
            raise Quit("q")
        if c in ("", "n", "c"):
            self.step = c != "c"
            return True
        if c == "b":
            self.out.write(self.board_view() + "\n")
        elif c in ("h", "?"):
            self.out.write(STEP_HELP + "\n")
        else:
            self.err.write("error: unknown key '%s' (%s)\n" % (line.strip(), STEP_KEYS))
            self.err.flush()
        return False

    def finish(self, loser_seat, reason, violation=False, timeout=None, winner=None):
        """End the game: send the end message, announce, record."""
        g = self.game
        for p in self.players:
            try:
                p.send(g.end_message)
            except OSError:
                pass
        if loser_seat is not None and winner is None:
            winner = 1 - loser_seat
        res = Result(winner=None if winner is None else self.seats[winner],
                     loser=None if winner is None else self.seats[1 - winner],
                     reason=reason, violation=violation, abandoned=False,
                     points=[g.points(self.seats.index(i)) for i in (0, 1)],
                     moves=len(g.history))
        self.announce(res)
        self.record(t="end", winner=res["winner"], loser=res["loser"], reason=reason,
                    violation=violation, points=res["points"])
        return res

    def announce(self, res):
        g = self.game
        if res["violation"]:
            p = self.players[res["loser"]]
            text = "** %s lost the game by violation: %s." % (self.label(p), res["reason"])
        elif res["winner"] is None:
            text = "** Draw game (%s)." % res["reason"]
        else:
            text = "** %s won the game (%s)!" % (self.label(self.players[res["winner"]]), res["reason"])
        if g.name == "blokus":
            a = [g.squares_left(self.seats.index(i)) for i in (0, 1)]
            text += " Tiles: %d / %d, Score: %d / %d" % (a[0], a[1], res["points"][0], res["points"][1])
        if self.announce_each:
            self.out.write(text + "\n")
            self.out.flush()
        res["text"] = text

    def abandon(self, why):
        """End the game under way, if any, without a result: told to the
        players, announced and recorded (so that a replay ends there too)."""
        res = Result(winner=None, loser=None, reason="abandoned: %s" % why, violation=False,
                     abandoned=True, points=[0, 0], moves=len(self.game.history) if self.game else 0)
        if not self.in_game:
            return res
        for p in self.players:
            try:
                p.send(self.game.end_message)
            except Exception:
                pass
        self.out.write("** Game abandoned (%s).\n" % why)
        self.out.flush()
        self.record(t="end", winner=None, loser=None, reason=res["reason"], violation=False,
                    points=None)
        return res


# ---------------------------------------------------------------------------- files
def setup_problem(g, k, move):
    """Play initial move number k + 1 (`move`, seat k % 2) on the game `g`;
    why it cannot be played, or None."""
    code = g.code(move).decode()
    why = g.why_illegal(k % 2, move)
    if why:
        return "initial move %d (%s) is illegal: %s" % (k + 1, code, why)
    g.apply(k % 2, move)
    end = g.result()
    if end:
        return ("initial move %d (%s) ends the game (%s): initial moves set up a position to "
                "play from" % (k + 1, code, end[1]))
    return None


def read_moves(path, game_cls):
    """Initial moves: one move code a line (blank lines and # comments
    skipped), each checked in turn on a game (RefereeError naming the line,
    the move and why it cannot be played)."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise RefereeError("cannot read %s: %s" % (path, e.strerror)) from None
    moves = []
    g = game_cls()
    for n, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            move = g.parse_text(text)
        except ValueError as e:
            raise RefereeError("%s line %d: %s" % (path, n, e)) from None
        why = setup_problem(g, len(moves), move)
        if why:
            raise RefereeError("%s line %d: %s" % (path, n, why))
        moves.append(g.code(move).decode())
    return moves


def read_board(path, game_cls):
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise RefereeError("cannot read %s: %s" % (path, e.strerror)) from None
    try:
        moves = game_cls.moves_from_board(text)
    except BoardFileError as e:
        raise RefereeError("%s: %s" % (path, e)) from None
    g = game_cls()
    for k, code in enumerate(moves):
        why = setup_problem(g, k, g.parse(code.encode()))
        if why:
            raise RefereeError("%s: %s" % (path, why))
    return moves


def check_output_file(path, option):
    """RefereeError unless the file `path` (of `option`) can be written."""
    if os.path.isdir(path):
        raise RefereeError("%s %s is a directory; give a file name" % (option, path))
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise RefereeError("%s %s: there is no directory %s" % (option, path, folder))
    if not os.access(folder, os.W_OK):
        raise RefereeError("%s %s: the directory %s is not writable" % (option, path, folder))


# Transcript records: the fields the replay reads, each with a check and
# what it should be.
def _is_seat(v):
    return type(v) is int and v in (0, 1)


def _is_bytes(v):
    return isinstance(v, str) and all(ord(c) < 256 for c in v)


def _is_seconds(v):
    return type(v) in (int, float) and v >= 0


def _is_strings(v, n=None):
    return isinstance(v, list) and all(isinstance(x, str) for x in v) and n in (None, len(v))


RECORDS = {
    "header": {"version": (lambda v: type(v) is int and v == TRANSCRIPT_VERSION,
                           "%d (the version this referee reads)" % TRANSCRIPT_VERSION),
               "game": (lambda v: isinstance(v, str) and v in games_mod.GAMES,
                        " or ".join(sorted(games_mod.GAMES))),
               "players": (lambda v: _is_strings(v, 2), "a list of the two players"),
               "time_limit": (lambda v: _is_seconds(v) and v > 0, "a positive number of seconds"),
               "sim_limit": (lambda v: _is_seconds(v) and v > 0, "a positive number of seconds")},
    "game": {"first": (_is_seat, "0 or 1 (the player moving first)"),
             "setup": (_is_strings, "a list of move codes")},
    "x": {"p": (_is_seat, "0 or 1 (the player)"),
          "sent": (_is_bytes, "a string (the bytes sent)"),
          "got": (_is_bytes, "a string (the bytes received)"),
          "s": (_is_seconds, "a number of seconds"),
          "status": (lambda v: v in ("ok", "timeout", "closed"), '"ok", "timeout" or "closed"')},
    "end": {"winner": (lambda v: v is None or _is_seat(v), "0, 1 or null"),
            "reason": (lambda v: isinstance(v, str), "a string")},
}
LINE = "_line"      # a record's line in its transcript (read_transcript adds it)
_JSON_TYPES = ((dict, "object"), (list, "array"), (str, "string"), (bool, "true/false"),
               ((int, float), "number"), (type(None), "null"))


def _json_type(v):
    return next(name for types, name in _JSON_TYPES if isinstance(v, types))


def record_problem(rec, first):
    """Why `rec` (one line of a transcript, the first if `first`) cannot be
    replayed, or None."""
    if not isinstance(rec, dict):
        return "a JSON %s, not an object (a transcript holds one JSON object a line)" % _json_type(rec)
    t = rec.get("t")
    if first and t != "header":
        return 'not a transcript header (the first line is {"t": "header", ...})'
    if not isinstance(t, str) or t not in RECORDS:
        return 'an unknown record type "t": %s (header, game, x or end)' % json.dumps(t)[:40]
    for field, (ok, want) in RECORDS[t].items():
        if field not in rec:
            return 'a "%s" record without "%s" (%s)' % (t, field, want)
        if not ok(rec[field]):
            return 'a "%s" record whose "%s" is %s, not %s' % (t, field, json.dumps(rec[field])[:40],
                                                             want)
    return None


def _transcript_record(path, n, line, first):
    try:
        rec = json.loads(line)
    except ValueError as e:
        raise RefereeError("%s line %d is not JSON (%s): not a referee transcript" % (path, n, e.msg)) \
            from None
    if first and isinstance(rec, dict) and rec.get("t") == "header" and rec.get("game") == "reversi":
        raise RefereeError("%s is a Reversi transcript: play it back with `python -m host.reversi "
                           "replay %s`" % (path, path))
    why = record_problem(rec, first)
    if why:
        raise RefereeError("%s line %d is %s" % (path, n, why))
    rec[LINE] = n
    return rec


def read_transcript(path):
    """The records of a transcript, each checked (RefereeError naming the
    line and the problem), each with its line number under LINE."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise RefereeError("cannot read %s: %s" % (path, e.strerror)) from None
    except UnicodeDecodeError:
        raise RefereeError("%s is not a referee transcript (not text)" % path) from None
    if text.lstrip().startswith("["):
        raise RefereeError("%s holds a JSON array; a referee transcript is JSON lines, one object "
                           "a line" % path)
    recs = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            recs.append(_transcript_record(path, n, line, not recs))
    if not recs:
        raise RefereeError("%s is empty: not a referee transcript" % path)
    return recs


# ----------------------------------------------------------------------- tournament
def tournament_table(specs, results):
    rows = ["player%s  wins draws losses  violations  (moving first: W-D-L)" % (" " * 24)]
    for i, spec in enumerate(specs):
        w = sum(1 for r, f in results if r["winner"] == i)
        d = sum(1 for r, f in results if r["winner"] is None and not r["abandoned"])
        lo = sum(1 for r, f in results if r["loser"] == i)
        v = sum(1 for r, f in results if r["loser"] == i and r["violation"])
        fw = sum(1 for r, f in results if f == i and r["winner"] == i)
        fd = sum(1 for r, f in results if f == i and r["winner"] is None and not r["abandoned"])
        fl = sum(1 for r, f in results if f == i and r["loser"] == i)
        rows.append("%d %-28s  %4d %5d %6d  %10d  (%d-%d-%d)" % (i + 1, spec, w, d, lo, v, fw, fd, fl))
    return "\n".join(rows)


# ------------------------------------------------------------------------------ CLI
def _parser():
    p = Parser(
        prog="python -m host.referee",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play two players against each other over the contest protocol, "
                    "check every move, keep time, show the board and announce the result.",
        epilog="players: %s\n"
               "  serial:DEVICE     a board on a serial port at the game's baud (any pyserial URL)\n"
               "  tcp:HOST:PORT     a board/program listening there (host.bridge --listen)\n"
               "  listen:PORT       wait for a board to connect (host.bridge --connect)\n"
               "  sim[:CONFIG]      the core's RTL in simulation through host.bridge\n"
               "                    (blokus: sim:blokus_mcts_root or sim:blokus_mcts_fast, the\n"
               "                    Monte-Carlo core with the SDRAM chip's model)\n"
               "  golden[:BUDGET]   the golden search in Python; default budget blokus %d, score4\n"
               "                    %d: fast, and far weaker than the board\n"
               "  golden-mcts[:BUDGET]  Blokus: golden's Monte-Carlo search in Python (the\n"
               "                    search the core is moving to), BUDGET clock cycles a move,\n"
               "                    default %d; --sim-limit applies\n"
               "  mirror[:BUDGET]   the board's moves (the compiled mirror of the core's search);\n"
               "                    default budget the core's own: blokus %d, score4 %d;\n"
               "                    seconds a move, so --sim-limit applies; built with gcc once\n"
               "  random            random legal moves (--seed)\n"
               "  human             moves typed at the console (53e0 or 5 3 e 0; 'h' lists the\n"
               "                    commands: 'b' board, 'l' legal moves, 't' tiles, 'q' quit)\n"
               "\nexit codes: 0 the games were played, 1 a replay diverges, 2 an error "
               "(one line), 130 interrupted"
               % (players_mod.KINDS, players_mod.GOLDEN_BUDGET["blokus"],
                  players_mod.GOLDEN_BUDGET["score4"], players_mod.GOLDEN_MCTS_BUDGET,
                  players_mod.core_budget("blokus"),
                  players_mod.core_budget("score4")))
    p.add_argument("game", nargs="?", choices=sorted(games_mod.GAMES), help="which game")
    p.add_argument("players", nargs="*", metavar="PLAYER", help="PLAYER1 (moves first) and PLAYER2")
    p.add_argument("--time-limit", type=float, metavar="S",
                   help="seconds a board has for each answer (default: the game's, 10 for score4, "
                        "1 for blokus)")
    p.add_argument("--sim-limit", type=float, default=DEFAULT_SIM_LIMIT, metavar="S",
                   help="the same for sim and mirror players (default %g: simulated hardware is "
                        "slow, and the mirror takes seconds a move at the core's budget)"
                   % DEFAULT_SIM_LIMIT)
    p.add_argument("--human-limit", type=float, metavar="S", help="the same for people (default none)")
    p.add_argument("--accept-timeout", type=float, default=players_mod.ACCEPT_TIMEOUT, metavar="S",
                   help="seconds listen: and sim players wait for their board to connect "
                        "(default %g)" % players_mod.ACCEPT_TIMEOUT)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--step", action="store_true",
                      help="step by step: after each move wait for a key (%s)" % STEP_KEYS)
    mode.add_argument("--continuous", action="store_true", help="continuous play (the default)")
    p.add_argument("--delay", type=float, default=0.0, metavar="S",
                   help="continuous mode: pause S seconds after each move")
    p.add_argument("--games", type=int, default=1, metavar="N",
                   help="tournament: N games, seats alternating; a win/draw/loss table at the end")
    p.add_argument("--show", action="store_true", help="tournament: show every board too")
    p.add_argument("--quiet", action="store_true", help="print only results")
    p.add_argument("--seed", type=int, help="seed of every random choice (printed when not given)")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--moves", metavar="FILE",
                       help="initial moves, one code a line, played first (golden/mirror/random/human "
                            "players); all checked before the game starts")
    start.add_argument("--board-in", metavar="FILE",
                       help="start from the position in this N/R/B board file")
    p.add_argument("--board-out", metavar="FILE", help="write the N/R/B board file after every move")
    p.add_argument("--transcript", metavar="FILE", help="write a transcript that --replay can play back")
    p.add_argument("--replay", metavar="FILE", help="play back a transcript, checking every move again")
    p.add_argument("--html", metavar="OUT.html",
                   help="with --replay: write the replayed game(s) as one self-contained HTML page "
                        "(the board after every move, the move list, the result; host/viewer.py)")
    return p


def _positive(value, what):
    if value is not None and value <= 0:
        raise RefereeError("%s must be positive" % what)


def run(argv=None, out=None, err=None, stdin=None):
    """The command line; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = _parser().parse_args(argv)
    try:
        return _run(args, out, err, stdin)
    except (RefereeError, PlayerError) as e:
        err.write("error: %s\n" % e)
        return 2
    except ReplayDiverges as e:
        err.write("error: the replay diverges from %s: %s\n" % (args.replay, e))
        return 1
    except KeyboardInterrupt:
        err.write("interrupted\n")
        return 130


class Plan:
    """What to play: the game, the players, the games (first mover, initial
    moves) and, for a replay, the recorded ends."""

    def __init__(self, game_cls, specs, players, seed, games, ends=None, limits=None):
        self.game_cls = game_cls
        self.specs = specs
        self.players = players
        self.seed = seed
        self.games = games
        self.ends = ends
        self.limits = limits         # a replay: the recorded (time limit, sim limit)
        self.last_line = None        # a replay: the transcript's last line


def _check_args(args):
    for v, what in ((args.time_limit, "--time-limit"), (args.sim_limit, "--sim-limit"),
                    (args.human_limit, "--human-limit"), (args.games, "--games"),
                    (args.accept_timeout, "--accept-timeout")):
        _positive(v, what)
    if args.delay < 0:
        raise RefereeError("--delay must not be negative")
    if args.board_out:
        check_output_file(args.board_out, "--board-out")


def _replay_plan(args):
    if args.game or args.players:
        raise RefereeError("--replay FILE takes no game or players: they are in the transcript")
    recs = read_transcript(args.replay)
    head = recs[0]
    recorded = [r for r in recs if r["t"] in ("game", "end")]
    ends = [r for r in recorded if r["t"] == "end"]
    stop = "the transcript ends here"
    if ends and ends[-1]["reason"].startswith("abandoned: "):
        stop = ends[-1]["reason"][len("abandoned: "):]
    players = [players_mod.ReplayPlayer(spec, [r for r in recs if r["t"] == "x" and r["p"] == i], stop)
               for i, spec in enumerate(head["players"])]
    games = [(r["first"], r["setup"]) for r in recorded if r["t"] == "game"]
    plan = Plan(games_mod.GAMES[head["game"]], head["players"], players, head.get("seed"), games, ends,
                (head["time_limit"], head["sim_limit"]))
    plan.last_line = recs[-1][LINE]
    return plan


def _new_plan(args):
    if not args.game or len(args.players) != 2:
        raise RefereeError("give a game and two players, e.g. `score4 golden random` (see --help)")
    game_cls = games_mod.GAMES[args.game]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
    players = [players_mod.parse_spec(s, "%d/%d" % (seed, i)) for i, s in enumerate(args.players)]
    ports = [p.port for p in players if p.kind == "listen"]
    if len(ports) == 2 and ports[0] == ports[1]:
        raise RefereeError("both players listen on TCP port %d: give each its own (e.g. listen:%d "
                           "listen:%d)" % (ports[0], ports[0], ports[0] + 1 if ports[0] < 65535
                                           else ports[0] - 1))
    if sum(1 for p in players if p.interactive) and args.games > 1:
        raise RefereeError("a tournament cannot seat a human player")
    setup = []
    if args.moves:
        setup = read_moves(args.moves, game_cls)
    elif args.board_in:
        setup = read_board(args.board_in, game_cls)
    return Plan(game_cls, args.players, players, seed, [(i % 2, setup) for i in range(args.games)])


def _introduce(plan, out):
    """The seed, and who plays with which budget."""
    out.write("seed %d (the same --seed replays every random choice)\n" % plan.seed)
    for i, p in enumerate(plan.players):
        out.write("Player %d: %s\n" % (i + 1, p.describe(plan.game_cls)))
    out.flush()


def _open_transcript(path):
    if not path:
        return None
    try:
        return open(path, "w")
    except OSError as e:
        raise RefereeError("cannot write %s: %s" % (path, e.strerror)) from None


def _end_text(plan, winner, reason):
    if winner is None:
        return "no winner (%s)" % reason
    return "player %d (%s) won (%s)" % (winner + 1, plan.specs[winner], reason)


def _check_replayed(plan, n, res):
    """ReplayDiverges unless game `n` ended as its transcript says."""
    want = plan.ends[n - 1] if n - 1 < len(plan.ends) else None
    got = _end_text(plan, res["winner"], res["reason"])
    if want is None:
        raise ReplayDiverges("the transcript has no end for game %d (its last line is %d); the "
                             "replay ends it: %s" % (n, plan.last_line, got))
    if (want["winner"], want["reason"]) != (res["winner"], res["reason"]):
        raise ReplayDiverges("line %d, the end of game %d, says %s; the replay of the lines "
                             "before it ends with %s" % (want[LINE], n, _end_text(
                                 plan, want["winner"], want["reason"]), got))


def _play_one(ref, n, first, setup):
    """One game; a person leaving abandons it, and so do an interruption
    and an error (recorded, then raised on)."""
    try:
        return ref.play(first, setup, n)
    except Quit as e:
        return ref.abandon(str(e))
    except KeyboardInterrupt:
        ref.abandon("interrupted")
        raise
    except RefereeError as e:
        ref.abandon(str(e))
        raise


def _run(args, out, err, stdin):
    _check_args(args)
    if args.html:                   # the replay as a page (host/viewer.py), not on the terminal
        from host import viewer
        return viewer.write_referee_html(args, out, sys.modules[__name__])
    plan = _replay_plan(args) if args.replay else _new_plan(args)
    game_cls = plan.game_cls
    tournament = len(plan.games) > 1
    quiet = args.quiet or (tournament and not args.show)
    if not args.quiet and not args.replay:
        _introduce(plan, out)
    transcript = _open_transcript(args.transcript)
    time_limit, sim_limit = plan.limits or (args.time_limit, args.sim_limit)
    ref = Referee(game_cls, plan.players, time_limit=time_limit, sim_limit=sim_limit,
                  human_limit=args.human_limit, step=args.step, delay=args.delay, quiet=quiet,
                  board_out=args.board_out, transcript=transcript, out=out, err=err, stdin=stdin,
                  accept_timeout=args.accept_timeout)
    ref.announce_each = not tournament or args.show
    ref.record(t="header", version=TRANSCRIPT_VERSION, game=game_cls.name, players=plan.specs,
               seed=plan.seed, time_limit=ref.time_limit, sim_limit=ref.sim_limit)
    results = []
    bar = None
    try:
        if tournament:
            from tqdm import tqdm
            bar = tqdm(total=len(plan.games), desc="%s games" % game_cls.name, unit="game", file=err,
                       disable=None)
        for n, (first, setup) in enumerate(plan.games, 1):
            res = _play_one(ref, n, first, setup)
            results.append((res, first))
            if plan.ends is not None:
                _check_replayed(plan, n, res)
            if bar is not None:
                bar.update(1)
                if quiet and not args.quiet:
                    bar.write("game %d: %s" % (n, res.get("text", res["reason"])), file=out)
            if res["abandoned"]:
                break
    finally:
        if bar is not None:
            bar.close()
        ref.close()
        if transcript is not None:
            transcript.close()
    if tournament:
        out.write("\n%s: %d games of %s, seats alternating\n%s\n" % (
            "Replay" if args.replay else "Tournament", len(results), game_cls.title,
            tournament_table(plan.specs, results)))
    if args.replay:
        out.write("replay: %d game(s) follow the transcript\n" % len(results))
    return 0


def main(argv=None):
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
