"""Reactions that wait for the event loop on a big design.

When the background check lands, half a dozen views react to the same signals. Run in
one go that is most of a second on a 16,384-GPU design, with no paint and no input in
between. On a big design each view's reaction is queued instead, once however often it
was asked for, so the event loop runs between them (and a burst of signals is answered
once). On a small design it runs at once, as before, and tests see the result directly.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

# above this many links a design counts as big (as for the document's background
# re-check: 1,024 GPUs, 3,862 links, is big)
BIG_LINKS = 2000


def is_big(design) -> bool:
    return len(design.links) > BIG_LINKS


class Deferred:
    """``deferred(design)``: ``action()`` now on a small design, on the next pass of the
    event loop on a big one (asked for again before then, still once)."""

    def __init__(self, owner: QObject, action: Callable[[], None]) -> None:
        self.action = action
        self.timer = QTimer(owner)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(action)

    def __call__(self, design) -> None:
        if is_big(design):
            self.timer.start()
        else:
            self.timer.stop()
            self.action()

    @property
    def pending(self) -> bool:
        return self.timer.isActive()

    def cancel(self) -> None:
        """Not wanted any more (something else asks for it again later)."""
        self.timer.stop()

    def flush(self) -> None:
        """Run it now if it is waiting (before something that needs it done)."""
        if self.timer.isActive():
            self.timer.stop()
            self.action()
