"""501's words: gifts given and received, the marriages, and each deal's result as a sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prikup.cli.views import VIEWS, GameView, Who, is_you, played_sentence, seat_names
from prikup.cli.words import card, strain, tw
from prikup.i18n import t

__all__ = ["View501", "gift_lines"]


def gift_lines(obs: dict[str, Any], who: Who, lang: str) -> list[str]:
    """What the viewer knows of the gifts: the cards he gave (and to whom) or the card he received."""
    seat = obs.get("seat")
    lines: list[str] = []
    declarer = obs.get("declarer")
    for gift in obs.get("gifts") or []:
        if gift.get("card") is None:
            continue
        if seat == declarer:
            lines.append(t("cli.you_gave", lang, card=card(gift["card"]), to=who(gift["to"])))
        elif gift["to"] == seat and declarer is not None:
            lines.append(t("cli.you_received", lang, card=card(gift["card"]), giver=who(declarer)))
    return lines


def tricks_line(obs: dict[str, Any], who: Who, lang: str) -> list[str]:
    """The tricks each player has taken so far this deal (in the play)."""
    won = obs.get("tricks_won")
    if not won or obs.get("phase") != "play":
        return []
    return [t("cli.tricks_taken", lang) + " — " + ", ".join(f"{who(s)}: {won[s]}" for s in obs.get("active") or [])]


class View501(GameView):
    """501: gifts and marriages in words; a sentence per deal."""

    def status(self, obs: dict[str, Any], who: Who | None = None, lang: str = "en") -> list[str]:
        """Gifts given or received and the marriages announced."""
        name = who or seat_names(lang)
        lines = gift_lines(obs, name, lang)
        for m in obs.get("marriages") or []:
            who_ = name(m["seat"])
            suit = strain(m["suit"], lang)
            lines.append(tw("cli.marriage_announced", lang, is_you(who_, lang), who=who_, suit=suit, value=m["value"]))
        lines += tricks_line(obs, name, lang)
        return lines

    def sentence(
        self, result: dict[str, Any], changes: Sequence[object], who: Who | None = None, lang: str = "en"
    ) -> str:
        """``Ivan played 100 ♥ dark and failed: 87 points, +200``."""
        name = who or seat_names(lang)
        outcome = result.get("outcome")
        if outcome == "all pass":
            return t("cli.r501_all_pass", lang)
        dark = " " + t("dark", lang) if result.get("dark") else ""
        key = {"conceded": "cli.r501_conceded", "made": "cli.r501_made"}.get(str(outcome), "cli.r501_failed")
        return played_sentence(key, result, changes, name, lang, dark=dark)


VIEWS["501"] = View501()
