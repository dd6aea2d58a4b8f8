// timur's board page: draws the position the session sends, turns clicks
// and drags into the legal moves it lists, and shows moves, results and
// analysis. Every rule decision is the engine's; this page only draws.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const board = $("board");
const view = { state: null, flipped: false, selected: null, analysis: {}, lastError: "" };
window.timur = view;

// ---- geometry: where each game's squares are ----
const LAYOUTS = {
  squares8: { files: "abcdefgh", ranks: [1, 8], cell: 64, style: "squares" },
  xiangqi: { files: "abcdefghi", ranks: [0, 9], cell: 54, style: "points" },
  tamerlane: { files: "abcdefghijk", ranks: [1, 10], cell: 40, style: "squares",
    extra: [{ name: "z9", col: -1, rank: 9 }, { name: "l2", col: 11, rank: 2 }] },
  jasir: { files: "abcde", ranks: [1, 5], cell: 96, style: "holes" },
};
function layoutOf(variant) {
  if (variant === "chess" || variant === "chess960") return LAYOUTS.squares8;
  if (variant === "jarmo") return LAYOUTS.jasir;
  return LAYOUTS[variant];
}
function squaresOf(layout) {
  const out = [];
  for (let r = layout.ranks[0]; r <= layout.ranks[1]; r++)
    for (let c = 0; c < layout.files.length; c++)
      out.push({ name: layout.files[c] + r, col: c, rank: r });
  return out.concat(layout.extra || []);
}
const MARGIN = 28;
function frame(layout) {
  const cols = layout.files.length + (layout.extra ? 2 : 0);
  const rows = layout.ranks[1] - layout.ranks[0] + 1;
  const hands = layout.style === "holes" ? 70 : 0;
  return { cols, rows, width: 2 * MARGIN + cols * layout.cell, height: 2 * MARGIN + rows * layout.cell + 2 * hands, hands };
}
function xy(layout, sq) {
  const f = frame(layout);
  const shift = layout.extra ? 1 : 0;
  let c = sq.col + shift, r = layout.ranks[1] - sq.rank;
  if (view.flipped) { c = f.cols - 1 - c; r = f.rows - 1 - r; }
  return { x: MARGIN + (c + 0.5) * layout.cell, y: MARGIN + f.hands + (r + 0.5) * layout.cell };
}

// ---- position text → pieces (what to draw on each square) ----
function readBoard(variant, fen) {
  const fields = fen.trim().split(/\s+/);
  const layout = layoutOf(variant);
  const pieces = {};
  const rows = fields[0].split("/");
  const top = variant === "tamerlane" ? 10 : layout.ranks[1];
  rows.forEach((row, i) => {
    const rank = top - i;
    let col = 0;
    for (let k = 0; k < row.length; k++) {
      const ch = row[k];
      if (/\d/.test(ch)) {
        let n = ch;
        while (k + 1 < row.length && /\d/.test(row[k + 1])) n += row[++k];
        col += parseInt(n, 10);
        continue;
      }
      const white = ch === ch.toUpperCase();
      let kind = ch.toUpperCase(), pawnOf = null;
      if (variant === "tamerlane" && kind === "P") pawnOf = row[++k].toUpperCase();
      pieces[layout.files[col] + rank] = { white, kind, pawnOf };
      col++;
    }
  });
  if (variant === "tamerlane") {
    const cit = fields[2] || "--";
    [["l2", cit[0]], ["z9", cit[1]]].forEach(([sq, ch]) => {
      if (ch && ch !== "-") pieces[sq] = { white: ch === ch.toUpperCase(), kind: ch.toUpperCase(), pawnOf: null };
    });
  }
  return { pieces, fields };
}

