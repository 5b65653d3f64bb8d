"""501's words: gifts given and received, the marriages, and each deal's result as a sentence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prikup.cli.views import GameView, Who, is_you, played_sentence, seat_names
from prikup.cli.words import card, strain, tw
from prikup.core.game import Phase
from prikup.core.observation import Observation
from prikup.games.obs_501 import Obs501
from prikup.games.obs_pyatsot import ObsPyatsot
from prikup.i18n import t

__all__ = ["View501", "gift_lines"]


def gift_lines(obs: Obs501 | ObsPyatsot, who: Who, lang: str) -> list[str]:
    """What the viewer knows of the gifts: the cards he gave (and to whom) or the card he received."""
    seat = obs.seat
    lines: list[str] = []
    declarer = obs.declarer
    for gift in obs.gifts:
        if gift.card is None:
            continue
        if seat == declarer:
            lines.append(t("cli.you_gave", lang, card=card(gift.card, lang), to=who(gift.to)))
        elif gift.to == seat and declarer is not None:
            lines.append(t("cli.you_received", lang, card=card(gift.card, lang), giver=who(declarer)))
    return lines


def tricks_line(obs: Observation, who: Who, lang: str) -> list[str]:
    """The tricks each player has taken so far this deal (in the play)."""
    won = obs.tricks_won
    if not won or obs.phase is not Phase.PLAY:
        return []
    return [t("cli.tricks_taken", lang) + " — " + ", ".join(f"{who(s)}: {won[s]}" for s in obs.active)]


class View501(GameView):
    """501: gifts and marriages in words; a sentence per deal."""

    def status(self, obs: Observation, who: Who | None = None, lang: str = "en") -> list[str]:
        """Gifts given or received and the marriages announced."""
        if not isinstance(obs, Obs501):
            return []
        name = who or seat_names(lang)
        lines = gift_lines(obs, name, lang)
        for m in obs.marriages:
            who_ = name(m.seat)
            suit = strain(m.suit, lang)
            lines.append(tw("cli.marriage_announced", lang, is_you(who_, lang), who=who_, suit=suit, value=m.value))
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


#: This game's terminal view (registered by its entry in ``prikup.games.spec.SPECS``).
VIEW = View501()
