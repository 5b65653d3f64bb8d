"""A score sheet as lines of text: a column of labels, then a column per seat or side.

Every game's terminal view draws its sheet with :func:`table_lines`.  Given the width of the panel
or terminal it is shown in, the table is narrowed to fit rather than wrapped (a wrapped line puts
a score under the wrong name, or out of sight): first the spacing between columns, then — when
``cut`` — the labels and the seats' names are shortened with an ellipsis.  A score is never cut.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["fits", "latest_lines", "table_lines"]

#: the narrowest a label column or a seat's column is cut to
_NARROWEST_LABEL = 5
_NARROWEST_COLUMN = 3


def fits(lines: Sequence[str], width: int | None) -> bool:
    """Whether every line is at most ``width`` characters (any width fits ``None``)."""
    return width is None or all(len(line) <= width for line in lines)


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, its end replaced by an ellipsis if it is longer."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def table_lines(
    corner: str,
    heads: Sequence[str],
    rows: Sequence[tuple[str, Sequence[str]]],
    *,
    width: int | None = None,
    align: str = ">",
    min_column: int = 6,
    cut: bool = True,
) -> list[str]:
    """The table as lines: ``corner`` above the labels, ``heads`` above the columns, each row's
    label then its cells (right-aligned, or left with ``align="<"``), two spaces apart and each
    column at least ``min_column`` wide.  With a ``width`` it does not fit, the columns are one
    space apart; then, if ``cut``, labels and heads are shortened (never a cell) — the lines may
    still be wider when the cells alone are."""
    labels = [corner, *(label for label, _ in rows)]
    cells = [c for _, row in rows for c in row]
    n = len(heads)

    def line(label: str, row: Sequence[str], label_w: int, col_w: int) -> str:
        return (f"{_cut(label, label_w - 1):<{label_w}}" + "".join(f"{c:{align}{col_w}}" for c in row)).rstrip()

    def draw(label_w: int, col_w: int) -> list[str]:
        head = line(corner, [_cut(h, col_w - 1) for h in heads], label_w, col_w)
        return [head, *(line(label, row, label_w, col_w) for label, row in rows)]

    widest_label = max(len(x) for x in labels)
    widest_cell = max([0, *(len(c) for c in cells)])
    widest_head = max([0, *(len(h) for h in heads)])
    lines = draw(widest_label + 2, max(min_column, widest_head + 2, widest_cell + 2))
    if fits(lines, width):
        return lines
    lines = draw(widest_label + 1, max(widest_head, widest_cell) + 1)
    if fits(lines, width) or not cut or width is None:
        return lines
    # the seats' columns as narrow as their scores allow (the names cut), then the labels cut to
    # what is left of the width
    col_w = max(_NARROWEST_COLUMN, widest_cell + 1, min(widest_head + 1, (width - _NARROWEST_LABEL) // max(n, 1)))
    label_w = max(_NARROWEST_LABEL, min(widest_label + 1, width - n * col_w))
    return draw(label_w, col_w)


def latest_lines(table: Sequence[str], height: int | None, footer: Sequence[str] = ()) -> list[str]:
    """At most ``height`` lines of a sheet: its first line (the names) and its latest rows, an
    ellipsis line for the rows left out (the earliest deals) when there is room for one, then the
    ``footer`` lines (running counts under the table) if there is room left for them."""
    if height is None or len(table) + len(footer) <= height:
        return [*table, *footer]
    if height - len(footer) < 2:  # no room for the names and a row beside the footer: no footer
        footer = ()
    room = height - len(footer)
    if len(table) <= room:
        return [*table, *footer]
    if room >= 3:
        return [table[0], "…", *table[len(table) - (room - 2) :], *footer]
    return [table[0], *table[len(table) - (room - 1) :]] if room == 2 else list(table[-1:])
