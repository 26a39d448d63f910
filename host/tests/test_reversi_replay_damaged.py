"""``python -m host.reversi replay`` on a damaged transcript: never a
traceback. Every field a record must hold missing, of the wrong type or out
of range, records out of order, a cut last line, bytes that are not UTF-8, an
empty file, a directory: one ``error:`` line naming the transcript's line and
what is wrong, exit status 2 (the same with ``--html``). A property-based test
damages a real transcript's records at random: the replay either succeeds
(the damage was harmless), or diverges (exit 1, one ``replay diverges:``
line), or refuses it (exit 2, one ``error:`` line); it never raises."""
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from host.tests.reversi_support import run_cli

V1 = Path(__file__).with_name("test_reversi_transcript_v1.jsonl")


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """The records of a real version-2 transcript: two 4x4 games of a
    tournament (two game masters, notes, moves with passes, results)."""
    t = tmp_path_factory.mktemp("damaged") / "t.jsonl"
    code, out, err = run_cli(["game", "first", "random", "--size", "4", "--games", "2",
                              "--seed", "3", "--quiet", "--transcript", str(t)])
    assert code == 0, err
    return [json.loads(line) for line in t.read_text().splitlines()]


def _write(path, recs):
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return path


def _replay(path, html=None):
    argv = ["replay", str(path), "--quiet"] + (["--html", str(html)] if html else [])
    return run_cli(argv)


def _refused(path, tmp_path, *words):
    """The replay (and --html) refuse ``path`` with one error line holding
    every one of ``words``; returns that line."""
    code, out, err = _replay(path)
    assert code == 2 and err.startswith("error: ") and len(err.splitlines()) == 1, (code, err)
    assert "Traceback" not in err
    for w in words:
        assert w in err, (w, err)
    page = tmp_path / "page.html"
    assert _replay(path, page)[::2] == (code, err)
    assert not page.exists()
    return err


def _v1():
    return [json.loads(line) for line in V1.read_text().splitlines()]


def _with(games, t):
    """Copies of the records of the transcript that holds a ``t`` record: the
    tournament's, else the version-1 one (ticks, closes, a restart)."""
    recs = games if any(r["t"] == t for r in games) else _v1()
    return [dict(r) for r in recs]


def _first(recs, t, **match):
    return next(i for i, r in enumerate(recs)
                if r["t"] == t and all(r.get(k) == v for k, v in match.items()))


def test_both_transcripts_replay(games, tmp_path):
    """The starting points of the damage below replay as they are."""
    code, out, err = _replay(_write(tmp_path / "t.jsonl", games))
    assert code == 0 and "replay: 2 game(s) ended" in out, err
    code, out, err = _replay(V1)
    assert code == 0 and "replay: 2 game(s) ended" in out, err


# ------------------------------------------------------------------ the reviewer's cases
@pytest.mark.parametrize("value, words", [
    (None, '"hex" is null'),
    ([1, 2], '"hex" is [1, 2]'),
    (12, '"hex" is 12'),
    ("0", '"hex" is "0"'),                       # odd length
    ("zz", '"hex" is "zz"'),                     # not hex
])
def test_a_bad_hex(games, tmp_path, value, words):
    recs = [dict(r) for r in games]
    k = _first(recs, "rx")
    recs[k]["hex"] = value
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 1), "rx record",
             words, "bytes in hex")


@pytest.mark.parametrize("t", ["rx", "tx", "close"])
def test_a_port_that_does_not_exist(games, tmp_path, t):
    recs = _with(games, t)
    k = _first(recs, t)
    recs[k]["port"] = "green"
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 1),
             '"port" is "green"', "black, white or controller")


@pytest.mark.parametrize("version", [99, 0, "2", None, 2.0, True])
def test_a_version_it_does_not_read(games, tmp_path, version):
    recs = [dict(r) for r in games]
    recs[0]["version"] = version
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line 1", "version",
             "1 or 2, the versions this program reads")


