"""Colours and sizes of the drawings (one place, so views and legend agree)."""

from __future__ import annotations

from PySide6.QtGui import QColor

from designer.report.load_bands import load_band

KIND_COLOURS = {
    "server": QColor("#4f7fbf"),
    "switch": QColor("#3f9f6f"),
    "storage": QColor("#d08a2e"),
    "pdu": QColor("#8a8a8a"),
    "other": QColor("#9a7fbf"),
}
SEVERITY_COLOURS = {"error": QColor("#d0342c"), "warning": QColor("#e3a008"), "info": QColor("#4f7fbf")}
ROOM_FILL = QColor("#f4f5f7")
ROOM_EDGE = QColor("#9aa0a6")
TILE_LINE = QColor("#e3e5e8")
SELECTION = QColor("#1a73e8")
NOT_CHECKED = QColor("#c8c8c8")  # a rack the first check has not reached yet (its placeholder)
NO_FINDING = QColor("#6cbf6c")  # a rack without findings, on the "Worst finding" floor colours
# the proposal's aisle colours (designer/report/drawings/floorplan.py), so window and PDF agree
COLD_AISLE = QColor("#e3effa")
HOT_AISLE = QColor("#fbe6e0")
FREE_SLOT = QColor(60, 180, 90, 110)
BLOCKED_SLOT = QColor(210, 50, 40, 120)

U_PX = 18.0  # height of one rack unit in the elevation view
RACK_PX = 230.0  # width of one rack face in the elevation view


# the colour of each band of a share of a limit (the bands: designer/report/load_bands.py, the
# proposal's too): green, amber, orange, red
BAND_COLOURS = {"low": "#6cbf6c", "mid": "#e8c547", "high": "#f08c2e", "over": "#d0342c"}


def load_colour(share: float | None) -> QColor:
    """Green up to 70 % of a limit, amber to 90 %, orange to 100 %, red above (``load_band``)."""
    band = load_band(share)
    return QColor("#c7cbd1") if band is None else QColor(BAND_COLOURS[band.key])
