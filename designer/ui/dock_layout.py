"""The side docks' widths: the first layout, and a saved one fitted to a smaller window.

The first layout (nothing saved): the parts with their kW and kg, the inspector's fields and
the estimates' sums ("≥ USD 44,864,872") on one line (at Qt's default the right column was
about 180 px). Any layout: on a small screen, or one saved on a wider screen, each side takes
at most a quarter of the window, so the plan keeps half of it. ``MainWindow`` calls it once,
after it is first shown (a restore from the task bar keeps the widths the user gave).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

PARTS_DOCK_PX = 380  # the parts palette's first width
RIGHT_DOCKS_PX = 330  # the inspector, findings and estimates column's first width


def fit_side_docks(window: QMainWindow, first_layout: bool) -> None:
    """``first_layout``: nothing saved (or nothing Qt could read) was restored."""
    width = window.width()
    # each side's column as laid out: its widest dock that is shown there (a closed,
    # floating or tabbed-away dock keeps a stale width that is no column's)
    sides = [docked_column(window, area) for area in (Qt.LeftDockWidgetArea, Qt.RightDockWidgetArea)]
    if first_layout:
        wanted = (PARTS_DOCK_PX, RIGHT_DOCKS_PX)
    elif window.centralWidget().width() >= width * 0.4:
        return  # a saved layout that leaves the plan its room stays as the user left it
    else:
        wanted = tuple(dock.width() if dock is not None else 0 for dock in sides)
    docks, sizes = [], []
    for dock, size in zip(sides, wanted):
        if dock is not None:
            docks.append(dock)
            sizes.append(min(size, width // 4))
    if docks:
        window.resizeDocks(docks, sizes, Qt.Horizontal)


def docked_column(window: QMainWindow, area) -> QDockWidget | None:
    """The widest dock shown in ``area`` (docked, visible), or None."""
    shown = [dock for dock in window.findChildren(QDockWidget)
             if window.dockWidgetArea(dock) == area and not dock.isFloating() and dock.isVisible()]
    return max(shown, key=lambda dock: dock.width(), default=None)
