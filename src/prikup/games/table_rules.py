"""Every game's options as typed values: what ``game.rules`` holds.

The option declarations (names, allowed values, defaults, help) are each game's ``OPTIONS``;
here each option becomes a field of the same name, a choice of words a :class:`~enum.StrEnum`
whose values are exactly the declared choices (a test checks both against ``OPTIONS``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from prikup.core.options import Rules

__all__ = [
    "AllBarred",
    "Auction",
    "BidCap",
    "Claim",
    "Concede",
    "DeckChoice",
    "Excess",
    "ExchangeOrder",
    "GoalTie",
    "JokerHigh",
    "JokerLead",
    "JokerNT",
    "MinusGoal",
    "MisereFrom",
    "MisereRank",
    "NoBid",
    "PartnerCall",
    "PartnerShare",
    "PlayForm",
    "RaiseAfterKitty",
    "Rules501",
    "RulesFiveHundred",
    "RulesPreferans",
    "RulesPyatsot",
    "ScoringTableName",
    "SixTeams",
]


# -- 501 -------------------------------------------------------------------------------------------
class ExchangeOrder(StrEnum):
    """After the talon: give the two cards first, or name trumps and the contract first."""

    GIFTS_FIRST = "gifts_first"
    CONTRACT_FIRST = "contract_first"


class Concede(StrEnum):
    """When the declarer may concede: right after the talon, or until the first lead."""

    AT_TALON = "at_talon"
    BEFORE_PLAY = "before_play"


@dataclass(frozen=True, slots=True)
class Rules501(Rules):
    """501's options."""

    max_bid: int
    exchange_order: ExchangeOrder
    concede: Concede


# -- Five Hundred ----------------------------------------------------------------------------------
class DeckChoice(StrEnum):
    """The deck: the form's own (auto), or one of the variants' decks."""

    AUTO = "auto"
    D43 = "43"
    D42 = "42"
    D44 = "44"
    D45 = "45"
    D46 = "46"
    D43_COLOUR_FOURS = "43_colour_fours"
    D44_COLOUR_FOURS = "44_colour_fours"
    D33 = "33"
    D32 = "32"
    D63 = "63"
    D53 = "53"
    D64 = "64"


class PlayForm(StrEnum):
    """How 2 or 3 players play Five Hundred (auto: the form of the player count)."""

    AUTO = "auto"
    DUMMIES = "dummies"
    DEAD_HAND = "dead_hand"
    TABLE_CARDS = "table_cards"
    DRAWING = "drawing"


class JokerHigh(StrEnum):
    """With two jokers, which one is the higher."""

    JK1 = "jk1"
    JK2 = "jk2"


class MisereRank(StrEnum):
    """Where the misères rank among the bids: as the table says, or a precedence of a variant."""

    TABLE = "table"
    AUSTRALIAN = "australian"
    COLOUR_SPLIT = "colour_split"
    OMIS_330 = "omis_330"


class Auction(StrEnum):
    """The auction: round after round until all but one pass, or the American single round."""

    STANDARD = "standard"
    ONE_ROUND = "one_round"


class GoalTie(StrEnum):
    """Two sides at the goal on one deal: the contractor's side wins, or the higher score."""

    CONTRACTOR = "contractor"
    HIGHER = "higher"


class Claim(StrEnum):
    """Claiming the remaining tricks: not allowed, allowed, or allowed at a cost of 100."""

    OFF = "off"
    ON = "on"
    PENALTY = "penalty"


class MinusGoal(StrEnum):
    """A side at minus the goal loses always, or only if the other side is not negative."""

    LOSES = "loses"
    IF_OTHER_NOT_NEGATIVE = "if_other_not_negative"


class ScoringTableName(StrEnum):
    """The table of contract values."""

    AVONDALE = "avondale"
    ORIGINAL = "original"
    IDEAL = "ideal"
    FRENCH_CANADIAN = "french_canadian"


class JokerNT(StrEnum):
    """In no-trump the joker is played only when void in the suit led, or at any time (auto:
    the form's rule)."""

    AUTO = "auto"
    VOID_ONLY = "void_only"
    ANY_TIME = "any_time"


