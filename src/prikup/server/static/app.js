// prikup in the browser: the lobby, a table over a WebSocket, and the replay of a finished match.
// Plain JS, no build step.  The server is the only authority: this page shows what it is sent
// (its own seat's observation) and sends the actions clicked.
"use strict";

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
};

const SUITS = { S: "♠", C: "♣", D: "♦", H: "♥" };
const RED = new Set(["D", "H"]);
const CARD_RE = /^(?:[2-9TJQKA][SCDH]|JK[12]?)$/;

function cardEl(text, attrs = {}) {
  if (text === null || text === undefined) return el("span", { class: "card back", title: "face down" }, "🂠");
  if (text.startsWith("JK")) return el("span", { class: "card joker", "data-card": text, ...attrs }, "🃏" + text.slice(2));
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  return el("span", { class: "card" + (RED.has(suit) ? " red" : ""), "data-card": text, ...attrs }, rank + SUITS[suit]);
}

// An action's text with its cards drawn as symbols ("play QH declare KQ" → "play Q♥ declare KQ").
function prettyAction(text) {
  return String(text)
    .split(" ")
    .map((w) => (CARD_RE.test(w) && !w.startsWith("JK") ? (w[0] === "T" ? "10" : w[0]) + SUITS[w[1]] : w))
    .join(" ")
    .replace(/\b([SCDH])\b/g, (m) => SUITS[m] || m);
}

function status(text, kind = "") {
  const s = $("#status");
  s.textContent = text;
  s.className = "status " + kind;
}

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
  return data;
}

const store = {
  get(tid) {
    try { return JSON.parse(localStorage.getItem("prikup:" + tid) || "null"); } catch (e) { return null; }
  },
  set(tid, value) { localStorage.setItem("prikup:" + tid, JSON.stringify(value)); },
};

// ---------------------------------------------------------------------------------------- lobby
let GAMES = [];

async function showLobby() {
  $("#lobby").hidden = false;
  GAMES = await api("/api/games");
  const select = $("#game-select");
  select.replaceChildren(...GAMES.map((g) => el("option", { value: g.id }, `${g.title} (${g.title_ru})`)));
  select.addEventListener("change", renderOptions);
  renderOptions();
  $("#create-form").addEventListener("submit", createTable);
  const tables = await api("/api/tables");
  $("#tables-list tbody").replaceChildren(
    ...tables.map((t) =>
      el("tr", {},
        el("td", {}, el("a", { href: "/table/" + t.id }, t.id)),
        el("td", { text: t.game }),
        el("td", { text: t.seats.map((s) => s.kind === "bot" ? `${s.name}` : s.claimed ? s.name : "free seat").join(", ") }),
        el("td", { text: t.finished ? "finished" : "in play" }))));
}

function currentGame() { return GAMES.find((g) => g.id === $("#game-select").value); }

function renderOptions() {
  const game = currentGame();
  const box = $("#options");
  box.replaceChildren();
  for (const o of game.options) {
    let input;
    if (o.kind === "bool") {
      input = el("select", { name: o.name, "data-option": o.name },
        el("option", { value: "true", selected: o.default === true }, "yes"),
        el("option", { value: "false", selected: o.default === false }, "no"));
    } else if (o.choices) {
      input = el("select", { name: o.name, "data-option": o.name },
        ...o.choices.map((c) => el("option", { value: String(c), selected: c === o.default }, String(c))));
    } else {
      input = el("input", { name: o.name, "data-option": o.name, value: String(o.default),
        type: o.kind === "int" ? "number" : "text", min: o.minimum, max: o.maximum });
    }
    if (o.name === "players") input.addEventListener("change", renderSeats);
    box.append(el("label", { title: o.help }, o.name + " ", input));
  }
  renderSeats();
}

function seatCount() {
  const p = document.querySelector('[data-option="players"]');
  return p ? parseInt(p.value, 10) : currentGame().players;
}

