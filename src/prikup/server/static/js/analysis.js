// A deal's analysis: asked for over the table's socket, a progress line while it is computed,
// then each decision of the deal's story marked by its grade — a mark and a word, never colour
// alone (✓ good, ?! inaccuracy, ? mistake, ?? blunder) — with its loss; for a chosen decision the
// best alternative on the cards and every candidate's estimate; each seat's summary and the par.
import { el } from "./bidding.js";
import { cardEl } from "./cards.js";
import { actionCard, signed } from "./hint.js";
import { describe, seatName, t } from "./words.js";

/** The mark of each grade, as annotators write them. */
export const GRADE_MARK = { good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??", unsolved: "·" };

const points = (v) => (v === null || v === undefined ? "—" : String(Math.round(v * 10) / 10));

/** One analysis panel (the table's or the replay's). */
export class AnalysisView {
  /** `box`: the panel; `send(frame)`: to the table's socket (false if it is not open);
   * `seats()`: the seats as the page shows them; `onChoose(deal, decision)`: a decision opened. */
  constructor(box, { send, seats, onChoose = null }) {
    Object.assign(this, { box, send, seats, onChoose, deal: null, progress: null, data: null, source: null, chosen: null, error: null });
  }

  /** Ask for the analysis of `deal` (from 1) and open the panel. */
  ask(deal) {
    Object.assign(this, { deal, progress: null, data: null, source: null, chosen: null, error: null });
    if (!this.send({ type: "analyse", deal })) this.error = t("web.analysis_offline");
    this.render();
    this.box.scrollIntoView({ block: "nearest" });
  }

  /** The socket was opened again (after a drop): ask again for an analysis still awaited — the
   * server joins the request to the job under way, or answers from storage if it is done. */
  reask() {
    if (this.pending && this.send({ type: "analyse", deal: this.deal })) this.updateProgress();
  }

  /** True while an answer about the deal asked for is awaited. */
  get pending() { return this.deal !== null && !this.data && !this.error; }

  /** A frame of the socket: progress, the analysis, or a refusal of the request. */
  onFrame(msg) {
    if (msg.type === "analysis_progress") {
      if (msg.deal !== this.deal) return;
      this.progress = { done: msg.done, total: msg.total };
      this.updateProgress();
      return;
    }
    if (msg.type === "analysis" && msg.deal === this.deal) {
      this.data = msg.analysis;
      this.source = msg.source;
      this.render();
    }
  }

  /** A refusal while waiting: said in the panel, in words of its code. */
  onError(msg) {
    const key = `web.err.analysis.${msg.code}`;
    this.error = t(key) !== key ? t(key, { deal: this.deal }) : t("web.err.analysis.other", { deal: this.deal });
    this.render();
  }

  progressText() {
    const p = this.progress;
    if (!p || !p.total) return t("web.analysis_starting", { deal: this.deal });
    return t("web.analysis_progress", { deal: this.deal, done: p.done, total: p.total });
  }

  updateProgress() {
    const line = this.box.querySelector("[data-progress]");
    const bar = this.box.querySelector("progress");
    if (!line || !bar) return this.render();
    line.textContent = this.progressText();
    if (this.progress && this.progress.total) { bar.max = this.progress.total; bar.value = this.progress.done; }
  }

  render() {
    const box = this.box;
    box.hidden = this.deal === null;
    if (box.hidden) return;
    const head = el("div", { class: "analysis-head" },
      el("h2", { id: box.id + "-title" }, t("web.analysis_of", { deal: this.deal })),
      el("button", { type: "button", class: "call", "data-close-analysis": "", onclick: () => { this.deal = null; this.render(); } }, t("web.close")));
    box.setAttribute("aria-labelledby", box.id + "-title");
    if (this.error) { box.replaceChildren(head, el("p", { class: "error", role: "alert" }, this.error)); return; }
    if (!this.data) {
      const bar = el("progress", { "aria-hidden": "true" });
      if (this.progress && this.progress.total) { bar.max = this.progress.total; bar.value = this.progress.done; }
      box.replaceChildren(head, el("p", { class: "progress-line", role: "status", "data-progress": "" }, this.progressText()), bar);
      return;
    }
    box.replaceChildren(head, ...this.body());
  }

  body() {
    const a = this.data;
    const seats = this.seats();
    const out = [];
    if (a.filtered) out.push(el("p", { class: "small" }, t("web.analysis_filtered")));
    out.push(this.parLine(a.par, seats));
    out.push(el("p", { class: "small legend" }, ["good", "inaccuracy", "mistake", "blunder"]
      .map((g) => `${GRADE_MARK[g]} ${t("web.grade." + g)}`).join(" · ")));
    if ((a.decisions || []).some((d) => d.unsolved)) out.push(el("p", { class: "small legend", "data-legend-unsolved": "" }, t("web.analysis_unsolved_help")));
    const list = el("ol", { class: "decisions", "aria-label": t("web.analysis_story") });
    for (const d of a.decisions || []) {
      const open = this.chosen === d.number;
      const grade = d.unsolved ? "unsolved" : d.grade;
      const row = el("li", { "data-decision": d.number, "data-grade": grade || "", class: "grade-" + (grade || "none") },
        el("button", { type: "button", class: "decision", "aria-expanded": open ? "true" : "false",
          onclick: () => {
            this.chosen = open ? null : d.number;
            this.render();
            if (!open && this.onChoose) this.onChoose(this.deal, d);
          } },
        el("span", { class: "who" }, seatName(seats, d.seat) + ": "),
        el("span", { class: "what" }, d.hidden ? t("web.analysis_hidden") : describe(d.taken, { seats })),
        " ", this.gradeTag(grade),
        el("span", { class: "loss" }, d.loss && !d.unsolved ? t("web.analysis_loss", { loss: points(d.loss) }) : "")));
      if (open) row.append(this.detail(d, seats));
      list.append(row);
    }
    out.push(list);
    out.push(this.summaries(a, seats));
    return out;
  }

  /** The open-hand par: the declarer's points or tricks and every seat's score change so. */
  parLine(par, seats) {
    if (!par) return el("p", { class: "par" }, t("web.analysis_no_par"));
    const unit = this.unitWord();
    const line = el("p", { class: "par" }, par.from_trick
      ? t("web.analysis_par_from", { value: par.value, unit, trick: par.from_trick })
      : t("web.analysis_par", { value: par.value, unit }));
    if (par.changes) {
      line.append(" ", t("web.analysis_par_changes", {
        changes: par.changes.map((c, i) => `${seatName(seats, i)} ${c > 0 ? "+" : ""}${c}`).join(", "),
      }));
    }
    line.append(" ", el("span", { class: "small" }, t("web.analysis_par_help")));
    return line;
  }

  /** What the par's value counts in this game (card points or tricks). */
  unitWord() {
    const game = this.data && this.data.game;
    return t(game === "501" || game === "pyatsot" ? "web.unit.points" : "web.unit.tricks");
  }

  gradeTag(grade) {
    if (!grade) return null;
    return el("span", { class: "grade grade-" + grade }, `${GRADE_MARK[grade] || ""} ${t("web.grade." + grade)}`);
  }

  /** A decision opened: what was done, the best alternative on the cards, every estimate. */
  detail(d, seats) {
    const box = el("div", { class: "decision-detail" });
    if (d.hidden) { box.append(el("p", {}, t("web.analysis_hidden_help"))); return box; }
    if (d.unsolved) {
      box.append(el("p", {}, t("web.analysis_unsolved_help")));
      if (d.best && d.best !== d.taken) box.append(el("p", { class: "small" }, t("web.analysis_heuristic_card", { action: describe(d.best, { seats }) })));
      return box;
    }
    const shown = (label, action, cls) => {
      const card = actionCard(action);
      return el("div", { class: "alt " + cls }, el("span", { class: "label" }, label),
        card ? cardEl(card, { cls: "small-card" }) : null, el("span", {}, describe(action, { seats })));
    };
    const cards = el("div", { class: "row alternatives" }, shown(t("web.analysis_taken"), d.taken, "taken"));
    if (d.best && d.best !== d.taken) cards.append(shown(t("web.analysis_best"), d.best, "best"));
    else cards.append(el("p", { class: "small" }, t("web.analysis_was_best")));
    box.append(cards);
    const loss = [t("web.analysis_loss_bot", { loss: points(d.loss) })];
    if (d.loss_open !== null && d.loss_open !== undefined) loss.push(t("web.analysis_loss_open", { loss: points(d.loss_open) }));
    box.append(el("p", {}, loss.join(" · ")));
    const table = (caption, rows, fmt) => el("table", { class: "estimates" }, el("caption", {}, caption),
      ...rows.map(([a, v]) => el("tr", { class: (a === d.taken ? "taken " : "") + (a === d.best ? "best" : ""), "data-candidate": a },
        el("th", { scope: "row" }, describe(a, { seats })), el("td", {}, fmt(v)))));
    if (d.estimates && d.estimates.length) box.append(table(t("web.analysis_estimates", { unit: t("web.unit." + (d.unit || "score")) }), d.estimates, signed));
    if (d.open_hand && d.open_hand.length) box.append(table(t("web.analysis_open_hand"), d.open_hand, points));
    return box;
  }

  /** Each seat: points lost and its three costliest decisions. */
  summaries(a, seats) {
    const byNumber = new Map((a.decisions || []).map((d) => [d.number, d]));
    const table = el("table", { class: "sheet seat-summaries" }, el("caption", {}, t("web.analysis_seats")),
      el("tr", {}, el("th", { scope: "col" }, t("web.analysis_seat")), el("th", { scope: "col" }, t("web.analysis_lost")),
        el("th", { scope: "col" }, t("web.analysis_worst"))));
    for (const s of a.seats || []) {
      const worst = (s.worst || []).map((w) => (typeof w === "object" ? w : byNumber.get(w))).filter(Boolean);
      table.append(el("tr", { "data-seat-summary": s.seat },
        el("th", { scope: "row" }, seatName(seats, s.seat)), el("td", {}, points(s.lost)),
        el("td", {}, worst.length ? worst.map((d) => `#${d.number + 1} ${d.hidden ? "…" : describe(d.taken, { seats })} (${GRADE_MARK[d.grade] || ""} −${points(d.loss)})`).join("; ") : "—")));
    }
    return table;
  }
}
