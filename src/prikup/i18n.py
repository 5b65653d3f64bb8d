"""The one message catalogue: user-interface words in English and Russian, the games' own terms.

Actions are always typed and recorded in the one notation (``bid 80``, ``play KS``); what is
translated is what the front ends say around them.  The catalogue is the JSON files of
``prikup/locales/``: each maps a key to ``{"en": ..., "ru": ...}``, one entry a line.  The keys of
``terms.json`` (the games' words and the shared front-end words) are plain (``"pass"``); every
other file's keys are prefixed with the file's name (``web.json``'s ``"lobby"`` is ``"web.lobby"``).
The terminal and the browser page (served as one JSON object per language) read the same files.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

__all__ = ["LANGS", "catalogue", "t", "words"]

LANGS = ("en", "ru")


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every key of every catalogue file → ``{"en": ..., "ru": ...}`` (read once)."""
    out: dict[str, dict[str, str]] = {}
    folder = resources.files("prikup") / "locales"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        area = entry.name[: -len(".json")]
        data = json.loads(entry.read_text(encoding="utf-8"))
        for key, pair in data.items():
            full = key if area == "terms" else f"{area}.{key}"
            if full in out:
                raise ValueError(f"catalogue key {full!r} is defined twice")
            out[full] = pair
    return out


def words(lang: str) -> dict[str, str]:
    """Every key's text in ``lang`` (English where a Russian text is missing)."""
    return {key: pair.get(lang) or pair["en"] for key, pair in catalogue().items()}


def t(key: str, lang: str = "en", **fields: object) -> str:
    """The text of ``key`` in ``lang`` with ``fields`` filled in (English if unknown)."""
    pair = catalogue().get(key)
    if pair is None:
        return key
    text = pair.get(lang) or pair["en"]
    return text.format(**fields) if fields else text