// ---- drawing ----
function el(name, attrs, parent, text) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  (parent || board).appendChild(e);
  return e;
}
const CHESS_GLYPH = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };
const XQ_GLYPH = { true: { K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵" },
  false: { K: "將", A: "士", B: "象", N: "馬", R: "車", C: "砲", P: "卒" } };
const TAMERLANE_NAME = { K: "king", X: "prince", A: "adv. king", F: "general", W: "vizier", G: "giraffe",
  T: "picket", N: "knight", R: "rook", E: "elephant", C: "camel", D: "war engine", P: "pawns" };
const JASIR_SEGMENTS = ("a1-b3 a1-c2 b1-a3 b1-d2 c1-a2 c1-d3 c1-e2 d1-b2 d1-c3 e1-c2 e1-d3 " +
  "a2-c3 b2-b3 b2-c2 b2-c4 c2-d2 c2-e3 d2-b3 d2-d3 e2-d4 " +
  "a3-b5 b3-a5 b3-b4 b3-c3 b3-c5 c3-a4 c3-e4 d3-b4 d3-d4 d3-e5 e3-d5 " +
  "a4-c5 b4-c4 b4-d5 c4-a5 c4-d4 c4-e5 d4-b5 e4-c5").split(" ");

function drawGrid(variant, layout, squares) {
  const at = (name) => xy(layout, squares.find((s) => s.name === name));
  const h = layout.cell / 2;
  if (layout.style === "squares") {
    for (const sq of squares) {
      const p = xy(layout, sq);
      const citadel = sq.col < 0 || sq.col >= layout.files.length;
      const dark = (sq.col + sq.rank) % 2 === (variant === "tamerlane" ? 1 : 0);
      el("rect", { x: p.x - h, y: p.y - h, width: layout.cell, height: layout.cell,
        fill: citadel ? "#c9a0dc" : dark ? "#b58863" : "#f0d9b5", stroke: citadel ? "#6a3d7a" : "none" });
    }
  } else if (layout.style === "points") {
    const line = (a, b) => { const p = at(a), q = at(b); el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: "#5a3b1a", "stroke-width": 1.5 }); };
    for (let r = 0; r <= 9; r++) line("a" + r, "i" + r);
    for (const f of "abcdefghi") {
      if (f === "a" || f === "i") line(f + 0, f + 9);
      else { line(f + 0, f + 4); line(f + 5, f + 9); }
    }
    line("d0", "f2"); line("f0", "d2"); line("d7", "f9"); line("f7", "d9");
    const a = at("c4"), b = at("g5");
    el("text", { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + 7, "text-anchor": "middle", "font-size": 20, fill: "#5a3b1a" },
      null, view.glyphs ? "楚 河        漢 界" : "river");
  } else {
    const segs = JASIR_SEGMENTS.filter((s) => !(variant === "jarmo" && s === "b3-c3"));
    for (const s of segs) {
      const [p, q] = s.split("-").map(at);
      el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: "#6b4f2a", "stroke-width": 2 });
    }
    for (const sq of squares) {
      const p = xy(layout, sq);
      el("circle", { cx: p.x, cy: p.y, r: 13, fill: "#3b2a14" });
    }
  }
  // coordinates
  for (const sq of squares) {
    if (sq.col < 0 || sq.col >= layout.files.length) {
      const p = xy(layout, sq);
      el("text", { x: p.x, y: p.y + layout.cell / 2 + 11, "text-anchor": "middle", "font-size": 10, fill: "#6a3d7a" }, null, sq.name);
      continue;
    }
    const p = xy(layout, sq);
    const bottomRank = view.flipped ? layout.ranks[1] : layout.ranks[0];
    const leftCol = view.flipped ? layout.files.length - 1 : 0;
    const below = layout.style === "holes" ? 34 : h + 16;
    if (sq.rank === bottomRank) el("text", { x: p.x, y: p.y + below, "text-anchor": "middle", "font-size": 12, fill: "#555" }, null, layout.files[sq.col]);
    if (sq.col === leftCol) el("text", { x: p.x - h - (layout.extra ? layout.cell : 0) - 6, y: p.y + 4, "text-anchor": "end", "font-size": 12, fill: "#555" }, null, String(sq.rank));
  }
}

