"""BOM as CSV and XLSX, drawings as SVG, the message catalog, and the report keys they read."""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import run_cli
from designer.estimates.bom import build_bom
from designer.model.io import load_design
from designer.i18n import Translator
from designer.report.i18n_proposal import CODE_TITLES, INPUT_LABELS, MESSAGES
from designer.report.json_report import build_report
from designer.resources import example_design


@pytest.fixture(scope="module")
def example(catalog):
    return load_design(example_design(), catalog)


@pytest.fixture(scope="module")
def bom(example, catalog):
    return build_bom(example, catalog)


def test_csv_lines_and_total_equal_the_bom(tmp_path, bom):
    out = tmp_path / "bom.csv"
    result = run_cli("export", example_design(), "--bom", out)
    assert result.code == 0, result
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    lines, total = rows[:-1], rows[-1]
    assert len(lines) == len(bom.lines)
    assert [r["part"] for r in lines] == [line.part for line in bom.lines]
    assert total["section"] == "TOTAL"
    assert float(total["total"]) == pytest.approx(bom.total)
    assert sum(float(r["total"] or 0) for r in lines) == pytest.approx(bom.total)
    unpriced = [r for r in lines if not r["unit_price"]]
    assert len(unpriced) == len(bom.unpriced)


def _evaluate(book, sheet_name: str, ref: str) -> float:
    """Enough of Excel to check our own formulas: numbers, A1*B1, A1+B1, SUM(A1:A9) and 'Sheet'!A1."""
    sheet = book[sheet_name]
    value = sheet[ref].value
    if not isinstance(value, str) or not value.startswith("="):
        return float(value or 0)
    formula = value[1:]
    if m := re.fullmatch(r"([A-Z]+\d+)\*([A-Z]+\d+)", formula):
        return _evaluate(book, sheet_name, m[1]) * _evaluate(book, sheet_name, m[2])
    if m := re.fullmatch(r"([A-Z]+\d+)\+([A-Z]+\d+)", formula):
        return _evaluate(book, sheet_name, m[1]) + _evaluate(book, sheet_name, m[2])
    if m := re.fullmatch(r"SUM\(([A-Z]+)(\d+):([A-Z]+)(\d+)\)", formula):
        return sum(_evaluate(book, sheet_name, f"{m[1]}{row}") for row in range(int(m[2]), int(m[4]) + 1))
    if m := re.fullmatch(r"'(.+)'!([A-Z]+\d+)", formula):
        return _evaluate(book, m[1].replace("''", "'"), m[2])
    raise AssertionError(f"unexpected formula {value}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_xlsx_has_a_sheet_per_section_and_formula_totals(tmp_path, bom, lang):
    from openpyxl import load_workbook

    out = tmp_path / "bom.xlsx"
    result = run_cli("export", example_design(), "--bom", out, "--lang", lang)
    assert result.code == 0, result
    book = load_workbook(out)  # formulas, not values: openpyxl does not calculate
    t = Translator(lang)
    sections = sorted({line.section for line in bom.lines})
    assert book.sheetnames[0] == t("summary_sheet")
    assert len(book.sheetnames) == 1 + len(sections)
    servers = book[t("bom_servers")]
    assert servers["E2"].value == "=D2*K2"  # unit price x order quantity (installed + spares)
    assert servers["K2"].value == "=C2+J2"
    assert servers.cell(servers.max_row, 5).value.startswith("=SUM(E2:E")
    summary = book[t("summary_sheet")]
    grand = next(row for row in summary.iter_rows() if row[0].value == t("grand_total"))
    assert grand[1].value.startswith("=SUM(B2:B")
    assert _evaluate(book, summary.title, grand[1].coordinate) == pytest.approx(bom.total)
    for section in sections:
        sheet = book[t(f"bom_{section}")]
        assert _evaluate(book, sheet.title, f"E{sheet.max_row}") == pytest.approx(bom.section_total(section))


def test_unknown_bom_format_exits_2(tmp_path):
    result = run_cli("export", example_design(), "--bom", tmp_path / "bom.ods")
    assert result.code == 2 and ".csv or .xlsx" in result.err
    assert list(tmp_path.iterdir()) == []


def test_svg_per_rack_floor_and_fabric_are_valid_xml(tmp_path, example):
    out = tmp_path / "svg"
    result = run_cli("export", example_design(), "--svg", out)
    assert result.code == 0, result
    names = sorted(p.name for p in out.iterdir())
    for rack in example.racks:
        assert f"rack-{rack.name}.svg" in names
    assert "floor-Hall_1.svg" in names
    assert {f"topology-{f.name}.svg" for f in example.fabrics} <= set(names)
    for path in out.iterdir():
        root = ET.parse(path).getroot()
        assert root.tag.endswith("svg"), path
    rack_svg = (out / "rack-A01.svg").read_text(encoding="utf-8")
    assert "node001" in rack_svg and "A01" in rack_svg
    assert "Helvetica, Arial, sans-serif" in rack_svg  # a family a viewer finds


def test_chinese_svg_names_cjk_font_families(tmp_path):
    out = tmp_path / "svg"
    assert run_cli("export", example_design(), "--svg", out, "--lang", "zh").code == 0
    text = (out / "rack-A01.svg").read_text(encoding="utf-8")
    assert "正面" in text and "背面" in text
    assert "WenQuanYi Micro Hei" in text


def test_svg_folder_that_is_a_file_exits_2(tmp_path):
    target = tmp_path / "drawings"
    target.write_text("x")
    result = run_cli("export", example_design(), "--svg", target)
    assert result.code == 2 and "is a file" in result.err


def test_export_without_outputs_says_what_to_add():
    result = run_cli("export", example_design())
    assert result.code == 2 and "--pdf" in result.err


# ---------------------------------------------------------------- message catalog


def test_every_message_has_both_languages_with_the_same_fields():
    fields = re.compile(r"{(\w+)}")
    for key, texts in {**MESSAGES, **CODE_TITLES, **INPUT_LABELS}.items():
        assert set(texts) == {"en", "zh"}, key
        assert texts["en"].strip() and texts["zh"].strip(), key
        # ``{chip}`` is the chips' name (GPU, NPU), said as often as each language needs it
        # (Chinese says 卡时 for a GPU-hour: no name at all)
        en, zh = fields.findall(texts["en"]), fields.findall(texts["zh"])
        assert sorted(f for f in en if f != "chip") == sorted(f for f in zh if f != "chip"), key


def test_section_titles_are_translated():
    for key in (k for k in MESSAGES if k.startswith("sec_")):
        assert MESSAGES[key]["en"] != MESSAGES[key]["zh"]
        assert re.search(r"[\u4e00-\u9fff]", MESSAGES[key]["zh"]), key


def test_every_estimate_input_has_a_label():
    from designer.model.estimates import EstimateInputs

    fields = {f"{group}.{key}" for group, values in EstimateInputs().model_dump().items() for key in values}
    assert fields - {"cost.prices"} == set(INPUT_LABELS)


def test_every_finding_code_has_a_title():
    from designer.checks import CODES

    assert set(CODE_TITLES) == set(CODES)


def test_unknown_message_key_is_an_error():
    with pytest.raises(KeyError, match="not in the catalog"):
        Translator("zh")("no_such_key")


# ---------------------------------------------------------------- report keys the proposal reads


def test_room_figures_add_up_the_racks(example):
    report = build_report(example)
    (room,) = report["rooms"]
    assert room["racks"] == len(report["racks"])
    assert room["power_max_kw"] == pytest.approx(sum(r["power_max_kw"] for r in report["racks"]))
    assert room["power_max_kw"] == pytest.approx(report["totals"]["power_max_kw"])
    assert room["facility_power_kw"] == pytest.approx(room["power_max_kw"] * 1.3, abs=1e-3)
    assert report["totals"]["facility_power_kw"] == room["facility_power_kw"]


def test_rack_floor_load_is_what_the_floor_check_measures(example):
    rack = next(r for r in build_report(example)["racks"] if r["name"] == "A01")
    # 529.21 kg of equipment + 116 kg rack on 0.6 m x (1.2 m + 0.6 m + 0.6 m of aisle halves)
    assert rack["floor_load_kg_m2"] == pytest.approx((529.21 + 116) / (0.6 * 2.4), abs=0.1)
    assert rack["cooling_air_kw"] == 44.0


def test_link_speeds_count_every_link_of_a_tier(example):
    for fabric in build_report(example)["fabrics"]:
        for tier, count in fabric["links"].items():
            if tier == "unresolved":
                continue
            assert sum(r["count"] for r in fabric["link_speeds"][tier]) == count, (fabric["name"], tier)
    compute = build_report(example)["fabrics"][0]
    assert compute["link_speeds"]["leaf_spine"] == [{"speed_gbps": 400.0, "count": 128}]
