"""The rules of preferans, Rostov ("Academic") convention, as the page
``prikup/docs/rules/preferans.md`` tells them.

32 cards (A K Q J T 9 8 7), 3 players (4 with the dealer sitting the deal out), 10 cards each and
a talon of 2.  The auction runs 6S … 10NT with games without the talon (``bid 9H-WT``), misère
(``bid MIS``) only as a first call and the Rostov ladder misère → 9 → misère without talon
(``bid MIS-WT``) → 9 without talon or 10, and "here" (``bid`` of the same game by a senior hand),
never to six spades.  The declarer of a game with the talon shows it to all, takes it, discards
two and names a contract not below his bid.  The defenders whist in the Rostov sequences (whist,
pass, half-whist and its extra turn, "for his own"; with 4 players the dealer may look at the hand
of the defender he names, ``look 3``, and whist in his place); a lone whister plays open or closed.
With 4 players and the option ``misere_half`` a misère declarer may ``invite`` the dealer to play
his misère half (``take`` or ``pass``); a half misère made while pulyas are open is written 3 + 2
or 2 + 3 as the inviter chooses (``pulya 3`` / ``pulya 2``) and the dealer writes the rest.  The first hand
leads; follow suit, else trump, else anything.  All pass: raspasy, talon closed, 5 whists a trick.
Scoring is on the pulya/gora/whist sheet of :mod:`prikup.games.preferans_sheet`.

Between deals (at the start of each deal, before anyone sees his cards) the owner of the last open
pulya, half closed, is asked whether to carry it into his gora (``settle`` / ``pass``), and, once
every pulya is closed, the owner of the last gora whether to settle it and end the match.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from operator import sub as _sub
from typing import Any, cast

from prikup.core.actions import Action
from prikup.core.cards import Card, Rank, Suit, cards_of
from prikup.core.engine import DealPattern, TrickRules
from prikup.core.errors import OptionError
from prikup.core.game import Head
from prikup.core.ladder import Ladder
from prikup.core.observation import NO_TRUMP
from prikup.core.options import Option
from prikup.core.refusals import Refusal, refusal
from prikup.core.tricks import follow_mask
from prikup.games.obs_preferans import ObsPreferans
from prikup.games.preferans_actions import (
    _AUCTION,
    _CONTRACT,
    _DEAL,
    _DISCARD,
    _HALF,
    _K_BID,
    _K_CLOSED,
    _K_CONTRACT,
    _K_DISCARD,
    _K_INVITE,
    _K_OPEN,
    _K_PASS,
    _K_PLAY,
    _K_PULYA,
    _K_SETTLE,
    _K_TAKE,
    _LOOK,
    _MATCH_OVER,
    _P_WHIST,
    _PASS,
    _PLAY,
    _SETTLE,
    _WHIST,
    _WORD_OF_KIND,
    CALL_RANK,
    CALLS,
    CONTRACT_CALLS,
    DECK,
    DECK_MASK,
    MISERE,
    MISERE_WT,
    RANK_ORDER,
    SUIT_MASKS,
    ActionsPreferans,
    LegalPreferans,
    call_level,
    call_strain,
    is_misere,
    without_talon,
)
from prikup.games.preferans_sheet import (
    GAME_VALUES,
    HALF_WHIST_TRICKS,
    MISERE_HALF_SPLITS,
    MISERE_VALUE,
    Amount,
    Sheet,
    SheetDraft,
    balances,
    can_carry_pulya,
    can_settle_gora,
    carry_pulya,
    declarer_short,
    exact_change,
    fraction_json,
    half_whist_whists,
    is_finished,
    lone_whister_shortfall,
    misere_half_tricks,
    misere_tricks,
    new_sheet,
    pulyas_closed,
    score_game,
    score_misere_half,
    score_raspasy,
    settle_gora,
    settled_balances,
    talon_premium,
    two_whister_shortfalls,
    whist_for_tricks,
    whister_short,
    write_premium,
    write_whists,
)
from prikup.games.table_rules import Excess, RulesPreferans

__all__ = [
    "CALLS",
    "CALL_RANK",
    "CONTRACT_CALLS",
    "DECK",
    "DECK_MASK",
    "STRENGTH",
    "SUIT_MASKS",
    "GamePreferans",
    "StatePreferans",
    "call_level",
    "call_strain",
    "is_misere",
    "without_talon",
]


#: The strength of each card in a trick (ace high).
STRENGTH: tuple[int, ...] = tuple(
    len(RANK_ORDER) - RANK_ORDER.index(Rank(i & 15)) if i < 64 and Rank(i & 15) in RANK_ORDER else 0 for i in range(67)
)
HAND_SIZE = 10
TALON_SIZE = 2
TRICKS = 10
#: By twos to the three hands; the talon's two after the first round.
DEAL = DealPattern.by_rounds(3, HAND_SIZE, 2, (TALON_SIZE,))


class GamePreferans(ActionsPreferans):
    """Preferans, Rostov convention, with its pulya / gora / whist score sheet."""

    id = "preferans"
    OBSERVATION = ObsPreferans
    RULES = RulesPreferans
    rules: RulesPreferans
    title = "Preferans (Rostov)"
    title_ru = "Преферанс (ростовский)"
    OPTIONS = (
        Option("players", 3, "players at the table; with 4 the dealer sits each deal out", choices=(3, 4)),
        Option("pulya", 20, "the target every pulya must reach (10/20, 15/30, 20/40)", minimum=2, maximum=1000),
        Option("start_gora", 10, "points in every gora at the start (usually half the pulya)", minimum=0, maximum=1000),
        Option("games_without_talon", True, "games and misère without the talon may be bid (bid 9H-WT, bid MIS-WT)"),
        Option(
            "dealer_whists",
            True,
            "with 4 players, when the declarer would go 'for his own' the dealer may look at the hand "
            "of one defender of his choice (look SEAT) and whist in his place",
        ),
        Option(
            "misere_half",
            False,
            "with 4 players a misère declarer may invite the dealer to play his misère half (invite; "
            "the dealer answers take or pass): made with pulyas open, the inviter writes 3 into the pulya "
            "and 2 off the gora or 2 and 3 (pulya 3 / pulya 2) and the dealer the rest; failed, each of "
            "the two takes half the penalty",
        ),
        Option("misere_whists", True, "each other player writes 10 whists on a misère declarer per trick he takes"),
        Option(
            "misere_play_out",
            True,
            "misère is played to the last trick, every trick counting "
            "(false: play stops at the declarer's first trick)",
        ),
        Option(
            "excess",
            "each",
            "once every pulya is closed, a game worth more than all goras left: the excess is written as "
            "10 whists a point on each other player (each), that divided by the number of players (divided), "
            "or not at all (none)",
            choices=("each", "divided", "none"),
        ),
    )

    @property
    def target(self) -> int:
        """The pulya target."""
        return self.rules.pulya

    @property
    def start_gora(self) -> int:
        """Every gora at the start."""
        return self.rules.start_gora

    def _validate(self) -> None:
        rules = self.rules
        #: 3 or 4 seats, three dealt in (with 4 the dealer sits out), ten tricks
        #: and the calls of the auction, 6S … 10NT-WT with misère between (:data:`CALLS`)
        self.trick_rules = TrickRules(rules.players, DECK, DEAL, TRICKS, SUIT_MASKS, STRENGTH, ladder=Ladder(CALLS))
        four = rules.players == 4
        if rules.misere_half and not four:
            raise OptionError(refusal("misere_half_players"))
        # what the rules' use sites read, from the typed options
        self.games_without_talon: bool = rules.games_without_talon
        #: the 4-player dealer may look at a defender's hand and whist in his place
        self.dealer_whists: bool = four and rules.dealer_whists
        #: the 4-player misère declarer may invite the dealer to play it half
        self.misere_half: bool = four and rules.misere_half
        self.misere_play_out: bool = rules.misere_play_out
        self.misere_whists: bool = rules.misere_whists
        #: how a game's excess over the goras is written
        self.excess: Excess = rules.excess

    def new_sheet(self) -> Sheet:
        """An empty score sheet for this configuration."""
        return new_sheet(self.players, self.target, self.start_gora)

    def _new_state(self, rng: random.Random | None, first_dealer: int, single_deal: bool) -> StatePreferans:
        return StatePreferans(self, rng, first_dealer, single_deal)

    def new_deal_on(
        self,
        sheet: Sheet,
        hands: Sequence[Sequence[Card | str]] | Mapping[int, Sequence[Card | str]],
        talon: Sequence[Card | str],
        *,
        dealer: int = 0,
        single_deal: bool = True,
    ) -> StatePreferans:
        """A deal from explicit cards played on a given score sheet (positions, tests)."""
        self._check_seat(dealer)
        if sheet.players != self.players:
            raise ValueError(f"the sheet has {sheet.players} players; the game {self.players}")
        state = StatePreferans(self, None, dealer, single_deal, sheet=sheet)
        state.deal(hands, talon)
        return state


class StatePreferans(LegalPreferans):
    """A match of preferans in progress.

    ``scores`` are exact whist balances (ints while whole, else :class:`~fractions.Fraction`); ``sheet`` is the whole
    score sheet and ``sheets`` the sheet after every finished deal.
    """

    game: GamePreferans

    def __init__(
        self,
        game: GamePreferans,
        rng: random.Random | None,
        first_dealer: int,
        single_deal: bool,
        *,
        sheet: Sheet | None = None,
    ) -> None:
        super().__init__(game, rng, first_dealer, single_deal)
        self.sheet: Sheet = sheet if sheet is not None else game.new_sheet()
        self._first_sheet = self.sheet  # the sheet the match (or the replay) started from
        self._deal_start = self.sheet
        self.sheets: list[Sheet] = []
        self._scores = cast(list[int], list(balances(self.sheet)))

    def _clear_deal(self) -> None:
        super()._clear_deal()
        self._active: tuple[int, ...] = ()
        self.talon_cards: list[Card] = []
        self.talon_shown = False
        self.discards = 0
        self.high: str | None = None
        self.high_seat: int | None = None
        self.bid: str | None = None
        self.contract: str | None = None
        self.trump: Suit | None = None
        self.raspasy = False
        self.whist_calls: list[tuple[int, str]] = []
        self.whisters: list[int] = []
        self.lone_whister: int | None = None
        self.half_whister: int | None = None
        self.replaced: int | None = None
        self.dealer_looked: int | None = None
        self.half_calls: list[tuple[int, str]] = []
        self.half_partner: int | None = None
        self.half_split: int | None = None
        self._split_pending = False
        self.for_own = False
        self.open_play: bool | None = None
        self._open_pending = False
        self.misere_open = False
        self.settle_calls: list[tuple[int, str, str]] = []
        self._settle_seat: int | None = None
        self._settle_kind: str | None = None

    # -- the deal -------------------------------------------------------------------------
    def _initial_scores(self) -> list[int]:
        return [0] * self.game.players

    @property
    def scores(self) -> tuple[Amount, ...]:  # type: ignore[override]
        """Every player's whist balance now (exact; the balances sum to zero)."""
        return balances(self.sheet)

    def scores_json(self) -> list[Any]:
        """The whist balances as JSON values: ints where whole, else ``"n/d"`` strings."""
        return [fraction_json(b) for b in balances(self.sheet)]

    @property
    def settled_scores(self) -> tuple[float, ...]:
        """The balances the match would settle at now (:func:`settled_balances`)."""
        return tuple(float(b) for b in settled_balances(self.sheet))

    def deal_value(self, index: int) -> list[float] | None:
        """The change deal ``index`` made in the balances the match would settle at: a game made
        counts with its pulya and gora, not only with its whists, which the deal's score changes
        hold alone (carrying a pulya or settling a gora between deals changes nothing there)."""
        if self.deals[index].score_changes is None or index >= len(self.sheets):
            return None
        before = settled_balances(self.sheets[index - 1] if index else self._first_sheet)
        after = settled_balances(self.sheets[index])
        return [float(a - b) for a, b in zip(after, before, strict=True)]

    def _begin_deal(self, dealer: int, active: tuple[int, ...], talon: list[Card]) -> None:
        self._active = active
        self.talon_cards = list(talon)
        self._deal_start = self.sheet
        self.phase = _AUCTION
        self._turn = active[0]
        self._ask_settle()

    # -- between deals: carrying the last pulya, settling the last gora -------------------------
    def _ask_settle(self) -> None:
        """Offer the between-deals choice to the one player who has it now, if any.

        Each question is asked once a deal: carrying the last open pulya (its owner, half of it
        closed), then settling the last gora (every pulya closed, one gora left)."""
        asked = {kind for _, kind, _ in self.settle_calls} if self.settle_calls else ()
        for kind, seat in (("pulya", can_carry_pulya(self.sheet)), ("gora", can_settle_gora(self.sheet))):
            if seat is not None and kind not in asked:
                self.phase = _SETTLE
                self._settle_seat = seat
                self._settle_kind = kind
                return
        self._settle_seat = None
        self._settle_kind = None
        self.phase = _AUCTION

    @property
    def settle_question(self) -> str | None:
        """``"pulya"`` (carry the last pulya?) or ``"gora"`` (settle the last gora?) while asked."""
        return self._settle_kind if self.phase is _SETTLE else None

    def _do_settle(self, seat: int, action: Action) -> None:
        kind = self._settle_kind
        assert kind is not None
        self.settle_calls.append((seat, kind, str(action)))
        if action.kind is _K_SETTLE and kind == "pulya":
            self.sheet = carry_pulya(self.sheet, seat)
        elif action.kind is _K_SETTLE:
            gora = self.sheet.gora[seat]
            self._end_deal(settle_gora(self.sheet, seat), {"outcome": "gora settled", "seat": seat, "gora": gora})
            return
        self._ask_settle()

    # -- whose turn ------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act (the controller of the hand to play), or ``None``."""
        if self.phase in (_DEAL, _MATCH_OVER):
            return None
        if self.phase is _SETTLE:
            return self._settle_seat
        if self.phase is _PLAY:
            if self._split_pending:
                return self.declarer
            if self._open_pending:
                return self.lone_whister
            assert self._turn is not None
            return self.controller(self._turn)
        return self._turn

    @property
    def hand_to_play(self) -> int | None:
        """In the play, the seat whose hand plays the next card."""
        if self.phase is not _PLAY or self._open_pending or self._split_pending:
            return None
        return self._turn

    def controller(self, hand: int) -> int:
        """The seat that plays ``hand``'s cards: the lone whister plays both defenders' hands in
        open play; a whisting 4-player dealer plays the hand of the player he replaced."""
        if self.open_play and self.lone_whister is not None and hand in self.defenders():
            return self.lone_whister
        if hand == self.replaced and self.lone_whister is not None:
            return self.lone_whister
        return hand

    def defenders(self) -> tuple[int, ...]:
        """The declarer's two opponents, the one on his left first (empty before a declarer)."""
        if self.declarer is None:
            return ()
        left = self._next_active(self.declarer)
        return left, self._next_active(left)

    @property
    def level(self) -> int | None:
        """The contract's level (6 … 10), ``None`` for misère or before a contract."""
        return None if self.contract is None else call_level(self.contract)

    @property
    def is_misere(self) -> bool:
        """True when the contract is misère (with or without the talon)."""
        return self.contract is not None and is_misere(self.contract)

    def _why_illegal(self, seat: int, action: Action) -> Refusal | None:
        phase = self.phase
        if phase is _SETTLE:
            if action.kind not in (_K_SETTLE, _K_PASS):
                return refusal("settle_or_pass")
            return None
        if phase is _AUCTION:
            return self._why_illegal_call(seat, action)
        if phase is _DISCARD:
            if action.kind is not _K_DISCARD or action.card is None:
                return refusal("pf_discard_two")
            if not self.hands[seat] >> action.card.id & 1:
                return refusal("not_held", card=str(action.card))
            return None
        if phase is _CONTRACT:
            return self._why_illegal_contract(action)
        if phase is _P_WHIST:
            options = self._whist_actions()
            if action not in options:
                return self._whist_refusal(" or ".join(map(str, options)))
            return None
        if phase is _PLAY:
            return self._why_illegal_play(action)
        return refusal("nothing_now", phase=str(phase))

    def _why_illegal_call(self, seat: int, action: Action) -> Refusal | None:
        if action.kind is _K_PASS:
            return None
        if action.kind is not _K_BID or action.call is None or action.number is not None:
            return refusal("pf_auction_form")
        call = action.call
        ladder = self.game.ladder
        if call not in ladder:
            return refusal("pf_no_call", call=call)
        if without_talon(call) and not self.game.games_without_talon:
            return refusal("no_wt")
        own = [c for s, c in self.calls if s == seat]
        if call == MISERE and own:
            return refusal("misere_first_call")
        if call == MISERE_WT and own and own[-1] != f"bid {MISERE}":
            return refusal("misere_wt_first")
        if own and own[-1] in (f"bid {MISERE}", f"bid {MISERE_WT}") and call != MISERE_WT:
            return refusal("misere_player_only")
        if self.high is None:
            return None
        rank, high = ladder.precedence(call), ladder.precedence(self.high)
        if rank > high:
            return None
        if rank == high:
            assert self.high_seat is not None
            if is_misere(call):
                return refusal("misere_outbid_by_nine")
            if call == "6S":
                return refusal("here_never_6s")
            if self._active.index(seat) > self._active.index(self.high_seat):
                return refusal("here_senior_only", call=call)
            return None
        return refusal("bid_top_6s" if self.high == "6S" else "bid_top", call=self.high)

    def _why_illegal_contract(self, action: Action) -> Refusal | None:
        assert self.bid is not None
        if action.kind is not _K_CONTRACT or action.call not in CONTRACT_CALLS:
            return refusal("pf_name_contract")
        if self.game.ladder.outbids(self.bid, action.call):
            return refusal("contract_below_bid", bid=self.bid)
        return None

    def _why_illegal_play(self, action: Action) -> Refusal | None:
        if self._split_pending:
            if action.kind is not _K_PULYA or action.number not in MISERE_HALF_SPLITS:
                return refusal("misere_half_split")
            return None
        if self._open_pending:
            if action.kind not in (_K_OPEN, _K_CLOSED):
                return refusal("open_or_closed")
            return None
        if action.kind is not _K_PLAY or action.card is None or action.modifier is not None:
            return refusal("play_form")
        assert self._turn is not None
        hand = self.hands[self._turn]
        card = action.card
        if not hand >> card.id & 1:
            return refusal("hand_not_held", seat=self._turn, card=str(card))
        if not self.trick:
            return None
        led_id = self.trick[0][1].id
        led = SUIT_MASKS[led_id >> 4]
        trump = SUIT_MASKS[self.trump] if self.trump is not None else 0
        if not follow_mask(hand, led, trump, must_trump=True) >> card.id & 1:
            suit = Suit(led_id >> 4).name
            if hand & led:
                return refusal("hand_follow_suit", suit=suit)
            return refusal("hand_must_trump", suit=suit, trump=str(self.trump))
        return None

    # -- carrying out -----------------------------------------------------------------------
    def _do(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase is _PLAY and action.kind is _K_PLAY:  # most decisions
            self._do_play(action)
        elif phase is _SETTLE:
            self._do_settle(seat, action)
        elif phase is _AUCTION:
            self._do_call(seat, action)
        elif phase is _DISCARD:
            assert action.card is not None
            self.hands[seat] &= ~action.card.mask
            self.discards |= action.card.mask
            if self.discards.bit_count() == TALON_SIZE:
                if self.bid is not None and is_misere(self.bid):
                    self._set_contract(self.bid)
                else:
                    self.phase = _CONTRACT
        elif phase is _CONTRACT:
            assert action.call is not None
            self._set_contract(action.call)
        elif phase is _P_WHIST:
            if self.is_misere:
                self._do_half(seat, action)
            else:
                self._do_whist(seat, action)
        elif action.kind is _K_PULYA:
            assert action.number is not None
            self.half_calls.append((seat, str(action)))
            self.half_split = action.number
            self._split_pending = False
            self._score_misere()
        elif action.kind in (_K_OPEN, _K_CLOSED):
            self.open_play = action.kind is _K_OPEN
            self._open_pending = False
        else:
            self._do_play(action)

    def _do_call(self, seat: int, action: Action) -> None:
        self.calls.append((seat, str(action)))
        if action.kind is _K_PASS:
            self.passed[seat] = True
        else:
            self.high = action.call
            self.high_seat = seat
        self._after_call(seat, self.high_seat)

    def _all_passed(self) -> None:
        """All pass: raspasy."""
        self.raspasy = True
        self._plain_trick_end = True
        self._start_play()

    def _win_auction(self, seat: int) -> None:
        assert self.high is not None
        self.declarer = seat
        self.bid = self.high
        if without_talon(self.high):
            self._set_contract(self.high)
            return
        self.talon_shown = True
        self._take_talon(seat)
        self.phase = _DISCARD
        self._turn = seat

    def _set_contract(self, call: str) -> None:
        self.contract = call
        self._plain_trick_end = not is_misere(call)  # _after_trick adds nothing but for misère
        self.trump = call_strain(call)
        if is_misere(call):
            if self._half_offered():
                self.phase = _P_WHIST  # the declarer may first invite the dealer to play it half
                self._turn = self.declarer
            else:
                self._start_play()
        elif self.level == 10:
            self.whisters = list(self.defenders())  # the ten is always played ("checked")
            self._start_play()
        else:
            self.phase = _P_WHIST
            self._turn = self.defenders()[0]

    # -- whisting ---------------------------------------------------------------------------
    def _half_allowed(self) -> bool:
        return self.level in HALF_WHIST_TRICKS

    def _whist_words(self) -> tuple[str, ...]:
        return tuple(w for s, w in self.whist_calls if s in self.defenders())

    def _dealer_may_whist(self) -> bool:
        return self.game.dealer_whists

    def _half_offered(self) -> bool:
        return self.game.misere_half

    def _whist_options(self) -> tuple[str, ...]:
        """The answers open to the seat to act in the whisting (``look`` names a defender)."""
        dealer_words = tuple(w for s, w in self.whist_calls if s not in self.defenders())
        if dealer_words:
            return (_WHIST, _PASS)  # the 4-player dealer has looked at the hand he chose
        half = (_HALF,) if self._half_allowed() else ()
        table: dict[tuple[str, ...], tuple[str, ...]] = {
            (): (_WHIST, _PASS),
            (_WHIST,): (_WHIST, _PASS),
            (_WHIST, _PASS): (_WHIST, *half),
            (_WHIST, _PASS, _HALF): (_WHIST, _PASS),
            (_PASS,): (_WHIST, _PASS, *half),
            (_PASS, _HALF): (_WHIST, _PASS),
        }
        # otherwise the declarer would go for his own: the 4-player dealer may look, or pass
        return table.get(self._whist_words(), (_LOOK, _PASS))

    def _whist_refusal(self, answers: str) -> Refusal:
        """Why an answer is not one of ``answers`` now: whisting, or the misère half with the dealer."""
        calls = self.half_calls if self.is_misere else self.whist_calls
        said = ", ".join(f"seat {s} {w}" for s, w in calls) or "nothing said yet"
        return refusal("misere_half_answer" if self.is_misere else "whist_answer", said=said, answers=answers)

    def _do_half(self, seat: int, action: Action) -> None:
        """The misère declarer invites the dealer (or passes); the dealer takes the half or passes."""
        self.half_calls.append((seat, str(action)))
        if action.kind is _K_INVITE:
            self._turn = self.dealer
            return
        if action.kind is _K_TAKE:
            self.half_partner = self.dealer
        self._start_play()

    def _do_whist(self, seat: int, action: Action) -> None:
        word = _WORD_OF_KIND[action.kind]
        self.whist_calls.append((seat, str(action)))
        d1, d2 = self.defenders()
        if seat not in (d1, d2):  # the 4-player dealer
            if word == _LOOK:
                self.dealer_looked = action.number  # the defender whose hand he sees and whose place he takes
                return
            if word == _WHIST:
                assert self.dealer_looked is not None
                self.replaced = self.dealer_looked
                self.whisters = [seat]
                self.lone_whister = seat
                self.half_whister = None
                self._start_play()
            else:
                self._go_for_own()
            return
        words = self._whist_words()
        outcome: dict[tuple[str, ...], tuple[str, int | None]] = {
            (_WHIST, _WHIST): ("both", None),
            (_WHIST, _PASS, _WHIST): ("lone", d1),
            (_WHIST, _PASS, _HALF, _WHIST): ("lone", d2),
            (_WHIST, _PASS, _HALF, _PASS): ("own", d1),
            (_PASS, _WHIST): ("lone", d2),
            (_PASS, _PASS): ("own", None),
            (_PASS, _HALF, _WHIST): ("lone", d1),
            (_PASS, _HALF, _PASS): ("own", d2),
        }
        if words == (_WHIST, _PASS) and not self._half_allowed():
            outcome[words] = ("lone", d1)  # no half-whist on eight and nine: the first whists alone
        if words not in outcome:
            self._turn = d2 if seat == d1 else d1
            return
        kind, who = outcome[words]
        if kind == "both":
            self.whisters = [d1, d2]
            self._start_play()
        elif kind == "lone":
            assert who is not None
            self.whisters = [who]
            self.lone_whister = who
            self._start_play()
        else:
            self.half_whister = who
            if self._dealer_may_whist():
                self._turn = self.dealer
            else:
                self._go_for_own()

    def _go_for_own(self) -> None:
        self.for_own = True
        self._score_for_own()

    # -- play -------------------------------------------------------------------------------
    def _start_play(self) -> None:
        self.phase = _PLAY
        self._turn = self._active[0]  # the first hand leads, whoever the declarer is
        if self.lone_whister is not None and self._turn != self.declarer:
            self._open_pending = True  # a defender leads: the whister chooses before the first card

    def _do_play(self, action: Action) -> None:
        assert action.card is not None and self._turn is not None
        winner = self._lay(self._turn, action.card)
        if winner is None:
            if self.lone_whister is not None and self.open_play is None and not self.tricks and len(self.trick) == 1:
                self._open_pending = True  # the declarer led first: the whister chooses now

    def _after_trick(self, winner: int) -> None:
        """A misère declarer's hand is shown after the first trick; unless it is played out,
        his first trick ends the deal."""
        if self.is_misere:
            self.misere_open = True
            if winner == self.declarer and not self.game.misere_play_out:
                self._score_misere()
                return
        super()._after_trick(winner)

    def _score_play(self) -> None:
        if self.raspasy:
            self._score_raspasy()
        elif self.is_misere:
            self._score_misere()
        else:
            self._score_contract()

    # -- scoring ----------------------------------------------------------------------------
    def _excess(self) -> str:
        return self.game.excess

    def _premium(self, sheet: SheetDraft) -> int:
        """The talon premium, written on the declarer in ``sheet``."""
        if not self.talon_shown or self.is_misere:
            return 0
        assert self.declarer is not None
        premium = talon_premium(self.talon_cards, self.trump)
        writers = [self.dealer] if self.game.players == 4 else list(self.defenders())
        write_premium(sheet, self.declarer, premium, writers)
        return premium

    def _result_base(self) -> dict[str, Any]:
        return {
            "declarer": self.declarer,
            "bid": self.bid,
            "contract": self.contract,
            "whist_calls": [[s, w] for s, w in self.whist_calls],
            "whisters": list(self.whisters),
            "lone_whister": self.lone_whister,
            "half_whister": self.half_whister,
            "open": self.open_play,
            "tricks": {str(s): self.won[s] for s in self._active},
            "pulyas_closed": pulyas_closed(self.sheet),
        }

    def _score_contract(self) -> None:
        assert self.declarer is not None and self.level is not None
        level, decl = self.level, self.declarer
        value = GAME_VALUES[level]
        sheet = SheetDraft(self.sheet)  # the deal's writes, one sheet at the end
        premium = self._premium(sheet)
        responsible = pulyas_closed(self.sheet)
        defence = sum(self.won[d] for d in self.defenders())
        short: dict[int, int] = {}
        if self.lone_whister is not None:
            whist_for_tricks(sheet, self.lone_whister, decl, value, defence)
            if level < 10:
                short[self.lone_whister] = lone_whister_shortfall(level, defence)
        else:
            for w in self.whisters:
                whist_for_tricks(sheet, w, decl, value, self.won[w])
            if level < 10 and len(self.whisters) == 2:
                d1, d2 = self.whisters
                short[d1], short[d2] = two_whister_shortfalls(level, self.won[d1], self.won[d2])
        for w, missing in short.items():
            whister_short(sheet, w, level, missing, responsible=responsible)
        made = self.won[decl] >= level
        if made:
            late = [w for w, m in short.items() if m]
            score_game(sheet, decl, value, helped_last=late, excess=self._excess())
        else:
            declarer_short(sheet, decl, value, level - self.won[decl])
        result = self._result_base() | {
            "outcome": "made" if made else "failed",
            "premium": premium,
            "whisters_short": {str(w): m for w, m in short.items()},
            "responsible": responsible,
        }
        self._end_deal(sheet, result)

    def _score_for_own(self) -> None:
        assert self.declarer is not None and self.level is not None
        sheet = SheetDraft(self.sheet)
        premium = self._premium(sheet)
        if self.half_whister is not None:
            write_whists(sheet, self.half_whister, self.declarer, half_whist_whists(self.level))
        score_game(sheet, self.declarer, GAME_VALUES[self.level], excess=self._excess())
        self._end_deal(sheet, self._result_base() | {"outcome": "for his own", "premium": premium})

    def _score_misere(self) -> None:
        assert self.declarer is not None
        got = self.won[self.declarer]
        whists = self.game.misere_whists
        partner = self.half_partner
        if partner is None:
            if got == 0:
                sheet = score_game(self.sheet, self.declarer, MISERE_VALUE, excess=self._excess())
            else:
                sheet = misere_tricks(self.sheet, self.declarer, got, whists=whists)
        elif got == 0:
            if self.half_split is None and not pulyas_closed(self.sheet):
                self._split_pending = True  # the inviter chooses how the pair writes it
                return
            split = self.half_split if self.half_split is not None else MISERE_HALF_SPLITS[0]
            sheet = score_misere_half(self.sheet, self.declarer, partner, split, excess=self._excess())
        else:
            sheet = misere_half_tricks(self.sheet, self.declarer, partner, got, whists=whists)
        result = self._result_base() | {"outcome": "misère made" if got == 0 else "misère failed"}
        if self.half_calls:
            result |= {"half_calls": [[s, w] for s, w in self.half_calls], "half_partner": partner}
            result |= {"half_split": self.half_split}
        self._end_deal(sheet, result)

    def _score_raspasy(self) -> None:
        tricks = {s: self.won[s] for s in self._active}
        sheet = score_raspasy(SheetDraft(self.sheet), tricks, excess=self._excess())
        if self.game.players == 4:
            score_game(sheet, self.dealer, GAME_VALUES[6], excess=self._excess())
        self._end_deal(sheet, {"outcome": "raspasy", "tricks": {str(s): t for s, t in tricks.items()}})

    def _end_deal(self, written: Sheet | SheetDraft, result: dict[str, Any]) -> None:
        sheet = written.freeze() if type(written) is SheetDraft else cast(Sheet, written)
        log = self.deals[-1]
        before = balances(self._deal_start)
        self.sheet = sheet
        self.sheets.append(sheet)
        after = balances(sheet)
        self._scores = cast(list[int], list(after))
        if type(sum(after)) is int and type(sum(before)) is int:  # every balance whole: ints as they are
            log.score_changes = cast(list[int], list(map(_sub, after, before)))
            log.scores_after = cast(list[int], list(after))
        else:
            log.score_changes = cast(list[int], [exact_change(a - b) for a, b in zip(after, before, strict=True)])
            log.scores_after = cast(list[int], [fraction_json(a) for a in after])
        if self.settle_calls:
            result = result | {"between_deals": [[s, k, w] for s, k, w in self.settle_calls]}
        log.result = result | {"sheet": sheet.to_json()}
        self._next_dealer = self._dealer_after(log.dealer)
        if is_finished(sheet) or self._single_deal:
            self.winners = tuple(self._winners()) if is_finished(sheet) else ()
            self.phase = _MATCH_OVER
        else:
            self.phase = _DEAL

    def _winners(self) -> list[int]:
        if not is_finished(self.sheet):
            return []
        result = balances(self.sheet)
        best = max(result)
        return [s for s, b in enumerate(result) if b == best]

    def position_key(self) -> Hashable | None:
        """In the play: the hands, the trick, the turn, the open/closed choice and the tricks won."""
        if self.phase is not _PLAY:
            return None
        return (
            tuple(self.hands),
            tuple((s, c.id) for s, c in self.trick),
            self._turn,
            self._open_pending,
            self._split_pending,
            self.open_play,
            tuple(self.won),
            self.misere_open,
        )

    # -- where the cards are; what a seat may know ---------------------------------------------
    def _places(self) -> dict[str, int]:
        """The declarer's discards."""
        return {"discards": self.discards}

    def _public_hands(self) -> set[int]:
        """Hands lying face up for everyone: misère defenders after the first trick, open whist."""
        if (self.is_misere and self.misere_open) or self.open_play:
            return set(self.defenders())
        return set()

    def visible_hands(self, seat: int | None) -> set[int]:
        """The hands ``seat`` may see now (his own, the face-up ones, one the dealer looked at)."""
        if not self.deals or self.phase is _SETTLE:
            return set()
        seen = self._public_hands()
        if seat is not None and seat in self._active:
            seen.add(seat)
        if seat is not None and self.dealer_looked is not None and seat == self.dealer:
            seen.add(self.dealer_looked)
        return seen

    def _observe(self, seat: int | None, head: Head) -> ObsPreferans:
        seen = self.visible_hands(seat) if self.in_deal else set()
        sees_discards = seat is not None and seat == self.declarer
        hands = self.hands
        trump = self.trump
        return ObsPreferans(
            *head,
            **self._common(seat, seat is not None and seat in seen),
            declarer=self.declarer,
            trump=(trump if trump is not None else NO_TRUMP) if self.contract is not None else None,
            talon=tuple(self.talon_cards) if self.talon_shown else None,
            hands_seen={s: tuple(cards_of(hands[s])) for s in sorted(seen) if s != seat},
            settle_question=self.settle_question,
            settle_calls=tuple(self.settle_calls),
            high_bid=self.high,
            bid=self.bid,
            discards=tuple(cards_of(self.discards)) if sees_discards else None,
            contract=self.contract,
            raspasy=self.raspasy,
            whist_calls=tuple(self.whist_calls),
            whisters=tuple(self.whisters),
            lone_whister=self.lone_whister,
            half_whister=self.half_whister,
            replaced=self.replaced,
            half_calls=tuple(self.half_calls),
            half_partner=self.half_partner,
            half_split=self.half_split,
            open_play=self.open_play,
            hand_to_play=self.hand_to_play,
            sheet=self.sheet,
        )
