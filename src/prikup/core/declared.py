"""What a declared word of the core is: a value created once by its declaration and found again
by its name or its text (:class:`~prikup.core.phases.Phase`, :class:`~prikup.core.actions.ActionKind`)."""

from __future__ import annotations

from typing import Any, Self

__all__ = ["Declared"]


class Declared:
    """An immutable declared value: compared by identity, copied and unpickled as itself (by its
    text), printed as its text and represented as ``Class.NAME``."""

    __slots__ = ()

    name: str
    value: str

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__}.{self.name} is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.value,))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
