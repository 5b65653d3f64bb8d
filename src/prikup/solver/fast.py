"""The solver's fast path: the same search in C (:mod:`prikup.solver._fast`, built by ``pip install``).

The pure-Python search (:mod:`prikup.solver.search` and the ``play*`` positions) is the reference:
the tests check that both give the same value for every legal move on thousands of positions.
:func:`enabled` says whether the fast path is used: the extension is built and the environment
variable ``PRIKUP_SOLVER`` is not ``python`` (set it to force the reference, e.g. to compare).
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["enabled", "module"]

_module: ModuleType | None
try:
    from prikup.solver import _fast as _module
except ImportError:  # pragma: no cover - the extension is built by every install
    _module = None
if _module is not None and getattr(_module, "__file__", None) is None:
    # run from a source tree where the extension was never built: the import found the folder of
    # the C sources (a namespace package), not the extension
    _module = None


def enabled() -> bool:
    """True when the C search is built and not switched off by ``PRIKUP_SOLVER=python``."""
    return _module is not None and os.environ.get("PRIKUP_SOLVER", "") != "python"


def module() -> ModuleType:
    """The C extension; raises ``RuntimeError`` if it is not built."""
    if _module is None:
        raise RuntimeError("prikup.solver._fast is not built: reinstall prikup (pip install .) with a C compiler")
    return _module
