// The bidding box: one module per game's calls; shared pieces (the level × suit grid, typed numbers).
import { callText, t } from "./words.js";
import * as preferans from "./bid_preferans.js";
import * as fiveHundred from "./bid_five_hundred.js";
import * as points from "./bid_points.js";

const BY_GAME = { preferans, "five-hundred": fiveHundred, "501": points, pyatsot: points };

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    // through CSSOM: a style="" attribute is refused by the page's Content-Security-Policy
    else if (k === "style") node.style.cssText = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/**
 * The bidding box of `obs.game` for the legal actions it handles: {node, handled} (node null when
 * none of them is a call of this game). `ctx.send(action)` sends one.
 */
export function renderBidding(obs, legal, ctx) {
  const mod = BY_GAME[obs.game];
  if (!mod) return { node: null, handled: new Set() };
  return mod.render(obs, legal, ctx);
}

const SUIT_ORDER = ["S", "C", "D", "H", "NT"];

/** A level × suit grid of calls (`verb 7H`…), illegal ones greyed; `suffix` ("-WT") appended. */
export function callGrid(verb, legal, send, { suffix = "", levels = [6, 7, 8, 9, 10] } = {}) {
  const legalSet = new Set(legal);
  const grid = el("div", { class: "callgrid", role: "group", "aria-label": t("web.bid_box") });
  for (const lvl of levels) {
    for (const s of SUIT_ORDER) {
      const code = `${lvl}${s}${suffix}`;
      const action = `${verb} ${code}`;
      const ok = legalSet.has(action);
      grid.append(el("button", {
        type: "button", class: "call" + (s === "D" || s === "H" ? " red" : ""), "data-action": action,
        disabled: !ok, onclick: () => send(action),
      }, s === "NT" ? `${lvl} ${t("web.nt_short")}` : callText(`${lvl}${s}`)));
    }
  }
  return grid;
}

/** Buttons for single calls (`bid MIS`, `pass`…) among the legal ones. */
export function callButtons(actions, legal, send, label) {
  const legalSet = new Set(legal);
  return actions.filter((a) => legalSet.has(a)).map((a) =>
    el("button", { type: "button", class: "call wide", "data-action": a, onclick: () => send(a) }, label(a)));
}

/** A typed number with quick steps: {node}. `values`: the legal numbers; `go(n)` sends. */
export function numberEntry(values, go, { label, quick, id }) {
  const min = Math.min(...values), max = Math.max(...values);
  const msg = el("span", { class: "entry-msg", role: "status" });
  const input = el("input", {
    type: "number", inputmode: "numeric", min, max, value: String(min), id: id + "-input",
    "data-entry": id, "aria-label": label, class: "num",
  });
  const submit = () => {
    const n = parseInt(input.value, 10);
    if (!values.includes(n)) {
      msg.textContent = t("web.entry_range", { min, max, step: values.length > 1 ? values[1] - values[0] : 1 });
      input.focus();
      return;
    }
    go(n);
  };
  input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); submit(); } });
  const row = el("div", { class: "entry" });
  for (const q of quick.filter((q) => values.includes(q))) {
    row.append(el("button", { type: "button", class: "call", "data-quick": String(q), onclick: () => go(q) }, String(q)));
  }
  row.append(el("label", { class: "entry-label", for: id + "-input" }, label), input,
    el("button", { type: "button", class: "call go", "data-entry-go": id, onclick: submit }, t("web.ok")), msg);
  return row;
}
