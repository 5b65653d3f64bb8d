"""Five Hundred's declared options: the standard game's and every variant of the full rules and of American preferans.

Each option is a [table choice] of the rules page; ``auto`` ones are resolved by the game for
its form (the standard partnership game, or American preferans's each-for-himself forms).  The rules they
name live in :mod:`prikup.games.five_hundred` (the play), :mod:`~prikup.games.five_hundred_tables`
(decks, tables, precedences) and :mod:`~prikup.games.five_hundred_end` (the end of a match).
"""

from __future__ import annotations

from prikup.core.options import Option
from prikup.games.five_hundred_tables import TABLES

#: the options of the five- and six-player forms
MANY_OPTIONS = (
    Option(
        "partner_call",
        "announced",
        "five players: the auction's winner goes alone or calls a card (not the joker); its holder is his "
        "partner for the deal and says so at once (announced), or nobody knows until the card is played (secret)",
        choices=("announced", "secret"),
    ),
    Option(
        "partner_share",
        "full",
        "five players: the contractor and his called partner each score the contract's full value (full) or half "
        "of it (half), made or lost",
        choices=("full", "half"),
    ),
    Option("call_trumps", True, "five players: the called card may be a trump (false: only a plain-suit card)"),
    Option("five_misere", False, "five players: misère and open misère may be bid (usually not)"),
    Option(
        "six_teams",
        "threes",
        "six players: two teams of three, alternate seats (threes: 0 2 4 against 1 3 5), or three teams of "
        "two, partners opposite (pairs, cut-throat: 0+3, 1+4, 2+5)",
        choices=("threes", "pairs"),
    ),
)

__all__ = ["FORM_DEFAULTS", "MANY_OPTIONS", "OPTIONS"]

#: option: (standard 4-player partnership game, 3 or 4 each for himself — American preferans)
FORM_DEFAULTS = {
    "deck": ("43", "33"),
    "no_bid": ("redeal", "play_nt"),
    "raise_after_kitty": ("false", "true"),
    "misere_from": ("seven", "any"),
    "joker_nt": ("void_only", "any_time"),
    "joker_lead": ("any", "any"),
}

