"""The terminal table: a Textual app where a human plays against bots.

The player's seat is at the bottom with his hand (click a card to play it) and the calls he may
make (buttons); the other seats are along the top; the centre shows the contract, the talon and
the trick; on the right the game's own moments, the score sheet and what happened, in words.  An
action may always be typed in the notation (the same line mode rules: a bare card plays it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, RichLog, Static

from prikup.bots import Bot
from prikup.cli.hints import HINT_WORDS, hint_line
from prikup.cli.keywords import HELP_WORDS, QUIT_WORDS, InputError, summarise
from prikup.cli.narrate import Event, Narrator, standings
from prikup.cli.sheet_table import latest_lines
from prikup.cli.teach import describe
from prikup.cli.terminal import check_line
from prikup.cli.tui.widgets import CallButton, CardButton, SeatPanel, call_actions, hand_codes, seat_text, trick_text
from prikup.cli.words import Names
from prikup.core.actions import Action
from prikup.core.errors import PrikupError
from prikup.core.game import State
from prikup.games.obs_501 import Obs501
from prikup.i18n import t
from prikup.records import Seat

__all__ = ["HelpScreen", "TableApp"]

_STYLES = {"deal": "bold", "result": "bold green", "trick": "cyan", "action": ""}


class HelpScreen(ModalScreen[None]):
    """How to play, and what is legal now."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "close"), Binding("f1", "dismiss", "close")]

    def __init__(self, text: str, legal: str, lang: str) -> None:
        super().__init__()
        self.text, self.legal, self.lang = text, legal, lang

    def compose(self) -> ComposeResult:
        """The help box."""
        with Vertical(id="help-box"):
            yield Static(Text(t("cli.help_title", self.lang), style="bold"))
            yield Static(self.text)
            yield Static(Text(f"{t('legal', self.lang)}: {self.legal}", style="yellow"))

    async def action_dismiss(self, result: None = None) -> None:
        """Close the help."""
        self.dismiss(result)


