"""Terminal play: a human against bots (or bots only), drawn with Rich."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape

from prikup.bots import Bot
from prikup.cli.views import view_for
from prikup.core.actions import Action, ActionKind, parse_action
from prikup.core.cards import Card, parse_card
from prikup.core.errors import PrikupError
from prikup.core.game import State
from prikup.i18n import t
from prikup.records import Seat

__all__ = ["TerminalTable", "interpret_input", "pretty_card", "pretty_cards"]


def pretty_card(text: str) -> str:
    """A card code as Rich markup with its suit symbol, red suits in red."""
    card = parse_card(text)
    shown = card.pretty()
    if card.suit is not None and card.suit.is_red:
        return f"[red]{shown}[/red]"
    return f"[bold]{shown}[/bold]" if card.is_joker else shown


def pretty_cards(codes: Sequence[str]) -> str:
    """Several cards, grouped by suit, highest first."""
    cards = sorted((parse_card(c) for c in codes), key=_display_key)
    return " ".join(pretty_card(str(c)) for c in cards)


def _display_key(card: Card) -> tuple[int, int]:
    if card.suit is None:
        return (-1, -card.id)
    return (int(card.suit), -card.id)


def interpret_input(text: str, legal: Sequence[Action]) -> Action:
    """An action from what a player typed: the notation, or a shortcut (``KS`` for
    ``play KS``, ``80`` for ``bid 80``, ``p`` for ``pass``) when exactly one legal action fits."""
    raw = text.strip()
    if raw.lower() in ("p", "pass", "пас"):
        return Action(ActionKind.PASS)
    try:
        return parse_action(raw)
    except PrikupError as first_error:
        shortcuts = [f"play {raw}", f"bid {raw}", f"give {raw}", f"discard {raw}", f"keep {raw}"]
        for candidate in shortcuts:
            try:
                action = parse_action(candidate)
            except PrikupError:
                continue
            if action in legal:
                return action
        raise first_error from None


class TerminalTable:
    """Runs a match in the terminal: humans type, bots act, the table is drawn after each step."""

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
    ) -> None:
        self.state = state
        self.seats = list(seats)
        self.bots = bots
        self.console = console or Console(highlight=False)
        self.lang = lang
        self.read = read or input
        self.auto = auto
        self.view = view_for(state.game.id)
        humans = [s for s, seat in enumerate(self.seats) if seat.kind == "human"]
        self.viewer: int | None = humans[0] if humans else None

    def say(self, text: str) -> None:
        """Print a line of Rich markup."""
        self.console.print(text)

    def name(self, seat: int) -> str:
        """A seat's display name."""
        who = self.seats[seat].name
        return f"{seat}:{who}"

    def run(self, max_deals: int | None = None) -> None:
        """Play until the match is over (or ``max_deals`` deals are done)."""
        state = self.state
        scored = self._scored()
        if not self.auto:
            self._show_deal_start()
        while not state.is_over:
            if max_deals is not None and len(state.deals) > max_deals:
                self._show_sheet()
                self.say(t("unfinished", self.lang))
                return
            seat = state.to_act
            assert seat is not None
            if seat in self.bots:
                action = self.bots[seat].act(state, seat)
            else:
                action = self._ask(seat)
            state.apply(action)
            if not self.auto:
                self.say(f"  {escape(self.name(seat))}: {escape(state.action_view(seat, action, self.viewer))}")
            if self._scored() != scored:
                scored = self._scored()
                self._show_deal_result()
                if not state.is_over and not self.auto:
                    self._show_deal_start()
        self._show_match_result()

    def _scored(self) -> int:
        return sum(1 for log in self.state.deals if log.scores_after is not None)

    # -- drawing ---------------------------------------------------------------------------
    def _show_deal_start(self) -> None:
        st = self.state
        self.say("")
        self.say(
            f"[bold]── {t('deal', self.lang)} {len(st.deals)} ── {t('dealer', self.lang)}: "
            f"{escape(self.name(st.dealer))}[/bold]"
        )

    def _show_table(self, seat: int) -> None:
        obs = self.state.observation(seat)
        lang = self.lang
        lines = [
            f"{t('scores', lang)}: " + "  ".join(f"{escape(self.name(s))} {v}" for s, v in enumerate(obs["scores"]))
        ]
        if obs.get("calls"):
            calls = ", ".join(f"{s}:{c}" for s, c in obs["calls"])
            lines.append(f"{t('auction', lang)}: {escape(calls)}")
        if obs.get("talon"):
            lines.append(f"{t('talon', lang)}: {pretty_cards(obs['talon'])}")
        if obs.get("contract") is not None:
            trump = obs.get("trump")
            trump_text = t("no_trump", lang) if trump == "NT" else f"{t('trump', lang)} {trump}"
            declarer = obs.get("declarer")
            dark = f" ({t('dark', lang)})" if obs.get("declarer_dark") else ""
            lines.append(
                f"{t('contract', lang)}: {obs['contract']} {trump_text}, {t('declarer', lang)} {declarer}{dark}"
            )
        if obs.get("marriages"):
            shown = ", ".join(f"{m['seat']}: {m['suit']} {m['value']}" for m in obs["marriages"])
            lines.append(f"{t('marriages', lang)}: {shown}")
        if obs.get("trick"):
            lines.append(f"{t('trick', lang)}: " + "  ".join(f"{s}:{pretty_card(c)}" for s, c in obs["trick"]))
        lines += self.view.status(obs)
        hand = obs.get("hand")
        if hand is not None:
            lines.append(f"{t('hand', lang)}: {pretty_cards(hand)}")
        elif obs.get("dark") and obs["dark"][seat]:
            lines.append(t("dark_hand", lang, n=obs["hand_sizes"][seat]))
        for line in lines:
            self.say(line)

    def _ask(self, seat: int) -> Action:
        self._show_table(seat)
        legal = self.state.legal_actions()
        while True:
            text = self.read(t("prompt", self.lang))
            if text.strip().lower() in ("help", "?", "h"):
                self.say(f"{t('legal', self.lang)}: " + escape(", ".join(_summarise(legal))))
                continue
            if text.strip().lower() in ("quit", "exit", "q"):
                raise KeyboardInterrupt
            try:
                action = interpret_input(text, legal)
                return self.state.verify(action)
            except PrikupError as exc:
                self.say(f"[yellow]{t('illegal', self.lang)}: {escape(str(exc))}[/yellow]")

    def _show_deal_result(self) -> None:
        st = self.state
        number = max(i for i, d in enumerate(st.deals, 1) if d.scores_after is not None)
        log = st.deals[number - 1]
        title = f"{t('result', self.lang)} — {t('deal', self.lang)} {number}"
        self.say(f"[bold]{title}[/bold]: {escape(self.view.describe(log.result))}")
        changes = "  ".join(f"{escape(self.name(s))} {_signed(c)}" for s, c in enumerate(log.score_changes or []))
        self.say("  " + changes)
        if not self.auto:
            self._show_sheet()

    def _show_sheet(self) -> None:
        self.say(f"[bold]{t('score_sheet', self.lang)}[/bold]")
        for line in self.view.sheet(self.state):
            self.say("  " + line)

    def _show_match_result(self) -> None:
        st = self.state
        if self.auto:
            self._show_sheet()
        self.say(f"[bold]{t('match_over', self.lang)}[/bold] — {t('scores', self.lang)}: {st.scores_json()}")
        key = "winner" if len(st.winners) == 1 else "winners"
        self.say(f"[bold]{t(key, self.lang)}: " + ", ".join(escape(self.name(w)) for w in st.winners) + "[/bold]")


def _signed(value: object) -> str:
    """A score change with its sign (whole numbers), or as the game prints it (fractions)."""
    if isinstance(value, int):
        return f"{value:+}"
    text = str(value)
    return text if text.startswith("-") else "+" + text


def _summarise(legal: Sequence[Action]) -> list[str]:
    """Legal actions, with long runs of bids and contracts shortened to ranges."""
    out: list[str] = []
    numbers: dict[tuple[str, str | None], list[int]] = {}
    for a in legal:
        if a.kind in (ActionKind.BID, ActionKind.CONTRACT) and a.number is not None:
            numbers.setdefault((a.kind.value, a.call), []).append(a.number)
        else:
            out.append(str(a))
    for (kind, call), values in numbers.items():
        suffix = f" {call}" if call else ""
        if len(values) > 3 and values == list(range(values[0], values[-1] + 1)):
            out.append(f"{kind} {values[0]}..{values[-1]}{suffix}")
        else:
            out += [f"{kind} {v}{suffix}" for v in values]
    return out
