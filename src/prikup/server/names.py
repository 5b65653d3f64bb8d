"""Cleaning of names that people type: the same input gives the same stored name on every database."""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME", "clean_name"]

#: The longest stored name, in characters.
MAX_NAME = 32


def clean_name(value: object, limit: int = MAX_NAME) -> str | None:
    """A name fit to store and show, or None if nothing is left.

    NFC-normalised; control, format (bidi overrides, zero-width), surrogate, private-use and
    unassigned characters removed (NUL included, which PostgreSQL refuses); white space (tabs and
    new lines too) made single spaces; cut to ``limit`` characters.  Anything but a string gives None.
    """
    if not isinstance(value, str):
        return None
    text = unicodedata.normalize("NFC", value)
    text = "".join(
        " " if ch.isspace() else ch for ch in text if ch.isspace() or not unicodedata.category(ch).startswith("C")
    )
    text = " ".join(text.split())[:limit].strip()
    return text or None
