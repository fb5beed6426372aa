// The board drawn from its data as SVG: places laid out in rings around the start city by how
// many sockets away they are (each ring ordered after the ring inside it, so links cross
// little), every socket on the link it serves with its number (or the die on top, in its
// owner's colour, and how many lie there), the four forest spirits in the corners, horse links
// dashed, and each traveller's figure by its place. Sockets (and places) the player may pick now
// are lit and tappable.

import { t } from "../../i18n.js";
import { faceName, faceSign, placeName } from "./cards.js";

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 400;
const HEIGHT = 520; // a phone is taller than wide
const CENTRE = WIDTH / 2;
const MIDDLE = HEIGHT / 2;
const RINGS = [0, 58, 108, 152, 184];
const CORNERS = { rabbit: [26, 26], wolf: [WIDTH - 26, 26], snake: [26, HEIGHT - 26], fox: [WIDTH - 40, HEIGHT - 26] };
export const SEAT_COLOURS = ["#b03a2e", "#1f5f99", "#1b6e3a", "#8a5a00", "#6c3483"];

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const layouts = new WeakMap();
const MARGIN = 34;

/**
 * Spread the places out (Fruchterman–Reingold from the ring layout, deterministic): linked
 * places pull together, all places and the spirits' corners push apart; the start city stays in
 * the middle. Changes `at` in place.
 */
function relax(at, links, start) {
  const ids = Object.keys(at);
  const k = Math.sqrt(((WIDTH - 2 * MARGIN) * (HEIGHT - 2 * MARGIN)) / ids.length);
  const fixed = Object.values(CORNERS);
  const rounds = 300;
  for (let round = 0; round < rounds; round += 1) {
    const heat = 8 * (1 - round / rounds) + 0.3;
    const move = Object.fromEntries(ids.map((id) => [id, [0, 0]]));
    for (let i = 0; i < ids.length; i += 1) {
      const [ax, ay] = at[ids[i]];
      const pushers = [...ids.slice(i + 1).map((id) => [id, at[id]]), ...fixed.map((p) => [null, p])];
      for (const [other, [bx, by]] of pushers) {
        const [dx, dy] = [ax - bx, ay - by];
        const d = Math.max(Math.hypot(dx, dy), 1);
        const push = ((other ? 1 : 4) * k * k) / d; // the corners push harder: spirits live there
        move[ids[i]][0] += (dx / d) * push;
        move[ids[i]][1] += (dy / d) * push;
        if (other) { move[other][0] -= (dx / d) * push; move[other][1] -= (dy / d) * push; }
      }
    }
    for (const [a, next] of Object.entries(links)) {
      for (const b of next) {
        if (a >= b) continue;
        const [dx, dy] = [at[a][0] - at[b][0], at[a][1] - at[b][1]];
        const d = Math.max(Math.hypot(dx, dy), 1);
        const pull = (d * d) / k;
        move[a][0] -= (dx / d) * pull; move[a][1] -= (dy / d) * pull;
        move[b][0] += (dx / d) * pull; move[b][1] += (dy / d) * pull;
      }
    }
    for (const id of ids) {
      if (id === start) continue;
      const [mx, my] = move[id];
      const length = Math.max(Math.hypot(mx, my), 1e-9);
      const step = Math.min(length, heat);
      at[id] = [
        Math.min(WIDTH - MARGIN, Math.max(MARGIN, at[id][0] + (mx / length) * step)),
        Math.min(HEIGHT - MARGIN, Math.max(MARGIN, at[id][1] + (my / length) * step)),
      ];
    }
  }
}

