"""The game viewer: a transcript as one self-contained HTML page.

    python -m host.referee --replay game.jsonl --html game.html      (Score-4, Blokus Duo)
    python -m host.reversi replay game.jsonl --html game.html         (Reversi)

The transcript is replayed first, exactly as ``--replay`` does (every move
checked again by the golden rules, a transcript that does not replay gives
the same one-line error), and the board after every move is kept. The page
holds those boards as JSON and draws them as inline SVG with a little
JavaScript: no network, no server, one file to open or send.

On the page: step forward and back (buttons or the arrow keys, Home / End),
jump to a move (its number, or a click in the move list); the move list
with each side's time and, where the transcript has them (a ``search``
object in a move's record: ``depth``, ``nodes``, ``score``), the search's
figures; for Blokus the tiles each side has left; the result and why the
game ended. The URL fragment says where the page is (``#move=N``, with
``&game=G`` for a transcript of several games) and opening the page with
one shows that move.

A board is a list of rows of one-letter cells, the same letters as the
N/R/B board files: ``N`` empty, ``R`` the first mover (seat 0), ``B`` the
second (Score-4 rows y = 4..1, each its levels 1..4 side by side; Blokus
rows Y = 1..14); Reversi: ``N``, ``B`` Black, ``W`` White, rows 1 up. In the
page every cell is an SVG ``rect`` of class ``cell`` with ``data-r``,
``data-c`` (its row and column in that list) and ``data-v`` (its letter).
"""
import html
import io
import json
import os

PAGE_VERSION = 1


# ------------------------------------------------------------------ Score-4 / Blokus
def _rows(game):
    """The board of a host game (host.games) as rows of N/R/B letters."""
    return [row.replace(" ", "") for row in game.board_text().splitlines()]


def _tiles_left(game):
    """Blokus: the letters of the tiles each seat has not placed."""
    from golden.blokus.encoding import N_TILES, TILE_LETTERS
    return [[TILE_LETTERS[t] for t in range(N_TILES) if not game.pos.used[s] >> t & 1]
            for s in (0, 1)]


def _recorder_class(R):
    class Recorder(R.Referee):
        """A quiet referee that keeps the board after every move it applies."""

        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self.games = []
            self.current = None
            self.last_exchange = None
            self.search_of = {}         # (player, its exchange number): a recorded search
            self.x_count = [0, 0]       # exchanges of each player so far

        def exchange(self, player, data, n):
            self.x_count[self.index(player)] += 1
            got, secs, status = super().exchange(player, data, n)
            self.last_exchange = (self.index(player), got, secs)
            return got, secs, status

        def play(self, first=0, setup=(), number=1):
            self.current = {"no": number, "first": first, "setup": len(setup),
                            "frames": None, "result": None}
            self.games.append(self.current)
            return super().play(first, setup, number)

        def write_board(self):
            super().write_board()
            g = self.game
            cur = self.current
            if cur["frames"] is None:
                cur["frames"] = [self._frame(self.game_cls(), None)]
            seat, move = g.history[-1]
            cur["frames"].append(self._frame(g, (seat, move)))

        def _frame(self, g, last):
            f = {"board": _rows(g), "points": [g.points(self.seats.index(i)) for i in (0, 1)]}
            if g.name == "blokus":
                left = _tiles_left(g)
                f["tiles"] = [left[self.seats.index(i)] for i in (0, 1)]
            if last is not None:
                seat, move = last
                player = self.seats[seat]
                f["player"] = player
                f["move"] = g.code(move).decode()
                f["pass"] = move is None
                idx, _, secs = self.last_exchange
                f["seconds"] = secs if idx == player else None
                search = self.search_of.get((player, self.x_count[player]))
                if search:
                    f["search"] = search
                if len(g.history) <= self.current["setup"]:
                    f["setup"] = True
            return f

    return Recorder


def _search_records(recs):
    """{(player, number of its exchange): the ``search`` object of that x record}."""
    out, count = {}, [0, 0]
    for r in recs:
        if r["t"] == "x":
            count[r["p"]] += 1
            if isinstance(r.get("search"), dict):
                out[(r["p"], count[r["p"]])] = r["search"]
    return out