def test_a_header_alone_is_no_game(games, tmp_path):
    err = _refused(_write(tmp_path / "t.jsonl", games[:1]), tmp_path, "holds no game")
    assert "0 game(s)" not in err
    # blank lines and records for people only do not make a game either
    path = tmp_path / "t2.jsonl"
    path.write_text(json.dumps(games[0]) + "\n\n" + json.dumps({"t": "note", "game": 1,
                    "black": "a", "white": "b"}) + "\n")
    _refused(path, tmp_path, "holds no game")
    # nor a game master that nobody reached (up to the first input)
    k = _first(games, "rx")
    err = _refused(_write(tmp_path / "t3.jsonl", games[:k]), tmp_path, "holds no game",
                   "nothing reached", "line 2")


# ------------------------------------------------------------------ every record, every field
def _fields(recs):
    """(index, field) of every field the replay or the page reads."""
    read = {"header": ("game", "version"), "gm": ("ms", "size", "time_limit_ms", "mode",
                                                  "max_illegal", "rules"),
            "rx": ("ms", "port", "hex"), "tx": ("ms", "port", "hex"), "close": ("ms", "port"),
            "stall": ("ms", "port"), "tick": ("ms",), "restart": ("ms",),
            "move": ("colour", "move", "ms"), "result": ("winner", "reason", "black", "white"),
            "note": ("black", "white")}
    seen = set()
    for i, r in enumerate(recs):
        for f in read.get(r["t"], ()):
            if (r["t"], f) not in seen and f in r:
                seen.add((r["t"], f))
                yield i, f


@pytest.mark.parametrize("which", ["tournament", "version 1"])
def test_every_field_missing(games, tmp_path, which):
    recs = games if which == "tournament" else _v1()
    checked = 0
    for k, field in _fields(recs):
        bad = [dict(r) for r in recs]
        del bad[k][field]
        words = ("line %d" % (k + 1), '"%s"' % field) if k else ("header",)
        _refused(_write(tmp_path / "t.jsonl", bad), tmp_path, *words)
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("which", ["tournament", "version 1"])
@pytest.mark.parametrize("value", [None, [1, 2], {"a": 1}, "text", -1, 1.5, True, 10 ** 30])
def test_every_field_of_a_wrong_type_or_range(games, tmp_path, value, which):
    """Each value, in each field the replay reads, is refused unless the field
    may hold it (a huge time, a time limit, a winner of null...); never a
    traceback."""
    recs = games if which == "tournament" else _v1()
    refused = 0
    for k, field in _fields(recs):
        bad = [dict(r) for r in recs]
        if bad[k][field] == value and type(bad[k][field]) is type(value):
            continue
        bad[k][field] = value
        code, out, err = _replay(_write(tmp_path / "t.jsonl", bad))
        assert "Traceback" not in err and len(err.splitlines()) <= 1, (k, field, err)
        if code == 2:
            assert err.startswith("error: ") and "line %d" % (k + 1) in err, (k, field, err)
            refused += 1
        else:
            assert code in (0, 1), (k, field, code, err)
    assert refused >= 10


@pytest.mark.parametrize("size", [[7, 8], [2, 2], [18, 18], [8], [8, 8, 8], "8x8", [8, "8"]])
def test_a_size_that_is_not_a_board(games, tmp_path, size):
    recs = [dict(r) for r in games]
    k = _first(recs, "gm")
    recs[k]["size"] = size
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 1), '"size"',
             "even")


def test_negative_and_backward_times(games, tmp_path):
    recs = [dict(r) for r in games]
    k = _first(recs, "rx")
    recs[k]["ms"] = -5
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 1), '"ms" is -5',
             "0 or more")
    # an input earlier than the one before it (the referee would see a move
    # take a negative time)
    recs = [dict(r) for r in games]
    ins = [i for i, r in enumerate(recs) if r["t"] == "rx"]
    recs[ins[4]]["ms"] = recs[ins[5]]["ms"] + 1
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (ins[5] + 1),
             "line %d" % (ins[4] + 1), "goes back")


