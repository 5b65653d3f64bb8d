"""The Пятьсот table in words and its score sheet: scores, dashes (—) and the barrel's marks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prikup.cli.sheet_table import table_lines
from prikup.cli.view_501 import gift_lines, tricks_line
from prikup.cli.views import GameView, Who, is_you, played_sentence, seat_names
from prikup.cli.words import card, strain, tw
from prikup.core.game import Phase, State
from prikup.core.observation import Observation
from prikup.games.obs_pyatsot import ObsPyatsot
from prikup.i18n import t

__all__ = ["PyatsotView", "sheet_cell"]


def sheet_cell(score: int, seat: int, result: dict[str, Any]) -> str:
    """One seat's entry for one deal: the score, a dash if he took no point, ``B`` and his X
    marks while on the barrel, ``↓`` for a fall, ``0!`` for the third fall."""
    flags = ""
    if seat in result.get("dashes", ()):
        flags += "—"
    if seat in result.get("dash_penalties", ()):
        flags += "(−120)"
    if seat in result.get("falls", ()):
        flags += "↓"
    if seat in result.get("reset_to_zero", ()):
        flags += "0!"
    marks = result.get("marks") or {}
    if marks.get("seat") == seat:
        flags += "B" + "X" * int(marks.get("crosses", 0))
    return f"{score}{flags}"


class PyatsotView(GameView):
    """Trumps and declarations, the talon's gifts, the barrel; a sentence per deal; the sheet."""

    def status(self, obs: Observation, who: Who | None = None, lang: str = "en") -> list[str]:
        """The deal's own moments, from one seat's observation."""
        if not isinstance(obs, ObsPyatsot):
            return []
        name = who or seat_names(lang)
        lines: list[str] = []
        barrel = obs.barrel
        on = barrel.seat
        rules = obs.options
        if on is not None:
            lines.append(
                t(
                    "cli.pt_barrel",
                    lang,
                    who=name(on),
                    at=rules.barrel,
                    crosses=barrel.crosses,
                    attempts=rules.barrel_attempts,
                    refusals=rules.barrel_refusals - barrel.refusals,
                )
            )
        if obs.phase is Phase.BARREL and obs.to_act is not None:
            lines.append(t("cli.pt_barrel_question", lang, who=name(obs.to_act), contract=obs.barrel_contract))
        if obs.barred:
            lines.append(t("cli.pt_barred", lang, who=", ".join(name(s) for s in obs.barred)))
        if obs.kept:
            lines.append(t("cli.pt_kept", lang, card=card(obs.kept, lang)))
        lines += gift_lines(obs, name, lang)
        for d in obs.declarations:
            lines.append(
                tw(
                    "cli.pt_declared",
                    lang,
                    is_you(name(d.seat), lang),
                    who=name(d.seat),
                    suit=strain(d.suit, lang),
                    kind=t(f"cli.combination_{d.kind}", lang),
                    value=d.value,
                )
            )
        if obs.trump_maker is not None:
            maker = name(obs.trump_maker)
            lines.append(tw("cli.pt_trumps_by", lang, is_you(maker, lang), suit=strain(obs.trump, lang), who=maker))
        elif obs.phase is Phase.PLAY:
            lines.append(t("cli.pt_no_trumps_yet", lang))
        if obs.phase is Phase.PLAY:
            lines.append(
                t("cli.points_this_deal", lang) + ": " + ", ".join(f"{name(s)} {obs.points[s]}" for s in obs.active)
            )
        lines += tricks_line(obs, name, lang)
        dashes = barrel.dashes
        if dashes and any(dashes):
            lines.append(
                t("cli.pt_dashes", lang) + ": " + ", ".join(f"{name(s)} {'—' * n}" for s, n in enumerate(dashes) if n)
            )
        return lines

    def sentence(
        self, result: dict[str, Any], changes: Sequence[object], who: Who | None = None, lang: str = "en"
    ) -> str:
        """``Ivan played 130 (trumps ♥) and took 166: made, +130``."""
        name = who or seat_names(lang)
        outcome = str(result.get("outcome", ""))
        if outcome == "thrown in":
            return t("cli.pt_r_thrown_in", lang)
        barrel = " " + t("cli.pt_on_barrel", lang) if outcome.startswith("barrel") else ""
        if outcome.endswith("refused"):
            key = "cli.pt_r_refused"
        else:
            key = "cli.pt_r_made" if outcome.endswith("made") else "cli.pt_r_failed"
        return played_sentence(key, result, changes, name, lang, barrel=barrel)

    def sheet_parts(
        self, state: State, who: Who | None = None, lang: str = "en", width: int | None = None
    ) -> tuple[list[str], list[str]]:
        """Every deal's scores with their marks, then the running counts (within ``width``)."""
        name = who or seat_names(lang)
        rows: list[tuple[str, list[str]]] = []
        last_marks: dict[str, Any] = {}
        for i, log in enumerate(state.deals, 1):
            if log.scores_after is None:
                continue
            rows.append((f"{i:>4}", [sheet_cell(v, s, log.result) for s, v in enumerate(log.scores_after)]))
            last_marks = log.result.get("marks") or last_marks
        heads = [name(s) for s in range(state.game.players)]
        footer: list[str] = []
        if last_marks:
            footer.append(t("cli.pt_dashes", lang) + ": " + " ".join(str(d) for d in last_marks["dashes"]))
            footer.append(t("cli.pt_falls", lang) + ": " + " ".join(str(f) for f in last_marks["falls"]))
        return table_lines(t("cli.deal_short", lang), heads, rows, width=width), footer


#: This game's terminal view (registered by its entry in ``prikup.games.spec.SPECS``).
VIEW = PyatsotView()