def referee_page(args, R):
    """The page of the transcript ``args.replay`` (the referee's options);
    RefereeError / ReplayDiverges as ``--replay`` raises them. ``R``: the
    referee's module, given by the referee itself (``__main__`` under
    ``python -m host.referee``, whose RefereeError is its own), so that this
    module imports nothing of the referee: host.referee imports it."""
    if not args.replay:
        raise R.RefereeError("--html OUT.html draws a recorded game: give it with --replay "
                             "TRANSCRIPT")
    R.check_output_file(args.html, "--html")
    plan = R._replay_plan(args)
    recs = R.read_transcript(args.replay)
    sink = io.StringIO()
    time_limit, sim_limit = plan.limits
    ref = _recorder_class(R)(plan.game_cls, plan.players, time_limit=time_limit,
                            sim_limit=sim_limit, quiet=True, out=sink, err=sink,
                            stdin=io.StringIO())
    ref.announce_each = False
    ref.search_of = _search_records(recs)
    try:
        for n, (first, setup) in enumerate(plan.games, 1):
            res = R._play_one(ref, n, first, setup)
            R._check_replayed(plan, n, res)
            cur = ref.games[-1]
            if cur["frames"] is None:
                cur["frames"] = [ref._frame(plan.game_cls(), None)]
            cur["result"] = _referee_result(plan, res)
            if res["abandoned"]:
                break
    finally:
        ref.close()
    g = plan.game_cls
    return {"version": PAGE_VERSION, "kind": g.name, "title": g.title,
            "source": os.path.basename(args.replay),
            "players": ["Player %d (%s)" % (i + 1, s) for i, s in enumerate(plan.specs)],
            "marks": ["R", "B"], "points_name": g.points_name, "games": ref.games}


def _referee_result(plan, res):
    """The result line the referee announces, without the players' answers' noise."""
    names = ["Player %d (%s)" % (i + 1, s) for i, s in enumerate(plan.specs)]
    if res["abandoned"]:
        text = "Game abandoned (%s)." % res["reason"][len("abandoned: "):]
    elif res["violation"]:
        text = "%s lost the game by violation: %s." % (names[res["loser"]], res["reason"])
    elif res["winner"] is None:
        text = "Draw game (%s)." % res["reason"]
    else:
        text = "%s won the game (%s)." % (names[res["winner"]], res["reason"])
    return {"text": text, "winner": res["winner"], "reason": res["reason"],
            "points": res["points"]}


def write_referee_html(args, out, referee_module):
    """``python -m host.referee --replay T --html OUT``: write the page; 0."""
    page = referee_page(args, referee_module)
    _write(args.html, page)
    out.write("wrote %s: %d game(s), %d moves\n" % (
        args.html, len(page["games"]), sum(len(g["frames"]) - 1 for g in page["games"])))
    return 0


# --------------------------------------------------------------------------- Reversi
def _reversi_rows(pos):
    from golden.reversi.encoding import BLACK, WHITE
    rows = []
    for y in range(pos.height):
        rows.append("".join({BLACK: "B", WHITE: "W"}.get(pos.cell(y * pos.width + x), "N")
                            for x in range(pos.width)))
    return rows


