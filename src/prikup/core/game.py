"""The shape every game shares: an immutable configuration and a state machine with phases.

A :class:`Game` is validated, immutable configuration: a game id plus keyword options, each
declared with its default (:mod:`prikup.core.options`).  ``game.new_match(seed)`` starts a
seeded, reproducible match; ``game.new_deal(hands, talon)`` a single deal from explicit cards.

A :class:`State` is the one mutable object: the match in progress.  Legality is written twice
per game and tested to agree: :meth:`State._why_illegal` names the rule an action breaks (the
reference: ``can``, ``verify`` and :meth:`State.legal_actions_reference`, which tests every
candidate), and :meth:`State._legal` generates the legal actions directly from the game's prebuilt
actions (``legal_actions``, ``legal_action_ids``).  ``apply`` of an action object taken from the
last ``legal_actions()`` of the same, unchanged state skips the second check.  Dealing is a chance
step that is automated (from the match's seeded generator) or injected with :meth:`State.deal`
(replays, tests).
"""

from __future__ import annotations

import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import add as _add
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, Union

from prikup.core.actions import Action, as_action
from prikup.core.cards import Card, parse_card
from prikup.core.errors import DealError, IllegalActionError, OptionError
from prikup.core.observation import Observation
from prikup.core.options import Option, OptionValue, Rules, read_rules, validate_options
from prikup.core.phases import AUCTION, DEAL, MATCH_OVER, PLAY, Phase
from prikup.core.pure import PURE  # PRIKUP_PURE=1: every decision through the reference (State._ref_*)
from prikup.core.refusals import Refusal, refusal

__all__ = [
    "FAST",
    "LADDER_FIELDS",
    "PURE",
    "AuctionRule",
    "ChoiceRule",
    "DealLog",
    "FollowRule",
    "Game",
    "Head",
    "LadderRule",
    "LeadRule",
    "Legal",
    "Phase",
    "State",
    "follow_rule_keyed_by",
]

#: Legal actions generated directly: the prebuilt action objects, their integer ids, and the
#: ids as a bitmask (bit ``i`` set: action ``i`` is legal).
Legal = tuple[Sequence[Action], Sequence[int], int]

#: The fields every observation starts with, in :class:`Observation`'s order: game, options,
#: seat, phase, deal, dealer, to_act, scores, winners, legal_actions (the options are the
#: game's own :class:`Rules` subclass, which the game's observation class declares).
Head = tuple[
    str,
    Any,
    int | None,
    "Phase",
    int,
    int,
    int | None,
    tuple[int, ...],
    tuple[int, ...],
    tuple[Action, ...] | None,
]

#: How the open trick is followed and won, as the C fast path reads it (``State._follow_rule``):
#: the game's ``Table``, the cards of the suit led, the trump cards, whether a seat out of the suit
#: led must trump, cards playable at any time, the suit a card off the suit led shows void in
#: (``-1``: none kept), each card's strength by id, the seat that decides for each seat's hand
#: (the seat the action log records; ``None``: each seat for its own); optionally a ninth field,
#: the third of the finished trick the game's ``_finished_trick`` keeps (``(trick, winner, it)``).
FollowRule = (
    tuple[Any, int, int, bool, int, int, Sequence[int], Sequence[int] | None]
    | tuple[Any, int, int, bool, int, int, Sequence[int], Sequence[int] | None, Any]
)
_Method = TypeVar("_Method", bound=Callable[..., Any])


def follow_rule_keyed_by(field: str) -> Callable[[_Method], _Method]:
    """Mark a state's ``_follow_rule`` whose answer, with a trick open in the play and no suit
    named with the card led, depends on nothing but the card led, the state's field ``field`` (the
    object itself: compared by identity, so a new value of equal content asks again) and the game.
    The C path then keeps each answer by those two in the game's table, for every state of the
    game, across deals and matches and whatever acts in between (an unmarked hook's answer holds
    only while nothing but the C path acts on the state).  An override is asked as any hook unless
    it is marked itself."""

    def mark(method: _Method) -> _Method:
        method.follow_key = sys.intern(field)  # type: ignore[attr-defined]  # C compares names by identity
        return method

    return mark


