// Five Hundred: one column per partnership (each player his own column when each plays for himself).
import { el } from "./bidding.js";
import { seatName, t } from "./words.js";

export function render(obs, rows, seats, me) {
  const units = obs.units && obs.units.length ? obs.units : obs.scores.map((_, i) => [i]);
  const table = el("table", { class: "sheet columns-sheet" });
  table.append(el("caption", { class: "sr-only" }, t("score_sheet")));
  table.append(el("tr", {}, el("th", { scope: "col" }, t("web.deal_no")),
    ...units.map((u) => el("th", { scope: "col", class: u.includes(me) ? "me" : "" },
      u.map((s) => seatName(seats, s)).join(u.length > 1 ? " · " : "")))));
  rows.forEach((r) => {
    table.append(el("tr", { "data-deal": r.deal }, el("th", { scope: "row" }, String(r.deal)),
      ...units.map((u) => {
        const ch = r.changes[u[0]];
        return el("td", {}, String(r.scores[u[0]]), el("small", {}, ` (${ch >= 0 ? "+" : ""}${ch})`));
      })));
  });
  const goal = obs.options && obs.options.goal;
  return el("div", {}, table, goal ? el("p", { class: "small" }, t("web.goal_line", { goal })) : null);
}