def reversi_page(path):
    """The page of a Reversi transcript; TranscriptError / Diverges as the
    replay raises them (the replay runs first, checking every message)."""
    from golden.reversi.board import start
    from golden.reversi.encoding import BLACK, WHITE, parse_cell_name
    from host.reversi import transcript as T
    recs = T.read(path)
    T.replay(recs, io.StringIO(), show=False)
    head = recs[0]
    games, cur, size, pos = [], None, (8, 8), None
    notes = {}
    for r in recs:
        t = r["t"]
        if t == "gm":
            size = tuple(r["size"])
        elif t == "note":
            notes[r.get("game")] = r
        elif t == "move":
            if cur is None:
                # a restart may have changed the size since the gm record: the
                # move records say theirs (transcripts before them: the gm's)
                pos = start(*(tuple(r["size"]) if isinstance(r.get("size"), list) else size))
                cur = {"no": len(games) + 1, "first": 0, "setup": 0, "result": None,
                       "frames": [{"board": _reversi_rows(pos), "points": list(pos.score())}]}
                note = notes.get(cur["no"])
                cur["names"] = ([note["black"], note["white"]] if note else None)
                games.append(cur)
            colour = BLACK if r["colour"] == "Black" else WHITE
            move = None if r["move"] == "pass" else parse_cell_name(r["move"], pos.width,
                                                                   pos.height)
            if pos.to_move != colour:          # the referee moved for nobody: a pass
                pos = pos.play(None)
            pos = pos.play(move)
            f = {"board": _reversi_rows(pos), "points": list(pos.score()),
                 "player": 0 if colour == BLACK else 1, "move": r["move"],
                 "pass": move is None, "seconds": None if move is None else r["ms"] / 1000.0,
                 "name": r.get("name")}
            if isinstance(r.get("search"), dict):
                f["search"] = r["search"]
            cur["frames"].append(f)
        elif t == "result" and cur is not None:
            names = r.get("names") or ["?", "?"]
            text = ("%s (%s) won (%s), discs %d-%d." % (r["winner"], names[0 if r["winner"] ==
                                                                          "Black" else 1],
                                                        r["reason"], r["black"], r["white"])
                    if r.get("winner") else "No winner (%s), discs %d-%d."
                    % (r["reason"], r["black"], r["white"]))
            cur["result"] = {"text": text, "winner": None if not r.get("winner") else
                             (0 if r["winner"] == "Black" else 1), "reason": r["reason"],
                             "points": [r["black"], r["white"]]}
            cur = None
    players = ["Black", "White"]
    return {"version": PAGE_VERSION, "kind": "reversi", "title": "Reversi",
            "source": os.path.basename(path), "players": players, "marks": ["B", "W"],
            "points_name": "discs", "games": games, "tool": head.get("tool")}


def write_reversi_html(path, out_path, out):
    """``python -m host.reversi replay T --html OUT``: write the page; 0."""
    from host.reversi.transcript import TranscriptError
    why = _unwritable(out_path)
    if why:
        raise TranscriptError("--html %s: %s" % (out_path, why))
    page = reversi_page(path)
    _write(out_path, page)
    out.write("wrote %s: %d game(s), %d moves\n" % (
        out_path, len(page["games"]), sum(len(g["frames"]) - 1 for g in page["games"])))
    return 0


# ------------------------------------------------------------------------------ page
def _unwritable(path):
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return "it is a directory"
    if not os.path.isdir(folder):
        return "there is no directory %s" % folder
    if not os.access(folder, os.W_OK):
        return "the directory %s is not writable" % folder
    return None


def _write(path, page):
    with open(path, "w") as f:
        f.write(render(page))


