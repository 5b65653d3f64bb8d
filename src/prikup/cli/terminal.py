"""The line mode (``prikup play --plain``): a human against bots, or bots only, one line at a time —
for scripts, pipes and screen readers.  Everything is said in words; nothing is drawn."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape

from prikup.bots import Bot
from prikup.cli.hints import HINT_WORDS, hint_line
from prikup.cli.keywords import HELP_WORDS, QUIT_WORDS, InputError, read_line, summarise
from prikup.cli.narrate import Event, Narrator, standings
from prikup.cli.teach import describe, explain
from prikup.cli.words import Names
from prikup.cli.words import card as card_words
from prikup.core.actions import Action
from prikup.core.cards import Card, parse_card
from prikup.core.errors import IllegalActionError, PrikupError
from prikup.core.game import State
from prikup.i18n import t
from prikup.records import Seat

__all__ = ["TerminalTable", "check_line", "interpret_input", "pretty_card", "pretty_cards"]


def pretty_card(text: str, lang: str = "en") -> str:
    """A card code as Rich markup with its suit symbol (the Russian deck's letters in Russian),
    red suits in red."""
    card = parse_card(text)
    shown = card_words(card, lang)
    if card.suit is not None and card.suit.is_red:
        return f"[red]{shown}[/red]"
    return f"[bold]{shown}[/bold]" if card.is_joker else shown


def pretty_cards(codes: Sequence[str], lang: str = "en") -> str:
    """Several cards, grouped by suit, highest first."""
    cards = sorted((parse_card(c) for c in codes), key=_display_key)
    return " ".join(pretty_card(str(c), lang) for c in cards)


def _display_key(card: Card) -> tuple[int, int]:
    if card.suit is None:
        return (-1, -card.id)
    return (int(card.suit), -card.id)


def interpret_input(text: str, legal: Sequence[Action], lang: str = "en") -> Action:
    """The one action a typed line means (see :func:`prikup.cli.keywords.read_line`)."""
    return read_line(text, legal, lang)[0]


def check_line(state: State, text: str, lang: str) -> list[Action]:
    """The actions a typed line means, each checked in turn on a copy of ``state`` (so a line
    of several discards is taken whole or not at all); errors are one line in ``lang``."""
    actions = read_line(text, state.legal_actions(), lang)
    trial = state.copy() if len(actions) > 1 else state
    seat = state.to_act
    for i, action in enumerate(actions):
        try:
            trial.verify(action)
        except IllegalActionError as exc:
            raise InputError(explain(exc, lang)) from None
        if i < len(actions) - 1:
            trial.apply(action)
            if trial.to_act != seat:
                raise InputError(t("cli.keyword_not_now", lang, word=str(actions[i + 1]), keywords="—"))
    return actions


class TerminalTable:
    """Runs a match in lines: humans type, bots act, the story is told after each step.  ``hint``
    typed asks the pimc bot for a suggestion (refused in one line when ``hints`` is false)."""

    def __init__(
        self,
        state: State,
        seats: Sequence[Seat],
        bots: dict[int, Bot],
        *,
        console: Console | None = None,
        lang: str = "en",
        read: Callable[[str], str] | None = None,
        auto: bool = False,
        hints: bool = True,
    ) -> None:
        self.state = state
        self.hints = hints
        self.seats = list(seats)
        self.bots = bots
        self.console = console or Console(highlight=False)
        self.lang = lang
        self.read = read or input
        self.auto = auto
        humans = [s for s, seat in enumerate(self.seats) if seat.kind == "human"]
        self.viewer: int | None = humans[0] if humans else None
        self.names = Names(state.game.players, humans, [s.name for s in self.seats], lang)
        self.narrator = Narrator(state, self.names, self.viewer, lang)

    def say(self, text: str) -> None:
        """Print a line of plain text."""
        self.console.print(escape(text), soft_wrap=True)

    def _tell(self, event: Event) -> None:
        if self.auto and event.kind in ("action", "trick", "deal"):
            return
        style = {"deal": "bold", "result": "bold", "trick": "cyan"}.get(event.kind)
        text = escape(event.text)
        self.console.print(f"[{style}]{text}[/{style}]" if style else text, soft_wrap=True)
        for line in event.extra:
            self.say("  " + line)
        if event.kind == "result" and not self.auto:
            self._show_sheet()

    def run(self, max_deals: int | None = None) -> None:
        """Play until the match is over (or ``max_deals`` deals are done)."""
        state = self.state
        if not self.auto:
            for s in range(state.game.players):
                self.say(t("cli.seat_is", self.lang, who=self.names[s], kind=self.names.kind(s)))
        start = self.narrator.deal_start()
        if start is not None:
            self._tell(start)
        while not state.is_over:
            if max_deals is not None and len(state.deals) > max_deals:
                self._show_sheet()
                self.say(t("unfinished", self.lang))
                return
            seat = state.to_act
            assert seat is not None
            if seat in self.bots:
                actions = [self.bots[seat].act(state, seat)]
            else:
                actions = self._ask(seat)
            for action in actions:
                state.apply(action)
                for event in self.narrator.after(seat, action):
                    self._tell(event)
        self._show_match_result()

    def _ask(self, seat: int) -> list[Action]:
        for line in self.narrator.table_lines(seat):
            self.say(line)
        while True:
            text = self.read(t("prompt", self.lang))
            word = text.strip().lower()
            if word in HELP_WORDS:
                shown = ", ".join(summarise(self.state.legal_actions(), self.lang))
                self.say(f"{t('legal', self.lang)}: {shown}")
                continue
            if word in QUIT_WORDS:
                raise KeyboardInterrupt
            if word in HINT_WORDS:
                self.say(hint_line(self.state, seat, self.lang, allowed=self.hints))
                continue
            try:
                return check_line(self.state, text, self.lang)
            except PrikupError as exc:
                self.console.print(
                    f"[yellow]{escape(t('illegal', self.lang))}: {escape(describe(exc, self.lang))}[/yellow]"
                )

    def _show_sheet(self) -> None:
        self.console.print(f"[bold]{escape(t('score_sheet', self.lang))}[/bold]")
        width = self.console.width - 2  # each line indented by two
        for line in self.narrator.view.sheet(self.state, self.names.__getitem__, self.lang, width):
            self.say("  " + line)

    def _show_match_result(self) -> None:
        st = self.state
        if self.auto:
            self._show_sheet()
        self.console.print(f"[bold]{escape(t('match_over', self.lang))}[/bold]")
        self.say(f"{t('cli.standings', self.lang)}: " + "; ".join(standings(st, self.names, self.lang)))
        key = "winner" if len(st.winners) == 1 else "winners"
        self.console.print(
            f"[bold]{escape(t(key, self.lang))}: " + escape(", ".join(self.names[w] for w in st.winners)) + "[/bold]"
        )
