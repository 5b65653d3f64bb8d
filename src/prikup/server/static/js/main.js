// prikup in the browser: which page this is (lobby, table or replay), the words, the header.
import { loadWords, startLang, t, lang } from "./words.js";
import { settings, showTable } from "./table.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";

function fillStatic() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
  const sw = document.querySelector("#lang-switch");
  sw.textContent = lang === "ru" ? "English" : "Русский";
  sw.setAttribute("lang", lang === "ru" ? "en" : "ru");
  sw.onclick = async () => { await loadWords(lang === "ru" ? "en" : "ru"); location.reload(); };
  const pause = document.querySelector("#trick-pause");
  pause.value = String(settings.trickPause);
  if (pause.value !== String(settings.trickPause)) pause.append(new Option(`${settings.trickPause / 1000} s`, String(settings.trickPause), true, true));
  pause.onchange = () => { settings.trickPause = +pause.value; };
}

(async function start() {
  await loadWords(startLang());
  fillStatic();
  const m = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)/);
  if (!m) return showLobby();
  if (new URLSearchParams(location.search).get("replay")) return showReplay(m[1]);
  return showTable(m[1]);
})();