OPTIONS = (
    Option("players", 4, "players at the table", choices=(2, 3, 4, 5, 6)),
    Option(
        "partnership",
        True,
        "with 4 players: two partnerships, partners opposite (true), or each for himself with the "
        "dealer sitting the deal out (false); 3 players always play each for himself",
    ),
    Option(
        "deck",
        "auto",
        "cards: for partnerships 43 (A-5, red 4s, joker), 42 (no joker), 44 (two jokers, kitty 4), 45 "
        "(all 4s, kitty 5), 46 (all 4s, two jokers, kitty 6), 43_colour_fours/44_colour_fours (4S and 4D "
        "removed: the 4 of the trumps' colour is a trump); each-for-himself 33 (A-7 and joker), 32; "
        "five players 53 (52 and the joker); six players 63 (52, joker, 11s, 12s, red 13s) or 64 (two jokers, "
        "kitty 4); auto = 43, 33, 53 or 63",
        choices=(
            *("auto", "43", "42", "44", "45", "46", "43_colour_fours", "44_colour_fours"),
            *("33", "32", "63", "53", "64"),
        ),
    ),
    Option(
        "joker_high",
        "jk1",
        "with two jokers: JK1 (the black or white one) ranks higher, or JK2",
        choices=("jk1", "jk2"),
    ),
    Option(
        "misdeal",
        False,
        "a player dealt no face card (K, Q, J) may declare a misdeal (misdeal) on his first turn: "
        "the same dealer deals again",
    ),
    Option("table", "avondale", "scoring table and bid precedence", choices=tuple(TABLES)),
    Option(
        "misere_rank",
        "table",
        "where misère and open misère rank: by the table's values (table), australian (misère between the 7 "
        "and 8 levels, open misère 520 the top bid), colour_split (misère above 7C below 7D, open misère above "
        "8C below 8D), omis_330 (open misère 330, between 8NT and 9S)",
        choices=("table", "australian", "colour_split", "omis_330"),
    ),
    Option(
        "joker_nt",
        "auto",
        "in no-trump and misère the joker may be played only when void in the suit led (void_only) "
        "or at any time as the top card of the suit led (any_time); auto = void_only for partnerships "
        "(the standard game), any_time each-for-himself (American preferans)",
        choices=("auto", "void_only", "any_time"),
    ),
    Option(
        "joker_lead",
        "auto",
        "a joker led in no-trump/misère names a suit: never one its holder has shown void in "
        "(not_void), the same unless the joker is his last card (not_void_unless_alone), only a suit "
        "of which it is his first card or his last (first_or_last), or any suit (any); auto = any",
        choices=("auto", "not_void", "not_void_unless_alone", "first_or_last", "any"),
    ),
    Option("misere", True, "misère (250 in Avondale) may be bid"),
    Option("open_misere", True, "open misère (500 in Avondale) may be bid"),
    Option(
        "blind_misere",
        False,
        "blind misère (BMIS, 1000) may be bid, as a player's first call only (bid before looking at the cards)",
    ),
    Option(
        "double_misere",
        False,
        "partnerships: double misère (DMIS, grand nullo, 450) may be bid: both partners play and neither may "
        "take a trick",
    ),
    Option(
        "hi_lo",
        False,
        "Hi/Lo (HILO, 350, between 9C and 9D) may be bid: exactly five tricks in no-trump, the partner sits out",
    ),
    Option(
        "nullo_pass",
        False,
        "partnerships: at double misère, double shields and patastrophe the bidder takes the kitty and gives "
        "his partner as many cards as the kitty holds (give); the partner keeps what he wants and discards "
        "the rest",
    ),
    Option(
        "double_shields",
        False,
        "partnerships: double shields (DSHL, 600) may be bid: a double misère whose bidder plays his hand "
        "open after the first trick",
    ),
    Option(
        "patastrophe",
        False,
        "partnerships: patastrophe (PAT, 1000) may be bid: a double misère with both partners' hands open "
        "after the first trick",
    ),
    Option(
        "j5",
        False,
        "J5: no-trump contracts are played with the jack above the ace in every suit (no bowers; the joker "
        "the only trump)",
    ),
    Option(
        "slam_bid",
        False,
        "the contractor of a suit or no-trump bid may call a slam after taking the kitty (slam): the partner "
        "gives him a card and sits out; all ten tricks score 500 with trumps, 520 in no-trump",
    ),
    Option(
        "wilkinson",
        False,
        "Wilkinson's misère: misère may be bid at any time, even first, and is played open; open misère is "
        "played open and without the kitty",
    ),
    Option(
        "misere_from",
        "auto",
        "misère may be bid once a 7-level bid stands (seven) or whenever it outbids (any: unlimited "
        "bidding); auto = seven for partnerships, any for each-for-himself (American preferans)",
        choices=("auto", "seven", "any"),
    ),
    Option(
        "auction",
        "standard",
        "standard (calls go round until all but one pass) or one_round (American: each calls once; a "
        "6-level bid, the inkle, only by the first two and it cannot win; nobody at 7 or more: redeal)",
        choices=("standard", "one_round"),
    ),
    Option("min_level", 6, "the lowest level of a bid: 6, or 7 (6-level bids are only inkles)", minimum=6, maximum=7),
    Option(
        "bid_after_pass",
        False,
        "a player who passed may bid again once someone bids a different strain than the bid he passed",
    ),
    Option(
        "raise_own",
        False,
        "when all others have passed, the auction's winner may raise his own bid (not if nobody else bid); "
        "a raise in another strain lets the others bid again",
    ),
    Option(
        "no_bid",
        "auto",
        "when all pass: redeal (same dealer, at most `redeals` times, then the deal passes), play_nt "
        "(no trumps, 10 a trick to whoever takes it), pass_deal, dealer_must_bid; auto = redeal for "
        "partnerships, play_nt for each-for-himself",
        choices=("auto", "redeal", "play_nt", "pass_deal", "dealer_must_bid"),
    ),
    Option("redeals", 2, "no_bid=redeal: how many times the same dealer redeals", minimum=0, maximum=10),
    Option(
        "raise_after_kitty",
        "auto",
        "the contractor may raise his contract after the kitty (contract 8S); auto = false for "
        "partnerships, true for each-for-himself (American preferans)",
        choices=("auto", "true", "false"),
    ),
    Option("slam", True, "all ten tricks on a bid worth less than 250 score 250"),
    Option(
        "misere_trick_points",
        True,
        "in a misère the defenders too score 10 for each trick they take (seeds: 'whatever the outcome')",
    ),
    Option(
        "trick_points", True, "the defenders score 10 a trick (false: only contracts score — an Australian variant)"
    ),
    Option("goal", 500, "points to win; minus this many loses", minimum=100, maximum=10000),
    Option(
        "win_by_bid",
        False,
        "a side can win only by making a contract (Australian): at the goal by trick points it plays on",
    ),
    Option(
        "goal_tie",
        "contractor",
        "two sides at the goal on one deal: the contractor's side wins (contractor), or the higher score (higher)",
        choices=("contractor", "higher"),
    ),
    Option(
        "minus_goal",
        "loses",
        "a side at minus the goal loses (loses), or only if the other side is not negative too (if_other_not_negative)",
        choices=("loses", "if_other_not_negative"),
    ),
    Option(
        "exact_goal",
        False,
        "Walker Ultimate 500: a side wins only at exactly the goal; at twice the goal or at minus the goal it loses",
    ),
    Option(
        "points_spread",
        False,
        "the match also ends when one side is negative, the other positive and they are the goal or more apart",
    ),
    Option(
        "stop_at_goal",
        False,
        "the 1904 rule: once a defending side reaches the goal by its tricks the deal stops, unless the "
        "contractor can still make his contract and reach the goal",
    ),
    Option(
        "set_margin",
        0,
        "setting/ralphing: a contractor who falls this many tricks short (2: setting, 3: ralphing) may not bid "
        "the next deal; 0 = off",
        minimum=0,
        maximum=10,
    ),
    Option(
        "breaking",
        0,
        "the breaking rule: before the play of a contract of 7 or more a defender may say break (he will "
        "beat it by two tricks); this many points to his side if he does, from it if not; 0 = off",
        minimum=0,
        maximum=1000,
    ),
    Option(
        "claim",
        "off",
        "the contractor on lead whose every card is sure to win may claim the remaining tricks (claim): "
        "off, on, or penalty (a claim costs his side 100)",
        choices=("off", "on", "penalty"),
    ),
    Option("failed_to_other", False, "a failed contract's value is scored to the other side instead (French-Canadian)"),
    Option("no_negative", False, "points are never taken away: a failed contract costs nothing (French-Canadian)"),
    *MANY_OPTIONS,
    Option(
        "form",
        "auto",
        "how 2 or 3 play: dummies (2: each plays his hand and a dummy of 5 face-down cards under 5 face-up), "
        "dead_hand (2: the three-handed game, 3: a 43/45-card deck; a fourth hand dealt out of play), "
        "table_cards (2: 52 cards, 8 face-up table cards), drawing (2: hands drawn from the stock); "
        "auto = dummies for 2, the form's own game otherwise",
        choices=("auto", "dummies", "dead_hand", "table_cards", "drawing"),
    ),
    Option(
        "kitty_up",
        False,
        "the last card dealt to the kitty is turned face up for all to see (a French-Canadian variant)",
    ),
)
