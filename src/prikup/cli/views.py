"""Per-game words for the terminal: what the table says about a deal, in English or Russian.

The generic terminal view shows what every game shares (hand, auction calls, talon, contract,
trick, scores).  A game adds its own moments by registering a :class:`GameView` in ``VIEWS``:
extra status lines for a seat's observation, each deal's result as a sentence, and the score
sheet drawn after every deal.  Lines are plain text (the front ends escape and colour them).
Seats are named by a function ``who(seat)``; without one they are ``seat N``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from prikup.cli.sheet_table import table_lines
from prikup.cli.words import number, signed, strain, tw
from prikup.core.game import State
from prikup.core.observation import Observation
from prikup.games.obs_501 import Obs501
from prikup.games.obs_five_hundred import ObsFiveHundred
from prikup.games.obs_preferans import ObsPreferans
from prikup.games.obs_pyatsot import ObsPyatsot
from prikup.i18n import t

__all__ = [
    "VIEWS",
    "GameView",
    "Who",
    "changes_line",
    "contract_of",
    "is_you",
    "played_sentence",
    "seat_names",
    "view_for",
]

#: How a view names a seat.
Who = Callable[[int], str]


def seat_names(lang: str = "en") -> Who:
    """The default naming: ``seat 2`` / ``место 2``."""
    return lambda seat: f"{t('seat', lang)} {seat}"


def contract_of(obs: Observation) -> int | str | None:
    """The contract of any game's observation: points (501, Пятьсот) or a call (Five Hundred,
    preferans), ``None`` before there is one."""
    if isinstance(obs, Obs501 | ObsPyatsot | ObsFiveHundred | ObsPreferans):
        return obs.contract
    return None


def is_you(name: str, lang: str) -> bool:
    """Whether a seat's name is the player himself (the sentence takes its "you" form)."""
    return name == t("you", lang)


class GameView:
    """The default view: no extra lines, a sentence per result, a plain table of scores per deal."""

    def status(self, obs: Observation, who: Who | None = None, lang: str = "en") -> list[str]:
        """Extra lines about the game's own moments, from one seat's observation."""
        return []

    def sentence(
        self, result: dict[str, Any], changes: Sequence[object], who: Who | None = None, lang: str = "en"
    ) -> str:
        """A finished deal's result as one sentence."""
        return t("cli.deal_scored", lang)

    def action_text(self, state: State, shown: str, lang: str = "en", you: bool = False) -> str | None:
        """The game's own words for an action just taken (``shown``: as the viewer sees it; ``you``:
        taken by the viewer, its verb in the form for "you"), or ``None`` for the common words."""
        return None

    def describe(self, result: dict[str, Any], lang: str = "en") -> str:
        """A finished deal's result in words, seats named ``seat N``."""
        return self.sentence(result, [], None, lang)

    def sheet(self, state: State, who: Who | None = None, lang: str = "en", width: int | None = None) -> list[str]:
        """The score sheet after a deal, as the game's players know it: within ``width``
        characters when given (see :func:`prikup.cli.sheet_table.table_lines`)."""
        table, footer = self.sheet_parts(state, who, lang, width)
        return [*table, *footer]

    def sheet_parts(
        self, state: State, who: Who | None = None, lang: str = "en", width: int | None = None
    ) -> tuple[list[str], list[str]]:
        """The sheet in two parts: its table (the names, then a row per deal or per entry) and the
        lines under it (running counts), for a panel that shows the table's latest rows only."""
        name = who or seat_names(lang)
        rows = [
            (f"{i:>4}", [number(v) for v in log.scores_after])
            for i, log in enumerate(state.deals, 1)
            if log.scores_after is not None
        ]
        heads = [name(s) for s in range(state.game.players)]
        return table_lines(t("cli.deal_short", lang), heads, rows, width=width), []


def played_sentence(
    key: str, result: dict[str, Any], changes: Sequence[object], who: Who, lang: str, **fields: object
) -> str:
    """A declarer's deal said by ``key`` (its "you" form for the player): his name, the contract
    and trumps, his points and his score change, with the game's own ``fields``."""
    declarer = int(result["declarer"])
    name = who(declarer)
    change = signed(changes[declarer]) if len(changes) > declarer else ""
    points = (result.get("points") or {}).get(str(declarer), 0)
    given: dict[str, object] = {
        "who": name,
        "contract": result.get("contract"),
        "bid": result.get("bid"),
        "trump": strain(result.get("trump"), lang),
        "points": points,
        "change": change,
    }
    return tw(key, lang, is_you(name, lang), **(given | fields))


def changes_line(changes: Sequence[object], who: Who) -> str:
    """Every seat's score change of a deal: ``Ivan +130, Peter -25``."""
    return ", ".join(f"{who(s)} {signed(c)}" for s, c in enumerate(changes))


#: Views by game id, each named by the game's entry in ``prikup.games.spec.SPECS``; games without
#: one get :class:`GameView`.
VIEWS: dict[str, GameView] = {}


def view_for(game_id: str) -> GameView:
    """The view of a game."""
    if not VIEWS:
        from prikup.games.spec import SPECS, load  # the views import this module

        VIEWS.update({gid: load(spec.view) for gid, spec in SPECS.items()})
    return VIEWS.get(game_id, GameView())
