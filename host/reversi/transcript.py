"""Reversi transcripts: JSON lines a person can read and a program can replay.

A game master with ``--transcript FILE`` writes one JSON object a line:

* ``{"t": "header", "version": 2, "game": "reversi", ...}`` first;
* ``{"t": "gm", "ms": 0, "size": [8, 8], "time_limit_ms": 1000, "mode": 0,
  "max_illegal": 3, "rules": 2}``: a game master started (``game`` runs one
  per game); ``rules`` is the golden referee's rules version
  (``golden.reversi.referee.RULES``; a transcript without it, version 1,
  was written under rules 1);
* what the referee was given, in order, each with the game master's clock
  in milliseconds: ``rx`` (bytes received on a port, ``hex``), ``close``
  (a port's connection closed), ``stall`` (a partial message dropped after
  100 ms of silence), ``tick`` (a clock check that ended the game),
  ``restart`` (the game master restarted by itself: ``--games``);
* ``tx``: every message the referee sent (``port``, ``hex``; ``"dropped":
  true`` when nobody was connected there);
* for people: ``accept`` (who connected), ``move`` (colour, name, move as
  ``D3`` or ``pass``, time in ms, discs after it), ``nok`` (an illegal or
  unasked move, or a refused Control: ``port``, ``reason``, one of
  ``golden.reversi.referee.NOK_CODES``, and ``why``, e.g. ``"D4 is occupied
  (illegal move 1 of 3)"``), ``dropped`` (bytes that start no message,
  ``what: "bad_bytes"``, or messages the port may not send, ``what`` the
  message's name; ``count`` and ``why``), ``name_kept`` (a Connect that did
  not rename a player) and ``result`` (winner, reason, disc counts).

``read`` accepts versions ``READS`` (1 and 2) and checks every record the
replay or the viewer (``host/viewer.py``) reads, field by field (``FIELDS``),
and their order; anything else is a ``TranscriptError`` of one line that
names the transcript's line. ``replay`` feeds the recorded inputs at their
recorded times to a fresh ``golden.reversi.Referee`` (under the transcript's
rules) and checks that it sends exactly the recorded messages and makes
exactly the recorded moves and results (``Diverges`` otherwise); it shows the
controller's screen after every move.
"""
import json
import re

from golden.reversi.encoding import COLOUR_NAMES, MAX_SIZE, MIN_SIZE, move_name, size_ok
from golden.reversi.referee import PORTS, REASONS

VERSION = 2                     # 2: rules in "gm" records; "dropped" and "name_kept" records
READS = (1, 2)                  # the versions ``read`` accepts
INPUTS = ("rx", "close", "stall", "tick", "restart")
RECORDS = ("header", "gm", "tx", "accept", "move", "nok", "result", "note", "dropped",
           "name_kept") + INPUTS


class TranscriptError(Exception):
    """A transcript that cannot be read; one line."""


def hexs(data):
    return " ".join("%02x" % b for b in bytes(data))


def unhex(text):
    return bytes.fromhex(text.replace(" ", ""))


class Writer(object):
    """Appends records to an open text file (thread-safe enough: one writer
    thread, the game master's)."""

    def __init__(self, f):
        self.f = f

    def write(self, **rec):
        self.f.write(json.dumps(rec, sort_keys=True) + "\n")
        self.f.flush()


# -- what each record must hold ---------------------------------------------------------
# A check takes a field's value and returns None when it is good, else what it must be.
def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _ms(v):
    return None if _whole(v) and v >= 0 else "a whole number of milliseconds, 0 or more"


def _count(v):
    return None if _whole(v) and v >= 0 else "a whole number, 0 or more"


def _port(v):
    return None if isinstance(v, str) and v in PORTS else "black, white or controller"


def _hex(v):
    return (None if isinstance(v, str) and re.fullmatch(r"(?:[0-9a-fA-F]{2} ?)*", v) else
            'bytes in hex, two digits a byte, e.g. "01 02 47 43"')


def _size(v):
    return (None if isinstance(v, list) and len(v) == 2 and size_ok(*v) else
            "[W, H], both even in %d..%d" % (MIN_SIZE, MAX_SIZE))


def _mode(v):
    return None if _whole(v) and v in (0, 1) else "0 (continuous) or 1 (step by step)"


