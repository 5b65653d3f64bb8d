"""Terminal words for Five Hundred: the contract and its maker, your partner, the tricks per side,
the misère moments, the shown voids; a sentence per deal and a score sheet by side or by player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prikup.cli.sheet_table import table_lines
from prikup.cli.views import GameView, Who, is_you, seat_names
from prikup.cli.words import call_words, card, cards, number, signed, sort_cards, strain, tw
from prikup.core.cards import SUIT_SYMBOLS, Suit
from prikup.core.game import Phase, State
from prikup.core.observation import Observation
from prikup.games.five_hundred import GameFiveHundred
from prikup.games.obs_five_hundred import ObsFiveHundred
from prikup.i18n import t

__all__ = ["FiveHundredView"]


_OUTCOMES = {
    "redeal": "cli.outcome_redeal",
    "passed out": "cli.outcome_passed_out",
    "misdeal": "cli.outcome_misdeal",
    "no bid, played in no-trump": "cli.outcome_no_bid",
}


def call_short(call: str) -> str:
    """A call as written on the sheet: the notation with suit symbols (``7♠``, ``OMIS``)."""
    if call[-1:] in Suit.__members__ and call[:-1].isdigit():
        return call[:-1] + SUIT_SYMBOLS[Suit[call[-1]]]
    return call


def _side(units: Sequence[Sequence[int]], seat: int, name: Who, lang: str) -> str:
    for unit in units:
        if seat in unit and len(unit) > 1:
            return t("cli.and", lang).join(name(s) for s in unit)
    return name(seat)


def _partners(units: Sequence[Sequence[int]], seat: int) -> list[int]:
    """The seat's partners: one across the table with four, two team-mates with six in threes."""
    for unit in units:
        if seat in unit and len(unit) > 1:
            return [s for s in unit if s != seat]
    return []


#: a face-down card, as the terminal shows it
CARD_BACK = "🂠"


def _form_lines(obs: ObsFiveHundred, name: Who, lang: str) -> list[str]:
    """The forms of 2 players and the dead hand: the dummies (face-down cards as backs) and whose
    turn a dummy's is, the table cards, the dead cards, the card drawn and the stock."""
    lines = []
    for dummy in obs.dummies:
        backs = " ".join([CARD_BACK] * dummy.face_down)
        shown = cards(sort_cards(dummy.face_up), lang) or "—"
        lines.append(t("cli.fh_dummy", lang, who=name(dummy.hand), cards=shown, backs=backs or "—"))
    legal = [a.card for a in obs.legal_actions or () if a.card is not None and a.kind.value == "play"]
    if obs.dummies and legal and obs.hand is not None and not set(legal) <= set(obs.hand):
        lines.append(t("cli.fh_dummy_turn", lang))
    if obs.table_cards:
        lines.append(t("cli.fh_table_cards", lang, cards=cards(obs.table_cards, lang)))
        verbs = {a.kind.value for a in obs.legal_actions or ()}
        if obs.to_act is not None and obs.to_act == obs.seat:  # the table-card form's own moments
            if obs.phase.value == "pick":
                lines.append(t("cli.fh_pick", lang))
            elif obs.phase.value == "exchange":
                lines.append(t("cli.fh_table_keep" if "keep" in verbs else "cli.fh_table_discard", lang))
        if obs.phase.value in ("pick", "auction"):
            held = obs.kitty_size
            if obs.phase.value == "pick" and obs.to_act in obs.active:
                # the kitty being made: a table card from each player in turn from the dealer's left
                held -= len(obs.active) - obs.active.index(obs.to_act)
            lines.append(t("cli.fh_kitty_n", lang, n=held))
    if obs.dead_size:
        lines.append(t("cli.fh_dead", lang, n=obs.dead_size))
    if obs.drawn is not None:
        lines.append(t("cli.fh_drawn", lang, card=cards([obs.drawn], lang)))
    if obs.stock_size:
        lines.append(t("cli.fh_stock", lang, n=obs.stock_size))
    if obs.set_aside and obs.phase is not Phase.PLAY:
        lines.append(t("cli.fh_set_aside", lang, cards=cards(obs.set_aside, lang)))
    return lines


