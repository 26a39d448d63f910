"""The Reversi game controller: shows the game and sends the game master
Control messages.

Terminal commands (the contest text's, plus b and h):

=============  ==============================================================
``s``          step by step mode; each further ``s`` lets one move be asked
``c``          continuous mode (a held move goes out at once)
``ch W [H]``   change the board size (H defaults to W); used from the next
               restart
``r``          restart: end the game in progress, start one at the new size
``q``          quit the controller (the game master goes on)
``b``, ``h``   show the screen again; help
=============  ==============================================================

``ControllerClient`` is the same controller without a terminal, for
programs and tests: ``step()``, ``continuous()``, ``size(w, h)``,
``restart()``, ``quit()``, and ``wait(predicate, timeout)`` on its
``screen`` (``host.reversi.screen.Screen``).
"""
import socket
import sys
import threading
import time

from golden.reversi.encoding import (MAX_SIZE, MIN_SIZE, MODE_CONTINUOUS, MODE_STEP, NO_RESTART,
                                     OP_END, OP_OK, OP_STATUS2, RESTART, Reader, encode_connect,
                                     encode_control, size_ok)

from host.reversi.players import PlayerError, connect
from host.reversi.screen import Screen

HELP = ("commands: s step by step mode (again: one more move), c continuous mode, "
        "ch W [H] change the board size (from the next restart), r restart, q quit, "
        "b show the screen, h help")


class ControllerClient(object):
    """A controller connection; a thread reads the game master's messages
    into ``screen``; ``on_frame(client, frame)`` is called for each (from
    that thread), ``on_close()`` when the game master closes."""

    def __init__(self, host, port, name="Controller", wait=10.0, on_frame=None,
                 mode=MODE_CONTINUOUS, on_close=None):
        self.sock = connect(host, port, wait)
        self.screen = Screen()
        self.mode = mode
        self.on_frame = on_frame
        self.on_close = on_close
        self.quitting = False
        self.closed = threading.Event()
        self.cond = threading.Condition()
        self.sent = []                  # the Control messages sent, in order
        self._thread = threading.Thread(target=self._reader, daemon=True)
        self._thread.start()
        self._send(encode_connect(name))       # the GM answers with Status1 and Status2

    def _reader(self):
        reader = Reader()
        try:
            while True:
                try:
                    data = self.sock.recv(4096)
                except OSError:
                    data = b""
                if not data:
                    return
                for frame in reader.feed(data):
                    with self.cond:
                        self.screen.feed_frame(frame)
                        self.cond.notify_all()
                    if self.on_frame is not None:
                        self.on_frame(self, frame)
        finally:
            self.closed.set()
            with self.cond:
                self.cond.notify_all()
            if self.on_close is not None and not self.quitting:
                self.on_close()

    def _send(self, data):
        try:
            self.sock.sendall(data)
        except OSError:
            raise PlayerError("the game master closed the controller connection") from None

    def control(self, width=0, height=0, restart=NO_RESTART):
        msg = encode_control(width, height, self.mode, restart)
        self.sent.append(msg)
        self._send(msg)

    def step(self):
        """Step by step mode; when in it already, one more move."""
        self.mode = MODE_STEP
        self.control()

    def continuous(self):
        self.mode = MODE_CONTINUOUS
        self.control()

    def size(self, width, height):
        self.control(width, height)

    def restart(self):
        self.control(restart=RESTART)

    def quit(self):
        self.quitting = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self.closed.wait(2)

    def wait(self, predicate, timeout=10.0):
        """Wait until predicate(screen) is true; returns it (False on timeout)."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                v = predicate(self.screen)
                if v or self.closed.is_set():
                    return v
                left = deadline - time.monotonic()
                if left <= 0:
                    return v
                self.cond.wait(left)


def parse_size(words):
    """(w, h) of `ch W [H]` words; ValueError with the reason."""
    if not 1 <= len(words) <= 2 or not all(w.isdigit() for w in words):
        raise ValueError("ch needs one or two numbers: ch 6 or ch 8 6")
    w = int(words[0])
    h = int(words[1]) if len(words) == 2 else w
    if not size_ok(w, h):
        raise ValueError("a board is W x H with W and H even in %d..%d, not %d x %d"
                         % (MIN_SIZE, MAX_SIZE, w, h))
    return w, h


def run_terminal(host, port, stdin=None, out=None, err=None, name="Controller", wait=10.0,
                 mode=MODE_CONTINUOUS):
    """The terminal controller: a screen after every Status2 (and End), a
    command a line from ``stdin``. Returns 0 on q or the end of input, 1 when
    the game master closed the connection."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    err = err or sys.stderr
    lock = threading.Lock()

    def on_frame(client, frame):
        op = frame[0]
        with lock:
            if op == OP_STATUS2:
                out.write("\n" + client.screen.render() + "\n")
            elif op == OP_END:
                out.write("== End: the game is over\n")
            elif op == OP_OK and frame[1] == 0:
                out.write("== the game master refused the command (NOK)\n")
            out.flush()

    def on_close():
        with lock:
            out.write("== the game master closed the connection (Enter or q to leave)\n")
            out.flush()

    out.write("controller: game master %s:%d; %s\n" % (host, port, HELP))
    out.flush()
    client = ControllerClient(host, port, name=name, wait=wait, on_frame=on_frame, mode=mode,
                              on_close=on_close)
    while True:
        line = stdin.readline()
        if client.closed.is_set():
            err.write("error: the game master closed the connection\n")
            return 1
        if not line:
            client.quit()
            return 0
        words = line.split()
        if not words:
            continue
        cmd = words[0].lower()
        try:
            if cmd in ("q", "quit"):
                client.quit()
                return 0
            elif cmd in ("s", "step"):
                client.step()
            elif cmd in ("c", "continuous"):
                client.continuous()
            elif cmd in ("ch", "change", "size"):
                w, h = parse_size(words[1:])
                client.size(w, h)
                with lock:
                    out.write("== next board %dx%d (from the next restart: r)\n" % (w, h))
            elif cmd in ("r", "restart"):
                client.restart()
            elif cmd in ("b", "board"):
                with lock:
                    out.write(client.screen.render() + "\n")
            elif cmd in ("h", "help", "?"):
                with lock:
                    out.write(HELP + "\n")
            else:
                raise ValueError("unknown command %r ('h': help)" % line.strip())
        except ValueError as e:
            with lock:
                err.write("error: %s\n" % e)
                err.flush()
        except PlayerError as e:
            err.write("error: %s\n" % e)
            return 1
        with lock:
            out.flush()
