// timur's board page: draws the position the session sends, turns clicks
// and drags into the legal moves it lists, and shows moves, results,
// clocks, the evaluation (bar, graph, arrows) and analysis. Every rule
// decision and every clock is the server's; this page only draws. Looking
// back through the line (←/→, a click on a move or on the graph) changes
// only what is drawn, never the game.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const board = $("board");
const view = { state: null, flipped: false, selected: null, analysis: {}, lines: {}, hint: null,
  browse: null, clock: null, clockAt: 0, lastError: "" };
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

// The ply drawn: the one looked at, or the game's.
function shownPly() { return view.browse === null ? view.state.ply : view.browse; }
function lastMoveSquares(state, ply) {
  if (ply === 0) return [];
  return state.moves[ply - 1].match(/[a-z]+\d+/g) || [];
}

// ---- arrows: the engine's lines and the hint, from square to square ----
function drawArrows(layout, squares) {
  const at = (name) => { const sq = squares.find((s) => s.name === name); return sq && xy(layout, sq); };
  const defs = el("defs", {});
  [["head", "#1f6fbf"], ["hint-head", "#2a8a2a"]].forEach(([id, color]) => {
    const m = el("marker", { id, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", fill: color }, m);
  });
  const arrow = (best, cls, color, head, opacity) => {
    if (!best) return;
    const q = at(best.to);
    if (!q) return;
    const w = layout.cell * 0.16;
    if (best.from === null) {
      el("circle", { cx: q.x, cy: q.y, r: layout.cell * 0.3, fill: "none", stroke: color, "stroke-width": w, opacity, class: cls });
      return;
    }
    const p = at(best.from);
    if (!p) return;
    const len = Math.hypot(q.x - p.x, q.y - p.y), cut = layout.cell * 0.3;
    const x2 = q.x - (q.x - p.x) * cut / len, y2 = q.y - (q.y - p.y) * cut / len;
    el("line", { x1: p.x, y1: p.y, x2, y2, stroke: color, "stroke-width": w, "stroke-linecap": "round",
      "marker-end": `url(#${head})`, opacity, class: cls, "data-move": best.text });
  };
  if (view.browse !== null) return;
  Object.keys(view.lines).sort().reverse().forEach((k) => {
    const info = view.lines[k];
    arrow(info.best, "arrow", "#1f6fbf", "head", k === "1" ? 0.8 : 0.45);
  });
  if (view.hint && view.hint.ply === view.state.ply) arrow(view.hint.best, "arrow hint", "#2a8a2a", "hint-head", 0.85);
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
  const ply = shownPly();
  const { pieces, fields } = readBoard(state.variant, state.fens[ply] || state.fen);
  const targets = view.browse === null ? legalFromSelection().map((m) => m.to) : [];
  const last = lastMoveSquares(state, ply);
  for (const sq of squares) {
    const p = xy(layout, sq), h = layout.cell / 2;
    const mark = (fill, cls) => layout.style === "holes"
      ? el("circle", { cx: p.x, cy: p.y, r: layout.cell * 0.34, fill, opacity: 0.6, class: cls })
      : el("rect", { x: p.x - h, y: p.y - h, width: layout.cell, height: layout.cell, fill, opacity: 0.45, class: cls });
    if (last.includes(sq.name)) mark("#f6d36b", "last-move");
    if (view.selected && view.selected.from === sq.name) mark("#4a90d9", "selected");
  }
  for (const sq of squares) if (pieces[sq.name]) drawPiece(state.variant, layout, xy(layout, sq), pieces[sq.name], sq.name);
  for (const sq of squares) {
    const p = xy(layout, sq), h = layout.cell / 2;
    if (targets.includes(sq.name)) el("circle", { cx: p.x, cy: p.y, r: layout.cell * 0.14, fill: "#2a7a2a", opacity: 0.7 });
    el("rect", { x: p.x - h, y: p.y - h, width: layout.cell, height: layout.cell, fill: "transparent", class: "square", "data-sq": sq.name });
  }
  if (layout.style === "holes") drawHands(layout, fields);
  drawArrows(layout, squares);
  renderText(fields);
  renderEval();
  renderGraph();
  renderClocks();
}

function renderText(fields) {
  const state = view.state;
  const who = state.side === "white" ? (state.variant === "xiangqi" ? "Red" : "White") : "Black";
  const paused = state.clock && !state.clock.running && !state.result ? " — clocks paused" : "";
  $("status").textContent = (state.result ? `${state.result.result} — ${state.result.reason}`
    : `${who} to move` + (state.thinking ? " — engine thinking…" : "") + paused) +
    (view.browse !== null ? ` (looking at ply ${view.browse}: → or End returns)` : "");
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
  $("fen").value = state.fens[shownPly()] || state.fen;
  const moves = $("moves");
  moves.innerHTML = "";
  const blackFirst = state.start_fen.split(/\s+/)[1] === "b";
  state.moves.forEach((m, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || i === 0) moves.append(`${Math.floor(ply / 2) + 1}.${ply % 2 ? ".." : ""} `);
    const span = document.createElement("span");
    const mark = state.marks[i];
    span.className = "mv" + (i + 1 === state.ply ? " current" : "") + (i + 1 === view.browse ? " browsed" : "") +
      (mark ? ` ${mark}` : "");
    if (mark) span.title = mark;
    span.dataset.ply = i + 1;
    span.textContent = m;
    span.onclick = () => browse(i + 1);
    moves.append(span, " ");
  });
  const lines = Object.keys(view.analysis).sort().map((k) => view.analysis[k]);
  $("analysis").textContent = lines.join("\n");
  renderReview();
}

// The game review's progress: positions searched of the line's.
function renderReview() {
  const review = view.state.review, bar = $("analyse-progress");
  bar.hidden = !review;
  if (!review) return;
  bar.max = review.total;
  bar.value = review.done;
  bar.dataset.running = review.running;
  bar.title = review.running ? `analysing: ${review.done} of ${review.total} positions` : `analysed ${review.total} positions`;
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
  if (!state || state.thinking || view.browse !== null) return;
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
      const old = view.state;
      if (!old || old.fen !== msg.fen || old.variant !== msg.variant) { view.analysis = {}; view.lines = {}; view.hint = null; }
      else if (old.analysing !== msg.analysing || old.thinking !== msg.thinking) { view.analysis = {}; view.lines = {}; }
      if (!old || old.start_fen !== msg.start_fen || old.variant !== msg.variant || (view.browse !== null && view.browse > msg.moves.length))
        view.browse = null;
      if (view.browse === msg.ply) view.browse = null;
      fillLevels(msg.variant);
      view.clock = msg.clock;
      view.clockAt = performance.now();
      view.state = msg;
      view.lastError = "";
      $("error").textContent = "";
      $("choice").hidden = true;
      render();
    } else if (msg.type === "info") {
      if (!view.state || msg.ply !== view.state.ply) return;
      view.lines[msg.multipv] = msg;
      view.analysis[msg.multipv] = `${msg.multipv}: depth ${msg.depth}  ${msg.score}  ${msg.pv.join(" ")}`;
      render();
    } else if (msg.type === "hint") {
      view.hint = msg;
      render();
    } else if (msg.type === "error") {
      view.lastError = msg.message;
      $("error").textContent = msg.message;
    } else if (msg.type === "pgn") {
      $("pgn").value = msg.text;
      if (view.download) {
        view.download = false;
        const link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([msg.text], { type: "application/x-chess-pgn" }));
        link.download = `timur-${view.state ? view.state.variant : "game"}.pgn`;
        link.click();
        URL.revokeObjectURL(link.href);
      }
    }
  };
  socket.onclose = (e) => { $("status").textContent = e.reason ? `timur closed this tab: ${e.reason}` : "disconnected from timur"; };
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
// Strength: Elo for chess and Chess960 (the engine's calibrated UCI_Elo, up to
// 2435 = full strength), skill levels 0..20 for the other games; the engine's own options.
function fillLevels(variant) {
  const kind = variant === "chess" || variant === "chess960" ? "elo" : "skill";
  const select = $("level");
  if (select.dataset.kind === kind) return;
  select.dataset.kind = kind;
  const values = kind === "elo"
    ? [1400, 1600, 1800, 2000, 2200, 2400]
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
$("hint").onclick = () => send({ type: "hint" });
$("undo").onclick = () => send({ type: "undo" });
$("redo").onclick = () => send({ type: "redo" });
$("flip").onclick = () => { view.flipped = !view.flipped; render(); };
$("play-here").onclick = () => { if (view.browse !== null) send({ type: "jump", ply: view.browse }); };
$("glyphs").onchange = () => { view.glyphs = $("glyphs").checked; render(); };
const analyse = () => {
  view.lines = {};
  view.analysis = {};
  send({ type: "analyse", on: $("analysis-on").checked, multipv: parseInt($("multipv").value, 10) });
};
$("analysis-on").onchange = analyse;
$("multipv").onchange = analyse;
$("analyse").onclick = () => send({ type: "review" });
$("setfen").onclick = () => send({ type: "position", fen: $("fen").value });
$("copyfen").onclick = () => { if (navigator.clipboard) navigator.clipboard.writeText($("fen").value); };
$("savepgn").onclick = () => send({ type: "save_pgn" });
$("loadpgn").onclick = () => send({ type: "load_pgn", pgn: $("pgn").value });
$("download-pgn").onclick = () => { view.download = true; send({ type: "save_pgn" }); };
$("upload-pgn").onchange = async () => {
  const file = $("upload-pgn").files[0];
  if (file) send({ type: "load_pgn", pgn: await file.text() });
  $("upload-pgn").value = "";
};

// ---- looking back: ←/→, Home/End, a click on a move or the graph ----
function browse(ply) {
  const state = view.state;
  if (!state) return;
  ply = Math.max(0, Math.min(state.moves.length, ply));
  view.browse = ply === state.ply ? null : ply;
  view.selected = null;
  render();
}
document.addEventListener("keydown", (e) => {
  if (!view.state || ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
  const keys = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: view.state.ply };
  if (e.key in keys) { e.preventDefault(); browse(keys[e.key]); }
});

// ---- evaluation: bar and graph, White's (Red's) side ----
// White's expected score in 0..1: from win/draw/loss chances where the
// engine gives them, else lichess's logistic of the centipawns (as the
// review's marks, gui/review.rs).
function expected(e) {
  if (!e) return null;
  if (e.wdl) return (e.wdl[0] + e.wdl[1] / 2) / 1000;
  if (e.mate !== null) return e.mate > 0 ? 1 : e.mate < 0 ? 0 : 0.5;
  return 1 / (1 + Math.exp(-0.00368208 * e.cp));
}
function evalText(e) {
  if (e.mate !== null) return e.mate === 0 ? "#" : `#${e.mate}`;
  return (e.cp >= 0 ? "+" : "") + (e.cp / 100).toFixed(1);
}
function shownEval() {
  const state = view.state, ply = shownPly();
  if (view.browse === null && view.lines[1]) return view.lines[1].white;
  return state.evals[ply] || null;
}
function renderEval() {
  const e = shownEval(), share = expected(e);
  const fill = $("eval-fill"), text = $("eval-text");
  const white = share === null ? 0.5 : share;
  fill.style.height = `${(white * 100).toFixed(1)}%`;
  fill.style.top = view.flipped ? "0" : "";
  fill.style.bottom = view.flipped ? "" : "0";
  text.textContent = e ? evalText(e) : "";
  $("eval-bar").dataset.white = share === null ? "" : white.toFixed(3);
  $("eval-bar").title = e ? `White's (Red's) side: ${evalText(e)}` + (e.wdl ? `, win/draw/loss ${e.wdl.map((n) => n / 10 + "%").join(" / ")}` : "") : "no evaluation yet";
}
const GRAPH = { width: 584, height: 110, pad: 6 };
function graphX(ply, positions) { return GRAPH.pad + ply * (GRAPH.width - 2 * GRAPH.pad) / Math.max(1, positions - 1); }
function renderGraph() {
  const g = $("eval-graph"), state = view.state;
  g.innerHTML = "";
  g.setAttribute("viewBox", `0 0 ${GRAPH.width} ${GRAPH.height}`);
  const positions = state.moves.length + 1, inner = GRAPH.height - 2 * GRAPH.pad;
  const y = (share) => GRAPH.pad + (1 - share) * inner;
  el("line", { x1: 0, y1: y(0.5), x2: GRAPH.width, y2: y(0.5), stroke: "#bbb", "stroke-dasharray": "4 3" }, g);
  const x = graphX(shownPly(), positions);
  el("line", { x1: x, y1: 0, x2: x, y2: GRAPH.height, stroke: "#4a90d9", "stroke-width": 2, class: "eval-cursor" }, g);
  const points = [];
  state.evals.forEach((e, ply) => { const s = expected(e); if (s !== null) points.push([graphX(ply, positions), y(s), ply, e]); });
  el("polyline", { id: "eval-line", points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "),
    fill: "none", stroke: "#333", "stroke-width": 1.5 }, g);
  const MARK_COLOR = { inaccuracy: "#b8860b", mistake: "#d2691e", blunder: "#c0161b" };
  for (const [px, py, ply, e] of points) {
    const mark = ply > 0 ? state.marks[ply - 1] : null;
    const c = el("circle", { cx: px, cy: py, r: mark ? 4 : 3, fill: MARK_COLOR[mark] || "#333",
      class: "eval-point" + (mark ? ` ${mark}` : ""), "data-ply": ply }, g);
    el("title", {}, c, `ply ${ply}: ${evalText(e)}`);
  }
}
$("eval-graph").addEventListener("click", (e) => {
  const state = view.state;
  if (!state) return;
  const box = $("eval-graph").getBoundingClientRect();
  const vx = (e.clientX - box.left) * GRAPH.width / box.width, positions = state.moves.length + 1;
  browse(Math.round((vx - GRAPH.pad) * Math.max(1, positions - 1) / (GRAPH.width - 2 * GRAPH.pad)));
});

// ---- clocks: the server's times, counted down here between its messages ----
function clockText(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function renderClocks() {
  const c = view.clock;
  $("clock-top").append($(view.flipped ? "clock-white" : "clock-black"));
  $("clock-bottom").append($(view.flipped ? "clock-black" : "clock-white"));
  for (const side of ["white", "black"]) {
    const box = $(`clock-${side}`);
    if (!c) { box.textContent = ""; box.className = "clock"; continue; }
    const ms = c[`${side}_ms`] - (c.running === side ? performance.now() - view.clockAt : 0);
    box.textContent = clockText(ms);
    box.className = "clock" + (c.running === side ? " running" : "") + (ms < 10000 ? " low" : "");
  }
  $("pause").textContent = c && !c.running ? "Resume" : "Pause";
  $("pause").disabled = !c || (!c.running && view.state && view.state.result !== null);
}
setInterval(() => { if (view.state) renderClocks(); }, 100);
$("tc").onchange = () => { $("custom").hidden = $("tc").value !== "custom"; };
$("set-clock").onclick = () => {
  const tc = $("tc").value;
  if (tc === "") { send({ type: "clock" }); return; }
  const side = (min, inc) => ({ base_ms: Math.round(parseFloat(min) * 60000), inc_ms: Math.round(parseFloat(inc) * 1000) });
  if (tc === "custom") {
    send({ type: "clock", white: side($("white-min").value, $("white-inc").value), black: side($("black-min").value, $("black-inc").value) });
  } else {
    const [min, inc] = tc.split("+");
    send({ type: "clock", white: side(min, inc), black: side(min, inc) });
  }
};
$("pause").onclick = () => send({ type: view.clock && view.clock.running ? "pause" : "resume" });
connect();
