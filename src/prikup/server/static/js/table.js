// The table: seats around the felt, the trick in front of whoever played it, the talon, the prompt,
// the action bar and the hand; incoming states are queued so a person can follow the play.
import { Connection, api, held, openNewTable } from "./net.js";
import { cardEl } from "./cards.js";
import { handKeys, renderHand } from "./hand.js";
import { el, renderBidding } from "./bidding.js";
import { renderSheet } from "./sheets.js";
import { buildSummary, renderSummary } from "./summary.js";
import { areaOf, sideOf } from "./seats.js";
import { AnalysisView } from "./analysis.js";
import { H, hintParts, markHintedCard, renderHint } from "./hint.js";
import {
  CARD_RE, SUITS, botWord, callText, cardName, cardShort, comboText, describe, drawFlags, has, seatName, suitOf, suitWord, t, variantText,
} from "./words.js";

const CARD_VERBS = new Set(["play", "give", "keep", "discard"]);
const $ = (s) => document.querySelector(s);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The page's settings: the pause on a finished trick (ms) and the seconds before the next deal. */
export const settings = {
  get trickPause() { const v = localStorage.getItem("prikup.trickPause"); return v === null ? 1000 : +v; },
  set trickPause(v) { localStorage.setItem("prikup.trickPause", String(v)); },
  get autoNext() { const v = localStorage.getItem("prikup.autoNext"); return v === null ? 5 : +v; },
};

// T: what the page shows (window.prikup for tests and the curious)
const T = {
  id: null, info: null, seat: null, token: null, conn: null, state: null, queue: [], busy: false,
  selected: [], pending: [], variant: null, chooser: null, peek: false, finished: null, summary: null,
  summaryTimer: null, lastEvent: -1, why: "", unsent: null,
};
window.prikup = T;

export async function showTable(tid) {
  T.id = tid;
  $("#table").hidden = false;
  try {
    T.info = await api("/api/tables/" + tid);
  } catch (e) {
    $("#error").textContent = t("web.err.unknown_table");
    return;
  }
  const mine = held.get(tid);
  if (mine) { T.seat = mine.seat; T.token = mine.token; }
  document.title = `${gameTitle(T.info)} — prikup`;
  $("#table-title").textContent = gameTitle(T.info);
  handKeys($("#hand"));
  $("#peek").addEventListener("click", () => { T.peek = !T.peek; render(); });
  renderClaim();
  renderInvites();
  T.analysis = new AnalysisView($("#analysis"), { send: (frame) => T.conn.send(frame), seats: () => (T.state ? T.state.seats : T.info.seats) });
  T.hint = H;
  T.conn = new Connection(tid, {
    hello: () => ({ seat: T.token ? T.seat : null, token: T.token }),
    onMessage,
    onStatus: (s) => { $("#status").textContent = s === "ok" ? "" : t("web.reconnecting"); },
  });
  T.conn.open();
}

export const gameTitle = (g) => t("web.game." + (g.game || g.id));

// ------------------------------------------------------------------------------ seats, invitations
function renderClaim() {
  const box = $("#claim");
  const invite = /#invite=(\d+)\.([\w-]+)/.exec(location.hash);
  const free = T.info.seats.map((s, i) => [s, i]).filter(([s]) => s.kind === "human" && !s.claimed);
  box.hidden = T.token !== null || free.length === 0;
  if (box.hidden) return;
  const name = el("input", { id: "guest-name", maxlength: 40, autocomplete: "nickname" });
  const seatsToOffer = invite ? free.filter(([, i]) => i === +invite[1]) : free;
  box.replaceChildren(
    el("h2", {}, invite ? t("web.invited", { game: gameTitle(T.info) }) : t("web.free_seats")),
    el("label", { for: "guest-name" }, t("web.your_name")), name,
    el("div", { class: "row" }, ...seatsToOffer.map(([, i]) =>
      el("button", { type: "button", class: "primary", "data-claim": i, onclick: () => claim(i, name.value, invite ? invite[2] : null) },
        t("web.sit_in", { n: i + 1 })))),
    el("p", { class: "small" }, t("web.or_watch")));
}

async function claim(seat, name, invite) {
  try {
    const body = { seat, name: name.trim() || null };
    if (invite) body.invite = invite;
    const res = await api(`/api/tables/${T.id}/claim`, { body });
    held.set(T.id, res.seat ?? seat, res.token);
    T.seat = res.seat ?? seat;
    T.token = res.token;
    $("#claim").hidden = true;
    history.replaceState(null, "", location.pathname);
    T.conn.reopen();
  } catch (e) {
    showError({ code: CLAIM_REFUSED[e.status] || e.code, message: e.message });
  }
}

/** Why a claim is refused, by its HTTP status (protocol: a wrong or missing secret 403, a seat held 409). */
const CLAIM_REFUSED = { 403: "bad_invite", 404: "unknown_table", 409: "seat_taken" };