def test_a_stall_with_a_bad_port_and_a_tick_without_time(games, tmp_path):
    recs = [dict(r) for r in games]
    k = _first(recs, "rx")
    recs.insert(k + 1, {"t": "stall", "port": 3, "ms": recs[k]["ms"]})
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 2), "stall record",
             '"port" is 3')
    recs[k + 1] = {"t": "tick"}
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 2), "tick record",
             'no "ms"')


def test_a_restart_with_a_string_time(tmp_path):
    recs = _v1()
    k = _first(recs, "restart")
    recs[k]["ms"] = "soon"
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 1),
             'restart record\'s "ms" is "soon"')


def test_a_version_2_game_master_without_rules(games, tmp_path):
    recs = [dict(r) for r in games]
    k = _first(recs, "gm")
    del recs[k]["rules"]
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 1), '"rules"')


def test_result_and_move_records_the_replay_shows(games, tmp_path):
    """A result's names of the wrong length, a move on another cell: refused
    or a divergence naming the line, never a traceback (the page draws them)."""
    recs = [dict(r) for r in games]
    k = _first(recs, "result")
    recs[k]["names"] = ["only one"]
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 1), '"names"')
    recs = [dict(r) for r in games]
    k = _first(recs, "move")
    recs[k]["move"] = "A1"                       # no legal first move: the page could not play it
    for html in (None, tmp_path / "p.html"):
        code, out, err = _replay(_write(tmp_path / "t.jsonl", recs), html)
        assert code == 1 and err.startswith("replay diverges: line %d: " % (k + 1)), err
        assert len(err.splitlines()) == 1
    recs = [dict(r) for r in games]
    del recs[_first(recs, "move")]               # a move record missing
    code, out, err = _replay(_write(tmp_path / "t.jsonl", recs), tmp_path / "p.html")
    assert code == 1 and "no move record" in err and len(err.splitlines()) == 1, err
    recs = [dict(r) for r in games]
    k = _first(recs, "result")
    recs[k]["black"], recs[k]["white"] = recs[k]["white"], recs[k]["black"] + 1
    code, out, err = _replay(_write(tmp_path / "t.jsonl", recs))
    assert code == 1 and err.startswith("replay diverges: line %d: " % (k + 1)), err


def test_a_note_with_a_list_for_its_game(games, tmp_path):
    recs = [dict(r) for r in games]
    k = _first(recs, "note")
    recs[k]["game"] = [1]
    _refused(_write(tmp_path / "t.jsonl", recs), tmp_path, "line %d" % (k + 1), '"game" is [1]')


# ------------------------------------------------------------------ order and the file itself
def test_records_out_of_order(games, tmp_path):
    recs = [dict(r) for r in games]
    # the header not first
    _refused(_write(tmp_path / "t.jsonl", recs[1:2] + recs[:1] + recs[2:]), tmp_path,
             "line 1", "header")
    # a second header
    _refused(_write(tmp_path / "t.jsonl", recs[:5] + recs[:1] + recs[5:]), tmp_path, "line 6",
             "second header")
    # an input before any game master record
    k = _first(recs, "rx")
    g = _first(recs, "gm")
    _refused(_write(tmp_path / "t.jsonl", recs[:g] + [recs[k]] + recs[g:k] + recs[k + 1:]),
             tmp_path, "line %d" % (g + 1), "before any game master")


