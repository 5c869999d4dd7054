"""Spreadsheet injection: text from the design file (a device type's manufacturer and model)
lands in the BOM as text, never as a formula, in CSV and XLSX (issue 16, item 8)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from conftest import run_cli
from designer.report.bom_export import FORMULA_TRIGGERS, csv_text
from designer.resources import example_design

HYPERLINK = '=HYPERLINK("http://attacker.example/x","Click for the price list")'
PAYLOADS = {
    "nvidia-dgx-h100": (HYPERLINK, "@SUM(1+1)*cmd|' /C calc'!A0"),
    "nvidia-qm9700": ("+1+1", "-2+3"),
    "nvidia-sn2201": ("\tTAB=1+1", "Spectrum SN2201"),
    "nvidia-sn4600c": ("\rCR=1+1", "Spectrum-3 SN4600C"),
}


@pytest.fixture(scope="module")
def hostile_design(tmp_path_factory):
    data = json.loads(example_design().read_text(encoding="utf-8"))
    for device_type in data["device_types"]:
        if device_type["slug"] in PAYLOADS:
            device_type["manufacturer"], device_type["model"] = PAYLOADS[device_type["slug"]]
    path = tmp_path_factory.mktemp("hostile") / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _payload_texts() -> set[str]:
    return {text for pair in PAYLOADS.values() for text in pair if not text.startswith("Spectrum")}


def _found(cell: str) -> set[str]:
    # an XML reader turns a carriage return into a line feed
    return {p for p in _payload_texts() if p in cell or p.replace("\r", "\n") in cell}


@pytest.mark.parametrize("value", ["=1+1", "+1", "-1", "@A1", "\t=1", "\r=1"])
def test_csv_text_quotes_every_trigger(value):
    assert csv_text(value) == "'" + value


@pytest.mark.parametrize("value", ["NVIDIA", "DGX H100", "", "1+1=2", "a-b", None])
def test_csv_text_leaves_plain_text_alone(value):
    assert csv_text(value) == ("" if value is None else value)


def test_csv_writes_the_payloads_with_a_leading_quote(tmp_path, hostile_design):
    out = tmp_path / "bom.csv"
    result = run_cli("export", hostile_design, "--bom", out)
    assert result.code == 0, result
    rows = list(csv.reader(io.StringIO(out.read_bytes().decode("utf-8-sig"), newline="")))
    header, body = rows[0], rows[1:]
    text_columns = [header.index(c) for c in ("section", "part", "description", "currency", "price_source",
                                              "manufacturer", "part_number", "part_number_note")]
    seen = set()
    for row in body:
        for column in text_columns:
            cell = row[column]
            assert not cell.startswith(FORMULA_TRIGGERS), (header[column], cell)
            seen |= _found(cell)
    # every payload reached the file (as the manufacturer and inside the description), quoted
    assert seen == _payload_texts()
    manufacturers = {row[header.index("manufacturer")] for row in body}
    assert "'" + HYPERLINK in manufacturers


def test_xlsx_writes_the_payloads_as_text(tmp_path, hostile_design):
    from openpyxl import load_workbook

    out = tmp_path / "bom.xlsx"
    result = run_cli("export", hostile_design, "--bom", out)
    assert result.code == 0, result
    book = load_workbook(out)
    seen, formulas = set(), []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if not isinstance(cell.value, str):
                    continue
                if cell.data_type == "f":
                    formulas.append(cell.value)
                    continue
                seen |= _found(cell.value)
                if cell.value.startswith((*FORMULA_TRIGGERS, "\n")):
                    assert cell.quotePrefix, (sheet.title, cell.coordinate, cell.value)
    assert seen == _payload_texts()
    # the only formulas are the workbook's own: line totals, sums and the summary's links
    assert formulas
    for formula in formulas:
        assert "HYPERLINK" not in formula and "SUM(1+1)" not in formula and "cmd" not in formula, formula
        assert re.fullmatch(r"=C\d+\+J\d+|=D\d+\*K\d+|=SUM\(.*\)|='.*'!E\d+", formula), formula


def test_xlsx_manufacturer_cell_is_a_string_with_quote_prefix(tmp_path, hostile_design):
    from openpyxl import load_workbook

    out = tmp_path / "bom.xlsx"
    assert run_cli("export", hostile_design, "--bom", out).code == 0
    book = load_workbook(out)
    cells = [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row
             if cell.value == HYPERLINK]
    assert cells, "the manufacturer payload is missing from the workbook"
    for cell in cells:
        assert cell.data_type == "s" and cell.quotePrefix