function renderSeats() {
  const game = currentGame();
  const rows = [];
  for (let i = 0; i < seatCount(); i++) {
    const kind = el("select", { "data-seat-kind": i },
      el("option", { value: "human", selected: i === 0 }, "human"),
      ...game.bots.map((b) => el("option", { value: "bot:" + b, selected: i > 0 && b === "heuristic" }, b + " bot")));
    rows.push(el("div", { class: "seat-row" }, `Seat ${i + 1} `, kind));
  }
  $("#seats-config").replaceChildren(...rows);
}

async function createTable(ev) {
  ev.preventDefault();
  const game = currentGame();
  const options = {};
  for (const o of game.options) {
    const v = document.querySelector(`[data-option="${o.name}"]`).value;
    if (String(o.default) !== v) options[o.name] = v;
  }
  const seats = [...document.querySelectorAll("[data-seat-kind]")].map((s) =>
    s.value === "human" ? { kind: "human" } : { kind: "bot", bot: s.value.slice(4) });
  try {
    const res = await api("/api/tables", { game: game.id, options, seats, name: $("#your-name").value || null });
    if (res.token !== null) store.set(res.table.id, { seat: res.seat, token: res.token });
    location.href = res.url;
  } catch (e) {
    status(e.message, "bad");
  }
}

// ---------------------------------------------------------------------------------------- table
const T = { id: null, info: null, seat: null, token: null, ws: null, state: null, retry: 0, closed: false };
window.prikup = T; // for tests and the curious: the last state frame the server sent this page

async function showTable(tid) {
  T.id = tid;
  $("#table").hidden = false;
  try {
    T.info = await api("/api/tables/" + tid);
  } catch (e) {
    status(e.message, "bad");
    return;
  }
  const held = store.get(tid);
  if (held) { T.seat = held.seat; T.token = held.token; }
  $("#table-title").textContent = `${T.info.title} — ${T.info.title_ru}`;
  $("#invite-button").addEventListener("click", () => {
    navigator.clipboard?.writeText(location.origin + "/table/" + tid);
    status("invitation link copied: " + location.origin + "/table/" + tid, "ok");
  });
  $("#replay-button").addEventListener("click", () => { location.href = `/table/${tid}?replay=1`; });
  renderClaim();
  connect();
}

function renderClaim() {
  const free = T.info.seats.map((s, i) => [s, i]).filter(([s]) => s.kind === "human" && !s.claimed);
  $("#claim").hidden = T.token !== null || free.length === 0;
  $("#claim-seats").replaceChildren(...free.map(([s, i]) =>
    el("button", { "data-claim": i, onclick: () => claim(i) }, `Sit in seat ${i + 1}`)));
}

