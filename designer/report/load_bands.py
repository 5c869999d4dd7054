"""How close a figure is to its limit (a rack's draw to its power budget, its heat to its
cooling, its weight to its rating), in bands: one definition for the window's colours and
legends (designer/ui/style.py, words_cabling.py) and the proposal's floor plan
(designer/report/drawings), so a rack at 77 % is the same colour in both."""

from __future__ import annotations

from dataclasses import dataclass

# a share this much above a band's top still counts as in it (100 % of a budget is within it)
TOLERANCE = 1e-9


@dataclass(frozen=True, slots=True)
class LoadBand:
    key: str  # "low", "mid", "high", "over"
    upper_share: float  # the band holds shares up to and including this (of the limit)
    words: dict[str, str]  # its legend text, per language


LOAD_BANDS: tuple[LoadBand, ...] = (
    LoadBand("low", 0.70, {"en": "up to 70 % of the limit", "zh": "不超过上限的 70%"}),
    LoadBand("mid", 0.90, {"en": "70–90 %", "zh": "70%–90%"}),
    LoadBand("high", 1.00, {"en": "90–100 %", "zh": "90%–100%"}),
    LoadBand("over", float("inf"), {"en": "over the limit", "zh": "超过上限"}),
)
BANDS_BY_KEY = {band.key: band for band in LOAD_BANDS}


def load_band(share: float | None) -> LoadBand | None:
    """The band of ``share`` (a figure over its limit: 0.77 for 77 %); None without a limit."""
    if share is None:
        return None
    for band in LOAD_BANDS:
        if share <= band.upper_share + TOLERANCE:
            return band
    return LOAD_BANDS[-1]


def band_words(key: str) -> dict[str, str]:
    """A band's legend text in every language (the window's message catalogue entry)."""
    return dict(BANDS_BY_KEY[key].words)
