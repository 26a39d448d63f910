"""Reversi player clients: each is a ``golden.reversi.Session`` (the player
core's exact protocol behaviour) with a chooser, on a TCP connection to a
game master's Black or White port.

Kinds (``make_session``):

===================  =========================================================
``first``            the first legal move in cell order (A1, B1, ... H8): the
                     contest text's "stupid gamer"
``golden[:BUDGET]``  the golden search (the core's move) at BUDGET nodes
                     (default ``GOLDEN_BUDGET``: a fraction of a second)
``random``           a uniformly random legal move (``seed``)
``human``            moves typed at the console
===================  =========================================================

The client sends Connect, answers every Next Turn, and on End disconnects
(the contest text); with ``games`` > 1 it connects again for the next game.
"""
import random
import socket
import sys
import time

from golden.reversi.encoding import COLOUR_NAMES, Reader, cell_name, parse_cell_name
from golden.reversi.session import Session

GOLDEN_BUDGET = 3000            # about 0.1 s a move in CPython (the core's own: millions)
KINDS = "first, golden[:BUDGET], random or human"
DEFAULT_NAMES = {"first": "First Legal", "golden": "Golden Search", "random": "Random",
                 "human": "Human"}


class PlayerError(Exception):
    """A bad player spec or a game master that cannot be reached; one line."""


class Quit(Exception):
    """A person left ('q' or the end of input)."""


def first_legal(position, budget):
    moves = position.legal_moves()
    return moves[0] if moves else None


def random_chooser(seed):
    rng = random.Random(seed)

    def choose(position, budget):
        moves = position.legal_moves()
        return rng.choice(moves) if moves else None
    return choose


class HumanChooser(object):
    """Asks a person for each move: a cell name (``d3``), ``pass`` when there
    is no legal move (then it is played by itself); commands ``b`` board,
    ``l`` legal moves, ``h`` help, ``q`` quit. Errors go to ``err``, one line."""

    HELP = ("type a cell as column letter and row number (d3, D3); commands: "
            "b board, l legal moves, h help, q quit")

    def __init__(self, stdin=None, out=None, err=None):
        self.stdin = stdin or sys.stdin
        self.out = out or sys.stdout
        self.err = err or sys.stderr

    def _say(self, text):
        self.out.write(text + "\n")
        self.out.flush()

    def __call__(self, position, budget):
        w = position.width
        colour = COLOUR_NAMES[position.to_move]
        legal = position.legal_moves()
        self._say(position.render())
        b, wh = position.score()
        self._say("You play %s (%s). Discs: Black %d, White %d." % (colour, "B" if colour == "Black"
                                                                     else "W", b, wh))
        if not legal:
            self._say("You have no legal move: pass.")
            return None
        while True:
            self.out.write("%s, your move (b board, l legal moves, h help, q quit): " % colour)
            self.out.flush()
            line = self.stdin.readline()
            if not line:
                self.out.write("\n")
                raise Quit("end of input")
            text = line.strip()
            if not text:
                continue
            word = text.lower()
            if word in ("q", "quit"):
                raise Quit("q")
            if word in ("b", "board"):
                self._say(position.render())
                continue
            if word in ("l", "list", "legal"):
                self._say("legal moves: " + " ".join(cell_name(c, w) for c in legal))
                continue
            if word in ("h", "help", "?"):
                self._say(self.HELP)
                self._say("legal moves: " + " ".join(cell_name(c, w) for c in legal))
                continue
            if word in ("p", "pass"):
                self._error("pass is not allowed: you have a legal move ('l' lists them)")
                continue
            try:
                move = parse_cell_name(text.replace(" ", ""), w, position.height)
            except ValueError:
                self._error("%r is neither a cell of this %dx%d board nor a command ('h': help)"
                            % (text, w, position.height))
                continue
            if move not in legal:
                why = "occupied" if position.cell(move) else "it flips nothing"
                self._error("%s is illegal: %s ('l' lists the legal moves)"
                            % (cell_name(move, w), why))
                continue
            return move

    def _error(self, text):
        self.err.write("error: %s\n" % text)
        self.err.flush()


def make_session(spec, name=None, seed=None, stdin=None, out=None, err=None, max_size=16):
    """A golden Session answering as player ``spec`` (KINDS)."""
    kind, _, arg = spec.partition(":")
    budget = None
    if kind == "golden":
        budget = GOLDEN_BUDGET
        if arg:
            try:
                budget = int(arg)
            except ValueError:
                raise PlayerError("golden:BUDGET needs a whole number of nodes, not %r" % arg) \
                    from None
    elif arg or kind not in DEFAULT_NAMES:
        raise PlayerError("unknown player %r: use %s" % (spec, KINDS))
    chooser = {"first": first_legal, "golden": None,
               "random": random_chooser(seed) if kind == "random" else None,
               "human": HumanChooser(stdin, out, err) if kind == "human" else None}[kind]
    try:
        return Session(budget=budget if budget is not None else 1, name=name or DEFAULT_NAMES[kind],
                       chooser=chooser, max_size=max_size)
    except ValueError as e:
        raise PlayerError(str(e)) from None


def connect(host, port, wait):
    """A TCP connection to host:port, retried for ``wait`` seconds."""
    deadline = time.monotonic() + wait
    while True:
        try:
            sock = socket.create_connection((host, port), timeout=5)
            sock.settimeout(None)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return sock
        except OSError as e:
            if time.monotonic() >= deadline:
                raise PlayerError("cannot connect to the game master at %s:%d: %s (is it "
                                  "running? --wait S waits longer)"
                                  % (host, port, e.strerror or e)) from None
            time.sleep(0.05)


class PlayerClient(object):
    """A Session on a game master's port. ``run()`` plays ``games`` games (a
    Connect each) and returns how it ended: "end" after the last End, or
    "closed" when the game master closed the connection first."""

    def __init__(self, session, host, port, games=1, wait=10.0, log=None, label=None):
        self.session = session
        self.host, self.port = host, port
        self.games = games
        self.wait = wait
        self.log = log
        self.label = label or session.name.decode()
        self.sock = None
        self.ended = 0
        self.moves = 0

    def say(self, line):
        if self.log is not None:
            self.log.write("%s: %s\n" % (self.label, line))
            self.log.flush()

    def run(self):
        try:
            while self.ended < self.games:
                self.sock = connect(self.host, self.port, self.wait)
                self.say("connected to %s:%d" % (self.host, self.port))
                if self.ended:
                    self.session.reset()        # a player starts afresh for a new game
                how = self._one_game()
                self.sock.close()
                self.sock = None
                if how != "end":
                    return how
            return "end"
        finally:
            if self.sock is not None:
                self.sock.close()

    def _one_game(self):
        s = self.session
        self.sock.sendall(s.hello())
        ends = s.ends
        reader = Reader()               # only to count New Moves sent
        while True:
            try:
                data = self.sock.recv(4096)
            except OSError:
                data = b""
            if not data:
                self.say("the game master closed the connection")
                return "closed"
            try:
                answer = s.feed(data)
            except Quit as e:
                self.say("left the game (%s)" % e)
                return "quit"
            if answer:
                self.moves += len(reader.feed(answer))
                self.sock.sendall(answer)
            if s.ends > ends:
                self.ended += 1
                self.say("End received: disconnecting")
                return "end"
