"""Fonts of the proposal and the drawings.

English text uses the PDF base fonts (Helvetica: nothing to embed). Chinese text
needs a CJK font: an installed TrueType font is embedded (subset) when one is found,
else reportlab's built-in CID font STSong-Light, which every PDF reader supplies
(nothing embedded, no file needed). ``DESIGNER_CJK_FONT=/path/font.ttf[,index]``
names the font to use; a named font that cannot be used is an error rather than a
silent fallback, so the user learns why their font is not in the PDF.

Registration with reportlab is process-wide; it happens once per font.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics

from designer.errors import ExportError

# TrueType CJK fonts (glyf outlines: reportlab cannot embed CFF/OpenType-PS fonts
# such as the Noto Sans CJK .ttc/.otf files; those are tried and skipped).
CJK_FONT_FILES: list[tuple[str, int]] = [
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/noto/NotoSansSC-Regular.ttf", 0),
    ("/usr/share/fonts/truetype/noto/NotoSansCJKsc-Regular.ttf", 0),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),
    ("C:/Windows/Fonts/msyh.ttc", 0),
    ("C:/Windows/Fonts/simhei.ttf", 0),
    ("C:/Windows/Fonts/simsun.ttc", 0),
    ("/Library/Fonts/Arial Unicode.ttf", 0),
    ("/System/Library/Fonts/Supplemental/Arial Unicode.ttf", 0),
]
CID_FONT = "STSong-Light"
# Characters the CID font's Unicode map (UniGB-UCS2-H) lacks, so readers draw a missing
# glyph for them: each becomes the nearest character it has (seen in pdftoppm renders).
CID_SUBSTITUTES = str.maketrans({"•": "●", "·": "・", "−": "-", "µ": "u", "²": "2", "³": "3"})
# A font must draw these to count as Chinese-capable (headings of the proposal).
_PROBE = "执行摘要物料清单机柜"


@dataclass(frozen=True)
class FontSet:
    """Font names for one document: body, bold, and the font for text Helvetica cannot show."""

    regular: str
    bold: str
    unicode: str | None  # CJK-capable font, or None when none could be registered
    embedded_file: str | None = None  # the TrueType file in use, for the README/tests

    def shown(self, text: str, font_name: str) -> str:
        """``text`` as ``font_name`` can draw it (the built-in CID font lacks a few symbols)."""
        return text.translate(CID_SUBSTITUTES) if font_name == CID_FONT else text

    def for_text(self, text: str, bold: bool = False) -> str:
        """The font that shows ``text``: the body font unless it has characters outside
        the base fonts' encoding (Chinese names in an English proposal)."""
        base = self.bold if bold else self.regular
        if self.unicode is None or base == self.unicode or is_latin(text):
            return base
        return self.unicode


def is_latin(text: str) -> bool:
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def _register_ttf(path: str, index: int) -> str | None:
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    if not Path(path).is_file():
        return None
    name = f"CJK-{Path(path).stem}-{index}"
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    try:
        font = TTFont(name, path, subfontIndex=index)
    except (TTFError, OSError, ValueError, KeyError, IndexError, AssertionError):
        return None
    if not all(ord(ch) in font.face.charToGlyph for ch in _PROBE):
        return None
    pdfmetrics.registerFont(font)
    _family(name)
    return name


def _family(name: str) -> None:
    # No bold or italic face: <b> and <i> in a Paragraph keep the regular one.
    from reportlab.lib.fonts import addMapping

    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(name, bold, italic, name)


def _register_cid(name: str) -> str | None:
    if name in pdfmetrics.getRegisteredFontNames():
        return name
    try:
        from reportlab.pdfbase.cidfonts import UnicodeCIDFont

        pdfmetrics.registerFont(UnicodeCIDFont(name))
    except Exception:  # noqa: BLE001 - reportlab raises several kinds for an unknown CID font
        return None
    _family(name)
    return name


@lru_cache(maxsize=None)
def _cjk_font(override: str | None, files: tuple[tuple[str, int], ...], cid: str) -> tuple[str, str | None]:
    if override:
        path, _, index = override.partition(",")
        name = _register_ttf(path, int(index) if index.strip().isdigit() else 0)
        if name is None:
            raise ExportError(
                "this font cannot be used for Chinese text (missing, not TrueType, or without Chinese glyphs)",
                file=path,
                hint="point DESIGNER_CJK_FONT at a TrueType CJK font (.ttf/.ttc), or unset it",
            )
        return name, path
    for path, index in files:
        name = _register_ttf(path, index)
        if name is not None:
            return name, path
    name = _register_cid(cid)
    if name is not None:
        return name, None
    raise ExportError(
        "no font for Chinese text: no TrueType CJK font is installed and reportlab's built-in "
        f"{cid} font is unavailable",
        hint="install a CJK font (Debian: apt-get install fonts-wqy-microhei) or set DESIGNER_CJK_FONT=/path/font.ttf",
    )


def cjk_font() -> tuple[str, str | None]:
    """(registered font name, TrueType file or None for the CID font); ExportError if none."""
    return _cjk_font(os.environ.get("DESIGNER_CJK_FONT") or None, tuple(CJK_FONT_FILES), CID_FONT)


def font_set(lang: str) -> FontSet:
    if lang == "zh":
        name, path = cjk_font()
        # CJK fonts come without a bold face; headings differ by size and colour instead.
        return FontSet(name, name, name, path)
    try:
        unicode_name, path = cjk_font()
    except ExportError:
        unicode_name, path = None, None
    return FontSet("Helvetica", "Helvetica-Bold", unicode_name, path)


def clear_cache() -> None:
    """Forget the chosen font (tests change the candidates)."""
    _cjk_font.cache_clear()