function drawPiece(variant, layout, p, piece, name) {
  const g = el("g", { class: "piece", "data-at": name });
  const fg = piece.white ? "#fff" : "#222", ink = piece.white ? "#222" : "#fff";
  const c = layout.cell;
  if (variant === "chess" || variant === "chess960") {
    el("text", { x: p.x, y: p.y + c * 0.28, "text-anchor": "middle", "font-size": c * 0.8, fill: fg, stroke: "#222",
      "stroke-width": 1.2, "font-family": "DejaVu Sans" }, g, CHESS_GLYPH[piece.kind]);
  } else if (variant === "xiangqi") {
    const red = piece.white ? "#c0161b" : "#111";
    el("circle", { cx: p.x, cy: p.y, r: c * 0.43, fill: "#f3dcae", stroke: red, "stroke-width": 2.5 }, g);
    el("circle", { cx: p.x, cy: p.y, r: c * 0.35, fill: "none", stroke: red, "stroke-width": 1 }, g);
    const label = view.glyphs ? XQ_GLYPH[piece.white][piece.kind] : piece.kind;
    el("text", { x: p.x, y: p.y + c * 0.15, "text-anchor": "middle", "font-size": c * 0.42, "font-weight": "bold", fill: red }, g, label);
  } else if (variant === "tamerlane") {
    const royal = "KXA".includes(piece.kind) && !piece.pawnOf;
    if (piece.pawnOf) {
      el("rect", { x: p.x - c * 0.33, y: p.y - c * 0.33, width: c * 0.66, height: c * 0.66, rx: 4, fill: fg, stroke: ink, "stroke-width": 1.5 }, g);
      el("text", { x: p.x, y: p.y - 1, "text-anchor": "middle", "font-size": 8, fill: ink }, g, "pawn");
      el("text", { x: p.x, y: p.y + 10, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: ink }, g,
        piece.pawnOf === "P" ? "P·P" : "P·" + piece.pawnOf);
    } else {
      el("circle", { cx: p.x, cy: p.y, r: c * 0.45, fill: fg, stroke: royal ? "#c8a200" : ink, "stroke-width": royal ? 3.5 : 1.5 }, g);
      el("text", { x: p.x, y: p.y + 3, "text-anchor": "middle", "font-size": 16, "font-weight": "bold", fill: ink }, g, piece.kind);
      el("text", { x: p.x, y: p.y + 13, "text-anchor": "middle", "font-size": 7, fill: ink }, g, TAMERLANE_NAME[piece.kind]);
    }
  } else {
    el("circle", { cx: p.x, cy: p.y, r: c * 0.26, fill: fg, stroke: ink === "#fff" ? "#000" : "#222", "stroke-width": 2 }, g);
    if (piece.kind === "E") {
      el("circle", { cx: p.x, cy: p.y, r: c * 0.18, fill: "none", stroke: "#c8a200", "stroke-width": 4 }, g);
      el("text", { x: p.x, y: p.y + 6, "text-anchor": "middle", "font-size": 16, fill: "#c8a200" }, g, "★");
    }
  }
}

function drawHands(layout, fields) {
  const f = frame(layout);
  const hands = (fields[2] || "0/0").split("/").map((n) => parseInt(n, 10) || 0);
  const toMove = view.state.side;
  [["white", hands[0]], ["black", hands[1]]].forEach(([side, n]) => {
    const bottom = (side === "white") !== view.flipped;
    const y = bottom ? f.height - MARGIN - 30 : MARGIN + 20;
    const g = el("g", { class: "hand square", "data-hand": side });
    el("rect", { x: MARGIN, y: y - 25, width: f.width - 2 * MARGIN, height: 50, rx: 8,
      fill: view.selected && view.selected.hand === side ? "#f6d36b" : "#e6dcc8", stroke: "#998" }, g);
    el("text", { x: MARGIN + 10, y: y + 5, "font-size": 14, fill: "#333" }, g, `${side === "white" ? "White" : "Black"}'s hand: ${n}` + (side === toMove && view.state.legal.some((m) => m.drop !== null) ? " (click, then a hole)" : ""));
    for (let i = 0; i < n; i++)
      el("circle", { cx: f.width - MARGIN - 30 - i * 40, cy: y, r: 15, fill: side === "white" ? "#fff" : "#222", stroke: "#222", "stroke-width": 2 }, g);
  });
}

function lastMoveSquares(state) {
  if (state.ply === 0) return [];
  return state.moves[state.ply - 1].match(/[a-z]+\d+/g) || [];
}