/** Where each place and socket lies (cached per board). */
export function layout(board) {
  if (layouts.has(board)) return layouts.get(board);
  const links = {};
  for (const place of Object.keys(board.places)) links[place] = new Set();
  for (const socket of Object.values(board.sockets)) {
    const [a, b] = socket.touches;
    if (a && b) { links[a].add(b); links[b].add(a); }
  }
  const depth = { [board.start]: 0 };
  const queue = [board.start];
  for (const place of queue) {
    for (const next of [...links[place]].sort()) {
      if (!(next in depth)) { depth[next] = depth[place] + 1; queue.push(next); }
    }
  }
  for (const place of Object.keys(board.places)) if (!(place in depth)) depth[place] = RINGS.length - 1;
  const angle = { [board.start]: 0 };
  const at = { [board.start]: [CENTRE, MIDDLE] };
  const deepest = Math.max(...Object.values(depth));
  for (let ring = 1; ring <= deepest; ring += 1) {
    const members = queue.filter((p) => depth[p] === ring).concat(Object.keys(depth).filter((p) => depth[p] === ring && !queue.includes(p)));
    const wish = (place) => {
      const inner = [...links[place]].filter((p) => depth[p] < ring && p in angle);
      if (!inner.length) return 0;
      const x = inner.reduce((sum, p) => sum + Math.cos(angle[p]), 0);
      const y = inner.reduce((sum, p) => sum + Math.sin(angle[p]), 0);
      return Math.atan2(y, x);
    };
    const wished = members.map((p, i) => [p, ring === 1 ? (2 * Math.PI * i) / members.length : wish(p)]);
    wished.sort((a, b) => a[1] - b[1]);
    const radius = RINGS[Math.min(ring, RINGS.length - 1)];
    const start = wished.length ? wished[0][1] : 0;
    wished.forEach(([place, wishedAngle], i) => {
      const a = wished.length === 1 ? wishedAngle : start + (2 * Math.PI * i) / wished.length;
      angle[place] = a;
      at[place] = [CENTRE + radius * Math.cos(a - Math.PI / 2), MIDDLE + 1.3 * radius * Math.sin(a - Math.PI / 2)];
    });
  }
  relax(at, links, board.start);
  const sockets = {};
  const perLink = {};
  for (const [id, socket] of Object.entries(board.sockets)) {
    if (socket.spirit) continue;
    const key = [...socket.touches].sort().join("|");
    (perLink[key] = perLink[key] || []).push(id);
  }
  for (const ids of Object.values(perLink)) {
    ids.forEach((id, i) => {
      const [a, b] = board.sockets[id].touches.map((p) => at[p]);
      const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
      const length = Math.hypot(dx, dy) || 1;
      const shift = (i - (ids.length - 1) / 2) * 17;
      sockets[id] = [(a[0] + b[0]) / 2 - (dy / length) * shift, (a[1] + b[1]) / 2 + (dx / length) * shift];
    });
  }
  const fox = Object.keys(board.sockets).filter((id) => board.sockets[id].spirit === "fox");
  for (const [id, socket] of Object.entries(board.sockets)) {
    if (!socket.spirit) continue;
    const [x, y] = CORNERS[socket.spirit];
    sockets[id] = socket.spirit === "fox" ? [x - 14 + 28 * fox.indexOf(id), y] : [x, y];
  }
  const result = { at, sockets };
  layouts.set(board, result);
  return result;
}

const SPIRIT_KEYS = { rabbit: "du.rabbit", wolf: "du.wolf", snake: "du.snake", fox: "du.fox" };

/** The socket's name for people: its place (or spirit), the link it serves, its number. */
export function socketLabel(board, id) {
  const socket = board.sockets[id];
  if (socket.spirit) return t("du.socketSpirit", { spirit: t(SPIRIT_KEYS[socket.spirit]), n: socket.number });
  const [own, other] = socket.touches;
  return t("du.socketOn", { from: placeName(own), to: placeName(other), n: socket.number });
}

/**
 * The SVG of `board` with the table's `state` (the view's): `targets` maps a socket id to what a
 * tap on it does, `placeTargets` a place id; `seats` names the travellers (for labels).
 */
