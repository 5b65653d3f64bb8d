"""The preferans table in words and the score sheet drawn the way players keep it: for every
player his pulya, his gora and his whists on each opponent, each as the running chain of totals
(``2.4.6.10``), whists with their fractions as players write them (``281⅓``)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from prikup.cli.sheet_table import fits, table_lines
from prikup.cli.views import GameView, Who, is_you, seat_names
from prikup.cli.words import call_words, cards, number, signed, sort_cards, tw
from prikup.core.game import Phase, State
from prikup.core.observation import Observation
from prikup.games.obs_preferans import ObsPreferans
from prikup.games.preferans_sheet import Sheet, balances
from prikup.i18n import t

__all__ = ["PreferansView", "chain"]

#: how many of a cell's latest totals the sheet keeps, tried in turn until it fits its width
_KEEPS = (12, 6, 3, 1)


def chain(values: Sequence[Fraction | int], *, show_zero: bool = False, keep: int = 12) -> str:
    """The running totals of one cell of the sheet, each change appended: ``10.9.7``; a long
    cell keeps its latest ``keep`` totals (``…`` for the ones left out; ``keep=1``: the total)."""
    out: list[str] = []
    last: Fraction | int | None = None
    for v in values:
        if v != last:
            if v != 0 or show_zero or out:
                out.append(number(v))
            last = v
    if len(out) > keep:  # "…83.98": the earlier totals left out
        return "…" + ".".join(out[-(keep - 1) :]) if keep > 1 else out[-1]
    return ".".join(out) if out else "—"


def _said(word: str, lang: str) -> str:
    key = f"cli.act_{word.replace('-', '_')}"
    return t(key, lang)


class PreferansView(GameView):
    """Pulya, gora and whists on each opponent, per player; the deal's moments in the status."""

    def status(self, obs: Observation, who: Who | None = None, lang: str = "en") -> list[str]:
        """The contract, the whisting and the between-deals questions."""
        if not isinstance(obs, ObsPreferans):
            return []
        name = who or seat_names(lang)
        plain = who is None
        lines: list[str] = []
        question = obs.settle_question
        to_act = obs.to_act
        if question == "pulya" and to_act is not None:
            lines.append(t("cli.pf_settle_pulya", lang, who=name(to_act)))
        elif question == "gora" and to_act is not None:
            lines.append(t("cli.pf_settle_gora", lang, who=name(to_act)))
        if obs.raspasy:
            lines.append(t("cli.pf_raspasy", lang))
        if obs.contract and obs.declarer is not None:
            line = t("cli.pf_contract_by", lang, contract=call_words(obs.contract, lang), who=name(obs.declarer))
            if obs.whisters:
                kind = t("cli.pf_alone", lang) if obs.lone_whister is not None else t("cli.pf_both", lang)
                if obs.open_play is not None:
                    kind += ", " + (t("cli.pf_open", lang) if obs.open_play else t("cli.pf_closed", lang))
                line += "; " + t("cli.pf_whisting_by", lang, who=", ".join(name(s) for s in obs.whisters), kind=kind)
            lines.append(line)
        if obs.whist_calls:
            lines.append(
                t("cli.pf_whisting", lang) + ": " + ", ".join(f"{name(s)} {_said(w, lang)}" for s, w in obs.whist_calls)
            )
        if obs.half_calls:
            said = ", ".join(f"{s if plain else name(s)} {w if plain else _said(w, lang)}" for s, w in obs.half_calls)
            line = t("cli.pf_half", lang) + ": " + said
            if obs.half_partner is not None:
                line += " " + t("cli.pf_half_shares", lang, who=name(obs.half_partner))
            lines.append(line)
        if to_act == obs.declarer and obs.half_partner is not None and obs.tricks:
            if len(obs.tricks) == 10 and obs.half_split is None:
                lines.append(t("cli.pf_half_split", lang))
        if obs.hand_to_play is not None and obs.hand_to_play != to_act and to_act is not None:
            lines.append(t("cli.pf_plays_hand_of", lang, who=name(to_act), whose=name(obs.hand_to_play)))
        for seat, held in sorted(obs.hands_seen.items()):
            lines.append(t("cli.pf_hand_of", lang, who=name(seat), cards=cards(sort_cards(held), lang)))
        if obs.tricks_won and obs.phase is Phase.PLAY:
            won = obs.tricks_won
            lines.append(t("cli.tricks_taken", lang) + " — " + ", ".join(f"{name(s)}: {won[s]}" for s in obs.active))
        sheet = obs.sheet
        lines.append(
            t("pulya", lang)
            + " "
            + " ".join(f"{p}/{sheet.target}" for p in sheet.pulya)
            + "   "
            + t("gora", lang)
            + " "
            + " ".join(map(str, sheet.gora))
        )
        return lines

    def sentence(
        self, result: dict[str, Any], changes: Sequence[object], who: Who | None = None, lang: str = "en"
    ) -> str:
        """``Ivan played 7♥ and took 7 tricks: made; whist: Peter``, raspasy with its tricks."""
        name = who or seat_names(lang)
        outcome = str(result.get("outcome", ""))
        tricks = (
            {int(s): n for s, n in (result.get("tricks") or {}).items()}
            if isinstance(result.get("tricks"), dict)
            else {}
        )
        if outcome == "raspasy":
            return t("cli.pf_r_raspasy", lang, tricks=", ".join(f"{name(s)} {n}" for s, n in sorted(tricks.items())))
        if outcome == "gora settled":
            return tw(
                "cli.pf_r_gora_settled", lang, is_you(name(int(result["seat"])), lang), who=name(int(result["seat"]))
            )
        declarer = result.get("declarer")
        if declarer is None:
            return t("cli.deal_scored", lang)
        dname = name(int(declarer))
        you = is_you(dname, lang)
        game = call_words(str(result.get("contract") or result.get("bid")), lang)
        took = tricks.get(int(declarer), 0)
        whisters = result.get("whisters") or []
        whist = "; " + t("cli.pf_r_whisted", lang, who=", ".join(name(int(w)) for w in whisters)) if whisters else ""
        key = {
            "made": "cli.pf_r_made",
            "failed": "cli.pf_r_failed",
            "for his own": "cli.pf_r_own",
            "misère made": "cli.pf_r_misere_made",
            "misère failed": "cli.pf_r_misere_failed",
        }.get(outcome, "cli.deal_scored")
        return tw(key, lang, you, who=dname, game=game, tricks=took, whist=whist)

    def sheet_parts(
        self, state: State, who: Who | None = None, lang: str = "en", width: int | None = None
    ) -> tuple[list[str], list[str]]:
        """The whole sheet after the last deal, with each cell's running totals; within ``width``
        characters when given, the chains shortened to their latest totals first."""
        name = who or seat_names(lang)
        history: list[Sheet] = list(getattr(state, "sheets", []))
        current = getattr(state, "sheet", None)
        if not isinstance(current, Sheet):
            return super().sheet_parts(state, who, lang, width)
        first = _first_sheet(state, current)
        steps = [first, *history]
        if steps[-1] != current:
            steps.append(current)
        n = current.players
        heads = [name(p) for p in range(n)]
        lines: list[str] = []
        for keep in _KEEPS:
            rows: list[tuple[str, list[str]]] = [
                (
                    t("cli.pf_pulya_to", lang, target=current.target),
                    [chain([s.pulya[p] for s in steps], keep=keep) for p in range(n)],
                ),
                (t("gora", lang), [chain([s.gora[p] for s in steps], show_zero=True, keep=keep) for p in range(n)]),
            ]
            for o in range(n):
                cells = ["·" if p == o else chain([s.whists[p][o] for s in steps], keep=keep) for p in range(n)]
                rows.append((t("cli.pf_whists_on", lang, who=name(o)), cells))
            rows.append((t("result", lang), [_signed(b) for b in balances(current)]))
            lines = table_lines("", heads, rows, width=width, align="<", min_column=10, cut=keep == _KEEPS[-1])
            if fits(lines, width):
                break
        return lines, []


def _signed(value: int | Fraction) -> str:
    return signed(value)


def _first_sheet(state: State, current: Sheet) -> Sheet:
    from prikup.games.preferans_sheet import new_sheet

    game = state.game
    target = game.options.get("pulya", current.target)
    start = game.options.get("start_gora", 0)
    assert isinstance(target, int) and isinstance(start, int)
    return new_sheet(current.players, target, start)


#: This game's terminal view (registered by its entry in ``prikup.games.spec.SPECS``).
VIEW = PreferansView()