function render() {
  const state = view.state;
  if (!state) return;
  const layout = layoutOf(state.variant);
  const squares = squaresOf(layout);
  const f = frame(layout);
  board.setAttribute("viewBox", `0 0 ${f.width} ${f.height}`);
  board.innerHTML = "";
  el("rect", { x: 0, y: 0, width: f.width, height: f.height, fill: state.variant === "xiangqi" ? "#e9c98f" : state.variant.startsWith("j") ? "#d9c39a" : "#e8e2d4" });
  drawGrid(state.variant, layout, squares);
  const { pieces, fields } = readBoard(state.variant, state.fen);
  const targets = legalFromSelection().map((m) => m.to);
  const last = lastMoveSquares(state);
  for (const sq of squares) {
    const p = xy(layout, sq), h = layout.cell / 2;
    const mark = (fill) => layout.style === "holes"
      ? el("circle", { cx: p.x, cy: p.y, r: layout.cell * 0.34, fill, opacity: 0.6 })
      : el("rect", { x: p.x - h, y: p.y - h, width: layout.cell, height: layout.cell, fill, opacity: 0.45 });
    if (last.includes(sq.name)) mark("#f6d36b");
    if (view.selected && view.selected.from === sq.name) mark("#4a90d9");
  }
  for (const sq of squares) if (pieces[sq.name]) drawPiece(state.variant, layout, xy(layout, sq), pieces[sq.name], sq.name);
  for (const sq of squares) {
    const p = xy(layout, sq), h = layout.cell / 2;
    if (targets.includes(sq.name)) el("circle", { cx: p.x, cy: p.y, r: layout.cell * 0.14, fill: "#2a7a2a", opacity: 0.7 });
    el("rect", { x: p.x - h, y: p.y - h, width: layout.cell, height: layout.cell, fill: "transparent", class: "square", "data-sq": sq.name });
  }
  if (layout.style === "holes") drawHands(layout, fields);
  renderText(fields);
}

function renderText(fields) {
  const state = view.state;
  const who = state.side === "white" ? (state.variant === "xiangqi" ? "Red" : "White") : "Black";
  $("status").textContent = state.result ? `${state.result.result} — ${state.result.reason}`
    : `${who} to move` + (state.thinking ? " — engine thinking…" : "");
  let extra = "";
  if (state.variant === "tamerlane") {
    const swaps = fields[3] || "-", pp = fields[4] || "00";
    const right = (ch, what) => swaps.includes(ch) ? `${what} unused` : `${what} used`;
    extra = `White: royal swap ${right("S", "")}, citadel swap ${right("C", "")}; pawn of pawns arrivals ${pp[0]}. ` +
      `Black: royal swap ${right("s", "")}, citadel swap ${right("c", "")}; pawn of pawns arrivals ${pp[1]}.`;
    extra = extra.replace(/ {2}/g, " ");
  } else if (state.variant === "jarmo") {
    extra = `shuttle: ${fields[3]}`;
  }
  $("extra").textContent = extra;
  $("fen").value = state.fen;
  const moves = $("moves");
  moves.innerHTML = "";
  const blackFirst = state.start_fen.split(/\s+/)[1] === "b";
  state.moves.forEach((m, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || i === 0) moves.append(`${Math.floor(ply / 2) + 1}.${ply % 2 ? ".." : ""} `);
    const span = document.createElement("span");
    span.className = "mv" + (i + 1 === state.ply ? " current" : "");
    span.dataset.ply = i + 1;
    span.textContent = m;
    span.onclick = () => send({ type: "jump", ply: i + 1 });
    moves.append(span, " ");
  });
  const lines = Object.keys(view.analysis).sort().map((k) => view.analysis[k]);
  $("analysis").textContent = lines.join("\n");
}

// ---- input: click or drag a piece, then a target ----
function legalFromSelection() {
  const s = view.selected, state = view.state;
  if (!s || !state) return [];
  return state.legal.filter((m) => s.hand ? m.drop !== null : m.from === s.from);
}
function squareAt(event) {
  const t = document.elementFromPoint(event.clientX, event.clientY);
  const holder = t && t.closest("[data-sq],[data-hand]");
  if (!holder) return null;
  return holder.dataset.sq ? { sq: holder.dataset.sq } : { hand: holder.dataset.hand };
}
function pick(target) {
  const state = view.state;
  if (!state || state.thinking) return;
  if (target.hand) {
    view.selected = target.hand === state.side && state.legal.some((m) => m.drop !== null) ? { hand: target.hand } : null;
    render();
    return;
  }
  const moves = legalFromSelection().filter((m) => m.to === target.sq);
  if (moves.length) { choose(moves); return; }
  view.selected = state.legal.some((m) => m.from === target.sq) ? { from: target.sq } : null;
  render();
}
const SUFFIX_NAMES = { q: "queen", r: "rook", b: "bishop", n: "knight", x: "citadel swap with the prince", a: "citadel swap with the adventitious king" };
function suffixLabel(variant, m) {
  if (variant === "jarmo") return m.suffix ? `arrive and re-enter an archer on ${m.suffix}${view.state.side === "white" ? 1 : 5}` : "arrive, stay elite";
  if (variant === "tamerlane" && !m.suffix) return "enter the citadel (draw)";
  return SUFFIX_NAMES[m.suffix] || m.text;
}
function choose(moves) {
  view.selected = null;
  if (moves.length === 1) { send({ type: "move", text: moves[0].text }); return; }
  const box = $("choice");
  box.innerHTML = "";
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = suffixLabel(view.state.variant, m);
    b.dataset.text = m.text;
    b.onclick = () => { box.hidden = true; send({ type: "move", text: m.text }); };
    box.append(b);
  }
  box.hidden = false;
  render();
}
let dragFrom = null;
board.addEventListener("pointerdown", (e) => { const t = squareAt(e); if (t) { dragFrom = t; pick(t); } });
board.addEventListener("pointerup", (e) => {
  const t = squareAt(e);
  if (t && dragFrom && t.sq && t.sq !== dragFrom.sq && view.selected) pick(t);
  dragFrom = null;
});

