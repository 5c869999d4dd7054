"""Fonts embedded, always (issue 16, item 1): both languages' PDFs embed every font they use
(Noto Sans SC, regular and bold, subset), so they render the same without system fonts."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from designer.report import fonts
from designer.report.pdf import proposal_pdf

pytestmark = pytest.mark.skipif(fonts.bundled_variable_font() is None, reason="the font package is not installed")


@pytest.fixture(scope="module")
def example(catalog):
    from designer.model.io import load_design
    from designer.resources import example_design

    return load_design(example_design(), catalog)


@pytest.fixture(scope="module", params=["en", "zh"])
def pdf(request, example, catalog) -> bytes:
    fonts.clear_cache()
    return proposal_pdf(example, catalog, request.param)


def _fonts(data: bytes) -> dict[str, dict]:
    """Every font object of every page (and of the pages' form XObjects), by BaseFont."""
    found: dict[str, dict] = {}

    def walk(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            found[str(font["/BaseFont"])] = font
        for xobject in (resources.get("/XObject") or {}).values():
            walk(xobject.get_object().get("/Resources"))

    for page in PdfReader(io.BytesIO(data)).pages:
        walk(page.get("/Resources"))
    return found


def test_every_font_is_embedded_truetype_subset(pdf):
    found = _fonts(pdf)
    assert found
    for name, font in found.items():
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{name} is not embedded"
        assert name[7:8] == "+" and name[1:7].isupper(), f"{name} is not a subset"


def test_regular_and_bold_faces_are_both_used(pdf):
    faces = {name.split("+", 1)[1] for name in _fonts(pdf)}
    assert faces == {"NotoSansSC-Regular", "NotoSansSC-Bold"}


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_pdffonts_lists_every_font_as_embedded(pdf, tmp_path):
    path = tmp_path / "p.pdf"
    path.write_bytes(pdf)
    lines = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()
    rows = lines[2:]
    assert rows
    for row in rows:
        # name, type (may be two words), encoding, emb, sub, uni, object, generation
        emb, sub = row.split()[-5], row.split()[-4]
        assert (emb, sub) == ("yes", "yes"), row


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_renders_the_same_without_any_system_font(pdf, tmp_path):
    """A fontless machine: fontconfig with no font folder. Embedded fonts need nothing from it,
    so the page looks exactly as with the system's fonts and poppler reports no substitution."""
    path = tmp_path / "p.pdf"
    path.write_bytes(pdf)
    empty = tmp_path / "fonts.conf"
    empty.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                     f"<cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>", encoding="utf-8")

    def render(env_extra: dict[str, str], stem: str):
        import os

        env = {**os.environ, **env_extra}
        done = subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "3", str(path), str(tmp_path / stem)],
                              capture_output=True, text=True, env=env, check=True)
        return done.stderr, sorted(tmp_path.glob(f"{stem}-*.png"))

    err, bare = render({"FONTCONFIG_FILE": str(empty)}, "bare")
    assert "font" not in err.lower(), err  # e.g. "Couldn't find a font for ..."
    _, normal = render({}, "normal")
    assert len(bare) == len(normal) == 3
    for a, b in zip(bare, normal):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_static_faces_are_cached(tmp_path, monkeypatch):
    source = fonts.bundled_variable_font()
    cached = fonts.static_face(source, 400)  # made by the fixtures above, or now
    assert cached.is_file() and cached.stat().st_size > 1_000_000
    assert fonts.static_face(source, 400) == cached
    from fontTools.ttLib import TTFont

    face = TTFont(str(cached), lazy=True)
    assert "glyf" in face and "fvar" not in face
    assert face["name"].getDebugName(6) == "NotoSansSC-Regular"
    assert face["OS/2"].usWeightClass == 400


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript not installed")
def test_ghostscript_loads_no_font_of_its_own(pdf, tmp_path):
    """Ghostscript says "Loading font X (or substitute)" or "Loading CIDFont X substitute" for a
    font the PDF does not carry (Helvetica, STSong-Light); an embedded font needs neither."""
    import os

    path = tmp_path / "p.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(["gs", "-dNOPAUSE", "-dBATCH", "-sDEVICE=png16m", "-r20", "-dFirstPage=1", "-dLastPage=4",
                           f"-sOutputFile={tmp_path / 'gs-%d.png'}", str(path)],
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "FONTCONFIG_FILE": str(tmp_path / "none.conf")})
    log = done.stdout + done.stderr
    assert "Loading" not in log and "substitute" not in log.lower(), log


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_large_design_embeds_every_font(catalog, tmp_path, lang):
    """A 128-node design draws what the example does not (rack types with their table beside the
    last elevations, floor detail sheets, the unit diagram): no page may fall back to a font the
    PDF does not carry (a platypus Table names Helvetica for its cells unless told otherwise)."""
    from designer.model.io import load_design
    from tests.conftest import run_cli

    out = tmp_path / "x.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "128", "--switch", "nvidia-qm9700",
                   "-o", str(out)).code == 0
    fonts.clear_cache()
    found = _fonts(proposal_pdf(load_design(out, catalog), catalog, lang))
    assert found
    for name, font in found.items():
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), f"{name} is not embedded"


@pytest.mark.parametrize("mixed", [False, True])
def test_chinese_punctuation_never_starts_a_line(mixed):
    """GB/T 15834 / W3C clreq: ，、：；！？ and closing marks do not start a line of Chinese;
    reportlab's own list (Japanese) lacked them, and the proposal broke "应对：" into "应对" and
    a line starting "：". Wrapped at every width from 60 to 300 pt, a paragraph of one font
    (``wordSplit``) and one with a bold run (``cjkFragSplit``) keep each such mark on the
    line it ends."""
    from reportlab.platypus import Paragraph

    from designer.report.pdf.styles import CHINESE_CANNOT_START, Styles

    styles = Styles(fonts.font_set("zh"), True)
    text = "待确认问题：存储吞吐能否满足需求？未知，应对：下单前与客户确认；供电、制冷与楼板承重！" * 3
    if mixed:
        text = "<b>主要风险</b>" + text
    starts = []
    for width in range(60, 301, 3):
        para = Paragraph(text, styles.body)
        para.wrap(width, 10_000)
        for line in para.blPara.lines[1:]:
            words = line.words if hasattr(line, "words") else line[1]
            first = "".join(getattr(w, "text", w) for w in words)[:1]
            starts.append(first)
    assert starts, "the paragraph wraps"
    assert not [c for c in starts if c in CHINESE_CANNOT_START]