async function claim(seat) {
  try {
    const res = await api(`/api/tables/${T.id}/claim`, { seat });
    store.set(T.id, { seat, token: res.token });
    T.seat = seat;
    T.token = res.token;
    $("#claim").hidden = true;
    if (T.ws) T.ws.close(); // reconnect holding the seat
  } catch (e) {
    showError(e.message);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${T.id}`);
  T.ws = ws;
  ws.onopen = () => {
    T.retry = 0;
    ws.send(JSON.stringify({ type: "hello", seat: T.token ? T.seat : null, token: T.token }));
    status("connected", "ok");
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = () => {
    if (T.ws !== ws) return;
    status("disconnected — rejoining…", "bad");
    const wait = Math.min(5000, 200 * 2 ** T.retry++);
    setTimeout(connect, wait);
  };
}

function onMessage(msg) {
  if (msg.type === "state") {
    T.state = msg;
    T.info.seats = msg.seats;
    renderState(msg);
  } else if (msg.type === "error") {
    showError(msg.message);
    if (msg.code === "bad_token") { T.token = null; T.seat = null; renderClaim(); }
  } else if (msg.type === "welcome") {
    T.info = msg.table;
    $("#table-meta").textContent = msg.seat === null ? "watching" : `you are seat ${msg.seat + 1}`;
  } else if (msg.type === "ack") {
    showError("");
  }
}

function showError(text) { $("#error").textContent = text; }

function send(action) {
  if (!T.ws || T.ws.readyState !== 1) return;
  T.ws.send(JSON.stringify({ type: "act", action, ply: T.state ? T.state.ply : null }));
}

function seatName(seats, i) {
  if (i === null || i === undefined) return "—";
  const s = seats && seats[i];
  return s ? `${s.name} (${i + 1})` : `seat ${i + 1}`;
}

const MOMENTS = {
  "501": ["dark", "declarer_dark", "gifts", "marriages", "points", "high_bid"],
  "five-hundred": ["units", "kitty_size", "discards", "discards_left", "open_hand", "trick_suit", "no_bid_play", "sitting_out", "bidder"],
  "pyatsot": ["barred", "kept", "received", "gifts", "trump_maker", "declarations", "barrel", "barrel_deal", "barrel_contract", "points"],
  "preferans": ["bid", "raspasy", "whist_calls", "whisters", "lone_whister", "half_whister", "open", "hands_seen", "hand_to_play", "settle_question", "settle_calls", "discards"],
};

function valueEl(v) {
  if (v === null || v === undefined) return el("span", { class: "muted" }, "—");
  if (typeof v === "string" && CARD_RE.test(v)) return cardEl(v);
  if (Array.isArray(v) && v.length && v.every((x) => typeof x === "string" && CARD_RE.test(x))) {
    return el("span", { class: "cards" }, ...v.map((c) => cardEl(c)));
  }
  if (typeof v === "object" && !Array.isArray(v)) {
    // e.g. {"1": [cards], "2": [cards]} (hands seen), {"seat": 2, "cards": [...]} (an open hand)
    return el("div", { class: "obj" }, ...Object.entries(v).map(([k, x]) =>
      el("div", {}, el("span", { class: "muted" }, /^[0-9]+$/.test(k) ? `seat ${+k + 1}: ` : k + ": "), valueEl(x))));
  }
  if (typeof v === "object") return el("code", {}, prettyAction(JSON.stringify(v)));
  return el("span", {}, prettyAction(String(v)));
}

function renderBoard(obs, seats, prefix) {
  const n = obs.scores.length;
  const players = [];
  for (let i = 0; i < n; i++) {
    const classes = ["player"];
    if (obs.to_act === i) classes.push("to-act");
    if (obs.seat === i) classes.push("me");
    const s = seats ? seats[i] : null;
    players.push(el("div", { class: classes.join(" "), "data-seat": i },
      el("div", { class: "name" }, seatName(seats, i), s && s.kind === "human" && !s.online ? el("span", { class: "muted" }, " (away)") : null),
      el("div", {}, `score ${obs.scores[i]}`),
      el("div", { class: "small" }, `cards ${obs.hand_sizes ? obs.hand_sizes[i] : "?"} · tricks ${obs.tricks_won ? obs.tricks_won[i] : 0}`),
      obs.dealer === i ? el("div", { class: "small tag" }, "dealer") : null,
      obs.declarer === i ? el("div", { class: "small tag" }, "declarer") : null));
  }
  $(prefix + "players").replaceChildren(...players);
  const contract = [];
  contract.push(el("div", {}, `phase: ${obs.phase}, deal ${obs.deal}`));
  if (obs.contract !== null && obs.contract !== undefined) contract.push(el("div", { class: "contract" }, "contract ", valueEl(obs.contract)));
  if (obs.trump) contract.push(el("div", {}, "trump ", el("b", {}, prettyAction(obs.trump))));
  if (obs.high_bid !== null && obs.high_bid !== undefined) contract.push(el("div", {}, "high bid ", valueEl(obs.high_bid)));
  if (obs.calls && obs.calls.length) {
    contract.push(el("div", { class: "small calls" }, obs.calls.map(([s, c]) => `${s + 1}: ${prettyAction(c)}`).join(" · ")));
  }
  if (obs.winners && obs.winners.length) contract.push(el("div", { class: "winner" }, "winners: " + obs.winners.map((w) => seatName(seats, w)).join(", ")));
  $(prefix + "contract").replaceChildren(...contract);
  const talon = obs.talon;
  $(prefix + "talon").replaceChildren(...(Array.isArray(talon) ? talon.map((c) => cardEl(c)) : [el("span", { class: "muted" }, talon === null || talon === undefined ? "face down" : String(talon))]));
  $(prefix + "trick").replaceChildren(...(obs.trick || []).map(([s, c]) => el("span", { class: "played", "data-trick-seat": s }, cardEl(c), el("small", {}, String(s + 1)))));
  const moments = [];
  for (const key of MOMENTS[obs.game] || []) {
    if (!(key in obs)) continue;
    const v = obs[key];
    if (v === null || v === false || (Array.isArray(v) && !v.length) || (typeof v === "object" && v && !Array.isArray(v) && !Object.keys(v).length)) continue;
    moments.push(el("div", { class: "moment", "data-moment": key }, el("b", {}, key.replace(/_/g, " ") + ": "), valueEl(v)));
  }
  if (obs.last_result) moments.push(el("div", { class: "moment", "data-moment": "last_result" }, el("b", {}, "last deal: "), valueEl(obs.last_result)));
  $(prefix + "moments").replaceChildren(...moments);
  $(prefix + "hand").replaceChildren(...(obs.hand || []).map((c) => cardEl(c)));
}

function renderState(msg) {
  const obs = msg.obs;
  renderBoard(obs, msg.seats, "#");
  $("#replay-button").hidden = !msg.finished;
  const legal = obs.legal_actions || [];
  // the hand: a card is clickable when an action plays, gives, discards or keeps exactly it
  const byCard = {};
  for (const a of legal) {
    const w = a.split(" ");
    if (w.length >= 2 && CARD_RE.test(w[1])) (byCard[w[1]] = byCard[w[1]] || []).push(a);
  }
  const hand = $("#hand");
  hand.replaceChildren(...(obs.hand || []).map((c) => {
    const acts = byCard[c] || [];
    const plain = acts.find((a) => a.split(" ").length === 2);
    const node = cardEl(c, plain ? { "data-action": plain, role: "button", tabindex: 0 } : {});
    if (acts.length) {
      node.classList.add("playable");
      node.addEventListener("click", () => (plain ? send(plain) : null));
    }
    return node;
  }));
  $("#hand-note").textContent = obs.hand === null && obs.seat !== null ? "(not looked at yet)" : "";
  // other actions: cards not in the hand (the talon), variants (declare, as), and calls
  const inHand = new Set(obs.hand || []);
  const rest = legal.filter((a) => {
    const w = a.split(" ");
    return !(w.length === 2 && CARD_RE.test(w[1]) && inHand.has(w[1]));
  });
  const groups = {};
  for (const a of rest) (groups[a.split(" ")[0]] = groups[a.split(" ")[0]] || []).push(a);
  const boxes = [];
  for (const [verb, acts] of Object.entries(groups)) {
    if (acts.length > 14) {
      const sel = el("select", { "data-group": verb }, ...acts.map((a) => el("option", { value: a }, prettyAction(a))));
      boxes.push(el("span", { class: "group" }, sel, el("button", { "data-group-go": verb, onclick: () => send(sel.value) }, "OK")));
    } else {
      for (const a of acts) boxes.push(el("button", { "data-action": a, onclick: () => send(a) }, prettyAction(a)));
    }
  }
  const waiting = obs.to_act === null ? (msg.finished ? "the match is over" : "") : `waiting for ${seatName(msg.seats, obs.to_act)}`;
  $("#actions").replaceChildren(...(legal.length ? boxes : [el("span", { class: "muted" }, waiting)]));
  // the log of this deal (each action as this seat saw it)
  $("#log").replaceChildren(...msg.log.map(([s, t]) => el("li", {}, `${seatName(msg.seats, s)}: ${prettyAction(t)}`)));
  const tricks = obs.tricks || [];
  const lt = tricks.length ? tricks[tricks.length - 1] : null;
  $("#last-trick").textContent = lt ? "last trick: " + lt.cards.map(([s, c]) => `${s + 1}:${prettyAction(c)}`).join(" ") + ` → ${lt.winner + 1}` : "";
  renderSheet(msg.sheet, msg.seats, obs);
  $("#table-meta").textContent = (msg.viewer === null ? "watching" : `you are seat ${msg.viewer + 1}`) + ` · ply ${msg.ply}`;
}

function renderSheet(sheet, seats, obs) {
  const n = obs.scores.length;
  const head = el("tr", {}, el("th", {}, "deal"), ...Array.from({ length: n }, (_, i) => el("th", {}, seatName(seats, i))));
  const rows = sheet.map((d) => el("tr", { "data-deal": d.deal }, el("td", {}, String(d.deal)),
    ...d.scores.map((s, i) => el("td", {}, `${s} `, el("small", {}, `(${d.changes[i] >= 0 ? "+" : ""}${d.changes[i]})`)))));
  $("#sheet").replaceChildren(head, ...rows);
  const extra = $("#extra-sheet");
  if (obs.sheet) { // preferans: the pulya sheet
    const s = obs.sheet;
    extra.replaceChildren(el("table", { class: "sheet pulya" },
      el("tr", {}, el("th", {}, "pulya sheet"), ...Array.from({ length: n }, (_, i) => el("th", {}, seatName(seats, i)))),
      el("tr", {}, el("td", {}, `pulya (to ${s.target})`), ...s.pulya.map((v) => el("td", {}, String(v)))),
      el("tr", {}, el("td", {}, "gora"), ...s.gora.map((v) => el("td", {}, String(v)))),
      ...s.whists.map((row, i) => el("tr", {}, el("td", {}, `whists of ${i + 1}`), ...row.map((v) => el("td", {}, String(v))))),
      el("tr", {}, el("td", {}, "balance"), ...s.balances.map((v) => el("td", {}, String(v))))));
  } else {
    extra.replaceChildren();
  }
}

// ---------------------------------------------------------------------------------------- replay
async function showReplay(tid) {
  $("#replay").hidden = false;
  const held = store.get(tid);
  const q = held ? `?seat=${held.seat}&token=${encodeURIComponent(held.token)}` : "";
  let data;
  try {
    data = await api(`/api/tables/${tid}/replay${q}`);
  } catch (e) {
    status(e.message, "bad");
    return;
  }
  $("#replay-title").textContent = `Replay: ${data.table.title} — ${data.frames.length - 1} actions`;
  $("#rp-back").href = "/table/" + tid;
  const slider = $("#rp-slider");
  slider.max = String(data.frames.length - 1);
  let at = 0;
  const show = (i) => {
    at = Math.max(0, Math.min(data.frames.length - 1, i));
    slider.value = String(at);
    const f = data.frames[at];
    renderBoard(f.obs, data.table.seats, "#rp-");
    $("#rp-pos").textContent = `step ${at} / ${data.frames.length - 1}`;
    $("#rp-event").textContent = f.event ? `${seatName(data.table.seats, f.event.seat)}: ${prettyAction(f.event.action)}` : "the cards are dealt";
  };
  window.prikupReplay = { frames: data.frames, show, at: () => at };
  $("#rp-first").onclick = () => show(0);
  $("#rp-prev").onclick = () => show(at - 1);
  $("#rp-next").onclick = () => show(at + 1);
  $("#rp-last").onclick = () => show(data.frames.length - 1);
  slider.oninput = () => show(parseInt(slider.value, 10));
  show(0);
}

// ---------------------------------------------------------------------------------------- start
(function start() {
  const m = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)/);
  if (!m) return showLobby();
  if (new URLSearchParams(location.search).get("replay")) return showReplay(m[1]);
  return showTable(m[1]);
})();