// ---- the socket ----
let socket;
function send(msg) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(msg)); }
function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === "state") {
      if (!view.state || view.state.fen !== msg.fen || view.state.variant !== msg.variant) view.analysis = {};
      fillLevels(msg.variant);
      view.state = msg;
      view.lastError = "";
      $("error").textContent = "";
      $("choice").hidden = true;
      render();
    } else if (msg.type === "info") {
      view.analysis[msg.multipv] = `${msg.multipv}: depth ${msg.depth}  ${msg.score}  ${msg.pv.join(" ")}`;
      if (view.state) renderText(readBoard(view.state.variant, view.state.fen).fields);
    } else if (msg.type === "error") {
      view.lastError = msg.message;
      $("error").textContent = msg.message;
    } else if (msg.type === "pgn") {
      $("pgn").value = msg.text;
    }
  };
  socket.onclose = () => { $("status").textContent = "disconnected from timur"; };
}

// ---- controls ----
$("new").onclick = () => {
  const variant = $("variant").value, n = $("number").value;
  const msg = { type: "new", variant };
  if (variant === "chess960" && n !== "") msg.number = parseInt(n, 10);
  view.selected = null;
  send(msg);
};
$("apply").onclick = () => {
  const amount = parseInt($("amount").value, 10);
  const msg = { type: "engine", sides: $("sides").value };
  if ($("limit").value === "depth") msg.depth = amount; else msg.movetime_ms = amount;
  send(msg);
};
// Strength: Elo for chess and Chess960 (the engine's calibrated UCI_Elo
// range), skill levels 0..20 for the other games; the engine's own options.
function fillLevels(variant) {
  const kind = variant === "chess" || variant === "chess960" ? "elo" : "skill";
  const select = $("level");
  if (select.dataset.kind === kind) return;
  select.dataset.kind = kind;
  const values = kind === "elo"
    ? [1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800, 3000]
    : Array.from({ length: 20 }, (_, i) => i);
  select.innerHTML = '<option value="">full strength</option>' + values
    .map(v => `<option value="${v}">${kind === "elo" ? `Elo ${v}` : `level ${v}`}</option>`).join("");
  send({ type: "level" });
}
$("level").onchange = () => {
  const value = $("level").value, msg = { type: "level" };
  if (value !== "") msg[$("level").dataset.kind] = parseInt(value, 10);
  send(msg);
};
$("go").onclick = () => send({ type: "go" });
$("undo").onclick = () => send({ type: "undo" });
$("redo").onclick = () => send({ type: "redo" });
$("flip").onclick = () => { view.flipped = !view.flipped; render(); };
$("glyphs").onchange = () => { view.glyphs = $("glyphs").checked; render(); };
const analyse = () => send({ type: "analyse", on: $("analyse").checked, multipv: parseInt($("multipv").value, 10) });
$("analyse").onchange = analyse;
$("multipv").onchange = analyse;
$("setfen").onclick = () => send({ type: "position", fen: $("fen").value });
$("copyfen").onclick = () => { if (navigator.clipboard) navigator.clipboard.writeText($("fen").value); };
$("savepgn").onclick = () => send({ type: "save_pgn" });
$("loadpgn").onclick = () => send({ type: "load_pgn", pgn: $("pgn").value });
connect();