def render(page):
    """The whole HTML page of ``page`` (the dict the replays build)."""
    data = json.dumps(page, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")
    title = "%s: %s" % (page["title"], page["source"])
    return (TEMPLATE.replace("@TITLE@", html.escape(title))
            .replace("@DATA@", data))


TEMPLATE = r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>@TITLE@</title>
<style>
body { font-family: sans-serif; margin: 1em; color: #222; }
h1 { font-size: 1.2em; margin: 0 0 .4em 0; }
#bar { margin: .5em 0; }
#bar button { font-size: 1em; min-width: 2.4em; }
#bar input { width: 4em; font-size: 1em; }
#main { display: flex; gap: 1.5em; align-items: flex-start; }
#left { max-width: 44em; }
#moves { max-height: 40em; overflow-y: auto; border: 1px solid #ccc; position: relative; }
#moves table { border-collapse: collapse; font-size: .85em; }
#moves td, #moves th { padding: 2px 6px; text-align: right; white-space: nowrap; }
#moves th { position: sticky; top: 0; background: #eee; }
#moves tr.now { background: #ffe58a; }
#moves tbody tr { cursor: pointer; }
#moves tr.setup td { color: #888; }
.who0 { color: #b03a2e; font-weight: bold; } .who1 { color: #1f5f99; font-weight: bold; }
body.reversi .who0 { color: #000; } body.reversi .who1 { color: #777; }
#moves { flex-shrink: 0; }
#side p { margin: .3em 0; }
#result { font-weight: bold; margin-top: .6em; }
.tiles span.t { display: inline-block; width: 1.2em; text-align: center; border: 1px solid #999;
              margin: 1px; font-family: monospace; }
.key { font-size: .8em; color: #555; }
</style>
</head>
<body>
<h1 id="title"></h1>
<div id="players"></div>
<div id="bar">
  <span id="gamebox"></span>
  <button id="first" title="the start (Home)">|&lt;</button>
  <button id="back" title="one move back (left arrow)">&lt;</button>
  <button id="step" title="the next move (right arrow)">&gt;</button>
  <button id="last" title="the last move (End)">&gt;|</button>
  move <input id="jump" type="number" min="0" value="0"> <button id="go">go</button>
  <span id="status"></span>
</div>
<div id="main">
  <div id="left">
  <div id="boardbox"></div>
  <div id="side">
    <p id="movetext"></p>
    <p id="points"></p>
    <div id="tiles"></div>
    <p id="result"></p>
    <p class="key">Keys: left / right arrow a move, Home / End the start / the end. The address
    (#move=N) says where you are: copy it to show someone this move.</p>
  </div>
  </div>
  <div id="moves"></div>
</div>
<script id="data" type="application/json">@DATA@</script>
<script>
"use strict";
var D = JSON.parse(document.getElementById("data").textContent);
var G = 0, M = 0;
var COLOURS = {score4: {R: "#c0392b", B: "#2471a3"}, blokus: {R: "#c0392b", B: "#2471a3"},
               reversi: {B: "#111", W: "#f4f4f4"}};
var SVGNS = "http://www.w3.org/2000/svg";
function el(name, attrs, parent) {
  var e = document.createElementNS(SVGNS, name);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
function game() { return D.games[G]; }
function frames() { return game().frames; }
function seconds(s) { return s === null || s === undefined ? "-" : (s < 1 ? Math.round(s * 1000) + " ms" : s.toFixed(2) + " s"); }
function fmt(v) { return v === null || v === undefined ? "" : String(v); }
function markOf(player) {            // the letter of a player's cells in this game
  if (D.kind === "reversi") return player === 0 ? "B" : "W";
  return player === game().first ? "R" : "B";
}
function drawBoard(f, prev) {
  var box = document.getElementById("boardbox");
  box.innerHTML = "";
  var rows = f.board, colours = COLOURS[D.kind], s, svg, r, c;
  var fresh = function (r, c) {
    var v = rows[r][c];
    return prev && v !== "N" && prev.board[r][c] === "N";
  };
  if (D.kind === "score4") {
    s = 30;
    svg = el("svg", {id: "board", width: 4 * (4 * s + 20) + 10, height: 4 * s + 40}, box);
    for (var z = 0; z < 4; z++) {
      var ox = 10 + z * (4 * s + 20);
      var t = el("text", {x: ox + 2 * s, y: 14, "text-anchor": "middle", "font-size": 12}, svg);
      t.textContent = "level " + (z + 1);
      for (r = 0; r < 4; r++) for (c = 0; c < 4; c++) {
        var v = rows[r][4 * z + c];
        el("rect", {"class": "cell", "data-r": r, "data-c": 4 * z + c, "data-v": v,
                    x: ox + c * s, y: 22 + r * s, width: s, height: s, fill: "#f3e9d2",
                    stroke: "#8a7", "stroke-width": 1}, svg);
        if (v !== "N") el("circle", {cx: ox + c * s + s / 2, cy: 22 + r * s + s / 2, r: s * 0.38,
                                     fill: colours[v], stroke: fresh(r, 4 * z + c) ? "#f1c40f" : "none",
                                     "stroke-width": 4}, svg);
      }
    }
  } else {
    var h = rows.length, w = rows[0].length;
    s = D.kind === "blokus" ? 26 : 40;
    svg = el("svg", {id: "board", width: w * s + 30, height: h * s + 30}, box);
    for (r = 0; r < h; r++) {
      var lab = el("text", {x: 10, y: 20 + r * s + s / 2 + 4, "text-anchor": "middle", "font-size": 11}, svg);
      lab.textContent = D.kind === "blokus" ? "123456789abcde"[r] : String(r + 1);
    }
    for (c = 0; c < w; c++) {
      var lab2 = el("text", {x: 20 + c * s + s / 2, y: 13, "text-anchor": "middle", "font-size": 11}, svg);
      lab2.textContent = D.kind === "blokus" ? "123456789abcde"[c] : "ABCDEFGHIJKLMNOP"[c];
    }
    for (r = 0; r < h; r++) for (c = 0; c < w; c++) {
      var v2 = rows[r][c];
      var fill = D.kind === "reversi" ? "#2e8b57" : (v2 === "N" ? "#f7f7f7" : colours[v2]);
      el("rect", {"class": "cell", "data-r": r, "data-c": c, "data-v": v2, x: 20 + c * s,
                  y: 20 + r * s, width: s, height: s, fill: fill,
                  stroke: D.kind === "reversi" ? "#135" : "#bbb", "stroke-width": 1}, svg);
      if (D.kind === "reversi" && v2 !== "N")
        el("circle", {cx: 20 + c * s + s / 2, cy: 20 + r * s + s / 2, r: s * 0.4, fill: colours[v2],
                      stroke: fresh(r, c) ? "#f1c40f" : "#333", "stroke-width": fresh(r, c) ? 4 : 1}, svg);
      if (D.kind === "blokus" && fresh(r, c))
        el("rect", {x: 20 + c * s + 3, y: 20 + r * s + 3, width: s - 6, height: s - 6, fill: "none",
                    stroke: "#f1c40f", "stroke-width": 3}, svg);
    }
    if (D.kind === "blokus") {
      [[4, 4], [9, 9]].forEach(function (p) {
        el("circle", {cx: 20 + p[0] * s + s / 2, cy: 20 + p[1] * s + s / 2, r: 3, fill: "#555"}, svg);
      });
    }
  }
}
function who(player) {
  var g = game(), name = D.players[player];
  if (D.kind === "reversi" && g.names) name += " (" + g.names[player] + ")";
  return '<span class="who' + player + '">' + name + "</span>";
}
function moveList() {
  var fs = frames(), searchy = fs.some(function (f) { return f.search; });
  var hd = "<tr><th>#</th><th>player</th><th>move</th><th>time</th>" +
           (searchy ? "<th>depth</th><th>nodes</th><th>score</th>" : "") + "</tr>";
  var body = '<tr data-m="0"><td>0</td><td colspan="' + (searchy ? 6 : 3) + '" style="text-align:left">start</td></tr>';
  for (var i = 1; i < fs.length; i++) {
    var f = fs[i], sr = f.search || {};
    body += '<tr data-m="' + i + '"' + (f.setup ? ' class="setup"' : "") + "><td>" + i + "</td><td>" +
            who(f.player) + "</td><td>" + f.move + (f.pass ? " (pass)" : "") + "</td><td>" +
            (f.setup ? "set up" : seconds(f.seconds)) + "</td>" +
            (searchy ? "<td>" + fmt(sr.depth) + "</td><td>" + fmt(sr.nodes) + "</td><td>" + fmt(sr.score) + "</td>" : "") +
            "</tr>";
  }
  var box = document.getElementById("moves");
  box.innerHTML = "<table><thead>" + hd + "</thead><tbody>" + body + "</tbody></table>";
  box.querySelectorAll("tbody tr").forEach(function (tr) {
    tr.addEventListener("click", function () { show(G, +tr.getAttribute("data-m")); });
  });
}
function show(g, m) {
  var gameChanged = g !== G || !document.querySelector("#moves table");
  G = Math.max(0, Math.min(D.games.length - 1, g));
  var fs = frames();
  M = Math.max(0, Math.min(fs.length - 1, m));
  if (gameChanged) moveList();
  var f = fs[M];
  drawBoard(f, M > 0 ? fs[M - 1] : null);
  var st = document.getElementById("status");
  st.setAttribute("data-game", G + 1);
  st.setAttribute("data-move", M);
  st.textContent = "move " + M + " of " + (fs.length - 1);
  document.getElementById("jump").value = M;
  document.getElementById("jump").max = fs.length - 1;
  document.getElementById("movetext").innerHTML = M === 0 ? "The start position." :
      "Move " + M + ": " + who(f.player) + " plays <b>" + f.move + "</b>" + (f.pass ? " (a pass)" : "") +
      (f.setup ? " (set up)" : ", in " + seconds(f.seconds)) +
      (f.search ? "; search depth " + fmt(f.search.depth) + ", " + fmt(f.search.nodes) + " nodes, score " + fmt(f.search.score) : "") + ".";
  document.getElementById("points").innerHTML = D.points_name + ": " + who(0) + " " + f.points[0] +
      ", " + who(1) + " " + f.points[1];
  var tiles = document.getElementById("tiles");
  tiles.innerHTML = "";
  if (f.tiles) {
    [0, 1].forEach(function (p) {
      tiles.innerHTML += '<p class="tiles">' + who(p) + " has " + f.tiles[p].length + " tiles left: " +
          f.tiles[p].map(function (t) { return '<span class="t">' + t + "</span>"; }).join("") + "</p>";
    });
  }
  var res = game().result;
  document.getElementById("result").textContent = M === fs.length - 1 ?
      (res ? res.text : "The transcript ends here.") : (res ? "Result (at move " + (fs.length - 1) + "): " + res.text : "");
  document.querySelectorAll("#moves tbody tr").forEach(function (tr) {
    tr.className = (+tr.getAttribute("data-m") === M ? "now" : "") +
                   (fs[+tr.getAttribute("data-m")].setup ? " setup" : "");
  });
  var now = document.querySelector("#moves tr.now"), box = document.getElementById("moves");
  if (now && (now.offsetTop < box.scrollTop + 24 || now.offsetTop > box.scrollTop + box.clientHeight - 24))
    box.scrollTop = Math.max(0, now.offsetTop - box.clientHeight / 2);
  var frag = "#" + (D.games.length > 1 ? "game=" + (G + 1) + "&" : "") + "move=" + M;
  if (location.hash !== frag) history.replaceState(null, "", frag);
}
function fromHash() {
  var h = location.hash.replace(/^#/, ""), g = 1, m = 0;
  h.split("&").forEach(function (kv) {
    var p = kv.split("=");
    if (p[0] === "move") m = parseInt(p[1], 10) || 0;
    if (p[0] === "game") g = parseInt(p[1], 10) || 1;
  });
  show(g - 1, m);
}
document.body.className = D.kind;
document.getElementById("title").textContent = D.title + ": " + D.source;
document.getElementById("players").innerHTML = D.players.map(function (p, i) { return who(i); }).join(" vs ") +
    (D.kind === "reversi" ? "" : " (" + D.points_name + " counted for each)");
if (D.games.length > 1) {
  var sel = document.createElement("select");
  sel.id = "gamesel";
  D.games.forEach(function (g, i) {
    var o = document.createElement("option");
    o.value = i; o.textContent = "game " + (i + 1);
    sel.appendChild(o);
  });
  sel.addEventListener("change", function () { show(+sel.value, 0); });
  document.getElementById("gamebox").appendChild(sel);
}
document.getElementById("first").onclick = function () { show(G, 0); };
document.getElementById("back").onclick = function () { show(G, M - 1); };
document.getElementById("step").onclick = function () { show(G, M + 1); };
document.getElementById("last").onclick = function () { show(G, frames().length - 1); };
document.getElementById("go").onclick = function () { show(G, +document.getElementById("jump").value); };
document.getElementById("jump").addEventListener("keydown", function (e) {
  if (e.key === "Enter") show(G, +document.getElementById("jump").value);
});
document.addEventListener("keydown", function (e) {
  if (e.target.tagName === "INPUT") return;
  if (e.key === "ArrowRight") show(G, M + 1);
  else if (e.key === "ArrowLeft") show(G, M - 1);
  else if (e.key === "Home") show(G, 0);
  else if (e.key === "End") show(G, frames().length - 1);
});
window.addEventListener("hashchange", fromHash);
fromHash();
</script>
</body>
</html>
"""