#: How the seat to act may lead, as the C fast path reads it (``State._lead_rule``): the game's
#: ``Table``, the cards he may lead as plain ``play`` actions, the size of a trick's entries (2:
#: ``(seat, card)``; 3: and a named suit, ``None`` here), the seat that decides for each seat's
#: hand (``None``: each seat for its own), and optionally the ids of the leads with a
#: declaration (a marriage, a combination), listed after the plain plays and carried out by the
#: Python reference; the legal set is exactly these.  A sixth field (the ids then ``()``) says the
#: answer holds for every later lead of the same seat in the deal while only the C path acts: he
#: may lead the cards of his hand outside this mask, or any card when he holds no other (the
#: cards he may lead now are then not read); the C path asks the hook again once anything else
#: has acted (a declaration, a trick end of the game's own, a copy).
LeadRule = (
    tuple[Any, int, int, Sequence[int] | None]
    | tuple[Any, int, int, Sequence[int] | None, tuple[int, ...]]
    | tuple[Any, int, int, Sequence[int] | None, tuple[()], int]
)
#: The legal calls of an auction on a bid ladder, as the C fast path reads them
#: (``State._auction_rule``): the game's ``Table``, the ids of the calls before the ladder's
#: slice (``look``, ``pass``, or the whole legal row; at most 128), the slice of bid ids
#: ``lo … hi - 1``, the id of ``look`` (``-1``: none) and of ``pass``; optionally the names of
#: the field a bid sets, the action's attribute it takes (or a tuple of the value of each action
#: id) and the field of the bidder's seat (``("high_bid", "number", "declarer")`` unless given);
#: after them optionally ``True``: the answer holds for the seat's later calls while only the C
#: path acts, its slice starting above the highest bid made since (the bids' ids rise with the bid)
#: — a ``look`` of the seat, or anything else acting, has the hook asked again.
AuctionRule = Union[
    "LadderRule",
    tuple[Any, tuple[int, ...], int, int, int, int, tuple[str, "str | tuple[Any, ...]", str]],
    tuple[Any, tuple[int, ...], int, int, int, int, tuple[str, "str | tuple[Any, ...]", str], bool],
]
#: A choice among cards and calls, as the C fast path reads it (``State._choice_rule``): the
#: game's ``Table``, the ids listed first, the action id of each card id (a sequence indexed by
#: card id; ``-1``: none), the cards to choose from (a bitmask, lowest card first), then the
#: slice of ids ``lo … hi - 1``; applying one is the game's own step (``State._commit``).
#: Optionally last ``(field, last)``: a card chosen only moves from the seat's hand into the int
#: field ``field`` while fewer than ``last`` cards are then in it (a discard into the kitty's place):
#: the C path does that itself, recording it as ``_commit`` does, and keeps the answer for the
#: same seat's next card (the cards less the one chosen, no ids before it, no slice); the card
#: that makes ``last`` is the game's step.
ChoiceRule = (
    tuple[Any, tuple[int, ...], Sequence[int], int, int, int]
    | tuple[Any, tuple[int, ...], Sequence[int], int, int, int, tuple[str, int]]
)
#: An :data:`AuctionRule` whose bid sets ``high_bid`` (the bid's number) and ``declarer``.
LadderRule = tuple[Any, tuple[int, ...], int, int, int, int]
#: The fields a :data:`LadderRule`'s bid sets, named (what an answer that holds gives before ``True``).
LADDER_FIELDS = ("high_bid", "number", "declarer")

_DEAL = DEAL
_MATCH_OVER = MATCH_OVER


class _Reference:
    """The base of every state when the C fast path is off: every field in the instance dict."""

    __slots__ = ()

    def _copy_fields(self, other: object) -> None:
        """Nothing: no field is kept outside the instance dict (see ``Core._copy_fields``)."""

    def _hot_fields(self) -> dict[str, Any]:
        """Empty: no field is kept outside the instance dict (see ``Core._hot_fields``)."""
        return {}


def _core_type() -> type:
    """The C base of every state, or :class:`_Reference` when it is off or not built."""
    if PURE:
        return _Reference
    try:
        from prikup.core import _fastcore
    except ImportError:  # pragma: no cover - the extension is not built: the reference alone
        return _Reference
    core: type | None = getattr(_fastcore, "Core", None)
    if core is None:  # the folder of the C sources imported as a namespace package: not built
        return _Reference
    _fastcore.set_phases(PLAY, AUCTION, DEAL, MATCH_OVER)
    return core


_CORE = _core_type()
#: True when states decide the trick loop in C (``prikup.core._fastcore``).
FAST = _CORE is not _Reference
if TYPE_CHECKING:
    _Base = _Reference
else:
    _Base = _CORE
#: a new, empty state object (what ``copy`` fills)
_new_object: Any = _CORE.__new__


