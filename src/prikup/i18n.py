"""User-interface words in English and Russian, with the games' own terms.

Actions are always typed and recorded in the one notation (``bid 80``, ``play KS``); what is
translated is what the front ends say around them.
"""

from __future__ import annotations

__all__ = ["LANGS", "TERMS", "t"]

LANGS = ("en", "ru")

#: key → (English, Russian)
TERMS: dict[str, tuple[str, str]] = {
    "deal": ("Deal", "Сдача"),
    "dealer": ("dealer", "сдаёт"),
    "seat": ("seat", "место"),
    "you": ("you", "вы"),
    "scores": ("Scores", "Счёт"),
    "score_sheet": ("Score sheet", "Запись"),
    "hand": ("Your hand", "Ваши карты"),
    "dark_hand": (
        "You are dark: {n} cards face down (type 'look' to see them)",
        "Вы втёмную: {n} карт закрыто ('look' — посмотреть)",
    ),
    "talon": ("Talon", "Прикуп"),
    "auction": ("Auction", "Торговля"),
    "contract": ("Contract", "Заказ"),
    "trump": ("trumps", "козырь"),
    "no_trump": ("no-trump", "без козыря"),
    "declarer": ("declarer", "разыгрывающий"),
    "dark": ("dark", "втёмную"),
    "marriage": ("marriage", "марьяж"),
    "marriages": ("Marriages", "Марьяжи"),
    "trick": ("Trick", "Взятка"),
    "tricks": ("tricks", "взятки"),
    "to_act": ("{who} to act", "ходит {who}"),
    "your_turn": ("Your turn. Legal: {legal}", "Ваш ход. Можно: {legal}"),
    "prompt": ("action (help lists them)> ", "действие (help — список)> "),
    "legal": ("Legal actions", "Возможные действия"),
    "illegal": ("Not allowed", "Нельзя"),
    "result": ("Result", "Итог"),
    "winner": ("Winner", "Победитель"),
    "winners": ("Winners (shared)", "Победители (делят)"),
    "match_over": ("Match over", "Партия окончена"),
    "unfinished": ("Match stopped unfinished", "Партия прервана"),
    "all_pass": ("all passed", "все пас"),
    "conceded": ("conceded", "расписал"),
    "made": ("made", "сыграл"),
    "failed": ("failed", "не сыграл"),
    "saved": ("Record saved to {path}", "Запись сохранена: {path}"),
    "points": ("points", "очки"),
    "pulya": ("pulya", "пуля"),
    "gora": ("gora", "гора"),
    "whists": ("whists", "висты"),
    "sits_out": ("sits out", "отдыхает"),
}


def t(key: str, lang: str = "en", **fields: object) -> str:
    """The term ``key`` in ``lang`` with ``fields`` filled in (English if unknown)."""
    pair = TERMS.get(key)
    if pair is None:
        return key
    text = pair[1] if lang == "ru" else pair[0]
    return text.format(**fields) if fields else text
