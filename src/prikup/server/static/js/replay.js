// The replay of a match, deal by deal, with autoplay; every hand shown once the match is over.
import { Connection, api, held } from "./net.js";
import { AnalysisView } from "./analysis.js";
import { cardEl } from "./cards.js";
import { el } from "./bidding.js";
import { areaOf } from "./seats.js";
import { callText, describe, seatName, t } from "./words.js";
import { gameTitle } from "./table.js";

const $ = (s) => document.querySelector(s);

export async function showReplay(tid) {
  $("#replay").hidden = false;
  const mine = held.get(tid);
  let data;
  try {
    const q = mine ? `?seat=${mine.seat}` : "";
    data = await api(`/api/tables/${tid}/replay${q}`, { token: mine && mine.token });
  } catch (e) {
    try { data = await api(`/api/tables/${tid}/replay`); } catch (e2) { $("#rp-event").textContent = t("web.err.unknown_table"); return; }
  }
  const frames = data.frames;
  const seats = data.table.seats;
  const over = data.table.finished;
  document.title = `${t("web.replay")}: ${gameTitle(data.table)} — prikup`;
  $("#replay-title").textContent = `${t("web.replay")}: ${gameTitle(data.table)}`;
  $("#rp-back").href = "/table/" + tid;
  // every seat's cards in each deal, from the cards it played (public once played)
  const dealHands = {};
  frames.forEach((f) => {
    if (!f.event) return;
    const w = f.event.action.split(" ");
    if (w[0] !== "play") return;
    const d = frames[f.ply - 1].obs.deal;
    ((dealHands[d] = dealHands[d] || {})[f.event.seat] = dealHands[d][f.event.seat] || []).push({ card: w[1], ply: f.ply });
  });
  const deals = [...new Set(frames.map((f) => f.obs.deal))];
  const slider = $("#rp-slider");
  slider.max = String(frames.length - 1);
  slider.setAttribute("aria-label", t("web.step"));
  let at = 0, timer = null;
  const show = (i) => {
    at = Math.max(0, Math.min(frames.length - 1, i));
    slider.value = String(at);
    const f = frames[at];
    const obs = f.obs;
    $("#rp-pos").textContent = t("web.step_of", { at, n: frames.length - 1, deal: obs.deal });
    $("#rp-event").textContent = f.event ? `${seatName(seats, f.event.seat)}: ${describe(f.event.action, { seats })}` : t("web.dealt");
    const n = obs.scores.length;
    const me = data.viewer ?? 0;
    const board = $("#rp-board");
    board.dataset.n = String(n);
    const nodes = [];
    for (let s = 0; s < n; s++) {
      let cards = s === data.viewer ? obs.hand || [] : null;
      if (over && s !== data.viewer) {
        const played = (dealHands[obs.deal] || {})[s] || [];
        cards = played.filter((p) => p.ply > at).map((p) => p.card);
      }
      const dir = areaOf(s, n, me);
      nodes.push(el("section", { class: "seat" + (obs.to_act === s ? " to-act" : ""), style: `grid-area: ${dir}`, "data-dir": dir, "aria-label": seatName(seats, s) },
        el("div", { class: "seat-name" }, obs.to_act === s ? el("span", { class: "turn-badge" }, "▶ " + t("web.acts")) : null, seatName(seats, s)),
        el("div", { class: "seat-line" }, t("web.score_n", { n: obs.scores[s] }), obs.tricks_won ? " · " + t("web.tricks_n", { n: obs.tricks_won[s] }) : ""),
        cards && cards.length ? el("div", { class: "open-cards" }, ...cards.map((c) => cardEl(c, { cls: "small-card" }))) : null));
    }
    const trick = el("div", { class: "trick", "data-n": n });
    for (const [s, c] of obs.trick || []) trick.append(el("div", { class: "played", "data-dir": areaOf(s, n, me) }, cardEl(c)));
    const line = obs.contract !== null && obs.contract !== undefined ? `${t("contract")}: ${callText(obs.contract)}${obs.trump && obs.game === "501" ? " " + obs.trump : ""}` : "";
    const winners = obs.winners && obs.winners.length ? t("web.match_won", { names: obs.winners.map((w) => seatName(seats, w)).join(", ") }) : "";
    nodes.push(el("div", { id: "rp-centre", class: "centre" }, el("div", { class: "contract-line" }, line), winners ? el("p", { class: "winner" }, winners) : null, trick));
    board.replaceChildren(...nodes);
    $("#rp-analyse").textContent = t("web.analyse_deal_n", { n: obs.deal });
    $("#rp-deals").querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", +b.dataset.deal === obs.deal ? "true" : "false"));
  };
  $("#rp-deals").replaceChildren(el("span", { class: "label" }, t("deal") + ":"), ...deals.map((d) => el("button", {
    type: "button", "data-deal": d, onclick: () => show(frames.findIndex((f) => f.obs.deal === d)),
  }, String(d))));
  const play = $("#rp-play");
  const stop = () => { clearInterval(timer); timer = null; play.textContent = t("web.autoplay"); play.setAttribute("aria-pressed", "false"); };
  play.textContent = t("web.autoplay");
  play.onclick = () => {
    if (timer) return stop();
    play.textContent = t("web.pause");
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => { if (at >= frames.length - 1) stop(); else show(at + 1); }, 700);
  };
  // the analysis of the deal shown, over the table's socket (opened when first asked)
  let conn = null, ready = false, asSeat = mine;
  // a decision opened in the analysis shows the table as it was when it was taken
  const before = (deal, d) => show(frames.findIndex((f) => f.obs.deal === deal) + d.number);
  const view = new AnalysisView($("#rp-analysis"), { send: (frame) => sendWhenOpen(frame), seats: () => seats, onChoose: before });
  const queued = [];
  const sendWhenOpen = (frame) => {
    if (!conn) {
      conn = new Connection(tid, {
        hello: () => (asSeat ? { seat: asSeat.seat, token: asSeat.token } : { seat: null }),
        onMessage: (msg) => {
          if (msg.type === "welcome") {
            ready = true;
            if (queued.length) { while (queued.length) conn.send(queued.shift()); } else view.reask();
          }
          else if (msg.type === "analysis" || msg.type === "analysis_progress") view.onFrame(msg);
          else if (msg.type === "error" && msg.code === "bad_token" && asSeat) { asSeat = null; conn.reopen(); }
          else if (msg.type === "error" && view.pending) view.onError(msg);
        },
        onStatus: (st) => { if (st !== "ok") ready = false; },
      });
      conn.open();
    }
    if (ready) conn.send(frame);
    else queued.push(frame);
    return true;
  };
  $("#rp-analyse").onclick = () => view.ask(frames[at].obs.deal);
  window.prikupReplay = { frames, show, at: () => at, analysis: view };
  $("#rp-first").onclick = () => show(0);
  $("#rp-prev").onclick = () => show(at - 1);
  $("#rp-next").onclick = () => show(at + 1);
  $("#rp-last").onclick = () => show(frames.length - 1);
  slider.oninput = () => show(parseInt(slider.value, 10));
  show(0);
}