class JokerLead(StrEnum):
    """A joker led in no-trump names a suit its holder is not void in, or any suit (auto: the
    form's rule)."""

    AUTO = "auto"
    NOT_VOID = "not_void"
    #: not a suit shown void, unless the joker is the holder's last card
    NOT_VOID_UNLESS_ALONE = "not_void_unless_alone"
    #: only a suit of which the joker is the holder's first card (none played yet) or last (none held)
    FIRST_OR_LAST = "first_or_last"
    ANY = "any"


class MisereFrom(StrEnum):
    """Misère may be bid after a seven-level bid only, or at any time (auto: the form's)."""

    AUTO = "auto"
    SEVEN = "seven"
    ANY = "any"


class NoBid(StrEnum):
    """When everybody passes (auto: the form's rule)."""

    AUTO = "auto"
    REDEAL = "redeal"
    PLAY_NT = "play_nt"
    PASS_DEAL = "pass_deal"
    DEALER_MUST_BID = "dealer_must_bid"


class RaiseAfterKitty(StrEnum):
    """Whether the contractor may raise after the kitty (auto: the form's rule)."""

    AUTO = "auto"
    TRUE = "true"
    FALSE = "false"


class PartnerCall(StrEnum):
    """Five players: the called card's holder says so at once (announced), or nobody knows until it is played."""

    ANNOUNCED = "announced"
    SECRET = "secret"


class PartnerShare(StrEnum):
    """Five players: the contractor and his called partner each score the contract's full value, or half."""

    FULL = "full"
    HALF = "half"


class SixTeams(StrEnum):
    """Six players: two teams of three (alternate seats) or three teams of two (partners opposite)."""

    THREES = "threes"
    PAIRS = "pairs"


@dataclass(frozen=True, slots=True)
class RulesFiveHundred(Rules):
    """Five Hundred's options (``auto`` ones are resolved by the game for its form)."""

    partnership: bool
    deck: DeckChoice
    joker_high: JokerHigh
    misdeal: bool
    table: ScoringTableName
    misere_rank: MisereRank
    joker_nt: JokerNT
    joker_lead: JokerLead
    misere: bool
    open_misere: bool
    blind_misere: bool
    double_misere: bool
    hi_lo: bool
    nullo_pass: bool
    double_shields: bool
    patastrophe: bool
    j5: bool
    slam_bid: bool
    wilkinson: bool
    misere_from: MisereFrom
    auction: Auction
    min_level: int
    bid_after_pass: bool
    raise_own: bool
    no_bid: NoBid
    redeals: int
    raise_after_kitty: RaiseAfterKitty
    slam: bool
    misere_trick_points: bool
    trick_points: bool
    goal: int
    win_by_bid: bool
    goal_tie: GoalTie
    minus_goal: MinusGoal
    exact_goal: bool
    points_spread: bool
    stop_at_goal: bool
    set_margin: int
    breaking: int
    claim: Claim
    failed_to_other: bool
    no_negative: bool
    # five and six players (prikup.games.five_hundred_many)
    partner_call: PartnerCall
    partner_share: PartnerShare
    call_trumps: bool
    five_misere: bool
    six_teams: SixTeams
    form: PlayForm
    kitty_up: bool


# -- Пятьсот ---------------------------------------------------------------------------------------
class BidCap(StrEnum):
    """How combinations raise the highest bid: their sum, the best one, or no cap."""

    SUM = "sum"
    BEST = "best"
    UNLIMITED = "unlimited"


class AllBarred(StrEnum):
    """Every player barred from bidding: the opener must bid, or the deal is thrown in."""

    OPENER = "opener"
    THROW_IN = "throw_in"


@dataclass(frozen=True, slots=True)
class RulesPyatsot(Rules):
    """Пятьсот's options."""

    min_bid: int
    bid_step: int
    bid_cap: BidCap
    all_barred: AllBarred
    dealer_talon_on_refusal: bool
    dash_limit: int
    barrel: int
    target: int
    barrel_attempts: int
    barrel_refusals: int
    falls_to_zero: int


# -- preferans -------------------------------------------------------------------------------------
class Excess(StrEnum):
    """A game worth more than the goras left: the excess as whists on each other player, that
    divided by the players, or not at all."""

    EACH = "each"
    DIVIDED = "divided"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class RulesPreferans(Rules):
    """Preferans's options."""

    pulya: int
    start_gora: int
    games_without_talon: bool
    dealer_whists: bool
    misere_half: bool
    misere_whists: bool
    misere_play_out: bool
    excess: Excess
