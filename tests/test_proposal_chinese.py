"""Chinese throughout (issue 16, item 7): with --lang zh every generated word of the PDF, the
BOM CSV/XLSX and the SVG drawings is Chinese; what stays in Latin letters is a name from the
design or catalog, a part number, a unit or a term on the explicit allow-list (tests/zh_words.py)."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from designer.estimates.bom import build_bom
from designer.model.io import load_design
from designer.report.bom_export import CSV_COLUMNS, bom_csv, bom_xlsx
from designer.i18n import Translator
from designer.report.pdf import proposal_pdf
from designer.resources import example_design
from tests.conftest import run_cli
from tests.zh_words import name_words, stray


@pytest.fixture(scope="module")
def example(catalog):
    return load_design(example_design(), catalog)


@pytest.fixture(scope="module")
def names(example, catalog):
    return name_words(example, catalog)


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def test_allow_list_catches_english(names):
    # the checker itself: tool words are caught, names and units are not
    assert stray("DAC cable 100G, 1 m", names) == ["cable"]
    assert stray("infiniband，2 层", names) == ["infiniband"]
    assert stray("NVIDIA DGX H100 16 台，40.9 kW", names) == []


def test_chinese_pdf_has_no_stray_english(example, catalog, names):
    text = _text(proposal_pdf(example, catalog, "zh"))
    assert "计算网络" in text and "线缆" in text  # translated, not dropped
    assert stray(text, names) == []


def test_chinese_pdf_of_a_generated_design(catalog, tmp_path):
    out = tmp_path / "x.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "20", "--switch", "nvidia-qm9700",
                   "-o", str(out)).code == 0
    design = load_design(out, catalog)
    assert stray(_text(proposal_pdf(design, catalog, "zh")), name_words(design, catalog)) == []


def test_chinese_csv_has_no_stray_english(example, catalog, names):
    bom = build_bom(example, catalog)
    text = bom_csv(bom, Translator("zh")).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][0] == "类别" and len(rows[0]) == len(CSV_COLUMNS)
    assert any("多模光纤跳线" in row[2] for row in rows)
    assert stray(text, names) == []
    # the English CSV keeps its stable keys and its English words
    english = bom_csv(bom).decode("utf-8-sig")
    assert english.splitlines()[0] == ",".join(CSV_COLUMNS)
    assert "MMF cable 400G, 7 m" in english


def test_chinese_xlsx_has_no_stray_english(example, catalog, names):
    book = load_workbook(io.BytesIO(bom_xlsx(build_bom(example, catalog), Translator("zh"))))
    cells = [str(cell.value) for sheet in book for row in sheet.iter_rows() for cell in row
             if isinstance(cell.value, str) and not cell.value.startswith("=")]
    assert any("光模块" in c for c in cells)
    assert stray("\n".join(cells), names) == []


def test_chinese_svgs_have_no_stray_english(example, catalog, names, tmp_path):
    result = run_cli("export", str(example_design()), "--svg", str(tmp_path), "--lang", "zh")
    assert result.code == 0, result
    texts = []
    for path in sorted(tmp_path.glob("*.svg")):
        texts += [html.unescape(x) for x in re.findall(r"<text[^>]*>([^<]*)</text>", path.read_text(encoding="utf-8"))]
    assert texts
    assert stray("\n".join(texts), names) == []


def test_export_bom_csv_in_chinese(tmp_path):
    out = tmp_path / "bom.csv"
    result = run_cli("export", str(example_design()), "--bom", str(out), "--lang", "zh")
    assert result.code == 0, result
    assert out.read_bytes().decode("utf-8-sig").startswith("类别,")


def test_fabric_names_said_in_words():
    zh, en = Translator("zh"), Translator("en")
    assert zh.fabric("compute") == "计算网络"
    assert zh.fabric("compute-p2") == "计算网络（平面 2）"
    assert zh.fabric("east") == "east"  # a user's name is a name
    assert en.fabric("compute") == "compute"
    assert zh.term("ring") == "环形" and en.term("infiniband") == "InfiniBand"


def test_a_figure_that_rounds_to_zero_has_no_sign():
    t = Translator("en")
    assert t.num(-0.0) == "0.0" and t.num(-0.04) == "0.0"
    assert t.pct(-0.0001) == "0 %"
    assert t.num(-1.25, 2) == "-1.25"