class TableApp(App[None]):
    """A match at the table: one human seat (or none, to watch), bots in the others."""

    CSS = """
    Screen { layout: vertical; }
    #opponents { height: 4; }
    .seat { border: round $secondary; padding: 0 1; width: 1fr; height: 4; }
    .seat.to-act { border: round $warning; }
    #middle { height: 1fr; }
    #table { width: 1fr; }
    #centre { border: round $primary; padding: 0 1; height: auto; min-height: 5; }
    #side { width: 1fr; }
    #status { border: round $secondary; padding: 0 1; height: auto; max-height: 9; }
    #sheet { border: round $secondary; padding: 0 1; height: 1fr; }
    #log { border: round $secondary; height: 1fr; min-height: 4; }
    #me { height: 4; }
    #hand { height: 3; }
    #deal-line { height: 1; padding: 0 1; text-style: bold; background: $primary-background; }
    #calls { height: 3; }
    Button.card { min-width: 6; width: 6; margin: 0; }
    Button.card.dim { text-style: dim; }
    Button.call { min-width: 8; margin: 0 1 0 0; }
    #message { height: 1; color: $warning; padding: 0 1; }
    #help-box { width: 80%; height: auto; border: thick $primary; background: $surface; padding: 1 2; }
    HelpScreen { align: center middle; }
    /* a short terminal (80×24): seats, cards, calls and the command line drawn one row high
       without frames, so the story and the score sheet keep their room */
    Screen.-compact #opponents { height: 2; }
    Screen.-compact .seat { border: none; height: 2; margin: 0 1 0 0; background: $boost;
                            text-wrap: nowrap; text-overflow: ellipsis; }
    Screen.-compact .seat.to-act { border: none; background: $warning 25%; }
    Screen.-compact #hand { height: 1; }
    Screen.-compact #calls { height: 1; }
    Screen.-compact Button { border: none; height: 1; min-width: 4; padding: 0; }
    Screen.-compact Button.card { min-width: 5; width: 5; margin: 0 1 0 0; }
    Screen.-compact Button.call { margin: 0 1 0 0; }
    Screen.-compact #command { border: none; height: 1; padding: 0 1; }
    """
    #: below this many rows the table is drawn compact
    COMPACT_BELOW: ClassVar[int] = 34
    ENABLE_COMMAND_PALETTE: ClassVar[bool] = False

    def __init__(
        self,
        state: State,
        seats: Sequence[Seat],
        bots: dict[int, Bot],
        *,
        lang: str = "en",
        max_deals: int | None = None,
        bot_delay: float = 0.4,
        hints: bool = True,
    ) -> None:
        super().__init__()
        self.hints = hints
        self.hint_pending = False
        self.state = state
        self.seats = list(seats)
        self.bots = bots
        self.lang = lang
        self.max_deals = max_deals
        self.bot_delay = bot_delay
        humans = [s for s, seat in enumerate(self.seats) if seat.kind == "human"]
        self.viewer: int | None = humans[0] if humans else None
        self.names = Names(state.game.players, humans, [s.name for s in self.seats], lang)
        self.narrator = Narrator(state, self.names, self.viewer, lang)
        self.finished = False
        self.bot_pending = False
        self.notice = ""
        self.bind("f1", "help", description=t("cli.key_help", lang))
        self.bind("f2", "hint", description=t("analysis.key_hint", lang))
        self.bind("ctrl+q", "quit", description=t("cli.key_quit", lang))

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The table: opponents on top, the centre and the side, the player at the bottom."""
        others = [s for s in range(self.state.game.players) if s != self.viewer]
        yield Static(id="deal-line")
        with Horizontal(id="opponents"):
            for s in others:
                yield SeatPanel(id=f"seat-{s}", classes="seat")
        with Horizontal(id="middle"):
            with Vertical(id="table"):
                yield Static(id="centre")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)  # wrapped to its column
            with Vertical(id="side"):
                yield Static(id="status")
                yield Static(id="sheet")
        if self.viewer is not None:
            yield SeatPanel(id=f"seat-{self.viewer}", classes="seat")
            yield Horizontal(id="hand")
            yield Horizontal(id="calls")
        yield Static(id="message")
        yield Input(placeholder=t("prompt", self.lang).rstrip("> "), id="command")
        yield Footer()

    def on_mount(self) -> None:
        """Start the match: the title, the seats, the first deal."""
        game = self.state.game
        self.title = f"prikup — {game.title_ru if self.lang == 'ru' else game.title}"
        self.sub_title = t("cli.help_keys", self.lang)
        self.screen.set_class(self.size.height < self.COMPACT_BELOW, "-compact")
        start = self.narrator.deal_start()
        if start is not None:
            self.tell(start)
        self.call_after_refresh(self.next_turn)

    def on_resize(self, event: events.Resize) -> None:
        """Draw the table compact on a short terminal, framed on a tall one."""
        self.screen.set_class(event.size.height < self.COMPACT_BELOW, "-compact")
        self.call_after_refresh(self.draw_sheet)  # its panel's new size, once laid out

    # -- drawing ---------------------------------------------------------------------------
    def draw_sheet(self) -> None:
        """The score sheet, narrowed to its panel's width (never wrapped: a wrapped row puts a
        score under the wrong name) and, when the panel is short, its names and latest rows."""
        box = self.query_one("#sheet", Static)
        size = box.content_size  # zero before the first layout: drawn whole, redrawn on resize
        width = size.width or None
        rows = size.height - 1 if size.height > 1 else None  # a row for the title
        table, footer = self.narrator.view.sheet_parts(self.state, self.names.__getitem__, self.lang, width)
        shown = latest_lines(table, rows, footer)
        box.update(Text(t("score_sheet", self.lang) + "\n", style="bold") + Text("\n".join(shown)))

    def tell(self, event: Event) -> None:
        """Write an event to the story on the right."""
        if event.kind == "deal":
            self.query_one("#deal-line", Static).update(f"{event.text} · F1 — {t('cli.help_title', self.lang)}")
        log = self.query_one("#log", RichLog)
        log.write(Text(event.text, style=_STYLES.get(event.kind, "")))
        for line in event.extra:
            log.write(Text("  " + line, style="green"))

    async def draw_table(self) -> None:
        """Redraw every piece of the table from the viewer's observation."""
        st = self.state
        looker = self.viewer
        obs = st.observation(looker, with_legal=False)
        for s in range(st.game.players):
            panel = self.query_one(f"#seat-{s}", SeatPanel)
            panel.update(seat_text(obs, s, self.names, self.lang, st.to_act))
            panel.set_class(st.to_act == s, "to-act")
        self.query_one("#centre", Static).update(trick_text(obs, self.names, self.lang))
        lines = self.narrator.view.status(obs, self.names.__getitem__, self.lang)
        status = self.query_one("#status", Static)
        status.update("\n".join(lines))
        status.display = bool(lines)  # no empty frame above the score sheet
        self.draw_sheet()
        self.query_one("#message", Static).update(self.notice)
        if looker is None:
            return
        mine = st.to_act == looker and not self.finished
        legal = st.legal_actions() if mine else []
        card_words = {str(a).split()[0] for a in legal if a.card is not None}
        playable = {str(a.card) for a in legal if a.card is not None}
        hand = self.query_one("#hand", Horizontal)
        await hand.remove_children()
        codes = hand_codes(obs)
        if codes:
            await hand.mount(*[CardButton(c, legal=c in playable or not card_words, lang=self.lang) for c in codes])
        elif isinstance(obs, Obs501) and obs.dark[looker]:
            await hand.mount(Static(t("cli.hand_of_dark", self.lang, n=obs.hand_sizes[looker])))
        calls = self.query_one("#calls", Horizontal)
        await calls.remove_children()
        if mine:
            await calls.mount(*[CallButton(a, self.lang) for a in call_actions(legal)])

    # -- the flow of play --------------------------------------------------------------------
    async def next_turn(self) -> None:
        """Draw the table; let a bot act, or wait for the player."""
        st = self.state
        if st.is_over or (self.max_deals is not None and len(st.deals) > self.max_deals):
            await self.end_match()
            return
        await self.draw_table()
        seat = st.to_act
        if seat in self.bots and not self.bot_pending:
            self.bot_pending = True
            self.set_timer(max(self.bot_delay, 0.001), self.bot_move)
        elif seat not in self.bots:
            self.query_one("#command", Input).focus()

    async def bot_move(self) -> None:
        """The bot to act takes its action."""
        self.bot_pending = False
        seat = self.state.to_act
        if seat is None or seat not in self.bots or self.finished:
            return
        await self.apply_actions(seat, [self.bots[seat].act(self.state, seat)])

    async def apply_actions(self, seat: int, actions: Sequence[Action]) -> None:
        """Apply a seat's actions, tell what happened, go on to the next turn."""
        for action in actions:
            self.state.apply(action)
            for event in self.narrator.after(seat, action):
                self.tell(event)
        await self.next_turn()

    async def end_match(self) -> None:
        """The match is over (or stopped at --max-deals): the standings."""
        if self.finished:
            return
        self.finished = True
        st = self.state
        await self.draw_table()
        if st.is_over:
            self.tell(Event("result", t("match_over", self.lang)))
            self.tell(
                Event("result", f"{t('cli.standings', self.lang)}: " + "; ".join(standings(st, self.names, self.lang)))
            )
            self.notice = t("cli.press_enter", self.lang)
        else:
            self.tell(Event("result", t("unfinished", self.lang)))
            self.notice = t("unfinished", self.lang)
        self.query_one("#message", Static).update(self.notice)

    async def take_line(self, text: str) -> None:
        """A line from the player (typed, or a button's action)."""
        st = self.state
        seat = st.to_act
        if self.finished or seat is None or seat in self.bots:
            return
        word = text.strip().lower()
        if word in HELP_WORDS:
            self.action_help()
            return
        if word in QUIT_WORDS:
            self.exit()
            return
        if word in HINT_WORDS:
            await self.action_hint()
            return
        try:
            actions = check_line(st, text, self.lang)
        except (InputError, PrikupError) as exc:
            self.notice = f"{t('illegal', self.lang)}: {describe(exc, self.lang)}"
            self.query_one("#message", Static).update(self.notice)
            return
        self.notice = ""
        await self.apply_actions(seat, actions)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """The typed line."""
        event.input.value = ""
        await self.take_line(event.value)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        """A card (its keyword is the phase's: play, give, keep, discard) or a call."""
        button = event.button
        if isinstance(button, CardButton):
            legal = self.state.legal_actions()
            word = next((str(a).split()[0] for a in legal if str(a.card) == button.code), None)
            word = word or next((str(a).split()[0] for a in legal if a.card is not None), "play")
            await self.take_line(f"{word} {button.code}")
        elif isinstance(button, CallButton):
            await self.take_line(button.action_text)

    async def action_hint(self) -> None:
        """The pimc bot's suggestion for the player to act, on the message line (thought out of
        the app's loop, so the table stays live); refused when the match has hints off."""
        st, seat = self.state, self.state.to_act
        if self.finished or seat is None or seat != self.viewer:
            return
        message = self.query_one("#message", Static)
        if not self.hints:
            self.notice = hint_line(st, seat, self.lang, allowed=False)
        elif self.hint_pending:
            return
        else:
            message.update(t("analysis.hint_thinking", self.lang))
            done = len(st.history)
            self.hint_pending = True
            try:
                line = await asyncio.to_thread(hint_line, st.copy(), seat, self.lang)
            finally:
                self.hint_pending = False
            if len(st.history) != done:  # the player acted meanwhile: the hint is stale
                return
            self.notice = line
        message.update(self.notice)

    def action_help(self) -> None:
        """Show how to play and what is legal now."""
        legal = ", ".join(summarise(self.state.legal_actions(), self.lang)) if not self.finished else "—"
        self.push_screen(HelpScreen(t("cli.help_text", self.lang), legal, self.lang))