def _max_illegal(v):
    return None if _whole(v) and v >= 1 else "a whole number, 1 or more"


def _rules(v):
    return None if _whole(v) and v in (1, 2) else "1 or 2 (the referee's rules)"


def _version(v):
    return (None if _whole(v) and v in READS else
            "%s, the versions this program reads" % " or ".join(map(str, READS)))


def _text(v):
    return None if isinstance(v, str) else "text"


def _move(v):
    return (None if isinstance(v, str) and re.fullmatch(r"pass|[A-Z][1-9][0-9]?", v) else
            '"pass" or a cell, e.g. "D3"')


def _colour(v):
    return None if isinstance(v, str) and v in COLOUR_NAMES.values() else '"Black" or "White"'


def _winner(v):
    return None if v is None or _colour(v) is None else 'null, "Black" or "White"'


def _reason(v):
    return None if isinstance(v, str) and v in REASONS else "one of %s" % ", ".join(REASONS)


def _names(v):
    return (None if v is None or (isinstance(v, list) and len(v) == 2
                                  and all(isinstance(n, str) for n in v))
            else "null or the two players' names, [BLACK, WHITE]")


def _bool(v):
    return None if isinstance(v, bool) else "true or false"


def _game_no(v):
    return None if _whole(v) and v >= 1 else "a whole number, 1 or more"


# (field, required, check) of every field the replay and the viewer (host/viewer.py) read;
# records only for people (accept, nok, dropped, name_kept) need nothing but their "t".
# "rules" in "gm" is required from version 2 on (version 1 has none: rules 1).
FIELDS = {
    "header": [("version", True, _version), ("tool", False, _text)],
    "gm": [("ms", True, _ms), ("size", True, _size), ("time_limit_ms", True, _ms),
           ("mode", True, _mode), ("max_illegal", True, _max_illegal), ("rules", False, _rules)],
    "rx": [("ms", True, _ms), ("port", True, _port), ("hex", True, _hex)],
    "tx": [("ms", True, _ms), ("port", True, _port), ("hex", True, _hex),
           ("dropped", False, _bool)],
    "close": [("ms", True, _ms), ("port", True, _port)],
    "stall": [("ms", True, _ms), ("port", True, _port)],
    "tick": [("ms", True, _ms)],
    "restart": [("ms", True, _ms)],
    "move": [("colour", True, _colour), ("move", True, _move), ("ms", True, _ms),
             ("name", False, _text), ("size", False, _size)],
    "result": [("winner", True, _winner), ("reason", True, _reason), ("black", True, _count),
               ("white", True, _count), ("names", False, _names)],
    "note": [("game", False, _game_no), ("black", True, _text), ("white", True, _text)],
}


_MISSING = object()            # fails every check: what a missing field must be