function renderInvites() {
  let invites = [];
  try { invites = JSON.parse(localStorage.getItem("prikup.invites." + T.id) || "[]"); } catch (e) { invites = []; }
  const free = T.info.seats.filter((s) => s.kind === "human" && !s.claimed).length;
  // a server without invitation secrets: the table's own link lets a guest take a free seat
  if (!invites.length && free && T.token) invites = [{ seat: null }];
  const box = $("#invites");
  box.hidden = !invites.length || !free;
  box.replaceChildren(el("h2", {}, t("web.invite_links")), ...invites.map((inv) => {
    const link = inv.seat === null ? `${location.origin}/table/${T.id}` : `${location.origin}/table/${T.id}#invite=${inv.seat}.${inv.secret}`;
    const label = inv.seat === null ? t("web.table_link") : t("web.invite_for", { n: inv.seat + 1 });
    return el("div", { class: "row" }, el("span", {}, inv.seat === null ? t("web.table_link") : t("web.seat_n", { n: inv.seat + 1 })),
      el("input", { readonly: true, value: link, "aria-label": label, class: "link" }),
      el("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(link); announce(t("web.copied")); } }, t("web.copy")));
  }));
}

// ------------------------------------------------------------------------------ messages
function onMessage(msg) {
  if (msg.type === "state") {
    const free = (seats) => seats.filter((s) => s.kind === "human" && !s.claimed).length;
    if (free(msg.seats) !== free(T.info.seats)) { T.info.seats = msg.seats; renderInvites(); }
    T.queue.push(msg);
    pump();
  } else if (msg.type === "hint") {
    H.frame = msg;
    H.asked = null;
    if (T.state && msg.ply === T.state.ply) announce(t("web.hint_suggests", { action: describe(hintParts(msg.hint).best ?? "", { seats: T.state.seats }) }));
    render();
  } else if (msg.type === "analysis_progress" || msg.type === "analysis") {
    const waited = T.analysis.pending && msg.type === "analysis" && msg.deal === T.analysis.deal;
    T.analysis.onFrame(msg);
    if (waited) announce(t("web.analysis_ready", { deal: msg.deal }));
  } else if (msg.type === "error" && HINT_REFUSALS.has(msg.code) && H.asked !== null) {
    H.asked = null;
    $("#error").textContent = t(`web.err.hint.${msg.code}`);
    render();
  } else if (msg.type === "error" && ANALYSIS_REFUSALS.has(msg.code) && T.analysis.pending) {
    T.analysis.onError(msg);
  } else if (msg.type === "error") {
    showError(msg);
    T.pending = [];
    if (msg.code === "bad_token") { held.clear(T.id); T.token = null; T.seat = null; renderClaim(); }
  } else if (msg.type === "welcome") {
    T.info = msg.table;
    renderInvites();
    T.analysis.reask();  // an analysis asked for on a socket that dropped since
  } else if (msg.type === "ack") {
    showError(null);
  }
}

/** Refusals of a hint request and of an analysis request, said in their own words. */
const HINT_REFUSALS = new Set(["hints_off", "hint_pending", "hint_failed", "rate_limited", "not_your_turn", "stale"]);
const ANALYSIS_REFUSALS = new Set(["not_finished", "analysis_failed", "busy", "rate_limited"]);

async function pump() {
  if (T.busy) return;
  T.busy = true;
  try {
    while (T.queue.length) {
      const msg = T.queue.shift();
      await present(msg);
    }
  } finally {
    T.busy = false;
  }
}

async function present(msg) {
  const prev = T.state;
  const pause = settings.trickPause;
  const obs = msg.obs;
  if (prev && obs.deal === prev.obs.deal && (obs.tricks || []).length > (prev.obs.tricks || []).length) {
    const done = obs.tricks[obs.tricks.length - 1];
    announceEvent(msg);
    announce(t("web.trick_to", { name: seatName(msg.seats, done.winner) }));
    if (pause > 0) {
      // the table moves on (tricks counted, the winner to lead) while the trick stays a moment
      T.state = msg;
      T.finished = done;
      render();
      await sleep(pause);
      T.finished = null;
    }
  } else if (prev && obs.deal > prev.obs.deal) {
    announceEvent(msg);
    // the server's frame of the deal's last moment, when it sends one: this page may have missed
    // frames (its socket was down), so the one it showed last need not be that moment
    const end = msg.previous_obs ? { ...prev, obs: msg.previous_obs } : prev;
    const plays = (msg.previous_log || []).filter(([, a]) => a.startsWith("play "));
    const lastTrick = end.obs.trick.length ? [...end.obs.trick] : [];
    if (plays.length) {
      const [s, a] = plays[plays.length - 1];
      lastTrick.push([s, a.split(" ")[1]]);
    }
    if (pause > 0 && lastTrick.length && plays.length) {
      T.finished = { cards: lastTrick, winner: null };
      renderCentre(end, T.finished);
      await sleep(pause);
      T.finished = null;
    }
    T.summary = buildSummary(msg, end);
    announce(T.summary.headline);
  } else if (!prev && msg.previous_obs && !msg.finished) {
    // opened (or reloaded) after the last deal ended, before this seat acted in the new one: the
    // bots may have played a whole deal meanwhile (preferans for four: the dealer sits it out)
    announceEvent(msg);
    T.summary = buildSummary(msg, { ...msg, obs: msg.previous_obs });
    announce(T.summary.headline);
  } else {
    announceEvent(msg);
  }
  if (msg.finished && !T.summary) T.summary = buildSummary(msg, prev || msg);
  if (myTurn(msg) && !(prev && myTurn(prev) && prev.ply === msg.ply)) announce(t("web.your_turn_title") + ". " + promptText(msg));
  T.state = msg;
  if (T.summary && !T.summaryTimer && !msg.finished && othersAreBots(msg)) {
    const shown = T.summary;
    T.summaryTimer = setTimeout(() => { if (T.summary === shown) T.summary = null; T.summaryTimer = null; render(); }, settings.autoNext * 1000);
  }
  // an action taken while the socket was down, sent now that a state came back on it
  if (T.unsent) {
    const u = T.unsent;
    T.unsent = null;
    if (u.ply === msg.ply && myTurn(msg) && (obs.legal_actions || []).includes(u.action)) T.conn.send(u);
  }
  // pending discards chosen together go one by one as the table asks for them
  if (T.pending.length && myTurn(msg)) {
    const next = T.pending.shift();
    if ((obs.legal_actions || []).includes(next)) send(next);
    else T.pending = [];
  }
  render();
}

function othersAreBots(msg) {
  return msg.seats.every((s, i) => i === msg.viewer || s.kind === "bot");
}
const myTurn = (msg) => msg.viewer !== null && msg.obs.to_act === msg.viewer && (msg.obs.legal_actions || []).length > 0;
/** My turn, and no action of mine waits for the socket to come back (its controls stay shut till then). */
const canAct = (msg) => myTurn(msg) && !T.unsent;

function announceEvent(msg) {
  const ev = msg.event;
  if (!ev || ev.ply === T.lastEvent) return;
  T.lastEvent = ev.ply;
  const draw = drawFlags(msg.obs, [[ev.seat, ev.action]])[0] && !(msg.obs.calls || []).length;
  announce(`${seatName(msg.seats, ev.seat)}: ${describe(ev.action, { seats: msg.seats, draw })}`);
}

/** Say something in the live region (screen readers read it out). */
export function announce(text) {
  const live = $("#live");
  const line = el("p", {}, text);
  live.append(line);
  while (live.children.length > 3) live.firstChild.remove();
}

function showError(msg) {
  const box = $("#error");
  if (!msg) { box.textContent = ""; return; }
  const st = T.state;
  const seats = st ? st.seats : T.info.seats;
  let text;
  if (msg.code === "not_your_turn" && st) text = t("web.err.not_your_turn", { name: seatName(seats, st.obs.to_act) });
  else if (msg.code === "illegal") {
    text = t("web.err.illegal", { action: msg.action ? describe(msg.action, { seats }) : "" });
    if (msg.rule && has(`rules.${msg.rule}`)) text += " " + t(`rules.${msg.rule}`, ruleFields(msg, seats));
    if (msg.legal && msg.legal.length) text += " " + t("web.can_now", { list: msg.legal.slice(0, 8).map((a) => describe(a, { seats })).join(", ") });
  } else if (`web.err.${msg.code}` in wordsProbe()) text = t(`web.err.${msg.code}`);
  else text = t("web.err.other");
  box.textContent = text;
}
/** A refusal's fields (``rule`` + ``fields`` of an error frame) as the page shows them: suits as
 * symbols, cards and calls in words, ``allowed`` from the legal actions. */
function ruleFields(msg, seats) {
  const out = { allowed: (msg.legal || []).slice(0, 8).map((a) => describe(a, { seats })).join(", ") };
  for (const [k, v] of Object.entries(msg.fields || {})) {
    if (k === "suit" || k === "trump") out[k] = suitWord(v);
    else if (k === "card") out[k] = cardShort(v);
    else if (k === "cards") out[k] = String(v).split(" ").map(cardShort).join(" ");
    else if ((k === "call" || k === "bid") && !/^\d+$/.test(String(v))) out[k] = callText(v);
    else out[k] = v;
  }
  return out;
}
const wordsProbe = () => new Proxy({}, { has: (_, k) => t(k) !== k });

function send(action) {
  showError(null);
  T.why = "";
  T.selected = [];
  T.chooser = null;
  if (T.summary && !T.state.finished) T.summary = null;
  const frame = { type: "act", action, ply: T.state ? T.state.ply : null };
  // the socket is down (it reconnects by itself): the action goes as soon as it is back, if the
  // table still waits for it at that ply (the server refuses it otherwise)
  if (!T.conn.send(frame)) {
    T.unsent = frame;
    $("#status").textContent = t("web.reconnecting");
    render();
  }
}

// ------------------------------------------------------------------------------ drawing
function render() {
  const msg = T.state;
  if (!msg) return;
  const active = document.activeElement;
  const hadFocus = active && (active.closest("#actions") || active.closest("#hand") || active.closest(".summary"));
  const obs = msg.obs;
  const me = msg.viewer;
  const mine = myTurn(msg);
  document.title = (mine ? "● " + t("web.your_turn_title") + " — " : "") + `${gameTitle(T.info)} — prikup`;
  $("#table-meta").textContent = (me === null ? t("web.watching") : t("web.you_are", { name: seatName(msg.seats, me) })) +
    " · " + t("deal") + " " + obs.deal;
  renderSeats(msg);
  renderCentre(msg, T.finished);
  renderPrompt(msg);
  renderActions(msg);
  renderHint(msg, { allowed: !!T.info.hints, mine, seats: msg.seats, ask: (ply) => T.conn.send({ type: "hint", ply }) });
  markHintedCard(msg);
  renderLog(msg);
  // the deal just over (or the last one of a finished match) can be analysed at any time
  const over = msg.finished ? obs.deal : obs.deal - 1;
  const again = $("#analyse-previous");
  again.hidden = over < 1;
  again.textContent = t("web.analyse_deal_n", { n: over });
  again.onclick = () => T.analysis.ask(over);
  renderSheet($("#sheet"), obs, msg.sheet, msg.seats, me);
  $("#peek").hidden = !(obs.tricks && obs.tricks.length);
  $("#peek").setAttribute("aria-expanded", T.peek ? "true" : "false");
  // a keyboard player keeps his place: when the control he used is gone, the focus goes to the
  // first playable card, else the first call he can make
  if (hadFocus && !document.body.contains(active) && (!document.activeElement || document.activeElement === document.body)) {
    const next = $("#hand .card.playable") || $("#felt .open-cards .card.playable") || $("#actions button:not([disabled]), #actions input");
    if (next) next.focus();
  }
}

function seatMarks(obs, i, msg) {
  const marks = [];
  if (i === msg.viewer) marks.push(t("you"));
  if (obs.dealer === i) marks.push(t("dealer"));
  if (obs.declarer === i && obs.declarer !== undefined) marks.push(t("declarer"));
  const me = msg.viewer;
  if (me !== null && obs.units) {
    const unit = obs.units.find((u) => u.includes(me));
    if (unit && unit.length > 1 && unit.includes(i) && i !== me) marks.push(t("partner"));
  }
  if (obs.called_partner === i) marks.push(t("web.called_partner"));
  if (obs.whisters && obs.whisters.includes(i)) marks.push(t("whist_call"));
  if (obs.active && obs.active.length && !obs.active.includes(i)) marks.push(t("sits_out"));
  if (obs.sitting_out && obs.sitting_out.includes(i)) marks.push(t("sits_out"));
  if (obs.dark && obs.dark[i]) marks.push(t("dark"));
  if (obs.barrel && obs.barrel.seat === i) marks.push(t("barrel"));
  return marks;
}

/** Five players: the called partner card and its holder once public (announced, or played). */
function calledText(obs, msg) {
  const card = cardShort(obs.called);
  if (obs.called_partner !== null && obs.called_partner !== undefined) return t("web.partner_known", { card, name: seatName(msg.seats, obs.called_partner) });
  const seen = (obs.tricks || []).some((tr) => tr.cards.some((p) => p[1] === obs.called)) || (obs.trick || []).some((p) => p[1] === obs.called);
  return t(seen || obs.options.partner_call === "announced" ? "web.partner_none" : "web.partner_secret", { card });
}

/** Five players: go alone, or pick the partner card from a list and call it. */
function partnerPicker(legal) {
  // the aces and trumps players call first at the top: the cards high to low, hearts first
  const cards = legal.filter((a) => a.startsWith("partner ")).map((a) => a.split(" ")[1]).reverse();
  const pick = el("select", { id: "partner-card", "aria-label": t("web.partner_card") },
    ...cards.map((c) => el("option", { value: c }, cardName(c))));
  const call = el("button", { type: "button", class: "call wide primary", id: "call-partner",
    onclick: () => send("partner " + pick.value) }, t("web.call_partner", { card: cardShort(cards[0] || "") }));
  pick.addEventListener("change", () => { call.textContent = t("web.call_partner", { card: cardShort(pick.value) }); });
  return el("div", { class: "partner-pick", role: "group", "aria-label": t("web.partner_card") },
    el("label", { for: "partner-card" }, t("web.partner_card") + " "), pick, call,
    el("button", { type: "button", class: "call wide", "data-action": "alone", onclick: () => send("alone") }, t("web.go_alone")));
}

function lastCall(obs, i) {
  let call = null;
  for (const [s, a] of obs.calls || []) if (s === i && a !== "look") call = a;
  for (const [s, a] of obs.whist_calls || []) if (s === i) call = a;
  return call;
}

function presence(s) {
  if (s.kind === "bot") return t("web.bot_level", { level: botWord(s.bot) });
  if (s.away && !s.claimed) return t("web.free_seat_bot", { level: botWord(s.bot) });
  if (s.away || (s.claimed && s.online === 0)) return s.bot ? t("web.away_bot", { level: botWord(s.bot) }) : t("web.away");
  if (!s.claimed) return t("web.free_seat");
  return s.online > 0 ? t("web.at_table") : "";
}

function openCards(obs, i, msg = null) {
  if (msg && playingFor(msg) !== null && narrow()) {
    if (i === msg.viewer) return obs.hand; // the partner's cards lie in the hand's place
    if (i === playingFor(msg)) return null;
  }
  // the hands played open: an open misère's, double shields' bidder's, both partners' at patastrophe
  const open = (obs.open_hands && obs.open_hands.length ? obs.open_hands : obs.open_hand ? [obs.open_hand] : []).find((h) => h.seat === i);
  if (open && i !== obs.seat) return open.cards; // the viewer's own open hand is his hand below
  if (obs.hands_seen && obs.hands_seen[i] && i !== obs.seat) return obs.hands_seen[i];
  return null;
}

/** The tricks a seat has taken (with dummies: its own hand's and its dummy's). */
function sideTricks(obs, i) {
  const won = obs.tricks_won || [];
  const dummy = (obs.dummies || []).find((d) => d.controller === i);
  return (won[i] || 0) + (dummy ? won[dummy.hand] || 0 : 0);
}

function renderSeats(msg) {
  const obs = msg.obs;
  const n = obs.scores.length;
  const felt = $("#felt");
  felt.dataset.n = String(n);
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  for (let i = 0; i < n; i++) {
    const s = msg.seats[i] || {};
    const acting = obs.to_act === i;
    // the declarer's call is his game once it is named (a contract after the talon may raise the bid)
    const call = obs.declarer === i && obs.contract !== null && obs.contract !== undefined && !obs.raspasy ? null : lastCall(obs, i);
    const open = openCards(obs, i, msg);
    const dir = areaOf(i, n, msg.viewer);
    const plate = el("section", {
      class: "seat" + (acting ? " to-act" : "") + (i === msg.viewer ? " me" : ""), "data-seat": i, "data-dir": dir,
      style: `grid-area: ${dir}`, "aria-label": seatName(msg.seats, i),
      "aria-current": acting ? "true" : null,
    },
    el("div", { class: "seat-name" }, acting ? el("span", { class: "turn-badge" }, "▶ " + t("web.acts")) : null, seatName(msg.seats, i)),
    el("div", { class: "marks" }, ...seatMarks(obs, i, msg).map((m) => el("span", { class: "tag" + (m === t("partner") ? " partner" : "") }, m))),
    el("div", { class: "seat-line" },
      call ? el("span", { class: "call-said", "data-call": call }, describe(call, { seats: msg.seats })) : null,
      call === null && obs.declarer === i && obs.contract !== null && obs.contract !== undefined
        ? el("span", { class: "call-said" }, obs.game === "501" && obs.trump ? `${obs.contract} ${suitWord(obs.trump)}` : callText(obs.contract)) : null,
      obs.phase === "play" || (obs.tricks_won && obs.tricks_won[i]) ? el("span", {}, t("web.tricks_n", { n: sideTricks(obs, i) })) : null,
      obs.phase === "play" && Array.isArray(obs.points) ? el("span", {}, t("web.points_n", { n: obs.points[i] })) : null,
      i !== msg.viewer && obs.hand_sizes ? el("span", { class: "muted" }, t("web.cards_n", { n: obs.hand_sizes[i] })) : null),
    i !== msg.viewer && presence(s) ? el("div", { class: "presence" }, presence(s)) : null,
    open ? openRow(msg, i, open) : null,
    ...(obs.dummies || []).filter((d) => d.controller === i).map((d) => dummyRow(msg, d)));
    felt.append(plate);
  }
}

/** The cards a seat holds face up; when the viewer plays that hand now (preferans's lone whister
 * plays his lying partner's cards) its legal cards are buttons like the hand's. */
function openRow(msg, i, open) {
  const plays = playingFor(msg) === i && !narrow() ? talonActions(msg) : {};
  const row = el("div", { class: "open-cards" + (Object.keys(plays).length ? " to-play" : ""), "data-open-seat": i });
  for (const c of open) {
    row.append(plays[c]
      ? cardEl(c, { cls: "open-play playable", onClick: () => onCard(c), label: cardName(c) })
      : cardEl(c, { cls: Object.keys(plays).length ? "open-play dim" : "mini" }));
  }
  return row;
}

/** Five Hundred for two: a player's dummy beside him, its face-up cards lying on its face-down
 * ones (backs); on the dummy's turn its controller clicks the card it plays. */
function dummyRow(msg, d) {
  const plays = d.controller === msg.viewer ? talonActions(msg) : {};
  const live = Object.keys(plays).length > 0;
  const row = el("div", {
    class: "open-cards dummy" + (live ? " to-play" : ""), "data-dummy": d.hand,
    role: "group", "aria-label": seatName(msg.seats, d.hand),
  }, el("span", { class: "dummy-name" }, seatName(msg.seats, d.hand)));
  const piles = Math.max(d.face_up.length, d.face_down);
  for (let k = 0; k < piles; k++) {
    const pile = el("span", { class: "pile" + (k < d.face_down ? " covered" : "") });
    if (k < d.face_down) pile.append(cardEl(null, { cls: "mini back" }));
    const c = d.face_up[k];
    if (c) {
      pile.append(plays[c]
        ? cardEl(c, { cls: "open-play playable", onClick: () => onCard(c), label: cardName(c) })
        : cardEl(c, { cls: live ? "open-play dim" : "open-play" }));
    }
    row.append(pile);
  }
  return row;
}

/** The seat whose face-up cards the viewer plays now (preferans's lone whister), else null. */
function playingFor(msg) {
  const h = msg.obs.hand_to_play;
  return myTurn(msg) && h !== undefined && h !== null && h !== msg.viewer ? h : null;
}
const narrow = () => window.matchMedia("(max-width: 700px)").matches;

function talonCount(obs) {
  if (obs.kitty_size) return obs.kitty_size;
  return obs.game === "preferans" ? 2 : 3;
}

/** The table cards given to the kitty so far this deal (the table-card form), from the deal's log. */
function kittyGiven(msg) {
  if (!msg.obs.options || msg.obs.options.form !== "table_cards") return [];
  return msg.log.map(([, a]) => a.split(" ")).filter((w) => w[0] === "give" && CARD_RE.test(w[1] || "")).map((w) => w[1]);
}

/** How many cards Five Hundred's kitty holds now: while the table-card form's players still give
 * it their table cards, the cards dealt to it and those given so far; else its size. */
function kittyHolds(msg) {
  const obs = msg.obs;
  if (obs.phase !== "pick") return talonCount(obs);
  const toGive = (obs.active && obs.active.length ? obs.active.length : obs.scores.length) - kittyGiven(msg).length;
  return talonCount(obs) - toGive;
}

function renderCentre(msg, finished) {
  const obs = msg.obs;
  const n = obs.scores.length;
  const me = msg.viewer;
  const centre = $("#centre");
  const parts = [];
  // contract or auction
  const line = el("div", { class: "contract-line" });
  if (obs.contract !== null && obs.contract !== undefined) {
    const c = obs.game === "501" && obs.trump ? `${obs.contract} ${suitWord(obs.trump)}` : callText(obs.contract);
    line.append(el("span", {}, t("contract") + ": "), el("b", {}, c), obs.declarer !== null ? ` — ${seatName(msg.seats, obs.declarer)}` : "");
    // a trump suit named (Five Hundred's no-trump and misère games say "no trump" in their name already)
    if (obs.trump && obs.game !== "501" && !(obs.game === "five-hundred" && obs.trump === "NT")) line.append(el("span", { class: "trump" }, ` · ${t("trump")}: ${suitWord(obs.trump)}`));
    if (obs.called) line.append(el("span", { class: "called", "data-called": obs.called }, " · " + calledText(obs, msg)));
  } else if (obs.raspasy) {
    line.append(el("b", {}, t("raspasy")));
  } else if (obs.high_bid !== null && obs.high_bid !== undefined) {
    const who = [...(obs.calls || [])].reverse().find(([, a]) => a.startsWith("bid "));
    line.append(t("web.high_bid") + ": ", el("b", {}, callText(obs.high_bid)), who ? ` — ${seatName(msg.seats, who[0])}` : "");
  } else if (obs.phase === "auction") {
    line.append(t("auction"));
  }
  const announced = [...(obs.marriages || []), ...(obs.declarations || [])];
  if (announced.length) {
    line.append(el("span", { class: "small" }, " · " + t("marriages") + ": " + announced.map((m) =>
      `${seatName(msg.seats, m.seat)} ${m.kind ? comboText(m.kind) + " " : ""}${SUITS[m.suit] || ""} (${m.value})`).join(", ")));
  }
  parts.push(line);
  // talon
  // the talon as it lies now: without the card kept (Пятьсот) and the cards given away (501 too:
  // the declarer may give a card he took from it)
  const gone = new Set([obs.kept, ...(obs.gifts || []).map((g) => g.card)].filter(Boolean));
  // Five Hundred: a kitty card the contractor discarded is his discard now, not the kitty
  if (obs.game === "five-hundred") for (const c of obs.discards || []) gone.add(c);
  // ... and without the cards taken into your hand (they are marked there, not shown twice)
  const inHand = new Set(obs.hand || []);
  const talonCards = Array.isArray(obs.talon) ? obs.talon.filter((c) => !gone.has(c) && !inHand.has(c)) : null;
  const showTalon = (talonCards && talonCards.length) || (["auction", "pick"].includes(obs.phase) && !obs.raspasy);
  if (showTalon && obs.phase !== "play") {
    const clickable = talonActions(msg);
    // Five Hundred names how many cards its kitty holds (the table-card form's grows as it is made)
    const kittyNow = obs.game === "five-hundred" ? kittyHolds(msg) : null;
    const name = kittyNow !== null ? t("web.kitty_n", { n: kittyNow }) : t(obs.game === "five-hundred" ? "kitty" : "talon");
    const row = el("div", { class: "talon", "aria-label": name, "data-kitty": kittyNow }, el("span", { class: "label" }, name));
    if (obs.phase === "pick") {
      // the kitty being made: the cards dealt to it face down, the table cards given to it face up
      const given = kittyGiven(msg);
      for (let k = 0; k < kittyNow - given.length; k++) row.append(cardEl(null, { cls: "small-card" }));
      for (const c of given) row.append(cardEl(c, { cls: "small-card" }));
    } else if (talonCards) {
      for (const c of talonCards) {
        const acts = clickable[c];
        row.append(acts ? cardEl(c, { cls: "playable" + (T.selected.includes(c) ? " selected" : ""), onClick: () => onCard(c) }) : cardEl(c, { cls: "small-card" }));
      }
    } else {
      // Five Hundred's kitty_up: the last card dealt to the kitty lies face up
      for (let k = 0; k < talonCount(obs); k++) {
        const up = obs.kitty_shown && k === talonCount(obs) - 1;
        row.append(up ? cardEl(obs.kitty_shown, { cls: "small-card kitty-up" }) : cardEl(null, { cls: "small-card" }));
      }
    }
    parts.push(row);
  }
  // Five Hundred for two: the face-up table cards (given to the kitty, one kept by the defender),
  // the card just drawn and the stock
  if (obs.table_cards && obs.table_cards.length) {
    const clickable = talonActions(msg);
    const row = el("div", { class: "talon table-cards", "aria-label": t("web.table_cards") }, el("span", { class: "label" }, t("web.table_cards")));
    for (const c of obs.table_cards) {
      row.append(clickable[c] ? cardEl(c, { cls: "playable" + (T.selected.includes(c) ? " selected" : ""), onClick: () => onCard(c) }) : cardEl(c, { cls: "small-card" }));
    }
    parts.push(row);
  }
  if (obs.dead_size) {
    // a dead hand (or the table-card form's dead cards): face down, out of play, counted
    const text = t(obs.options && obs.options.form === "dead_hand" ? "web.dead_hand_n" : "web.dead_cards_n", { n: obs.dead_size });
    parts.push(el("div", { class: "talon dead", "aria-label": text, "data-dead": obs.dead_size },
      cardEl(null, { cls: "small-card" }), el("span", { class: "label" }, text)));
  }
  if (obs.drawn || obs.stock_size) {
    const row = el("div", { class: "talon drawn", "aria-label": t("web.stock_n", { n: obs.stock_size || 0 }) },
      el("span", { class: "label" }, t("web.stock_n", { n: obs.stock_size || 0 })));
    if (obs.drawn) row.append(cardEl(obs.drawn, { cls: "small-card" }));
    parts.push(row);
  }
  if (obs.set_aside && obs.set_aside.length && obs.phase !== "play") {
    // the drawing form: the cards this player saw and set aside (out of the deal; the other's are unseen)
    const row = el("div", { class: "talon set-aside", "aria-label": t("web.set_aside") }, el("span", { class: "label" }, t("web.set_aside")));
    for (const c of obs.set_aside) row.append(cardEl(c, { cls: "small-card" }));
    parts.push(row);
  }
  // the trick (or the finished one, or the last trick peeked), each card in front of its player
  let trickCards = obs.trick || [];
  let winner = null;
  let label = t("trick");
  if (finished) { trickCards = finished.cards; winner = finished.winner; }
  else if (T.peek && obs.tricks && obs.tricks.length) {
    const lt = obs.tricks[obs.tricks.length - 1];
    trickCards = lt.cards; winner = lt.winner; label = t("web.last_trick");
  }
  const trick = el("div", { class: "trick" + (finished ? " finished" : ""), "data-n": n, role: "group", "aria-label": label });
  for (const [s, c] of trickCards) {
    const won = winner === s;
    trick.append(el("div", { class: "played" + (won ? " won" : "") + (s >= n ? " dummy" : ""), "data-dir": areaOf(s % n, n, me), "data-trick-seat": s },
      cardEl(c), won ? el("span", { class: "won-tag" }, "★ " + t("web.takes")) : null));
  }
  if (T.peek && !finished) trick.append(el("div", { class: "peek-note" }, label));
  parts.push(trick);
  centre.replaceChildren(...parts);
  const felt = $("#felt");
  felt.querySelector(".summary")?.remove();
  if (T.summary) {
    felt.append(renderSummary(T.summary, msg, {
      tableId: T.id, onRematch: rematch, onNext: () => { T.summary = null; render(); },
      onAnalyse: (deal) => T.analysis.ask(deal),
    }));
  }
}

/** The card actions legal now, by card: of the hand's cards, or (`fromHand` false) of the talon's. */
function cardActions(msg, fromHand = true) {
  const out = {};
  if (!canAct(msg)) return out;
  const hand = new Set(msg.obs.hand || []);
  for (const a of msg.obs.legal_actions) {
    const w = a.split(" ");
    if (CARD_VERBS.has(w[0]) && CARD_RE.test(w[1] || "") && hand.has(w[1]) === fromHand) (out[w[1]] = out[w[1]] || []).push(a);
  }
  return out;
}
const talonActions = (msg) => cardActions(msg, false);

function cardVerb(msg) {
  for (const a of (canAct(msg) ? msg.obs.legal_actions : [])) {
    const v = a.split(" ")[0];
    if (CARD_VERBS.has(v)) return v;
  }
  return null;
}

function discardsNeeded(obs) {
  if (obs.game === "five-hundred") return obs.discards_left || 1;
  if (obs.game === "preferans") return Math.max(1, 2 - (obs.discards || []).length);
  return 1;
}

function nextReceiver(msg) {
  const obs = msg.obs;
  const n = obs.scores.length;
  const giver = msg.viewer;
  // Five Hundred: a card is given to the partner (a called slam, the double misère's pass)
  if (obs.game === "five-hundred" && n === 4) return (giver + 2) % 4;
  const got = new Set((obs.gifts || []).map((g) => g.to));
  const active = obs.active && obs.active.length ? obs.active : [...Array(n).keys()];
  for (let k = 1; k < n; k++) {
    const s = (giver + k) % n;
    if (active.includes(s) && !got.has(s)) return s;
  }
  return null;
}

/** A click on a card: play it, or choose it for a confirm; an illegal card says why. */
function onCard(card) {
  const msg = T.state;
  const verb = cardVerb(msg);
  const acts = { ...cardActions(msg), ...talonActions(msg) }[card] || [];
  if (!acts.length) { T.why = whyNot(msg, card); render(); announce(T.why); return; }
  T.why = "";
  if (verb === "play") {
    const plain = acts.find((a) => a.split(" ").length === 2);
    if (T.variant) {
      const v = acts.find((a) => a.endsWith(" " + T.variant));
      if (v) { T.variant = null; send(v); return; }
      T.why = t("web.why.variant", { card: cardShort(card) });
      render();
      return;
    }
    if (plain) { send(plain); return; }
    if (acts.length === 1) { send(acts[0]); return; }
    T.chooser = card;
    render();
    return;
  }
  // give, keep, discard: choose, then confirm
  const limit = verb === "discard" ? discardsNeeded(msg.obs) : 1;
  if (T.selected.includes(card)) T.selected = T.selected.filter((c) => c !== card);
  else if (limit === 1) T.selected = [card];
  else if (T.selected.length < limit) T.selected = [...T.selected, card];
  render();
}

function whyNot(msg, card) {
  const obs = msg.obs;
  if (msg.viewer === null) return t("web.why.spectator");
  if (obs.to_act !== msg.viewer) return t("web.err.not_your_turn", { name: seatName(msg.seats, obs.to_act) });
  const verb = cardVerb(msg);
  if (!verb) return t("web.why.not_cards_now");
  const legalCards = Object.keys(cardActions(msg));
  if (verb === "play" && obs.trick && obs.trick.length) {
    const suits = new Set(legalCards.map((c) => (c.startsWith("JK") ? "JK" : suitOf(c))));
    const led = obs.trick[0][1];
    const ledSuit = led && !led.startsWith("JK") ? suitOf(led) : null;
    if (suits.size === 1 && ledSuit && suits.has(ledSuit)) return t("web.why.follow", { suit: SUITS[ledSuit] });
    if (suits.size === 1 && obs.trump && suits.has(obs.trump)) return t("web.why.trump", { suit: SUITS[obs.trump] });
  }
  return t("web.why.only", { cards: legalCards.map(cardShort).join(" ") });
}

function renderPrompt(msg) {
  const obs = msg.obs;
  const box = $("#prompt");
  const mine = myTurn(msg);
  box.classList.toggle("mine", mine);
  let text;
  if (msg.finished) text = t("match_over");
  else if (!mine) text = obs.to_act === null || obs.to_act === undefined ? "" : t("web.waiting_for", { name: seatName(msg.seats, obs.to_act) });
  else if (T.unsent) text = t("web.unsent", { action: describe(T.unsent.action, { seats: msg.seats }) });  // chosen: it waits for the socket
  else text = promptText(msg);
  box.replaceChildren(mine ? el("strong", { class: "your-turn" }, t("web.your_turn") + " ") : "", text,
    T.why ? el("span", { class: "why", role: "alert" }, " " + T.why) : "");
}

/** What the player to act is asked to do, in words (exported for the page's tests). */
export function promptText(msg) {
  const obs = msg.obs;
  const legal = obs.legal_actions;
  const nums = (verb) => legal.filter((a) => a.startsWith(verb + " ")).map((a) => parseInt(a.split(" ")[1], 10)).filter((x) => !isNaN(x));
  const verb = cardVerb(msg);
  const n = obs.scores.length;
  if (obs.drawn) return t("web.prompt.draw", { card: cardShort(obs.drawn) });
  if (verb === "give" && obs.table_cards && obs.table_cards.length) return t("web.prompt.to_kitty");
  if (verb === "keep" && obs.table_cards && obs.table_cards.length) return t("web.prompt.table_keep");
  if (verb === "give" && obs.game === "five-hundred" && obs.declarer === msg.viewer && obs.discards_left) {
    // the double misère's pass: the bidder gives his partner as many cards as the kitty held
    const r = nextReceiver(msg);
    return t("web.prompt.give_partner", { name: seatName(msg.seats, r), n: obs.discards_left });
  }
  if (verb === "give") {
    const r = nextReceiver(msg);
    return t("web.prompt.give", { name: seatName(msg.seats, r), side: t("web.side." + sideOf(r, n, msg.viewer)) });
  }
  if (verb === "play" && obs.dummies && obs.dummies.length && Object.keys(talonActions(msg)).length) return t("web.prompt.dummy");
  if (verb === "discard") return t("web.prompt.discard", { n: discardsNeeded(obs) });
  if (verb === "keep") return t("web.prompt.keep");
  if (legal.some((a) => a.startsWith("contract "))) {
    const min = nums("contract");
    if (obs.game === "501") return t("web.prompt.contract_501", { min: Math.min(...min) });
    if (obs.game === "pyatsot") return t("web.prompt.contract_points", { min: Math.min(...min) });
    return t("web.prompt.contract_call");
  }
  if (legal.includes("look") && obs.hand === null) return t("web.prompt.dark");
  if (legal.includes("alone")) return t("web.prompt.partner");
  if (legal.includes("claim")) return t("web.prompt.claim");
  if (legal.includes("break")) return t("web.prompt.break");
  if (legal.some((a) => a.startsWith("bid "))) {
    const min = nums("bid");
    if (obs.game === "501" || obs.game === "pyatsot") return t("web.prompt.bid_points", { min: Math.min(...min) });
    return t("web.prompt.bid_call");
  }
  if (legal.includes("whist") || legal.includes("half-whist")) return t("web.prompt.whist");
  if (legal.includes("open")) return t("web.prompt.open");
  if (legal.includes("take")) return t("web.prompt.take");
  if (legal.includes("settle")) return t("web.prompt.settle");
  if (verb === "play" && obs.hand_to_play !== undefined && obs.hand_to_play !== null && obs.hand_to_play !== msg.viewer) {
    return t("web.prompt.play_for", { name: seatName(msg.seats, obs.hand_to_play) });
  }
  if (verb === "play") return obs.trick && obs.trick.length ? t("web.prompt.follow") : t("web.prompt.lead");
  return t("web.prompt.choose");
}

function renderActions(msg) {
  const obs = msg.obs;
  const box = $("#actions");
  const hand = $("#hand");
  const mine = canAct(msg);
  const legal = mine ? obs.legal_actions : [];
  const ctx = { send, rerender: render, seats: msg.seats };
  const parts = [];
  const { node, handled } = mine ? renderBidding(obs, legal, ctx) : { node: null, handled: new Set() };
  if (node) parts.push(node);
  const byCard = cardActions(msg);
  const onTalon = talonActions(msg);
  const inCards = new Set([...Object.values(byCard).flat(), ...Object.values(onTalon).flat()]);
  const verb = cardVerb(msg);
  // optional announcements made with a card (501's marriage, Пятьсот's declarations)
  if (verb === "play") {
    const suffixes = new Set();
    for (const acts of Object.values(byCard)) {
      const hasPlain = acts.some((a) => a.split(" ").length === 2);
      if (hasPlain) for (const a of acts) { const w = a.split(" "); if (w.length > 2) suffixes.add(w.slice(2).join(" ")); }
    }
    if (!suffixes.has(T.variant)) T.variant = null;
    if (suffixes.size) {
      parts.push(el("div", { class: "variants", role: "group", "aria-label": t("web.announce") },
        el("span", { class: "label" }, t("web.announce_with_card")),
        ...[...suffixes].map((sfx) => el("button", {
          type: "button", class: "toggle", "data-variant": sfx, "aria-pressed": T.variant === sfx ? "true" : "false",
          onclick: () => { T.variant = T.variant === sfx ? null : sfx; render(); },
        }, variantText(sfx)))));
    }
    // a card with several plays (the joker led in no trumps names a suit): of the hand, or of a
    // dummy or a lying hand the player plays for
    const choices = T.chooser && (byCard[T.chooser] || onTalon[T.chooser]);
    if (choices) {
      parts.push(el("div", { class: "chooser", role: "group", "aria-label": cardName(T.chooser) },
        ...choices.map((a) => el("button", { type: "button", class: "call wide", "data-action": a, onclick: () => send(a) }, describe(a))),
        el("button", { type: "button", class: "call", onclick: () => { T.chooser = null; render(); } }, t("web.cancel"))));
    }
  }
  const drawing = mine && obs.drawn;
  if (drawing) {  // the card drawn: keep it (the next is set aside) or set it aside (the next is kept)
    for (const a of [`keep ${obs.drawn}`, `discard ${obs.drawn}`].filter((x) => legal.includes(x))) {
      parts.push(el("button", { type: "button", class: "call wide", "data-action": a, onclick: () => send(a) },
        t(a.startsWith("keep") ? "web.do.keep_drawn" : "web.do.set_aside_drawn", { card: cardShort(obs.drawn) })));
    }
  }
  if (verb && verb !== "play" && !drawing) {
    T.selected = T.selected.filter((c) => byCard[c] || onTalon[c]);
    const need = verb === "discard" ? discardsNeeded(obs) : 1;
    const ready = T.selected.length === need;
    let label;
    if (verb === "give" && obs.table_cards && obs.table_cards.length) {
      label = ready ? t("web.confirm.to_kitty", { card: cardShort(T.selected[0]) }) : t("web.confirm.choose_to_kitty");
    } else if (verb === "give") {
      const r = nextReceiver(msg);
      label = ready ? t("web.confirm.give", { card: cardShort(T.selected[0]), name: seatName(msg.seats, r) }) : t("web.confirm.choose_give");
    } else if (verb === "keep") label = ready ? t("web.confirm.keep", { card: cardShort(T.selected[0]) }) : t("web.confirm.choose_keep");
    else label = ready ? t("web.confirm.discard", { cards: T.selected.map(cardShort).join(" ") }) : t("web.confirm.choose_discard", { n: need - T.selected.length });
    parts.push(el("button", {
      type: "button", class: "primary confirm", id: "confirm", disabled: !ready,
      onclick: () => {
        const acts = T.selected.map((c) => `${verb} ${c}`);
        T.pending = acts.slice(1);
        send(acts[0]);
      },
    }, label));
  }
  if (legal.includes("alone")) {
    parts.push(partnerPicker(legal));
    for (const a of legal) if (a === "alone" || a.startsWith("partner ")) handled.add(a);
  }
  const rest = legal.filter((a) => !handled.has(a) && !inCards.has(a));
  for (const a of rest) {
    parts.push(el("button", { type: "button", class: "call wide" + (a === "pass" ? " pass" : ""), "data-action": a, onclick: () => send(a) }, actionLabel(a, msg)));
  }
  box.replaceChildren(...parts);
  // the hand
  const playable = new Set(Object.keys(byCard));
  const cards = obs.hand || [];
  const partner = playingFor(msg);
  hand.setAttribute("aria-label", partner === null ? t("hand") : t("web.cards_of", { name: seatName(msg.seats, partner) }));
  hand.classList.toggle("for-partner", partner !== null);
  if (partner !== null && narrow()) {
    // on a phone the hand you play now lies in front of you: the partner's, yours waits in your seat
    renderHand(hand, openCards(obs, partner) || [], { playable: new Set(Object.keys(onTalon)), onCard });
  } else if (obs.hand === null && msg.viewer !== null && obs.hand_sizes && obs.hand_sizes[msg.viewer]) {
    hand.replaceChildren(...Array.from({ length: obs.hand_sizes[msg.viewer] }, () => cardEl(null, { label: t("web.face_down") })));
  } else {
    // the talon's cards taken into the hand are marked until the play begins
    const fromTalon = new Set(obs.phase !== "play" && Array.isArray(obs.talon) ? obs.talon : []);
    renderHand(hand, cards, {
      playable, selected: new Set(T.selected), onCard, selecting: !!verb && verb !== "play",
      dimAll: verb === "play" && !playable.size, fromTalon,
    });
  }
}

function actionLabel(a, msg) {
  const w = a.split(" ");
  if (w[0] === "look" && w.length === 1) return t("web.do.look");
  if (w[0] === "look") return t("web.do.look_at", { name: seatName(msg.seats, +w[1]) });
  if (w[0] === "pulya") return t("web.do.pulya", { n: w[1] });
  if (w[0] === "settle") return t("web.do.settle");
  if (w[0] === "invite") return t("web.do.invite");
  if (w[0] === "concede") return t("web.do.concede");
  if (w[0] === "open") return t("web.do.open");
  if (w[0] === "closed") return t("web.do.closed");
  if (w[0] === "take") return t("web.do.take_" + msg.obs.game);
  return describe(a, { seats: msg.seats });
}

function renderLog(msg) {
  const log = $("#log");
  const n = msg.obs.scores.length;
  const active = msg.obs.active && msg.obs.active.length ? msg.obs.active : [...Array(n).keys()];
  const given = {}; // gifts go round from the giver's left: the k-th to the k-th active seat after him
  const draws = drawFlags(msg.obs, msg.log);
  const rows = msg.log.map(([s, a], k) => {
    let text = describe(a, { seats: msg.seats, draw: draws[k] });
    let to;
    const fh = msg.obs.game === "five-hundred";
    if (a.startsWith("give") && fh && msg.obs.options && msg.obs.options.form === "table_cards") {
      text = t("web.act.to_kitty", { card: cardShort(a.split(" ")[1]) }); // a table card, face up, to the kitty
    } else if (a.startsWith("give") && fh && n === 4) {
      text += " " + t("web.act.to", { name: seatName(msg.seats, (s + 2) % 4) }); // the double misère's pass: to the partner across
    } else if (a.startsWith("give")) {
      const k = (given[s] = (given[s] || 0) + 1);
      to = [...Array(n - 1).keys()].map((j) => (s + 1 + j) % n).filter((x) => active.includes(x))[k - 1];
      if (to !== undefined) text += " " + t("web.act.to", { name: seatName(msg.seats, to) });
    }
    return el("li", { "data-to": to }, el("b", {}, seatName(msg.seats, s) + ": "), text);
  });
  log.replaceChildren(...rows);
  log.scrollTop = log.scrollHeight;
}

async function rematch() {
  const info = T.info;
  const seats = (T.state ? T.state.seats : info.seats).map((s) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : { kind: "human" }));
  try {
    await openNewTable({ game: info.game, options: info.options, seats, hints: !!info.hints });
  } catch (e) {
    showError({ code: e.code, message: e.message });
  }
}
