"""The table's pieces: a seat's panel, the centre (contract, talon, trick), the hand, the calls."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Button, Static

from prikup.cli.views import contract_of
from prikup.cli.words import Names, action_words, card, number, sort_cards, strain
from prikup.core.actions import Action
from prikup.core.cards import parse_card
from prikup.core.game import Phase
from prikup.core.observation import Observation
from prikup.games.obs_five_hundred import ObsFiveHundred
from prikup.games.obs_preferans import ObsPreferans
from prikup.i18n import catalogue, t

__all__ = ["CallButton", "CardButton", "SeatPanel", "call_actions", "card_text", "seat_text", "trick_text"]


def card_text(code: str, lang: str = "en") -> Text:
    """A card with its suit symbol (the Russian deck's letters in Russian), red suits in red,
    jokers bold."""
    c = parse_card(code)
    style = "bold red" if c.suit is not None and c.suit.is_red else "bold"
    return Text(card(c, lang), style=style)


class CardButton(Button):
    """A card of the player's hand: clicking it plays it (or gives, keeps, discards it)."""

    def __init__(self, code: str, *, legal: bool, lang: str = "en") -> None:
        super().__init__(card_text(code, lang), id=f"card-{code}", classes="card" + ("" if legal else " dim"))
        self.code = code


class CallButton(Button):
    """A call that needs no card: pass, look, whist, the lowest bid …"""

    def __init__(self, action: Action, lang: str) -> None:
        text = str(action)
        key = f"cli.btn_{text.split()[0]}"
        label = t(key, lang) if key in catalogue() and text.split()[0] == text else action_words(text, lang)
        super().__init__(label, id="call-" + text.replace(" ", "_"), classes="call")
        self.action_text = text


def call_actions(legal: Sequence[Action]) -> list[Action]:
    """The legal actions offered as buttons: every one without a card, bids and contracts only
    their lowest (the rest are typed)."""
    out: list[Action] = []
    seen: set[str] = set()
    for a in legal:
        if a.card is not None:
            continue
        word = str(a).split()[0]
        if word in ("bid", "contract"):
            if word in seen:
                continue
            seen.add(word)
        out.append(a)
    return out


def seat_text(obs: Observation, seat: int, names: Names, lang: str, to_act: int | None) -> Text:
    """A seat's panel: name and kind, dealer, cards held, tricks, the last call, the score."""
    out = Text()
    marker = "▶ " if to_act == seat else "  "
    out.append(marker + names[seat], style="bold reverse" if to_act == seat else "bold")
    out.append(f"  ({names.kind(seat)})\n" if not names.is_you(seat) else "\n", style="dim")
    parts: list[str] = []
    viewer = obs.seat
    units = obs.units if isinstance(obs, ObsFiveHundred) else ()
    if viewer is not None and viewer != seat and any(seat in u and viewer in u for u in units):
        parts.append(t("cli.partner", lang))
    if obs.dealer == seat:
        active = obs.active
        parts.append(t("dealer", lang) + (" — " + t("sits_out", lang) if active and seat not in active else ""))
    sizes = obs.hand_sizes
    if seat < len(sizes):
        parts.append(f"🂠 ×{sizes[seat]}")
    won = obs.tricks_won
    if seat < len(won) and obs.phase is Phase.PLAY:
        parts.append(f"{t('tricks', lang)}: {won[seat]}")
    calls = [c for s, c in obs.calls if s == seat and not c.startswith("look")]
    if calls:
        parts.append(action_words(calls[-1], lang))
    scores = obs.scores
    if seat < len(scores):
        parts.append(f"{t('scores', lang)}: {number(scores[seat])}")
    out.append(" · ".join(parts))
    return out


def trick_text(obs: Observation, names: Names, lang: str) -> Text:
    """The centre of the table: contract and trumps, the talon, the trick in progress."""
    out = Text()
    contract = contract_of(obs)
    if contract is not None and obs.declarer is not None:
        shown = (
            f"{contract} {strain(obs.trump, lang)}"
            if isinstance(contract, int)
            else action_words(f"bid {contract}", lang)
        )
        out.append(f"{t('contract', lang)}: {shown} — {names[obs.declarer]}\n", style="bold")
    elif isinstance(obs, ObsPreferans) and obs.raspasy:
        out.append(t("cli.pf_raspasy", lang) + "\n", style="bold")
    calls = [(s, c) for s, c in obs.calls if not c.startswith("look")]
    if calls and obs.phase is Phase.AUCTION:
        out.append(f"{t('auction', lang)}:\n")
        for s, c in calls:
            out.append(f"  {names[s]}: {action_words(c, lang, names.is_you(s))}\n")
    talon = obs.talon
    if talon:
        out.append(f"{t('talon', lang)}: ")
        for held in talon:
            out.append_text(card_text(str(held), lang))
            out.append(" ")
        out.append("\n")
    trick = obs.trick
    if trick:
        out.append(f"{t('trick', lang)}:\n")
        for p in trick:
            out.append(f"  {names[p.seat]}: ")
            out.append_text(card_text(str(p.card), lang))
            out.append("\n")
    tricks = obs.tricks
    if tricks and not trick:
        last = tricks[-1]
        out.append(f"{t('cli.last_trick', lang)} → {names[last.winner]}: ", style="dim")
        out.append(" ".join(card(p.card, lang) for p in last.cards), style="dim")
        out.append("\n")
    return out


def hand_codes(obs: Observation) -> list[str]:
    """The viewer's hand, grouped by suit, highest first (empty while dark)."""
    hand = obs.hand
    return sort_cards(hand) if hand else []


class SeatPanel(Static):
    """One seat around the table."""
