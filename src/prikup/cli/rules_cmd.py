"""``prikup rules GAME [--lang ru]``: a game's rules, printed in the terminal.

The pages are the package's own Markdown files (``prikup/docs/rules/<game>.md`` and
``<game>.ru.md``), the same files the documentation site is built from.
"""

from __future__ import annotations

from importlib.resources import files
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from prikup.core.errors import PrikupError
from prikup.games import GAMES, find_game
from prikup.i18n import LANGS, t

__all__ = ["rules", "rules_page"]


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise PrikupError(t("cli.err_lang", "en", name=lang, langs=", ".join(LANGS)))


def rules_page(game: str, lang: str = "en") -> str:
    """The Markdown text of a game's rules page; ``game`` is an id or alias (``prikup games``),
    ``lang`` one of :data:`prikup.i18n.LANGS`.  Raises :class:`PrikupError` naming what is allowed."""
    _check_lang(lang)
    game_id = find_game(game).id
    name = f"{game_id}.md" if lang == "en" else f"{game_id}.{lang}.md"
    return (files("prikup") / "docs" / "rules" / name).read_text(encoding="utf-8")


def rules(
    game: Annotated[str | None, typer.Argument()] = None,
    lang: Annotated[str, typer.Option()] = "en",
) -> None:
    """Print a game's rules: cards, deal, auction, talon, play, scoring, every option."""
    try:
        _check_lang(lang)
        if game is None:
            out = Console(highlight=False)
            for gid, cls in GAMES.items():
                out.print(f"{gid:<13} {cls.title if lang == 'en' else cls.title_ru}")
            out.print(t("rulebook.hint", lang))
            return
        text = rules_page(game, lang)
    except PrikupError as exc:
        from prikup.cli.teach import describe

        text = describe(exc, lang if lang in LANGS else "en")
        Console(stderr=True, highlight=False).print(f"[red]{t('cli.error', lang)}:[/red] {escape(text)}")
        raise typer.Exit(1) from None
    Console(highlight=False).print(Markdown(text))
