"""Refusals: why an action, a card, an option, a deal or a record is not accepted, as data.

A :class:`Refusal` is a stable machine id (``rule``: ``follow_suit``, ``bid_too_low``,
``unknown_option`` …) and the values it names (``fields``: a suit, a card, the lowest bid …),
sometimes wrapping the refusal it comes from (``cause``: a record's action that breaks
``follow_suit``).  Its English sentence is written once, in :data:`ENGLISH`; front ends translate
by ``rule`` and fill in ``fields`` (the terminal from the message catalogue, the browser page from
the same catalogue).  The ids are public API (see the API page of the documentation): an id is
never renamed and a field never removed.

Values of fields are the notation's own: a suit is ``S C D H``, a card ``KS``, a call ``7H``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ENGLISH", "Refusal", "refusal"]

#: A field's value: JSON scalars only (a suit ``S``, a card ``KS``, a number, a flag).
FieldValue = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why something is refused: ``rule`` (a stable id), its ``fields`` and the ``cause`` it wraps.

    ``str()`` is the English sentence of :data:`ENGLISH` with the fields filled in.
    """

    rule: str
    fields: tuple[tuple[str, FieldValue], ...] = ()
    cause: Refusal | None = None

    @property
    def field_map(self) -> dict[str, FieldValue]:
        """The fields as a dictionary (name → value)."""
        return dict(self.fields)

    def to_json(self) -> dict[str, object]:
        """``{"rule", "fields"[, "cause"]}``: what a front end needs to say it in its language."""
        out: dict[str, object] = {"rule": self.rule, "fields": self.field_map}
        if self.cause is not None:
            out["cause"] = self.cause.to_json()
        return out

    def __str__(self) -> str:
        return ENGLISH[self.rule].format(cause=self.cause, **self.field_map)


def refusal(rule: str, cause: Refusal | None = None, /, **fields: FieldValue) -> Refusal:
    """A refusal with its fields given as keywords: ``refusal("follow_suit", suit="S")``."""
    return Refusal(rule, tuple(fields.items()), cause)


