"""Checks made before a command starts its work, each failing with one line: output paths,
folders, ports, database URLs, and the optional extras a command needs."""

from __future__ import annotations

import importlib
import os
import socket
from pathlib import Path

from prikup.core.errors import PrikupError
from prikup.i18n import t

__all__ = ["CliError", "check_db", "check_folder", "check_output_file", "check_port", "require_extra"]

#: The modules each extra brings, as the commands import them.
EXTRAS = {
    "server": ("fastapi", "uvicorn", "sqlalchemy"),
    "arena": ("openskill", "matplotlib"),
}


class CliError(PrikupError):
    """A command's bad argument or missing piece, said in one line."""


def require_extra(command: str, extra: str, *modules: str, lang: str = "en") -> None:
    """Fail with the one line naming the extra to install if one of its modules is missing."""
    for name in modules or EXTRAS[extra]:
        try:
            importlib.import_module(name)
        except ImportError:
            raise CliError(t("cli.err_needs_extra", lang, command=command, extra=extra)) from None


def check_output_file(path: Path, option: str, lang: str = "en") -> None:
    """A file to be written after the work: its folder exists and is writable, it is no folder."""
    if path.is_dir():
        raise CliError(t("cli.err_is_folder", lang, option=option, path=path))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise CliError(t("cli.err_no_folder", lang, option=option, path=path, folder=folder))
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CliError(t("cli.err_not_writable", lang, option=option, path=path, why="permission denied"))


def check_folder(path: Path, option: str, lang: str = "en") -> None:
    """A folder to write files into: it exists (nothing is created silently) and is writable."""
    if not path.exists():
        raise CliError(t("cli.err_no_folder", lang, option=option, path=path, folder=path))
    if not path.is_dir():
        raise CliError(t("cli.err_not_folder", lang, option=option, path=path))
    if not os.access(path, os.W_OK):
        raise CliError(t("cli.err_not_writable", lang, option=option, path=path, why="permission denied"))


def check_port(host: str, port: int, lang: str = "en") -> None:
    """A port in 1..65535 that ``host`` can listen on now."""
    if not 1 <= port <= 65535:
        raise CliError(t("cli.err_port", lang, port=port))
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise CliError(t("cli.err_port_busy", lang, port=port, host=host, why=exc.strerror or exc)) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise CliError(t("cli.err_port_busy", lang, port=port, host=host, why=exc.strerror or exc)) from None


def _shown(url: str) -> str:
    """A database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, where = rest.rsplit("@", 1)
        user = creds.split(":", 1)[0]
        return f"{scheme}://{user}@{where}"
    return url


def check_db(url: str, lang: str = "en") -> str:
    """Open the database once (creating the server's tables): a known kind, reachable; returns
    the URL as it may be shown (no password)."""
    from sqlalchemy.exc import SQLAlchemyError

    from prikup.server.storage import Storage

    scheme = url.split("://", 1)[0] if "://" in url else url
    if scheme.split("+")[0] not in ("sqlite", "postgresql", "postgres"):
        raise CliError(t("cli.err_db_scheme", lang, url=_shown(url), scheme=scheme))
    try:
        Storage(url).close()
    except (SQLAlchemyError, OSError, ValueError, ImportError) as exc:
        why = " ".join(str(getattr(exc, "orig", None) or exc).split())
        raise CliError(t("cli.err_db_unreachable", lang, url=_shown(url), why=why[:200])) from None
    return _shown(url)