class FiveHundredView(GameView):
    """Five Hundred's status lines, sentences and score sheet."""

    def action_text(self, state: State, shown: str, lang: str = "en", you: bool = False) -> str | None:
        """The drawing form's draws in their own words: the first card seen and kept, or set
        aside (the opponent's draw hides both cards); a table card given to the kitty; another's
        discard face down said as one; every other action in the common words."""
        game = state.game
        verb, _, rest = shown.partition(" ")
        if not isinstance(game, GameFiveHundred):
            return None
        if verb == "give" and game.form is not None and game.form.name == "table_cards":
            return tw("cli.fh_to_kitty", lang, you, card=card(rest, lang))  # a table card, face up, to the kitty
        if verb not in ("keep", "discard"):
            return None
        drawing = game.form is not None and game.form.name == "drawing"
        if not drawing or state.observation(None, with_legal=False).calls:  # not a draw: a discard
            return t("cli.fh_discard_hidden", lang) if (verb, rest) == ("discard", "a card") else None
        if rest == "a card":
            return t("cli.fh_draw_hidden", lang)
        key = "cli.fh_draw_keep" if verb == "keep" else "cli.fh_draw_set_aside"
        return tw(key, lang, you, card=card(rest, lang))

    def status(self, obs: Observation, who: Who | None = None, lang: str = "en") -> list[str]:
        """Contract and contractor, partner, tricks per side, misère partner out, open hand, voids."""
        if not isinstance(obs, ObsFiveHundred):
            return []
        name = who or seat_names(lang)
        lines: list[str] = []
        units = obs.units
        seat = obs.seat
        partners = _partners(units, seat) if seat is not None else []
        if len(partners) == 1:
            lines.append(t("cli.your_partner", lang, who=name(partners[0])))
        elif partners:
            lines.append(t("cli.your_partners", lang, who=", ".join(name(s) for s in partners)))
        if obs.no_bid_play:
            lines.append(t("cli.fh_no_bid_play", lang))
        elif obs.contract and obs.declarer is not None:
            lines.append(t("cli.fh_contract_by", lang, contract=call_words(obs.contract, lang), who=name(obs.declarer)))
        if obs.called is not None:  # five players: the partner card and, once public, its holder
            known = obs.called_partner
            key = "cli.fh_called_known" if known is not None else "cli.fh_called_secret"
            lines.append(t(key, lang, card=card(obs.called, lang), who=name(known) if known is not None else ""))
        if obs.phase is Phase.DISCARD and obs.discards_left and obs.to_act is not None:
            # the contractor, or under the double misère's pass his partner
            key = "cli.fh_discards_left_you" if is_you(name(obs.to_act), lang) else "cli.fh_discards_left"
            lines.append(t(key, lang, who=name(obs.to_act), n=obs.discards_left))
        if obs.phase.value == "give" and obs.discards_left and obs.to_act is not None:
            lines.append(t("cli.fh_gives_left", lang, who=name(obs.to_act), n=obs.discards_left))
        if obs.phase.value == "partner" and obs.to_act is not None and obs.to_act == seat:
            lines.append(t("cli.fh_call_partner", lang))  # five players: the contractor's call
        if obs.phase.value == "claim" and obs.to_act is not None:
            lines.append(t("cli.fh_may_claim", lang, who=name(obs.to_act)))
        if obs.phase.value == "break" and obs.to_act is not None:
            lines.append(t("cli.fh_may_break", lang, who=name(obs.to_act)))
        breaker = next((s for s, c in obs.calls if c == "break"), None)
        if breaker is not None and obs.phase is Phase.PLAY:
            lines.append(t("cli.fh_broken_by", lang, who=name(breaker)))
        if obs.tricks_won and obs.phase is Phase.PLAY:
            won = list(obs.tricks_won)
            if obs.dummies:  # a player's tricks and his dummy's
                won = [won[s] + (won[s + 2] if s + 2 < len(won) else 0) for s in range(len(won))]
            parts = [
                f"{_side(units, u[0], name, lang)}: {sum(won[s] for s in u)}"
                for u in units
                if any(s in obs.active for s in u)
            ]
            lines.append(t("cli.tricks_taken", lang) + " — " + ", ".join(parts))
        lines += _form_lines(obs, name, lang)
        if obs.kitty_shown is not None:
            lines.append(t("cli.fh_kitty_shown", lang, card=cards([obs.kitty_shown], lang)))
        if obs.sitting_out:
            lines.append(t("cli.fh_sitting_out", lang, who=", ".join(name(s) for s in obs.sitting_out)))
        for shown in obs.open_hands or ((obs.open_hand,) if obs.open_hand else ()):
            # an open misère's hand; double shields' and patastrophe's (both partners') open hands
            key = "cli.fh_open_misere" if obs.contract == "OMIS" else "cli.fh_open_hand"
            lines.append(t(key, lang, who=name(shown.seat), cards=cards(sort_cards(shown.cards), lang)))
        if obs.trick_suit is not None and obs.trick and obs.trick[0].named is not None:
            lines.append(t("cli.fh_joker_led_as", lang, suit=strain(obs.trick_suit, lang)))
        shown_voids = [f"{name(s)}: {' '.join(strain(x, lang) for x in v)}" for s, v in enumerate(obs.voids) if v]
        if shown_voids:
            lines.append(t("cli.fh_voids", lang) + " — " + "; ".join(shown_voids))
        return lines

    def sentence(
        self, result: dict[str, Any], changes: Sequence[object], who: Who | None = None, lang: str = "en"
    ) -> str:
        """``Ivan and Simon played 7♠ and took 8 tricks: made, +140``."""
        name = who or seat_names(lang)
        outcome = str(result.get("outcome", ""))
        if outcome == "redeal":
            return t("cli.fh_redeal", lang)
        if outcome == "passed out":
            return t("cli.fh_passed_out", lang)
        if outcome == "misdeal":
            return t("cli.fh_misdeal", lang)
        if "contractor" not in result:
            return t("cli.fh_no_bid_result", lang)
        contractor = int(result["contractor"])
        partner = None
        if (
            len(changes) == 4
            and changes[contractor] == changes[(contractor + 2) % 4]
            and changes[(contractor + 1) % 4] == changes[(contractor + 3) % 4]
        ):
            partner = (contractor + 2) % 4
        if result.get("partner") is not None:  # five players: the called card's holder
            partner = int(result["partner"])
        side = name(contractor) + (t("cli.and", lang) + name(partner) if partner is not None else "")
        if result.get("called"):
            side += f" ({card(str(result['called']), lang)})"
        change = signed(changes[contractor]) if len(changes) > contractor else ""
        said = t(
            "cli.fh_result",
            lang,
            who=side,
            contract=call_words(str(result.get("contract")), lang),
            tricks=result.get("tricks"),
            outcome=t(f"cli.outcome_{outcome}", lang),
            change=change,
        )
        return " ".join([said, *self._moments(result, name, lang)])

    @staticmethod
    def _moments(result: dict[str, Any], name: Who, lang: str) -> list[str]:
        """The deal's variant moments in words: a claim, a break and its outcome, a stop, a set."""
        out: list[str] = []
        if "claimed_at" in result:
            key = "cli.fh_claimed_penalty" if result.get("claim_penalty") else "cli.fh_claimed"
            out.append(t(key, lang, who=name(int(result["contractor"])), n=result["claimed_at"]))
        if "broken_by" in result:
            points = int(result.get("break_points", 0))
            key = "cli.fh_break_won" if points > 0 else "cli.fh_break_lost"
            out.append(t(key, lang, who=name(int(result["broken_by"])), points=signed(points)))
        if result.get("outcome") == "stopped" and "stopped_after" in result:
            out.append(t("cli.fh_stopped", lang, n=result["stopped_after"]))
        if "set" in result:
            out.append(t("cli.fh_set", lang, who=name(int(result["set"]))))
        return out

    def sheet_parts(
        self, state: State, who: Who | None = None, lang: str = "en", width: int | None = None
    ) -> tuple[list[str], list[str]]:
        """One line per finished deal: the contract, its outcome, and every side's running score
        (within ``width``: the outcomes and the sides' names are cut first, never a score)."""
        name = who or (lambda s: str(s))
        game = state.game
        units: list[tuple[int, ...]] = (
            list(game.units()) if isinstance(game, GameFiveHundred) else [(s,) for s in range(game.players)]
        )
        heads = ["+".join(name(s) for s in u) if len(u) > 1 else name(u[0]) for u in units]
        rows: list[tuple[str, list[str]]] = []
        for i, log in enumerate(state.deals, 1):
            if log.scores_after is None:
                continue
            r = log.result
            if "contractor" in r:
                said = t("cli.outcome_" + str(r["outcome"]), lang)
                what = f"{call_short(str(r.get('contract', '')))} {name(r['contractor'])} {said}"
            else:
                what = t(_OUTCOMES.get(str(r.get("outcome", "")), "cli.deal_scored"), lang)
            rows.append((f"{i:>4}  {what}", [number(log.scores_after[u[0]]) for u in units]))
        head = f"{t('cli.deal_short', lang)}  {t('contract', lang)}"
        return table_lines(head, heads, rows, width=width), []


#: This game's terminal view (registered by its entry in ``prikup.games.spec.SPECS``).
VIEW = FiveHundredView()
