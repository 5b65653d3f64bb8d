"""Hints at the terminal table: the pimc bot's suggestion for the human to act, on request
(``hint`` typed, or F2 at the table), refused in one line when the match was started with
``--no-hints`` (:func:`prikup.analysis.hint`)."""

from __future__ import annotations

from prikup.analysis import hint
from prikup.cli.keywords import notation_words
from prikup.core.game import State
from prikup.i18n import t

__all__ = ["HINT_WORDS", "hint_line"]

#: What a player types to ask for a hint.
HINT_WORDS = ("hint", "подсказка")


def hint_line(state: State, seat: int, lang: str, *, allowed: bool = True) -> str:
    """The hint for ``seat`` (the seat to act) in one line in ``lang``: the suggested action and
    the bot's estimates of the best candidates (seeded by the actions so far, so the same
    position gives the same hint); the refusal if hints are off (``allowed`` false)."""
    if not allowed:
        return t("analysis.hints_off", lang)
    seed = sum(len(log.actions) for log in state.deals)
    got = hint(state.copy(), seat, seed=seed)
    candidates = ", ".join(f"{notation_words(text, lang)} {value:g}" for text, value in got.candidates)
    return t("analysis.hint", lang, action=notation_words(got.action, lang), candidates=candidates)