def _show(v):
    text = json.dumps(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _field_error(rec, version):
    """What is wrong with a record's fields (None: nothing)."""
    t = rec["t"]
    for field, required, check in FIELDS.get(t, ()):
        if field not in rec:
            if required or (t, field, version >= 2) == ("gm", "rules", True):
                return 'the %s record has no "%s" (%s)' % (t, field, check(_MISSING))
            continue
        want = check(rec[field])
        if want is not None:
            return "the %s record's \"%s\" is %s, not %s" % (t, field, _show(rec[field]), want)
    return None


class Records(list):
    """The records of a transcript; ``lines[i]``: the line of record i."""

    def __init__(self, recs=(), lines=None, path="the transcript"):
        list.__init__(self, recs)
        self.lines = list(lines) if lines is not None else list(range(1, len(self) + 1))
        self.path = path


def read(path):
    """The records of a transcript, checked (TranscriptError says where): the
    header first (a version in READS), then game master records, each
    record's fields (FIELDS), each input after a gm record and no earlier
    than the input before it (a game master's clock never goes back); at
    least one gm record and one input (else it holds no game)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise TranscriptError("cannot read %s: %s" % (path, e.strerror or e)) from None
    recs, lines = [], []
    version = None
    last_input = None               # (ms, line) of the last input since the last gm record
    first_gm = None                 # the line of the first gm record
    inputs = 0
    for n, raw in enumerate(data.splitlines(), 1):
        def bad(what):
            return TranscriptError("%s line %d: %s" % (path, n, what))
        try:
            line = raw.decode("utf-8-sig" if n == 1 else "utf-8")
        except UnicodeDecodeError as e:
            raise bad("not UTF-8 text (byte %d of the line is %#04x)"
                      % (e.start + 1, raw[e.start])) from None
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError as e:
            raise bad("not JSON (%s)" % getattr(e, "msg", e)) from None
        except RecursionError:
            raise bad("not JSON (nested too deep)") from None
        if not isinstance(rec, dict):
            raise bad("not a Reversi transcript record (a JSON object with \"t\"), but %s"
                      % _show(rec))
        t = rec.get("t")
        if not (isinstance(t, str) and t in RECORDS):
            raise bad('not a Reversi transcript record: "t" is %s, not one of %s'
                      % (_show(t) if "t" in rec else "missing", ", ".join(RECORDS)))
        if not recs:
            if t != "header" or rec.get("game") != "reversi":
                raise TranscriptError(
                    "%s does not start with a Reversi transcript header (line %d: %s)"
                    % (path, n, "a %s record" % t if t != "header" else
                       '"game" is %s, not "reversi"' % (_show(rec["game"]) if "game" in rec
                                                        else "missing")))
        elif t == "header":
            raise bad("a second header record (a transcript has one, first)")
        why = _field_error(rec, version or 0)
        if why:
            raise bad(why)
        if t == "header":
            version = rec["version"]
        elif t == "gm":
            last_input = None
            first_gm = first_gm or n
        elif t in INPUTS + ("tx",):
            if first_gm is None:
                raise bad("a %s record before any game master (gm) record" % t)
            if t in INPUTS:
                if last_input is not None and rec["ms"] < last_input[0]:
                    raise bad('the %s record\'s "ms" is %d, earlier than the %d of line %d: '
                              "the game master's clock never goes back"
                              % (t, rec["ms"], last_input[0], last_input[1]))
                last_input = (rec["ms"], n)
                inputs += 1
        recs.append(rec)
        lines.append(n)
    if not recs:
        raise TranscriptError("%s is empty: not a Reversi transcript" % path)
    if first_gm is None:
        raise TranscriptError("%s holds no game: no game master (gm) record after its header "
                              "(line %d)" % (path, lines[0]))
    if not inputs:
        raise TranscriptError("%s holds no game: nothing reached its game master (no rx, close, "
                              "stall, tick or restart record after line %d)"
                              % (path, first_gm))
    return Records(recs, lines, path)


class Diverges(Exception):
    """The replayed referee sent something the transcript does not hold."""


def replay(recs, out, step=False, delay=0.0, stdin=None, show=True):
    """Feed the recorded inputs to fresh golden referees; check every message
    they send against the recorded ``tx`` records, and every move and result
    the referee decides against the ``move`` and ``result`` records (Diverges
    at the first difference, naming the line); show the controller's screen
    after every move. ``recs``: as ``read`` returns them. Returns (games
    ended, True when a person stopped it early with q)."""
    import time
    from collections import deque
    from golden.reversi.referee import Referee
    from golden.reversi.encoding import Reader
    from host.reversi.screen import Screen

    lines = getattr(recs, "lines", None) or list(range(1, len(recs) + 1))
    ref = None
    screen = Screen()
    want = [(r["port"], r["hex"], n) for r, n in zip(recs, lines) if r["t"] == "tx"]
    got = []
    checked = [0]
    ended = 0
    interactive = step
    moves_due = deque()             # (colour, move, line of the input) with no move record yet
    results_due = deque()           # (winner, reason, black, white, line) with no result record

    def check(line):
        for i in range(checked[0], len(got)):
            if i >= len(want):
                raise Diverges("message %d: the referee sends %s [%s] (answering line %d), the "
                               "transcript holds no more messages" % (i + 1, got[i][0],
                                                                      got[i][1], line))
            w = want[i]
            if got[i] != w[:2]:
                raise Diverges("message %d: the referee sends %s [%s], the transcript says "
                               "%s [%s] (line %d)" % (i + 1, got[i][0], got[i][1], w[0], w[1],
                                                      w[2]))
        checked[0] = len(got)

    def all_recorded():
        if moves_due:
            colour, move, line = moves_due[0]
            raise Diverges("line %d: the referee plays %s %s there; the transcript has no move "
                           "record for it" % (line, colour, move))
        if results_due:
            res = results_due[0]
            raise Diverges("line %d: the game ends there (%s); the transcript has no result "
                           "record for it" % (res[4], _result_text(*res[:4])))

    for rec, line in zip(recs, lines):
        t = rec["t"]
        if t == "gm":
            all_recorded()
            try:
                ref = Referee(rec["size"][0], rec["size"][1], rec["time_limit_ms"], rec["mode"],
                              rec["max_illegal"], rules=rec.get("rules", 1))
            except (ValueError, TypeError, KeyError, IndexError) as e:
                raise TranscriptError("line %d: a game master record the referee refuses: %s"
                                      % (line, e)) from None
            continue
        if t == "move":
            said = (rec["colour"], rec["move"])
            if not moves_due:
                raise Diverges("line %d: the transcript says %s played %s; the referee made no "
                               "move there" % ((line,) + said))
            colour, move, _ = moves_due.popleft()
            if said != (colour, move):
                raise Diverges("line %d: the transcript says %s played %s; the referee's move "
                               "there is %s %s" % ((line,) + said + (colour, move)))
            continue
        if t == "result":
            said = (rec["winner"], rec["reason"], rec["black"], rec["white"])
            if not results_due:
                raise Diverges("line %d: the transcript says %s; the referee ended no game there"
                               % (line, _result_text(*said)))
            res = results_due.popleft()
            if said != res[:4]:
                raise Diverges("line %d: the transcript says %s; the referee's game ended "
                               "there with %s" % (line, _result_text(*said),
                                                  _result_text(*res[:4])))
            if show:
                out.write("** %s\n" % _result_line(rec))
            continue
        if t not in INPUTS:
            continue
        all_recorded()
        if ref is None:
            raise TranscriptError("line %d: an input before any game master record" % line)
        now = rec["ms"]
        moves = len(ref.moves)
        before = len(ref.history)
        if t == "rx":
            outputs = ref.receive(rec["port"], unhex(rec["hex"]), now)
        elif t == "close":
            outputs = ref.disconnect(rec["port"], now)
        elif t == "stall":
            outputs = ref.stall(rec["port"])
        elif t == "tick":
            outputs = ref.tick(now)
        else:
            outputs = ref.restart(now)
        for port, data in outputs:
            got.append((port, hexs(data)))
            if port == "controller":
                for frame in Reader().feed(data):
                    screen.feed_frame(frame)
        check(line)
        width = ref.position.width
        for colour, move in ref.moves[moves:]:
            moves_due.append((COLOUR_NAMES[colour], move_name(move, width), line))
        for res in ref.history[before:]:
            results_due.append((res.winner and COLOUR_NAMES[res.winner], res.reason, res.black,
                                res.white, line))
        ended += len(ref.history) - before
        if show and len(ref.moves) > moves:
            out.write("\n== move %d\n%s\n" % (len(ref.moves), screen.render(commands=False)))
            out.flush()
            if interactive:
                out.write("(Enter: next move, c: continuous, q: quit) ")
                out.flush()
                typed = (stdin.readline() if stdin else "")
                key = typed.strip().lower()[:1]
                if not typed or key == "q":
                    return ended, True
                if key == "c":
                    interactive = False
            elif delay:
                time.sleep(delay)
    if len(got) != len(want):
        raise Diverges("the transcript holds %d messages, the replayed referee sent %d"
                       % (len(want), len(got)))
    all_recorded()
    return ended, False


def _result_text(winner, reason, black, white):
    return "%s (%s), discs %d-%d" % ("%s won" % winner if winner else "no winner", reason,
                                     black, white)


def _result_line(rec):
    names = rec.get("names") or ["?", "?"]
    if rec.get("winner"):
        return "%s won (%s), Black %s %d-%d White %s" % (rec["winner"], rec["reason"], names[0],
                                                        rec["black"], rec["white"], names[1])
    return "no winner (%s), Black %s %d-%d White %s" % (rec["reason"], names[0], rec["black"],
                                                       rec["white"], names[1])
