// 501 (columns counting down from 501) and Пятьсот (counting up, with the barrel's marks and dashes).
import { el } from "./bidding.js";
import { seatName, t } from "./words.js";

export function render(obs, rows, seats, me) {
  const n = obs.scores.length;
  const start = obs.game === "501" ? 501 : 0;
  const table = el("table", { class: "sheet columns-sheet" });
  table.append(el("caption", { class: "sr-only" }, t("score_sheet")));
  table.append(el("tr", {}, el("th", { scope: "col" }, t("web.deal_no")),
    ...Array.from({ length: n }, (_, i) => el("th", { scope: "col", class: i === me ? "me" : "" }, seatName(seats, i)))));
  table.append(el("tr", { class: "old" }, el("td", {}, ""), ...Array.from({ length: n }, () => el("td", {}, String(start)))));
  rows.forEach((r, k) => {
    const last = k === rows.length - 1;
    table.append(el("tr", { "data-deal": r.deal, class: last ? "" : "old" }, el("th", { scope: "row" }, String(r.deal)),
      ...r.scores.map((s, i) => el("td", { title: `${r.changes[i] >= 0 ? "+" : ""}${r.changes[i]}` }, String(s)))));
  });
  const box = el("div", {}, table);
  if (obs.game === "pyatsot" && obs.barrel) {
    const b = obs.barrel;
    const marks = el("ul", { class: "barrel-marks" });
    for (let i = 0; i < n; i++) {
      const bits = [];
      if (b.seat === i) bits.push(t("web.on_barrel", { marks: "✕".repeat(b.crosses || 0) || "·" }));
      if (b.dashes && b.dashes[i]) bits.push(t("web.dashes", { marks: "—".repeat(b.dashes[i]) }));
      if (b.falls && b.falls[i]) bits.push(t("web.falls", { n: b.falls[i] }));
      if (bits.length) marks.append(el("li", {}, `${seatName(seats, i)}: ${bits.join(", ")}`));
    }
    if (marks.children.length) box.append(marks);
    box.append(el("p", { class: "small" }, t("web.barrel_line", { barrel: obs.options.barrel, target: obs.options.target })));
  }
  return box;
}
