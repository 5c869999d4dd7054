"""Letting go of what a deleted widget or document held.

Qt deletes a window's old views, panels and document when it opens another file
(``deleteLater``). Their Python wrappers can outlive the C++ objects in reference cycles
(a view and the ``Deferred`` holding its bound method, a view and its rubber band), and
the next load freezes such cycles out of the collector's reach (``gc.freeze``), so they
stayed for good, and with them the old design they held: the whole of it, 850,000
objects at 16,384 GPUs. Emptying an object's attributes when Qt deletes it breaks those
cycles' hold: what is left of a wrapper is a few hundred bytes.
"""

from __future__ import annotations

import warnings
from functools import partial
from typing import Any

from PySide6.QtCore import QObject


def empty_when_deleted(obj: QObject, *, children: bool = False) -> None:
    """Drop ``obj``'s Python attributes when Qt deletes it (``children``: those of its
    descendants made in Python too, which Qt deletes with it)."""
    targets = [obj, *obj.findChildren(QObject)] if children else [obj]
    for target in targets:
        state = getattr(target, "__dict__", None)
        if state is not None:  # a Qt class made in C++ holds no Python attributes
            target.destroyed.connect(partial(_drop_state, state))


def retire(obj: QObject) -> None:
    """``obj`` (a view, panel or dialog of a design going away) deleted by Qt's event loop,
    emptied with its descendants when it is."""
    empty_when_deleted(obj, children=True)
    obj.deleteLater()


def _drop_state(state: dict, *_destroyed) -> None:
    state.clear()


def disconnect_all(signal: Any) -> None:
    """Every slot of a bound signal disconnected (none connected: nothing to do)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # PySide warns when there is none
        try:
            signal.disconnect()
        except (RuntimeError, TypeError):
            pass
