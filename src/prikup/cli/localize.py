"""The command line in the user's language: help texts, the help screen's headings, usage errors.

The language is chosen before the command line is built: ``--lang X`` (or ``--lang=X``) anywhere
in the arguments, else the ``PRIKUP_LANG`` environment variable, else English
(:func:`pick_lang`).  :func:`localize` then sets every command's and option's help from the
message catalogue (``cli.help.<command>`` and ``cli.help.<command>.<option>`` in
``locales/cli.json``), makes the chosen language the default of every ``--lang`` option, and
words the help screen (headings, the usage line, ``--help``) in it.  A ``--lang`` value that is not
a language builds the English command line; the command then refuses the value in one line.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from prikup.i18n import LANGS, catalogue, t

__all__ = ["HEADINGS", "help_key", "localize", "only_lang", "pick_lang", "usage_error"]

#: typer's help-screen headings (``typer.rich_utils`` constants) → catalogue keys.
HEADINGS = {
    "ARGUMENTS_PANEL_TITLE": "cli.help_panel_arguments",
    "OPTIONS_PANEL_TITLE": "cli.help_panel_options",
    "COMMANDS_PANEL_TITLE": "cli.help_panel_commands",
    "DEFAULT_STRING": "cli.help_default",
    "REQUIRED_LONG_STRING": "cli.help_required",
}


def pick_lang(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of this run: ``--lang`` in ``argv``, else ``PRIKUP_LANG``, else ``en``."""
    chosen = environ.get("PRIKUP_LANG", "en")
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            chosen = argv[i + 1]
            break
        if arg.startswith("--lang="):
            chosen = arg.partition("=")[2]
            break
    return chosen if chosen in LANGS else "en"


def only_lang(argv: Sequence[str]) -> bool:
    """True when ``argv`` holds nothing but ``--lang`` (then the program's help is shown)."""
    rest = [a for a in argv if not a.startswith("--lang=")]
    if "--lang" in rest:
        i = rest.index("--lang")
        del rest[i : i + 2]
    return not rest


def help_key(command: str | None, param: str | None = None) -> str:
    """The catalogue key of a command's help (``command=None``: the program's) or an option's."""
    if command is None:
        return "cli.help.app"
    return f"cli.help.{command}" + (f".{param}" if param else "")


def _set_help(obj: Any, key: str, lang: str) -> None:
    if key in catalogue():
        obj.help = t(key, lang)


def localize(group: Any, lang: str) -> None:
    """Word the click ``group`` built from the typer app (its commands and options) in ``lang``."""
    _set_help(group, help_key(None), lang)
    _word_help_screen(group, lang)
    _word_params(group, "root", lang)
    for name, command in group.commands.items():
        _set_help(command, help_key(name), lang)
        command.short_help = None
        _word_help_screen(command, lang)
        _word_params(command, name, lang)
    rich = importlib.import_module("typer.rich_utils")
    for attr, key in HEADINGS.items():
        setattr(rich, attr, t(key, lang))


def _word_params(command: Any, name: str, lang: str) -> None:
    """Every option's help of one command in ``lang``; ``--lang`` defaults to ``lang``."""
    for param in command.params:
        _set_help(param, help_key(name, param.name), lang)
        _word_type(param, lang)
        if param.name == "lang":
            param.default = lang


def _word_type(param: Any, lang: str) -> None:
    """The kind of value an option takes, as the help screen shows it, in ``lang``: nothing for a
    flag (typer shows ``<bool>``, as if it took a value), ``<text>``, ``<integer>``, ``<path>`` …
    for the others, ``…`` after it when the option may be given again."""
    shown = getattr(param, "display_type_rich", None)
    if shown is None:  # not a typer parameter: click shows its own metavar
        return

    def display_type_rich(ctx: Any) -> str | None:
        if getattr(param, "is_flag", False):
            return None
        label: str | None = shown(ctx)
        if not label or not label.startswith("<"):
            return label
        bare = label.strip("<>")
        many = bare.startswith("list[") and bare.endswith("]")
        if many:
            bare = bare[5:-1]
        key = f"cli.help_type_{bare}"
        word = t(key, lang) if key in catalogue() else bare
        return f"<{word}>" + (" …" if many else "")

    param.display_type_rich = display_type_rich


def _word_help_screen(command: Any, lang: str) -> None:
    """The usage line's prefix and the ``--help`` option's help of one command, in ``lang``."""
    make_help = command.get_help_option
    usage = t("cli.help_usage", lang) + " "

    def get_help_option(ctx: Any) -> Any:
        option = make_help(ctx)
        if option is not None:
            option.help = t("cli.help_help", lang)
            _word_type(option, lang)
        return option

    def format_usage(ctx: Any, formatter: Any) -> None:
        formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)), prefix=usage)

    command.get_help_option = get_help_option
    command.format_usage = format_usage
    command.options_metavar = t("cli.help_options_metavar", lang)
    if hasattr(command, "subcommand_metavar"):
        command.subcommand_metavar = t("cli.help_command_metavar", lang)


def usage_error(exc: Any, click: Any, lang: str) -> str:
    """A command-line usage error (click's) as one line in ``lang``, pointing to ``--help``."""
    ctx = exc.ctx
    where = f"prikup {ctx.info_name} --help" if ctx is not None and ctx.parent is not None else "prikup --help"
    if lang == "en":
        return f"{' '.join(exc.format_message().split())} (see {where})"
    if isinstance(exc, click.NoSuchOption):
        text = t("cli.usage_no_option", lang, option=exc.option_name)
    elif isinstance(exc, click.MissingParameter):
        text = t("cli.usage_missing", lang, param=_hint(exc))
    elif isinstance(exc, click.BadParameter):
        text = t("cli.usage_bad_value", lang, param=_hint(exc))
    elif isinstance(exc, click.BadOptionUsage):
        text = t("cli.usage_needs_value", lang, option=exc.option_name)
    elif exc.message.startswith("No such command"):
        known = ", ".join(ctx.command.commands) if ctx is not None and hasattr(ctx.command, "commands") else ""
        text = t("cli.usage_no_command", lang, name=exc.message.split("'")[1], known=known)
    elif exc.message.startswith("Got unexpected extra argument"):
        text = t("cli.usage_extra", lang, args=exc.message.rpartition("(")[2].rstrip(")"))
    else:
        text = t("cli.usage_other", lang, message=" ".join(exc.format_message().split()))
    return t("cli.usage_see", lang, text=text, where=where)


def _hint(exc: Any) -> str:
    if exc.param_hint is not None:
        hint = exc.param_hint
        return " / ".join(hint) if isinstance(hint, list | tuple) else str(hint)
    if exc.param is not None:
        return " / ".join(exc.param.opts) if exc.param.opts else str(exc.param.name)
    return "?"