export function drawMap(board, state, { targets = new Map(), placeTargets = new Map(), seats = [] } = {}) {
  const { at, sockets } = layout(board);
  const lines = [];
  for (const [a, b] of board.horse_links) {
    lines.push(s("line", { x1: at[a][0], y1: at[a][1], x2: at[b][0], y2: at[b][1], class: "du-horse" }));
  }
  for (const [id, socket] of Object.entries(board.sockets)) {
    if (socket.spirit) continue;
    const [a, b] = socket.touches.map((p) => at[p]);
    const [x, y] = sockets[id];
    lines.push(s("polyline", { points: `${a[0]},${a[1]} ${x},${y} ${b[0]},${b[1]}`, class: "du-link" }));
  }
  const places = Object.entries(board.places).map(([id, place]) => {
    const [x, y] = at[id];
    const tap = placeTargets.get(id);
    const here = state.seats.filter((seat) => seat.place === id);
    const label = placeName(id);
    return s("g", {
      class: `du-place k-${place.kind}${tap ? " target" : ""}`, "data-place": id,
      role: tap ? "button" : null, tabindex: tap ? 0 : null,
      "aria-label": tap ? t("du.goTo", { place: label }) : null,
      onclick: tap ? () => tap() : null, onkeydown: tap ? (e) => (e.key === "Enter" || e.key === " ") && tap() : null,
    },
    s("title", {}, label),
    s("circle", { cx: x, cy: y, r: id === board.start ? 12 : 9 }),
    s("text", {
      x: x < 90 ? x - 12 : x > WIDTH - 90 ? x + 12 : x, y: y + (y > MIDDLE ? 21 : -14), class: "du-place-name",
      "text-anchor": x < 90 ? "start" : x > WIDTH - 90 ? "end" : "middle", // near an edge, the name runs inward
    }, label.length > 16 ? `${label.slice(0, 15)}…` : label),
    here.map((seat, i) => s("circle", {
      cx: x + 12 * Math.cos((2 * Math.PI * (i + seat.seat)) / 5), cy: y + 12 * Math.sin((2 * Math.PI * (i + seat.seat)) / 5),
      r: 4.5, class: "du-figure", fill: SEAT_COLOURS[seat.seat], "data-seat": seat.seat,
    }, s("title", {}, seats[seat.seat] || ""))));
  });
  const dots = Object.entries(board.sockets).map(([id, socket]) => {
    const [x, y] = sockets[id];
    const stack = state.sockets[id] || [];
    const top = stack[stack.length - 1];
    const tap = targets.get(id);
    const label = socketLabel(board, id) + (top ? ` · ${t("du.socketTop", { face: faceName(top.face), name: seats[top.owner] || "" })}` : "");
    return s("g", {
      class: `du-socket${tap ? " target" : ""}${top ? " taken" : ""}${socket.spirit ? ` spirit s-${socket.spirit}` : ""}`,
      "data-socket": id, role: tap ? "button" : null, tabindex: tap ? 0 : null, "aria-label": tap ? label : null,
      onclick: tap ? () => tap() : null, onkeydown: tap ? (e) => (e.key === "Enter" || e.key === " ") && tap() : null,
    },
    s("title", {}, label),
    s("circle", { cx: x, cy: y, r: socket.spirit ? 11 : 8, style: top ? `fill: ${SEAT_COLOURS[top.owner]}` : null }),
    s("text", { x, y: y + 3.5, class: "du-socket-text" }, top ? faceSign(top.face) : String(socket.number)),
    stack.length > 1 ? s("text", { x: x + 9, y: y - 7, class: "du-stack" }, `×${stack.length}`) : null,
    socket.spirit ? s("text", { x, y: y + (y > MIDDLE ? -15 : 22), class: "du-spirit-name" }, t(SPIRIT_KEYS[socket.spirit])) : null);
  });
  return s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "du-map", role: "group", "aria-label": t("du.map") }, lines, places, dots);
}
