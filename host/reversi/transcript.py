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

``replay`` feeds the recorded inputs at their recorded times to a fresh
``golden.reversi.Referee`` (under the transcript's rules) and checks that it
sends exactly the recorded messages; it shows the controller's screen after
every move.
"""
import json

VERSION = 2                     # 2: rules in "gm" records; "dropped" and "name_kept" records
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


def read(path):
    """The records of a transcript, checked (TranscriptError says where)."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise TranscriptError("cannot read %s: %s" % (path, e.strerror)) from None
    except UnicodeDecodeError:
        raise TranscriptError("%s is not a Reversi transcript (not text)" % path) from None
    recs = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError as e:
            raise TranscriptError("%s line %d is not JSON (%s)" % (path, n, e.msg)) from None
        if not isinstance(rec, dict) or rec.get("t") not in RECORDS:
            raise TranscriptError("%s line %d is not a Reversi transcript record" % (path, n))
        if not recs and (rec["t"] != "header" or rec.get("game") != "reversi"):
            raise TranscriptError("%s does not start with a Reversi transcript header" % path)
        try:
            if rec["t"] in ("rx", "tx"):
                unhex(rec["hex"])
            if rec["t"] in INPUTS + ("gm", "tx"):
                int(rec["ms"])
            if rec["t"] == "gm":
                w, h = rec["size"]
                int(rec["time_limit_ms"]), int(rec["mode"]), int(rec["max_illegal"])
                if rec.get("rules", 1) not in (1, 2):
                    raise ValueError("rules")
        except (KeyError, TypeError, ValueError):
            raise TranscriptError("%s line %d: a %r record with a missing or bad field"
                                  % (path, n, rec["t"])) from None
        recs.append(rec)
    if not recs:
        raise TranscriptError("%s is empty: not a Reversi transcript" % path)
    return recs


class Diverges(Exception):
    """The replayed referee sent something the transcript does not hold."""


def replay(recs, out, step=False, delay=0.0, stdin=None, show=True):
    """Feed the recorded inputs to fresh golden referees; check every message
    they send against the recorded ``tx`` records (Diverges at the first
    difference); show the controller's screen after every move. Returns
    (games ended, True when a person stopped it early with q)."""
    import time
    from golden.reversi.referee import Referee
    from golden.reversi.encoding import Reader
    from host.reversi.screen import Screen

    ref = None
    screen = Screen()
    want = [r for r in recs if r["t"] == "tx"]
    got = []
    ended = 0
    interactive = step

    def check():
        for i in range(len(got)):
            if i >= len(want):
                raise Diverges("the referee sends %s %s, the transcript holds no more messages"
                               % (got[i][0], got[i][1]))
            w = (want[i]["port"], want[i]["hex"])
            if got[i] != w:
                raise Diverges("message %d: the referee sends %s [%s], the transcript says %s [%s]"
                               % (i + 1, got[i][0], got[i][1], w[0], w[1]))

    for rec in recs:
        t = rec["t"]
        if t == "gm":
            try:
                ref = Referee(rec["size"][0], rec["size"][1], rec["time_limit_ms"], rec["mode"],
                              rec["max_illegal"], rules=rec.get("rules", 1))
            except ValueError as e:
                raise TranscriptError("a game master record the referee refuses: %s" % e) \
                    from None
            continue
        if t not in INPUTS:
            if t == "result" and show:
                out.write("** %s\n" % _result_line(rec))
            continue
        if ref is None:
            raise Diverges("an input before any game master record")
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
        check()
        ended += len(ref.history) - before
        if show and len(ref.moves) > moves:
            colour, move = ref.moves[-1]
            out.write("\n== move %d\n%s\n" % (len(ref.moves), screen.render(commands=False)))
            out.flush()
            if interactive:
                out.write("(Enter: next move, c: continuous, q: quit) ")
                out.flush()
                line = (stdin.readline() if stdin else "")
                key = line.strip().lower()[:1]
                if not line or key == "q":
                    return ended, True
                if key == "c":
                    interactive = False
            elif delay:
                time.sleep(delay)
    if len(got) != len(want):
        raise Diverges("the transcript holds %d messages, the replayed referee sent %d"
                       % (len(want), len(got)))
    return ended, False


def _result_line(rec):
    names = rec.get("names") or ["?", "?"]
    if rec.get("winner"):
        return "%s won (%s), Black %s %d-%d White %s" % (rec["winner"], rec["reason"], names[0],
                                                        rec["black"], rec["white"], names[1])
    return "no winner (%s), Black %s %d-%d White %s" % (rec["reason"], names[0], rec["black"],
                                                       rec["white"], names[1])