@pytest.mark.parametrize("text, words", [
    (b"", ("is empty",)),
    (b"\n\n  \n", ("is empty",)),
    (None, ("line 88", "not JSON")),                           # a cut last line
    (b'{"t": "header", "game": "reversi", "version": 2}\n\xff\xfe\n', ("line 2", "UTF-8")),
    (b'{"t": "header", "game": "reversi", "version": 2}\n[1, 2]\n', ("line 2", "not a")),
    (b'{"t": "header", "game": "reversi", "version": 2}\n{"t": "chess"}\n', ("line 2", '"chess"')),
    (b'{"t": "header", "game": "reversi", "version": 2}\n{"t": null}\n', ("line 2", '"t"')),
    (b'{"t": "header", "game": "reversi", "version": 2}\n' + b"[" * 100000 + b"\n",
     ("line 2", "not JSON")),
    (b'{"t": "header", "game": "reversi", "version": 2}\n{"t": "gm", "ms": 1e999}\n',
     ("line 2", '"ms"')),
])
def test_damaged_files(games, tmp_path, text, words):
    path = tmp_path / "t.jsonl"
    if text is None:
        whole = "".join(json.dumps(r) + "\n" for r in games[:88])
        path.write_text(whole[:-10])
    else:
        path.write_bytes(text)
    _refused(path, tmp_path, *words)


def test_a_directory_and_a_missing_file(tmp_path):
    _refused(tmp_path, tmp_path, "cannot read", "directory")
    _refused(tmp_path / "nothing.jsonl", tmp_path, "cannot read", "No such file")


# ------------------------------------------------------------------ random damage
_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10, 20),
                    st.integers(min_value=10 ** 12, max_value=10 ** 40),
                    st.floats(allow_nan=False), st.text(max_size=6),
                    st.sampled_from(["black", "white", "controller", "green", "Black", "pass",
                                     "D3", "01 02", "0", "zz", "reversi", "end", "restart"]),
                    st.lists(st.integers(-3, 20), max_size=3), st.just({"a": 1}))


@st.composite
def _damage(draw):
    """A list of (where: a fraction of the records, how, which field or kind,
    value) changes."""
    return draw(st.lists(st.tuples(st.floats(0, 1, exclude_max=True),
                                   st.sampled_from(["drop", "set", "delete", "swap", "dup",
                                                    "retype"]),
                                   st.integers(0, 20), _VALUES), min_size=1, max_size=3))


_KINDS = ("header", "gm", "rx", "tx", "close", "stall", "tick", "restart", "move", "result",
          "note", "accept", "nok", "dropped", "name_kept")


def _apply(recs, changes):
    recs = [dict(r) for r in recs]
    for where, how, f, value in changes:
        k = int(where * len(recs))
        if how == "delete":
            del recs[k]
        elif how == "dup":
            recs.insert(k, dict(recs[k]))
        elif how == "retype":                    # a copy as a record of another kind
            recs.insert(k, dict(recs[k], t=_KINDS[f % len(_KINDS)]))
        elif how == "swap":
            j = min(k + 1, len(recs) - 1)
            recs[k], recs[j] = recs[j], recs[k]
        else:
            keys = sorted(recs[k]) or ["t"]
            key = keys[f % len(keys)]
            if how == "drop":
                recs[k].pop(key, None)
            else:
                recs[k][key] = value
        if not recs:
            break
    return recs


def _base(games, which):
    return games if which else _v1()


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(which=st.booleans(), changes=_damage())
def test_random_damage_never_raises(games, tmp_path, which, changes):
    recs = _apply(_base(games, which), changes)
    path = _write(tmp_path / "t.jsonl", recs)
    code, out, err = _replay(path)
    event("exit %d" % code)
    assert "Traceback" not in err
    if code == 0:
        assert err == "" and "every message as the transcript says" in out
    elif code == 1:
        assert err.startswith("replay diverges: ") and len(err.splitlines()) == 1, err
    else:
        assert code == 2 and err.startswith("error: ") and len(err.splitlines()) == 1, err


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(which=st.booleans(), changes=_damage())
def test_random_damage_never_raises_with_html(games, tmp_path, which, changes):
    recs = _apply(_base(games, which), changes)
    path = _write(tmp_path / "t.jsonl", recs)
    page = tmp_path / "p.html"
    if page.exists():
        page.unlink()
    code, out, err = _replay(path, page)
    assert code in (0, 1, 2) and len(err.splitlines()) <= 1 and "Traceback" not in err, err
    assert page.exists() == (code == 0)
