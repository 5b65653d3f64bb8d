// The lobby: a new table (game, named preset, options in words, who sits where) and the tables open.
import { api, held, openNewTable } from "./net.js";
import { el } from "./bidding.js";
import { botWord, has, t } from "./words.js";

const $ = (s) => document.querySelector(s);
let GAMES = [];
let game = null;

export async function showLobby() {
  $("#lobby").hidden = false;
  document.title = t("web.lobby_title");
  GAMES = await api("/api/games");
  game = GAMES[0];
  renderGames();
  renderForm();
  $("#create-form").addEventListener("submit", createTable);
  listTables();
}

const title = (g) => t("web.game." + g.id);

function renderGames() {
  const box = $("#game-choice");
  box.replaceChildren(el("legend", {}, t("web.game_label")), ...GAMES.map((g) => el("label", { class: "choice" },
    el("input", { type: "radio", name: "game", value: g.id, checked: g === game, "data-game": g.id,
      onchange: () => { game = g; renderForm(); } }),
    el("span", {}, el("b", {}, title(g)), el("span", { class: "help" }, t("web.game_help." + g.id))))));
}

function optionLabel(o) {
  const key = `web.opt.${game.id}.${o.name}`;
  return has(key) ? t(key) : o.name.replace(/_/g, " ");
}
function optionHelp(o) {
  const key = `web.opt_help.${game.id}.${o.name}`;
  return has(key) ? t(key) : o.help;
}
function choiceWord(o, c) {
  const key = `web.choice.${game.id}.${o.name}.${c}`;
  if (has(key)) return t(key);
  if (has(`web.choice.${c}`)) return t(`web.choice.${c}`);
  return String(c);
}

function renderForm() {
  const presets = game.presets || [];
  const pbox = $("#presets");
  pbox.replaceChildren(el("legend", {}, t("web.preset_label")), ...presets.map((p, k) => el("label", { class: "choice" },
    el("input", { type: "radio", name: "preset", value: p.id, checked: k === 0, "data-preset": p.id, onchange: () => applyPreset(p) }),
    el("span", {}, el("b", {}, t(`web.preset.${game.id}.${p.id}`)), el("span", { class: "help" }, t(`web.preset_help.${game.id}.${p.id}`))))));
  pbox.hidden = !presets.length;
  const box = $("#options");
  box.replaceChildren(...game.options.map((o) => {
    const id = "opt-" + o.name;
    let input;
    if (o.kind === "bool") {
      input = el("input", { type: "checkbox", id, "data-option": o.name, checked: o.default === true });
    } else if (o.choices) {
      input = el("select", { id, "data-option": o.name },
        ...o.choices.map((c) => el("option", { value: String(c), selected: c === o.default }, choiceWord(o, c))));
    } else {
      input = el("input", { id, "data-option": o.name, value: String(o.default), type: o.kind === "int" ? "number" : "text",
        min: o.minimum, max: o.maximum, inputmode: o.kind === "int" ? "numeric" : null });
    }
    if (o.name === "players" || o.name === "partnership") input.addEventListener("change", renderSeats);
    return el("div", { class: "option" }, el("label", { for: id }, optionLabel(o)), input,
      el("p", { class: "help" }, optionHelp(o)));
  }));
  if (presets.length) applyPreset(presets[0]);
  else renderSeats();
}

function applyPreset(p) {
  for (const o of game.options) {
    const input = document.querySelector(`[data-option="${o.name}"]`);
    const v = o.name in p.options ? p.options[o.name] : o.default;
    if (o.kind === "bool") input.checked = v === true;
    else input.value = String(v);
  }
  renderSeats();
}

function optionValue(o) {
  const input = document.querySelector(`[data-option="${o.name}"]`);
  if (o.kind === "bool") return input.checked;
  if (o.kind === "int") return parseInt(input.value, 10);
  return input.value;
}

function seatCount() {
  const p = game.options.find((o) => o.name === "players");
  return p ? optionValue(p) : game.players;
}

function renderSeats() {
  const bots = game.bots.filter((b) => b !== "oracle");
  const rows = [];
  for (let i = 0; i < seatCount(); i++) {
    const id = "seat-kind-" + i;
    const kind = el("select", { id, "data-seat-kind": i },
      el("option", { value: "human", selected: i === 0 }, i === 0 ? t("web.seat_you") : t("web.seat_human")),
      ...bots.map((b) => el("option", { value: "bot:" + b, selected: i > 0 && b === "heuristic" }, t("web.seat_bot_help", { level: botWord(b), help: t("web.bot_help." + b) }))));
    rows.push(el("div", { class: "seat-row" }, el("label", { for: id }, t("web.seat_n", { n: i + 1 })), kind));
  }
  $("#seats-config").replaceChildren(...rows);
  for (const s of document.querySelectorAll("[data-seat-kind]")) s.addEventListener("change", hintsDefault);
  hintsDefault();
}

let hintsChosen = false; // once the creator ticks or clears the box, it stays as he chose
/** Hints are on by default for one human against bots, off when more than one seat is human. */
function hintsDefault() {
  const box = $("#hints");
  if (!box.dataset.watched) { box.dataset.watched = "1"; box.addEventListener("change", () => { hintsChosen = true; }); }
  if (hintsChosen) return;
  const humans = [...document.querySelectorAll("[data-seat-kind]")].filter((s) => s.value === "human").length;
  box.checked = humans === 1;
}

async function createTable(ev) {
  ev.preventDefault();
  const options = {};
  for (const o of game.options) {
    const v = optionValue(o);
    if (v !== o.default && !(typeof v === "number" && isNaN(v))) options[o.name] = v;
  }
  const seats = [...document.querySelectorAll("[data-seat-kind]")].map((s) =>
    s.value === "human" ? { kind: "human" } : { kind: "bot", bot: s.value.slice(4) });
  const name = $("#your-name").value.trim();
  try {
    await openNewTable({ game: game.id, options, seats, name: name || null, hints: $("#hints").checked });
  } catch (e) {
    $("#lobby-error").textContent = t("web.err.create", { why: e.message });
  }
}

async function listTables() {
  const tables = await api("/api/tables");
  const body = $("#tables-list tbody");
  const rows = tables.slice(0, 30).map((tb) => {
    const free = tb.seats.filter((s) => s.kind === "human" && !s.claimed).length;
    const mine = held.get(tb.id);
    const g = GAMES.find((x) => x.id === tb.game);
    return el("tr", {},
      el("td", {}, g ? title(g) : tb.game),
      el("td", {}, tb.seats.map((s, i) => (s.kind === "bot" ? t("web.bot_n", { n: i + 1 }) : s.claimed ? s.name : t("web.free_seat"))).join(", ")),
      el("td", {}, tb.finished ? t("web.finished") : free ? t("web.free_n", { n: free }) : t("web.in_play")),
      el("td", {}, el("a", { href: "/table/" + tb.id, class: "button" },
        mine ? t("web.back_to_table") : tb.finished ? t("web.replay") : free ? t("web.join") : t("web.watch"))));
  });
  body.replaceChildren(...rows);
  $("#no-tables").hidden = rows.length > 0;
}
