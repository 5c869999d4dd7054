"""Fonts of the proposal and the drawings.

Every font of the PDF is embedded (subset), in both languages, so the proposal renders the
same on a machine without CJK fonts. The font is Noto Sans SC (SIL OFL 1.1; Latin, digits
and Simplified Chinese in one design) from the ``justmytype-intl-cjk`` package, which ships
Google Fonts' variable TrueType build (glyf outlines, which reportlab can embed). Its
default instance is the thinnest weight, so the regular (400) and bold (700) faces are
made from it once with fontTools' instancer and kept in a cache folder
(``DESIGNER_FONT_CACHE``, else ``$XDG_CACHE_HOME/cluster-designer/fonts`` or
``~/.cache/cluster-designer/fonts``); the first export on a machine takes about half a
minute longer.

Without that package (or where its faces cannot be made) the old behaviour stays:
English text uses Helvetica (not embedded) and Chinese text the first installed TrueType
CJK font, else reportlab's built-in CID font STSong-Light, which PDF readers supply.
``DESIGNER_CJK_FONT=/path/font.ttf[,index]`` names the font for Chinese text (regular and
bold); a named font that cannot be used is an error rather than a silent fallback, so
the user learns why their font is not in the PDF.

Registration with reportlab is process-wide; it happens once per font.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics

from designer.errors import ExportError
from designer.resources import CJK_FONT_FILE, CJK_FONT_PACKAGE, bundled_cjk_font

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
    covers_all: bool = False  # regular and bold both draw Latin and Chinese (the bundled font)

    def shown(self, text: str, font_name: str) -> str:
        """``text`` as ``font_name`` can draw it (the built-in CID font lacks a few symbols)."""
        return text.translate(CID_SUBSTITUTES) if font_name == CID_FONT else text

    def for_text(self, text: str, bold: bool = False) -> str:
        """The font that shows ``text``: the body font unless it has characters outside
        the base fonts' encoding (Chinese names in an English proposal)."""
        base = self.bold if bold else self.regular
        if self.covers_all or self.unicode is None or base == self.unicode or is_latin(text):
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


# -- the bundled font: Noto Sans SC, regular and bold made from the variable font -------

BUNDLED_PACKAGE = CJK_FONT_PACKAGE
BUNDLED_FILE = CJK_FONT_FILE
BUNDLED_REGULAR = "NotoSansSC-Regular"
BUNDLED_BOLD = "NotoSansSC-Bold"
WEIGHTS = {BUNDLED_REGULAR: 400, BUNDLED_BOLD: 700}
_RECIPE = 2  # bump when static_face makes its files differently


def bundled_variable_font() -> Path | None:
    """The variable Noto Sans SC file of the installed font package, or None (the same file
    the window shows Chinese in: ``designer.resources.bundled_cjk_font``)."""
    return bundled_cjk_font()


def font_cache_dir() -> Path:
    if override := os.environ.get("DESIGNER_FONT_CACHE"):
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cluster-designer" / "fonts"


def static_face(source: Path, weight: int, cache: Path | None = None) -> Path:
    """A static TrueType instance of ``source`` at ``weight``, made once and cached (keyed by
    the source's size and modification time and by fontTools' version)."""
    import fontTools

    stat = source.stat()
    recipe = f"{source.name}|{stat.st_size}|{stat.st_mtime_ns}|{fontTools.version}|{_RECIPE}"
    key = hashlib.sha256(recipe.encode()).hexdigest()
    cache = cache or font_cache_dir()
    target = cache / f"{source.stem.split('[')[0]}-w{weight}-{key[:12]}.ttf"
    if target.is_file():
        return target
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    font = instancer.instantiateVariableFont(TTFont(str(source)), {"wght": weight}, optimize=False)
    _rename(font, weight)
    cache.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=cache, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            font.save(out)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def _rename(font, weight: int) -> None:
    # the variable font's names are its default instance's ("Noto Sans SC Thin"); the PDF
    # names a face by its PostScript name, so each instance gets its own
    style = {400: "Regular", 700: "Bold"}.get(weight, f"W{weight}")
    family = font["name"].getDebugName(16) or font["name"].getDebugName(1) or "Noto Sans SC"
    family = family.replace(" Thin", "")
    postscript = f"{family.replace(' ', '')}-{style}"
    table = font["name"]
    for record in list(table.names):
        if record.nameID in (1, 2, 3, 4, 6, 16, 17):
            table.removeNames(nameID=record.nameID)
    for name_id, value in ((1, family), (2, "Bold" if weight == 700 else "Regular"), (3, postscript),
                           (4, f"{family} {style}"), (6, postscript)):
        table.setName(value, name_id, 3, 1, 0x409)
        table.setName(value, name_id, 1, 0, 0)
    font["OS/2"].usWeightClass = weight
    if weight >= 700:
        font["OS/2"].fsSelection = (font["OS/2"].fsSelection | 0x20) & ~0x40  # bold, not regular
        font["head"].macStyle |= 0x1
    else:
        font["OS/2"].fsSelection = (font["OS/2"].fsSelection | 0x40) & ~0x21
        font["head"].macStyle &= ~0x1


@cache
def _bundled_fonts(source: str | None, cache: str) -> tuple[str, str, str] | None:
    """(regular name, bold name, regular file) of the bundled font, registered; None without it."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    if source is None:
        return None
    files = {}
    try:
        for name, weight in WEIGHTS.items():
            files[name] = static_face(Path(source), weight, Path(cache))
            if name not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(name, str(files[name])))
    except (ImportError, OSError, TTFError, ValueError, KeyError, AssertionError):
        return None
    for italic in (0, 1):
        addMapping(BUNDLED_REGULAR, 0, italic, BUNDLED_REGULAR)
        addMapping(BUNDLED_REGULAR, 1, italic, BUNDLED_BOLD)
        addMapping(BUNDLED_BOLD, 0, italic, BUNDLED_REGULAR)
        addMapping(BUNDLED_BOLD, 1, italic, BUNDLED_BOLD)
    return BUNDLED_REGULAR, BUNDLED_BOLD, str(files[BUNDLED_REGULAR])


def bundled_fonts() -> tuple[str, str, str] | None:
    source = bundled_variable_font()
    return _bundled_fonts(str(source) if source else None, str(font_cache_dir()))


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


@cache
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
    """The fonts of a document in ``lang``: the bundled Noto Sans SC (embedded, regular and
    bold) unless ``DESIGNER_CJK_FONT`` names another for Chinese; else the old fallbacks."""
    override = os.environ.get("DESIGNER_CJK_FONT") or None
    bundled = bundled_fonts() if not (lang == "zh" and override) else None
    if bundled is not None:
        regular, bold, path = bundled
        return FontSet(regular, bold, regular, path, covers_all=True)
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
    _bundled_fonts.cache_clear()