@dataclass(slots=True)
class DealLog:
    """One deal as it happened: the unit a game record is made of."""

    dealer: int
    hands: list[list[Card]]
    talon: list[Card]
    actions: list[tuple[int, Action]] = field(default_factory=list)
    score_changes: list[int] | None = None
    scores_after: list[int] | None = None
    result: dict[str, Any] = field(default_factory=dict)


class Game(ABC):
    """An immutable, validated game configuration: the game id and its options."""

    id: ClassVar[str]
    title: ClassVar[str]
    title_ru: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]]
    #: The class of :attr:`rules`: the options as typed fields.
    RULES: ClassVar[type[Rules]] = Rules
    #: The options, read once into typed fields (an int, a bool, or an enum of the choices).
    rules: Rules
    #: The class of this game's observations (``observation_from_json`` reads the wire with it).
    OBSERVATION: ClassVar[type[Observation]]
    #: True where scores count down and a lower score is better (501).
    LOWER_SCORE_WINS: ClassVar[bool] = False
    #: the active seats of a deal by its dealer (see :meth:`active_seats`)
    _active_of: list[tuple[int, ...]]

    def __init__(self, **options: object) -> None:
        values = validate_options(self.id, self.OPTIONS, options)
        self._options: Mapping[str, OptionValue] = MappingProxyType(values)
        self.rules = read_rules(self.RULES, values)
        self._validate()
        self._actions: tuple[Action, ...] | None = None
        self._action_ids: dict[Action, int] | None = None
        self._slot_of: dict[int, int] = {}
        self._texts: tuple[str, ...] | None = None
        self.all_actions()  # the prebuilt actions and the game's tables of them, ready for every state

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the class and its options (the prebuilt actions are rebuilt on demand)."""
        return (_rebuild_game, (type(self), dict(self._options)))

    def _validate(self) -> None:  # noqa: B027 - an optional hook
        """Check combinations of options; raise :class:`OptionError` if they do not fit."""

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """Every option's value (the defaults filled in)."""
        return self._options

    def option(self, name: str) -> OptionValue:
        """One option's value."""
        try:
            return self._options[name]
        except KeyError:
            raise OptionError(
                refusal("option_not_declared", option=name, game=self.id, known=", ".join(self._options))
            ) from None

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.rules.players

    @property
    def hands_dealt(self) -> int:
        """How many seats receive cards in a deal; the others, the dealer first, sit it out."""
        return self.players

    def active_seats(self, dealer: int) -> tuple[int, ...]:
        """The seats that receive cards in a deal of ``dealer``, starting left of him (one tuple
        per dealer, made once)."""
        try:
            return self._active_of[dealer]
        except (AttributeError, IndexError):
            n = self.players
            self._active_of = [tuple((d + i) % n for i in range(1, self.hands_dealt + 1)) for d in range(n)]
            return self._active_of[dealer]

    def seats_out(self, active: tuple[int, ...]) -> tuple[bool, ...]:
        """Whether each seat sits out a deal dealt to ``active`` (made once per game and seats)."""
        try:
            return self._out_of[active]
        except AttributeError:
            self._out_of: dict[tuple[int, ...], tuple[bool, ...]] = {}
        except KeyError:
            pass
        out = self._out_of[active] = tuple([seat not in active for seat in range(self.players)])
        return out

    def seats_after(self, active: tuple[int, ...], hands: int | None = None) -> list[int]:
        """Each of ``hands`` seats' next seat clockwise among ``active`` (``-1``: not among them;
        ``hands``: the players unless given), made once per game and seats: the list is shared by
        every state that deals them and is never changed in place (a state sets a new list)."""
        key = (active, hands)
        try:
            return self._after_of[key]
        except AttributeError:
            self._after_of: dict[tuple[tuple[int, ...], int | None], list[int]] = {}
        except KeyError:
            pass
        after = [-1] * (self.players if hands is None else hands)
        for i, seat in enumerate(active):
            after[seat] = active[(i + 1) % len(active)]
        self._after_of[key] = after
        return after

    @property
    def changed_options(self) -> dict[str, OptionValue]:
        """The options that differ from their defaults."""
        return {o.name: self._options[o.name] for o in self.OPTIONS if self._options[o.name] != o.default}

    @abstractmethod
    def deck(self) -> list[Card]:
        """The cards of the deck, in a fixed order."""

    @abstractmethod
    def _new_state(self, rng: random.Random | None, first_dealer: int, single_deal: bool) -> State:
        """A fresh state waiting for the first deal."""

    @abstractmethod
    def _enumerate_actions(self) -> list[Action]:
        """Every action the game can ever have, in a fixed order (the integer ids)."""

    def new_match(self, seed: int | None = None, *, first_dealer: int | None = None) -> State:
        """A whole match, dealt from a generator seeded with ``seed`` (random when ``None``).

        The first dealer is drawn from the same generator unless given.
        """
        rng = random.Random(seed)
        dealer = rng.randrange(self.players) if first_dealer is None else first_dealer
        self._check_seat(dealer)
        state = self._new_state(rng, dealer, single_deal=False)
        state.deal_random()
        return state

    def new_replay(self, first_dealer: int, *, single_deal: bool = False) -> State:
        """A match (or a single deal) whose deals will be injected with :meth:`State.deal`."""
        self._check_seat(first_dealer)
        return self._new_state(None, first_dealer, single_deal=single_deal)

    def new_deal(
        self,
        hands: Sequence[Sequence[Card | str]] | Mapping[int, Sequence[Card | str]],
        talon: Sequence[Card | str],
        *,
        dealer: int = 0,
    ) -> State:
        """A single deal from explicit hands (one per active seat) and talon."""
        self._check_seat(dealer)
        state = self._new_state(None, dealer, single_deal=True)
        state.deal(hands, talon)
        return state

    def _check_seat(self, seat: int) -> None:
        if not (isinstance(seat, int) and 0 <= seat < self.players):
            raise OptionError(refusal("seat_range", seat=seat, last=self.players - 1))

    # -- the stable integer ids of actions (research interfaces) --------------------------------
    def all_actions(self) -> tuple[Action, ...]:
        """Every action of this configuration; its index is the action's stable integer id.

        These objects are the ones ``legal_actions()`` returns: built once per configuration.
        """
        if self._actions is None:
            actions = tuple(self._enumerate_actions())
            self._action_ids = {a: i for i, a in enumerate(actions)}
            self._slot_of = {id(a): i for i, a in enumerate(actions)}
            self._actions = actions
            self._prebuild()
        return self._actions

    def action_texts(self) -> tuple[str, ...]:
        """The text of every action, by id."""
        if self._texts is None:
            self._texts = tuple(str(a) for a in self.all_actions())
        return self._texts

    def _prebuild(self) -> None:  # noqa: B027 - an optional hook
        """Build the game's lookup tables of prebuilt actions (called once, after the ids)."""

    def _id(self, action: Action) -> int:
        """The id of an action given by value, ``-1`` if the game has no such action (a helper
        for :meth:`_prebuild`)."""
        assert self._action_ids is not None
        return self._action_ids.get(action, -1)

    def action_id(self, action: Action | str) -> int:
        """The stable integer id of an action."""
        self.all_actions()
        assert self._action_ids is not None
        a = as_action(action)
        try:
            return self._action_ids[a]
        except KeyError:
            raise IllegalActionError(a, refusal("no_such_action", game=self.id)) from None

    def action_from_id(self, action_id: int) -> Action:
        """The action with a given integer id."""
        actions = self.all_actions()
        if not 0 <= action_id < len(actions):
            raise OptionError(refusal("action_id_range", id=action_id, last=len(actions) - 1))
        return actions[action_id]

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # immutable: copies of a state share their game

    def __copy__(self) -> Game:
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.id == self.id and dict(other.options) == dict(self.options)

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted(self._options.items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.changed_options.items())
        return f"find_game({self.id!r})({args})"