#: Every refusal id → its English sentence (``str.format`` fields; ``{cause}``: the wrapped refusal).
ENGLISH: dict[str, str] = {
    # -- any game: the turn and the cards ----------------------------------------------------------
    "no_such_action": "no such action in {game}",
    "match_over": "the match is over",
    "not_dealt": "the cards have not been dealt",
    "nothing_now": "nothing can be done in phase {phase}",
    "not_held": "you do not hold {card}",
    "follow_suit": "follow suit: you hold {suit} and must play one",
    "follow_trumps": "follow suit: you hold trumps and must play one",
    "must_trump": "must trump: you hold no {suit} and must play a trump ({trump})",
    "hand_not_held": "the hand to play (seat {seat}) does not hold {card}",
    "hand_follow_suit": "follow suit: the hand holds {suit} and must play one",
    "hand_must_trump": "must trump: the hand holds no {suit} and must play a trump ({trump})",
    # -- 501 ---------------------------------------------------------------------------------------
    "after_talon_contract": "after the talon the declarer concedes or names trumps and a contract",
    "after_talon_give": "after the talon the declarer concedes or gives a card to each opponent",
    "concede_at_talon_only": "a concession is possible only right after the talon is turned (option concede=at_talon)",
    "give_other": "the declarer must now give a card to his other opponent",
    "name_contract_501": "the declarer must now name trumps (or NT) and a contract, e.g. contract 100 H",
    "look_no_seat": "in 501 'look' takes no seat number: a dark player just looks at his own cards",
    "looked_already": "you have already looked at your cards",
    "auction_call_501": "in the auction a call is pass, look or bid N",
    "bid_whole_number": "a bid in 501 is a whole number of points, e.g. bid 80",
    "bid_too_low": "a bid must be at least {lowest}",
    "bid_not_higher": "a bid must be higher than the current bid {bid}",
    "bid_above_max": "no bid may exceed max_bid {max_bid}",
    "contract_form_501": "a contract is a number and a trump suit or NT, e.g. contract 100 H or contract 90 NT",
    "contract_below_winning_bid": "the contract may not be below the winning bid {bid}",
    "contract_above_max": "the contract may not exceed max_bid {max_bid}",
    "marriage_before_lead": "a marriage is announced only before leading: a card of this trick is already played",
    "marriage_needs_kq": "a marriage needs both the king and the queen of {suit} in your hand",
    "marriage_already": "the {suit} marriage has already been announced",
    "play_form_501": "in the play a move is play CARD (leading: play CARD marriage SUIT)",
    "no_modifier_marriage": "501 has no '{modifier}' play; a leader may add 'marriage SUIT'",
    # -- Five Hundred ------------------------------------------------------------------------------
    "discard_more": "the contractor must now discard {n} more card(s): discard CARD",
    "fh_call_form": "a call is a level 6-10 and a strain written together (6S, 7H, 10NT) or MIS / OMIS",
    "dealer_must_bid": "the dealer must bid when all the others have passed (no_bid=dealer_must_bid)",
    "fh_auction_form": "in the auction a call is pass or bid CALL (bid 7H, bid 6NT, bid MIS, bid OMIS)",
    "misere_off": "misère is not played at this table (option misere=false)",
    "open_misere_off": "open misère is not played at this table (option open_misere=false)",
    "bid_outrank": "a bid must outrank the current bid {call} in the {table} table",
    "misere_from_7": "misère may be bid only once the auction has reached the 7 level",
    "fh_misdeal_face_card": "a misdeal may be declared only on your first call, holding no face card (K, Q, J)",
    "fh_barred": "you were set by {margin} tricks or more in the last deal: you may only pass in this one",
    "fh_inkle_only": "a 6-level bid (an inkle) may be made only by the first two players",
    "fh_min_level": "the lowest bid is at the {level} level",
    "fh_claim_or_play": "you may claim the remaining tricks (claim) or play on (pass)",
    "fh_break_or_pass": "you may break the contract (break) or let it be played (pass)",
    "fh_bid_off": "{call} is not a bid at this table (its option is off)",
    "fh_blind_misere_first": "blind misère may be bid only as your first call, before looking at your cards",
    "fh_give_card": "give your partner, who called a slam, one card of your hand: give <card>",
    "fh_nullo_give": "give your partner {n} more cards of your hand, one at a time: give <card>",
    "fh_slam_when": "a slam is called by a suit or no-trump contractor after the kitty, before discarding",
    "fh_name_contract": "the contractor now names his final contract: contract CALL (the bid or higher)",
    "contract_keep_kind": "the contract stays a misère if the bid was one, and a trick contract if not",
    "contract_raise_only": "the contract may be raised, never lowered below the bid {call}",
    "fh_play_form": "in the play a move is play CARD (a joker led in no-trump: play JK as SUIT)",
    "joker_modifier_only": "only the joker takes a modifier: play JK as SUIT, when leading it in no-trump or misère",
    "joker_follow_plain": "only a joker that is led names a suit; following, write play JK",
    "joker_top_trump": "with trumps ({trump}) the joker led is the top trump and names no suit",
    "joker_void_suit": "a led joker may not name {suit}: you have shown void in it",
    "joker_first_or_last": (
        "a led joker may name only a suit of which it is your first or your last card, not {suit}: {suits}"
    ),
    "joker_names_suit": "a joker led in no-trump or misère names the suit to follow: play {card} as SUIT ({suits})",
    "joker_nt_void_only": (
        "the joker may be played in no-trump only when void in the suit led (joker_nt=void_only): follow {suit}"
    ),
    # -- preferans ---------------------------------------------------------------------------------
    "settle_or_pass": "between deals the player asked answers settle or pass",
    "pf_discard_two": "the declarer must now discard two cards face down, e.g. discard 7C",
    "whist_answer": "whisting ({said}): the answer now is {answers}",
    "misere_half_answer": "misère half with the dealer ({said}): the answer now is {answers}",
    "pf_auction_form": "in the auction a call is pass or bid GAME (bid 6S … bid 10NT, bid 8H-WT, bid MIS, bid MIS-WT)",
    "pf_no_call": "there is no call {call}: games are 6S … 10NT (S C D H NT), -WT without the talon, MIS, MIS-WT",
    "no_wt": "games without the talon are not played at this table (option games_without_talon)",
    "misere_first_call": "misère may only be a player's first call",
    "misere_wt_first": "misère without the talon is a first call, or the misère player's answer to a nine",
    "misere_player_only": "a misère player may only go on to misère without the talon, or pass",
    "misere_outbid_by_nine": (
        "a misère is outbid only by a nine (misère without the talon by a nine without it or a ten)"
    ),
    "here_never_6s": "'here' is never said to six spades",
    "here_senior_only": "only a hand senior to the bidder may say 'here' ({call}); a junior must bid higher",
    "bid_top": "a bid must top the current {call} (a senior hand may also hold it: 'here')",
    "bid_top_6s": "a bid must top the current {call}",
    "pf_name_contract": "the declarer must now name his game, e.g. contract 7H (6S … 10NT)",
    "contract_below_bid": "the contract may not be below the bid {bid}",
    "misere_half_split": (
        "the misère played half with the dealer is made and pulyas are open: the inviter chooses "
        "pulya 3 (3 into the pulya, 2 off the gora) or pulya 2 (2 and 3); the dealer writes the rest"
    ),
    "open_or_closed": "the lone whister must now choose to play open or closed",
    "play_form": "in the play a move is play CARD",
    # -- Пятьсот -----------------------------------------------------------------------------------
    "barrel_refusals": "on the barrel a player may refuse only {limit} times: he must take the talon and play",
    "barrel_decide": (
        "on the barrel the player decides before seeing the talon: take (play for 120) or concede (refuse)"
    ),
    "keep_one": "the declarer must now keep one of the three talon cards, e.g. keep AH",
    "keep_not_talon": "{card} is not in the talon: only a talon card can be kept",
    "give_talon_card": "the declarer must now give a talon card face down to an opponent, e.g. give QS",
    "give_not_left": "{card} is not one of the talon cards left to give",
    "pt_contract_or_concede": "the declarer must now name a contract in points (e.g. contract 120) or concede",
    "pt_steps": "bids and contracts are {low}, {second}, {third} … in steps of {step}",
    "all_barred": "every player is at -120 or below and may not bid: the deal is thrown in (pass)",
    "opener_must_bid": "the player on the dealer's left opens the auction and must bid",
    "pt_auction_form": "in the auction a call is pass or bid N (points), e.g. bid 60",
    "cap_no_combination": "without a marriage or a triangle in hand nobody may bid above {cap}",
    "cap_combinations": "with the combinations you hold you may bid at most {cap}",
    "pt_contract_form": "a contract in Пятьсот is a number of points with no strain (trumps come from declarations)",
    "contract_cap_no_combination": "without a marriage or a triangle in hand the contract may not exceed {cap}",
    "contract_cap_combinations": "with the combinations you hold the contract may be at most {cap}",
    "declare_form": "a declaration is 'declare KQJ' (triangle), 'declare KQ' or 'declare QJ' (marriages)",
    "declare_leader_only": "a combination is declared only by the player leading to a trick",
    "declare_after_trick": "only a player who has taken a trick may declare a combination",
    "declare_led_card": "the card led must belong to the combination declared ({ranks} of {suit})",
    "declare_must_hold": "to declare {kind} of {suit} you must hold all of {cards}",
    "declare_spent": "{cards} already counted in a declaration: a card counts in one declaration only",
    "pt_play_form": "in the play a move is play CARD (leading, after a trick: play CARD declare KQ|QJ|KQJ)",
    "no_modifier_declare": "Пятьсот has no '{modifier}' play; a leader may add 'declare KQ|QJ|KQJ'",
    "trump_lead_maker_only": "only the player who made trumps may lead a trump ({suit}) while holding other suits",
    # -- the notation: cards and actions -----------------------------------------------------------
    "card_bad_suit": "unknown suit {text!r}: expected one of S, C, D, H (or ♠ ♣ ♦ ♥)",
    "card_bad_id": "no card has id {id}",
    "card_bad": (
        "bad card {text!r}: a card is a rank (A K Q J T/10 9 8 7 6 5 4 3 2 11 12 13) "
        "followed by a suit (S C D H or ♠ ♣ ♦ ♥), or a joker JK, JK1, JK2"
    ),
    "action_bad_call": (
        "bad call {text!r}: expected a level and strain such as 7H or 6NT, a strain "
        "(S C D H NT), or a named call such as MIS"
    ),
    "action_not_text": "an action is a line of text, not {type}",
    "action_empty": "bad action {text!r}: it is empty",
    "action_unknown_keyword": "bad action {text!r}: unknown keyword {word!r}; known: {known}",
    "action_one_number": "bad action {text!r}: {verb!r} takes one number",
    "action_number_or_nothing": "bad action {text!r}: {verb!r} takes one number or nothing",
    "action_no_argument": "bad action {text!r}: {verb!r} takes no argument",
    "action_bid_form": "bad action {text!r}: {verb!r} takes a number (and a strain) or a call like 7H",
    "action_missing_bid": "bad action {text!r}: missing bid",
    "action_needs_card": "bad action {text!r}: {verb!r} needs a card",
    "action_bad_part": "bad action {text!r}: {cause}",
    "action_extras": "bad action {text!r}: only 'play CARD marriage SUIT | as SUIT | declare NAME' has extras",
    "action_unknown_modifier": "bad action {text!r}: unknown modifier {modifier!r}; known: {known}",
    # -- games and options -------------------------------------------------------------------------
    "unknown_game": "unknown game {name!r}; known games: {known}",
    "unknown_option": "unknown option {option!r} for {game}; known options: {known}",
    "option_not_declared": "unknown option {option!r} for {game}; known: {known}",
    "option_value": "option {option}={value!r} is not allowed: expected {allowed}",
    "option_form": "bad option {text!r}: write it as name=value",
    "seat_range": "seat {seat!r} does not exist: seats are 0..{last}",
    "action_id_range": "action id {id} out of range 0..{last}",
    "fh_deck_partnership": "the 4-player partnership game uses one of the decks {allowed}, not deck={deck}",
    "fh_deck_single": "each-for-himself play uses one of the decks {allowed}, not deck={deck}",
    "fh_deck_five": "five players use the deck {allowed} (52 cards and the joker), not deck={deck}",
    "fh_deck_six": "six players use one of the decks {allowed}, not deck={deck}",
    "fh_partner_form": "the contractor goes alone (alone) or calls a partner card (partner AH)",
    "fh_partner_joker": "the joker cannot be called as the partner card",
    "fh_partner_trump": "{card} is a trump: this table calls only a plain-suit card (call_trumps=false)",
    "fh_partner_deck": "{card} is not in this deck",
    "fh_form_players": "the form {form} is played by {allowed} players, not {players}",
    "fh_form_deck": "the form {form} uses one of the decks {allowed}, not deck={deck}",
    "fh_form_option": "the form {form} does not play option {option}: leave it at its default",
    "fh_dummies_misere": "the two-handed game with dummies has no misère",
    "fh_face_down": "{card} lies face down under a face-up card: a dummy plays only its face-up cards",
    "fh_draw": "keep {card} (the next card is set aside) or discard it (the next is kept): keep|discard {card}",
    "fh_pick": "add one of the table cards {cards} to the kitty: give <card>",
    "fh_table_keep": "take one of the table cards {cards} into your hand: keep <card>",
    "misere_half_players": "misere_half needs 4 players: the misère is shared with the dealer, who sits out",
    "barrel_below_target": "option barrel must be below target",
    "barrel_span": "target - barrel must be at most {most}, the most points of a deal",
    "barrel_refusals_attempts": "barrel_refusals must be below barrel_attempts",
    # -- deals -------------------------------------------------------------------------------------
    "deal_no_generator": "this state has no generator: inject the cards with deal()",
    "deal_phase": "cannot deal now: the phase is {phase}",
    "deal_seats": "hands are for seats {given}; the active seats are {active}",
    "deal_hand_count": "{given} hands given; {seats} seats play this deal",
    "deal_hand_size": "hand {hand} has {count} cards; each hand has {size}",
    "deal_talon_size": "the talon has {count} cards; it must have {size}",
    "deal_twice": "cards dealt twice: {cards}",
    "deal_not_in_deck": "cards not in this game's deck: {cards}",
    "sheet_phase": "the score sheet can be set only between deals, not in phase {phase}",
    "sheet_shape": "a score sheet has one score, fall count and dash count per seat ({seats})",
    "sheet_barrel_score": "the player on the barrel must have exactly the barrel's score",
    "sheet_above_barrel": "only the player on the barrel can have a score at or above the barrel",
    # -- bots --------------------------------------------------------------------------------------
    "unknown_bot": "unknown bot {name!r} for {game}; available: {known}",
    "bot_options_form": "bad bot options in {name!r}: the form is name:key=value:key=value",
    "unknown_bot_level": "unknown bot level {level!r}; levels: {known}",
    "bot_option_value": "bot {bot} option {setting}={value!r} is not allowed: {allowed}",
    "bot_option_range": "bot {bot} option {setting}={value!r} is out of range: {allowed}",
    "bot_no_options": "bot {bot} takes no options (given: {given})",
    "bot_unknown_option": "bot {bot} has no option {setting!r}; its options: {known}",
    # -- game records ------------------------------------------------------------------------------
    "record_not_object": "a record is a JSON object",
    "record_json": "not valid JSON: {detail}",
    "record_read": "cannot read {path}: {why}",
    "record_not_text": "not a game record: not UTF-8 text (byte {at}); a record is a JSON file",
    "record_format": "unknown record format {format}; expected {expected!r}",
    "record_no_game": "the record names no game ('game')",
    "record_options": "'options' must be an object",
    "record_bad_game": "{cause}",
    "record_deals": "'deals' must be a list",
    "record_no_deal": "the record has no deal",
    "record_no_dealer": "deal 1 names no dealer",
    "record_finished": "the record says finished={stated}, the replay says {got}",
    "record_winners": "the record's winners are {stated}, the replay's {got}",
    "record_scores": "the record's final scores are {stated}, the replay's {got}",
    "record_deal_object": "a deal is an object",
    "record_match_over": "the match was already over",
    "record_dealer": "the dealer is seat {stated} in the record, but the rules give seat {got}",
    "record_hands": "'hands' must be an object of seat → cards",
    "record_bad_card": "bad cards: {cause}",
    "record_actions": "'actions' must be a list",
    "record_action_form": "an action is [seat, text], not {item}",
    "record_wrong_seat": "{text!r} is by seat {seat}, but seat {to_act} is to act",
    "record_action_refused": "{cause}",
    "record_unfinished": "the deal's actions end before the deal is over",
    "record_deal_scores": "the record's scores after the deal are {stated}, the rules give {got}",
    "observation_malformed": "malformed observation: {why}",
    # -- a message from outside the rules (a foreign library's error), kept as it is ---------------
    "text": "{text}",
}