class State(_Base, ABC):
    """A match in progress.  Subclasses implement one game's phases.

    ``legal_actions``, ``legal_action_ids``, ``apply`` and ``apply_id`` are the C methods of
    ``prikup.core._fastcore.Core`` when it is built (they decide the trick loop there and call the
    Python reference, the ``_ref_*`` methods, for everything else), else the reference itself.
    """

    def __init__(self, game: Game, rng: random.Random | None, first_dealer: int, single_deal: bool) -> None:
        self.game = game
        self._rng = rng
        self._single_deal = single_deal
        self._next_dealer = first_dealer
        self.phase: Phase = _DEAL
        self.deals: list[DealLog] = []
        self._scores: list[int] = self._initial_scores()
        self.winners: tuple[int, ...] = ()
        self._turn: int | None = None
        #: bumped by every change (an action, a deal): the legal set below is for one version
        self._version = 0
        self._legal_at = -1
        self._legal_mask = 0
        self._legal_seat = 0
        #: the generator is shared by copies until one of them draws from it (copy on write)
        self._rng_shared = False
        self._in_deal: tuple[int, ...] = ()
        self._after: list[int] = []

    @property
    def _rng(self) -> random.Random | None:
        """The match's generator (``None``: deals are injected)."""
        return self._generator

    @_rng.setter
    def _rng(self, rng: random.Random | None) -> None:
        self._generator = rng
        self._rng_shared = False

    @property
    def single_deal(self) -> bool:
        """True for a state that plays one deal only (``Game.new_deal``)."""
        return self._single_deal

    # -- to be provided by each game --------------------------------------------------------
    @abstractmethod
    def _initial_scores(self) -> list[int]:
        """The scores at the start of the match."""

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` (waiting for a deal, or the match is over)."""
        if self.phase in (_DEAL, _MATCH_OVER):
            return None
        return self._turn

    def _next_active(self, seat: int) -> int:
        """The next seat clockwise among those dealt in."""
        return self._after[seat]

    @abstractmethod
    def _candidates(self, seat: int) -> Iterable[Action]:
        """A superset of the legal actions of ``seat`` now."""

    @abstractmethod
    def _why_illegal(self, seat: int, action: Action) -> Refusal | None:
        """``None`` if ``seat`` may take ``action`` now, else the rule it breaks."""

    @abstractmethod
    def _do(self, seat: int, action: Action) -> None:
        """Carry out a verified action."""

    @abstractmethod
    def _start_deal(self, dealer: int, hands: list[list[Card]], talon: list[Card]) -> None:
        """Set up a new deal from checked cards."""

    @abstractmethod
    def _deal_random_cards(self, rng: random.Random, dealer: int) -> tuple[list[list[Card]], list[Card]]:
        """Shuffle and deal: the hands of the active seats in order, and the talon."""

    def active_seats(self, dealer: int | None = None) -> tuple[int, ...]:
        """The seats that receive cards in a deal, starting left of the dealer."""
        if dealer is None:
            if self.deals and self.phase is not _DEAL:
                return self._in_deal  # the deal's own, set when it was dealt
            dealer = self._next_dealer
        return self.game.active_seats(dealer)

    @abstractmethod
    def _observe(self, seat: int | None, head: Head) -> Observation:
        """The game's observation of ``seat`` (``None``: a spectator): its class called with
        the shared ``head`` fields, then the rest by keyword."""

    @abstractmethod
    def card_places(self) -> dict[str, int]:
        """Where every card of the deck is now: place name → bitmask (hands, talon, tricks…).

        The places are disjoint and together hold the whole deck (a tested invariant).
        """

    def scores_json(self) -> list[Any]:
        """The scores as JSON values (what a game record stores after each deal)."""
        return list(self._scores)

    @property
    def settled_scores(self) -> tuple[float, ...]:
        """Every seat's score if the match were settled now: the scores themselves, except in a
        game whose score defers a deal's worth (preferans: the pulya and the gora count only when
        the match is settled; :func:`prikup.games.preferans_sheet.settled_balances`).  What a
        learner's reward and a bot's comparison of outcomes need."""
        return tuple(float(x) for x in self.scores)

    def deal_value(self, index: int) -> list[float] | None:
        """What deal ``index`` (0-based) was worth to each seat, in the game's score (a sign to
        read by ``LOWER_SCORE_WINS``): the change in :attr:`settled_scores` it made, which is its
        score changes but in a game that defers a deal's worth; ``None`` while it is not over."""
        changes = self.deals[index].score_changes
        return None if changes is None else [float(c) for c in changes]

    def deal_values(self) -> list[list[float]]:
        """:meth:`deal_value` of every finished deal, in order."""
        out: list[list[float]] = []
        for index in range(len(self.deals)):
            value = self.deal_value(index)
            if value is not None:
                out.append(value)
        return out

    @abstractmethod
    def _hand_size(self) -> int:
        """How many cards each active seat is dealt."""

    @abstractmethod
    def _talon_size(self) -> int:
        """How many cards the talon gets."""

    # -- common API ------------------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's current score."""
        return tuple(self._scores)

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.phase is _MATCH_OVER

    @property
    def dealer(self) -> int:
        """The dealer of the current deal (the next deal's while waiting for cards)."""
        return self.deals[-1].dealer if self.deals and self.phase is not _DEAL else self._next_dealer

    @property
    def history(self) -> list[tuple[int, int, Action]]:
        """Every applied action as ``(deal index, seat, action)``."""
        return [(d, seat, a) for d, log in enumerate(self.deals) for seat, a in log.actions]

    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """How ``viewer`` sees an action just taken by ``seat``: a card passed face down (a gift,
        a discard, a kept talon card) is hidden from everyone else.  Games refine this."""
        if action.card is not None and action.kind.value in ("give", "discard", "keep") and viewer != seat:
            return f"{action.kind.value} a card"
        return str(action)

    def _ref_legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, complete and exact (a new list of the game's
        prebuilt actions, in the order of their ids within each kind)."""
        return list(self._legal_now()[0])

    def _ref_legal_action_ids(self) -> list[int]:
        """The integer ids (``Game.all_actions()`` indices) of every legal action."""
        return list(self._legal_now()[1])

    def _legal_now(self) -> Legal:
        """The legal actions of the seat to act, remembered as known legal until a change."""
        seat = self.to_act
        if seat is None:
            return (), (), 0
        legal = self._legal(seat)
        self._legal_mask = legal[2]
        self._legal_at = self._version
        self._legal_seat = seat
        return legal

    def legal_actions_reference(self) -> list[Action]:
        """The legal actions found by testing every candidate with the rules' reference check
        (slow; what the direct generation of :meth:`legal_actions` is tested against)."""
        seat = self.to_act
        if seat is None:
            return []
        return [a for a in self._candidates(seat) if self._why_illegal(seat, a) is None]

    def _legal(self, seat: int) -> Legal:
        """The legal actions of ``seat`` generated directly.  Games override this; the default
        maps the reference set onto the prebuilt actions."""
        actions = self.game.all_actions()
        by_value = self.game._action_ids
        assert by_value is not None
        ids = [by_value[a] for a in self.legal_actions_reference()]
        mask = 0
        for i in ids:
            mask |= 1 << i
        return [actions[i] for i in ids], ids, mask

    def can(self, action: Action | str) -> bool:
        """Whether the seat to act may take ``action``."""
        try:
            self.verify(action)
        except ValueError:
            return False
        return True

    def verify(self, action: Action | str) -> Action:
        """Check ``action`` for the seat to act; raise :class:`IllegalActionError` if illegal."""
        a = as_action(action)
        seat = self.to_act
        if seat is None:
            raise IllegalActionError(a, refusal("match_over" if self.is_over else "not_dealt"))
        why = self._why_illegal(seat, a)
        if why is not None:
            raise IllegalActionError(a, why, self.legal_actions())
        return a

    def _ref_apply(self, action: Action | str) -> Action:
        """Apply the action of the seat to act (its value or text); returns the action.

        An action object from this state's last ``legal_actions()`` (nothing applied since) is
        known legal and is not checked again; anything else is checked by :meth:`verify`.
        """
        if self._legal_at == self._version:
            i = self.game._slot_of.get(id(action), -1)
            if i >= 0 and self._legal_mask >> i & 1:
                return self._commit(action, self._legal_seat)  # type: ignore[arg-type]
        return self._commit(self.verify(action))

    def _ref_apply_id(self, action_id: int) -> Action:
        """Apply the legal action with integer id ``action_id``; returns the action."""
        if self._legal_at != self._version:
            self._legal_now()
        if isinstance(action_id, int) and action_id >= 0 and self._legal_mask >> action_id & 1:
            return self._commit(self.game.all_actions()[action_id], self._legal_seat)
        return self._commit(self.verify(self.game.action_from_id(action_id)))

    def _commit(self, action: Action, seat: int | None = None) -> Action:
        if seat is None:
            seat = self.to_act
            assert seat is not None
        self.deals[-1].actions.append((seat, action))
        self._version += 1
        self._do(seat, action)
        self._after_commit()
        return action

    # the public names: the C methods when the fast path is on, else the reference
    legal_actions = _ref_legal_actions
    legal_action_ids = _ref_legal_action_ids
    apply = _ref_apply
    apply_id = _ref_apply_id

    def _after_commit(self) -> None:
        """After an action: deal the next deal from the match's generator if one is due."""
        if self.phase is _DEAL and self._generator is not None:
            self.deal_random()

    def _follow_rule(self) -> FollowRule | None:
        """How the open trick is followed and won, for the C fast path: ``(table, led, trump,
        must_trump, free, void_suit, strength, controllers)`` — the game's :class:`~prikup.core._fastcore.Table`,
        the cards that count as the suit led, the trump cards, whether a seat out of the suit led
        must trump, cards that may be played at any time, the suit whose void a card that does not
        follow shows (``-1``: none kept), each card's strength by id, the seat that decides for
        each seat's hand (``None``: each seat for its own).  ``None`` (the default): the
        decision is the game's own, decided by the Python reference.

        The answer may depend on the suit led alone as long as only the C path acts: the C path
        keeps it for the later tricks of the deal led by any card of its ``led`` mask (with no
        suit named) until anything else acts (a Python decision, a trick end of the game's own)."""
        return None

    def _lead_rule(self) -> LeadRule | None:
        """How the seat to act may lead, for the C fast path (:data:`LeadRule`), when every legal
        lead is a plain card and leading it does nothing but lay it (``TrickState._lay``);
        ``None`` (the default): the decision is the game's own, decided by the Python reference."""
        return None

    def _auction_rule(self) -> AuctionRule | None:
        """The legal calls now, for the C fast path (:data:`AuctionRule`), when the auction is the
        engine's (``TrickState._pass``, ``_bid``, ``_after_call``: a bid names a number, the
        highest bidder left alone wins, ``_all_passed`` when nobody is left); ``None`` (the
        default): the decision is the game's own, decided by the Python reference."""
        return None

    def _choice_rule(self) -> ChoiceRule | None:
        """The legal actions now, for the C fast path (:data:`ChoiceRule`), in a phase other than
        the play and the auction where they are a few calls, a choice among cards and a slice of
        ids, exactly in the order of :meth:`_legal`; ``None`` (the default): the Python reference
        lists them.  Either way the chosen action is carried out by :meth:`_commit`."""
        return None

    def __getnewargs__(self) -> tuple[()]:
        """Pickle through ``__new__`` with no arguments (the C base keeps no state of its own)."""
        return ()

    def deal_random(self) -> None:
        """Deal the next deal from the match's seeded generator."""
        rng = self._generator
        if rng is None:
            raise DealError(refusal("deal_no_generator"))
        if self._rng_shared:  # a copy shares it: draw from a private one from now on
            rng = random.Random.__new__(random.Random)  # no seeding: the state is set next
            rng.setstate(self._generator.getstate())  # type: ignore[union-attr]
            self._rng = rng
        dealer = self._next_dealer
        hands, talon = self._deal_random_cards(rng, dealer)
        if self.phase is not _DEAL:
            raise DealError(refusal("deal_phase", phase=str(self.phase)))
        self._deal_cards(dealer, self.active_seats(dealer), hands, talon)  # the game's own deal: no check

    def deal(
        self,
        hands: Sequence[Sequence[Card | str]] | Mapping[int, Sequence[Card | str]],
        talon: Sequence[Card | str],
    ) -> None:
        """Inject the next deal's cards: a hand per active seat (a list in seat order from the
        dealer's left, or a mapping seat → cards) and the talon."""
        if self.phase is not _DEAL:
            raise DealError(refusal("deal_phase", phase=str(self.phase)))
        dealer = self._next_dealer
        active = self.active_seats(dealer)
        if isinstance(hands, Mapping):
            if sorted(hands) != sorted(active):
                raise DealError(refusal("deal_seats", given=str(sorted(hands)), active=str(sorted(active))))
            ordered = [hands[s] for s in active]
        else:
            ordered = list(hands)
            if len(ordered) != len(active):
                raise DealError(refusal("deal_hand_count", given=len(ordered), seats=len(active)))
        parsed = [[c if isinstance(c, Card) else parse_card(c) for c in h] for h in ordered]
        talon_cards = [c if isinstance(c, Card) else parse_card(c) for c in talon]
        self._check_deal(parsed, talon_cards)
        self._deal_cards(dealer, active, [list(h) for h in parsed], list(talon_cards))

    def _deal_cards(self, dealer: int, active: tuple[int, ...], hands: list[list[Card]], talon: list[Card]) -> None:
        """Start the deal of checked cards (the lists become the deal's log)."""
        self._log_deal(dealer, active, hands, talon)
        self._start_deal(dealer, hands, talon)

    def _log_deal(self, dealer: int, active: tuple[int, ...], hands: list[list[Card]], talon: list[Card]) -> None:
        """The deal's log and seats, before its cards are set (:meth:`_deal_cards`'s first part)."""
        self._version += 1
        self.deals.append(DealLog(dealer, hands, talon, [], None, None, {}))  # all given: no factory calls
        #: this deal's active seats, and each one's next active seat clockwise (-1: sits out; the
        #: game's list, never changed in place)
        self._in_deal = active
        self._after = self.game.seats_after(active)

    def _check_deal(self, hands: list[list[Card]], talon: list[Card]) -> None:
        deck = self.game.deck()
        seen: set[Card] = set()
        for i, hand in enumerate(hands):
            if len(hand) != self._hand_size():
                raise DealError(refusal("deal_hand_size", hand=i, count=len(hand), size=self._hand_size()))
            seen.update(hand)
        if len(talon) != self._talon_size():
            raise DealError(refusal("deal_talon_size", count=len(talon), size=self._talon_size()))
        seen.update(talon)
        all_cards = [c for h in hands for c in h] + talon
        if len(seen) != len(all_cards):
            dup = sorted({str(c) for c in all_cards if all_cards.count(c) > 1})
            raise DealError(refusal("deal_twice", cards=" ".join(dup)))
        extra = seen - set(deck)
        if extra:
            raise DealError(refusal("deal_not_in_deck", cards=" ".join(sorted(map(str, extra)))))

    def _finish_deal(self, changes: list[int], result: dict[str, Any]) -> None:
        """Score the finished deal (``changes``: one for every seat), then end the match or wait
        for the next deal."""
        log = self.deals[-1]
        self._scores = scores = list(map(_add, self._scores, changes))
        log.score_changes = list(changes)
        log.scores_after = scores.copy()
        log.result = result
        self._next_dealer = self._dealer_after(log.dealer)
        winners = self._winners()
        if winners or self._single_deal:
            self.winners = tuple(winners)
            self.phase = _MATCH_OVER
        else:
            self.phase = _DEAL

    def _dealer_after(self, dealer: int) -> int:
        return (dealer + 1) % self.game.players

    def _winners(self) -> list[int]:
        """The winners if the match is over after the last deal, else an empty list."""
        return []

    def observation(self, seat: int | None, *, with_legal: bool = True) -> Observation:
        """Exactly what ``seat`` may know now, as the game's typed value (``.to_json()``: the
        JSON the server sends).

        ``seat=None`` is a spectator, who sees public information only.  The seat to act is
        also given its legal actions, unless ``with_legal`` is false (bots asked many times a
        decision, which test single actions).
        """
        if seat is not None and not (0 <= seat < self.game.players):
            raise OptionError(refusal("seat_range", seat=seat, last=self.game.players - 1))
        to_act = self.to_act
        # the state's own legal_actions(): the C path's where it decides the seat's turn
        legal = tuple(self.legal_actions()) if with_legal and seat is not None and seat == to_act else None
        head: Head = (
            self.game.id,
            self.game.rules,
            seat,
            self.phase,
            len(self.deals),
            self.dealer,
            to_act,
            tuple(self._scores),
            self.winners,
            legal,
        )
        return self._observe(seat, head)

    def copy(self) -> State:
        """An independent copy of the state, field by field.

        Lists, dicts and sets are copied (one level: the values in them are immutable or, like a
        finished trick, never changed again); the finished deals are shared, the current deal's
        log is copied; the match's generator is shared until either state draws from it, then
        copied with ``getstate``/``setstate``.
        """
        new: State = _new_object(type(self))
        fields = self.__dict__.copy()
        for name, value in fields.items():
            kind = type(value)
            if kind is list or kind is dict or kind is set:
                fields[name] = kind(value)
        new.__dict__ = fields
        self._copy_fields(new)  # the fields the C base keeps (FAST), copied alike
        deals = new.deals
        if deals:
            last = deals[-1]
            deals[-1] = DealLog(
                last.dealer,
                last.hands,
                last.talon,
                list(last.actions),
                last.score_changes,
                last.scores_after,
                last.result,
            )
        if self._generator is not None:
            self._rng_shared = new._rng_shared = True
        return new

    def position_key(self) -> Hashable | None:
        """A key equal for states whose futures are the same (for memoised search), or ``None``."""
        return None

    def fields(self) -> dict[str, Any]:
        """Every field of the state by name (a new dict): the instance dict's and, with the C fast
        path, those its base type keeps in C (``prikup.core._fastcore.FIELDS``: the trick loop's
        own, such as ``hands``, ``trick`` and ``_turn``).  For tests and debugging: ``vars(state)``
        holds only the first."""
        return self.__dict__ | self._hot_fields()

    def __getstate__(self) -> object:
        """What pickling keeps: the instance dict, and the fields kept in C as attributes to set."""
        hot = self._hot_fields()
        return (self.__dict__, hot) if hot else self.__dict__


def _rebuild_game(cls: type[Game], options: dict[str, OptionValue]) -> Game:
    """Unpickle a game: its class called with its options."""
    return cls(**options)


if FAST:  # the C methods in place of the reference's (which they call for what they do not cover)
    for _name in ("legal_actions", "legal_action_ids", "apply", "apply_id", "is_over"):
        setattr(State, _name, _CORE.__dict__[_name])
    from prikup.core import _fastcore

    # a state that keeps this _commit has a choice the C path lists recorded in C, then ``_do``
    _fastcore.set_commit(State._commit)
