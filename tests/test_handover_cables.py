"""The cable schedule: one row per physical cable (cable_summary's count), unique IDs and
labels, sorted by rack pair, safe in a spreadsheet, refused cleanly on bad input."""

from __future__ import annotations

import csv
import io
from collections import Counter

import pytest

from designer.fabric.cable_counts import cable_summary
from designer.model.index import DesignIndex
from designer.report.handover.cables import COLUMNS, cable_schedule, schedule_csv, schedule_xlsx
from conftest import run_cli

CASES = {
    # UFM pair on 2 x 200G DAC splitters, twin-port DACs leaf-spine, fibres to the servers
    "h100-30": dict(server="nvidia-dgx-h100", nodes=30, switch="nvidia-qm9700"),
    # Ethernet planes: 800G ports split 2 x 400G
    "b300-16": dict(server="nvidia-dgx-b300", nodes=16, switch="nvidia-sn5600"),
}


@pytest.fixture(scope="module", params=sorted(CASES))
def generated(request, catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(**CASES[request.param]), catalog)
    return design, DesignIndex.build(design)


def _labels(rows):
    return [label for row in rows for label in (*row.a_labels, *row.b_labels)]


def test_one_row_per_cable_as_the_bill_of_materials_counts_them(generated, catalog):
    design, index = generated
    rows = cable_schedule(index, catalog.cabling)
    summary, _ = cable_summary(index, catalog.cabling)
    expected = Counter()
    for line in summary:
        expected[(line["part"], line["length_m"])] += line["count"]
    assert Counter((r.part or None, r.length_m) for r in rows) == expected
    assert sum(r.legs for r in rows) == len(design.links)


def test_ids_and_labels_are_unique_and_every_link_is_on_one_cable(generated, catalog):
    design, index = generated
    rows = cable_schedule(index, catalog.cabling)
    ids = [r.cable_id for r in rows]
    assert len(set(ids)) == len(ids)
    labels = _labels(rows)
    assert len(set(labels)) == len(labels)
    ends = Counter()
    for row in rows:
        for end in (*row.a, *row.b):
            ends[(end.device, end.port)] += 1
    for link in design.links:
        assert ends[(link.a.device, link.a.port)] == 1 and ends[(link.b.device, link.b.port)] == 1


def test_splitters_are_one_cable_with_their_legs(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(**CASES["h100-30"]), catalog)
    rows = cable_schedule(DesignIndex.build(design), catalog.cabling)
    splitters = [r for r in rows if "split" in r.part]
    assert splitters, "the UFM pair hangs on splitters"
    for row in splitters:
        assert len({e.device for e in row.a}) == 1, "the A end is the splitter's head"
        assert row.legs == len(row.b) == len(row.b_labels) == 2
        assert " | " in row.values()[COLUMNS.index("b_label")]


def test_rows_are_sorted_by_rack_pair(generated, catalog):
    design, index = generated
    rows = cable_schedule(index, catalog.cabling)
    order = {r.name: n for n, r in enumerate(sorted(design.racks, key=lambda r: (r.room, r.row, r.name)))}
    pairs = [(order[r.a[0].rack], order[r.b[0].rack]) for r in rows]
    assert pairs == sorted(pairs)
    one_to_one = [r for r in rows if len({e.device for e in r.b}) == 1]
    assert all(order[r.a[0].rack] <= order[r.b[0].rack] for r in one_to_one)


def test_default_labels_follow_the_tia_606_port_form(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(**CASES["h100-30"]), catalog)
    rows = cable_schedule(DesignIndex.build(design), catalog.cabling)
    node = next(r for r in rows if r.a[0].device == "node001" or r.b[0].device == "node001")
    end = node.a[0] if node.a[0].device == "node001" else node.b[0]
    rack = next(d for d in design.devices if d.name == "node001").rack
    room = next(r for r in design.racks if r.name == rack).room.replace(" ", "").upper()
    u = next(d for d in design.devices if d.name == "node001").position_u
    assert f"{room}.{rack}-{u:02d}:{end.port}" in _labels(rows)


FORMULAS = ["=1+{port}", "+{rack}-{u}", "-{rack}", "@{rack}", "\t{rack}:{port}:{u}:{device}"]


@pytest.mark.parametrize("scheme", FORMULAS)
def test_csv_text_that_looks_like_a_formula_is_quoted_with_a_leading_apostrophe(scheme, catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(**CASES["b300-16"]), catalog)
    rows = cable_schedule(DesignIndex.build(design), catalog.cabling, scheme)
    text = schedule_csv(rows).decode("utf-8-sig")
    parsed = list(csv.reader(io.StringIO(text)))
    assert tuple(parsed[0]) == COLUMNS
    column = COLUMNS.index("a_label")
    assert all(r[column].startswith("'" + scheme[0]) for r in parsed[1:])
    line = text.splitlines()[1]
    assert f'"\'{scheme[0]}' in line, "a formula-like cell is quoted"


@pytest.mark.parametrize("scheme", FORMULAS[:4])
def test_xlsx_text_that_looks_like_a_formula_stays_text(scheme, catalog):
    from openpyxl import load_workbook

    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(**CASES["b300-16"]), catalog)
    rows = cable_schedule(DesignIndex.build(design), catalog.cabling, scheme)
    book = load_workbook(io.BytesIO(schedule_xlsx(rows, scheme)))
    sheet = book["Cables"]
    assert [c.value for c in sheet[1]] == list(COLUMNS)
    assert sheet.max_row == len(rows) + 1
    column = COLUMNS.index("a_label") + 1
    for r in range(2, sheet.max_row + 1):
        cell = sheet.cell(row=r, column=column)
        assert cell.data_type == "s" and cell.value.startswith(scheme[0])


def test_cli_writes_csv_and_xlsx_that_open(tmp_path, catalog):
    from openpyxl import load_workbook

    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "16", "--switch", "nvidia-qm9700",
                   "-o", design_file).code == 0
    result = run_cli("export", design_file, "--cables", tmp_path / "c.csv")
    assert result.code == 0, result
    rows = list(csv.DictReader(io.StringIO((tmp_path / "c.csv").read_text(encoding="utf-8-sig"))))
    assert rows and len({r["cable_id"] for r in rows}) == len(rows)
    result = run_cli("export", design_file, "--cables", tmp_path / "c.xlsx", "--label-scheme", "{rack}/{u}/{port}")
    assert result.code == 0, result
    book = load_workbook(tmp_path / "c.xlsx")
    assert book["Cables"].max_row == len(rows) + 1
    assert book["Labels"]["B1"].value == "{rack}/{u}/{port}"


@pytest.mark.parametrize("args, words", [
    (["--cables", "{tmp}/c.txt"], "unknown cable schedule format"),
    (["--cables", "{tmp}/missing/c.csv"], "the folder does not exist"),
    (["--cables", "{tmp}/c.csv", "--label-scheme", "{rack}{bogus}"], "unknown field {bogus}"),
    (["--cables", "{tmp}/c.csv", "--label-scheme", "plain"], "names no field"),
    (["--cables", "{tmp}/c.csv", "--label-scheme", "{rack"], "--label-scheme"),
])
def test_bad_cable_export_is_one_line_exit_2_and_writes_nothing(tmp_path, args, words):
    design_file = tmp_path / "d.json"
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                   "-o", design_file).code == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    result = run_cli("export", design_file, *[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert result.code == 2, result
    assert words in result.err and result.err.count("\n") == 1 and "Traceback" not in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_fibre_splitter_is_one_cable_with_its_legs(catalog):
    """With a splitter fibre in the catalog, the lanes of one split port ride one cable."""
    from designer.catalog.cabling import CableProduct, Cabling
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(**CASES["b300-16"]), catalog)
    index = DesignIndex.build(design)
    split = [l for l in design.links if l.cable_id and l.media == "MMF"]
    assert split, "the B300 planes split each 800G port into two 400G lanes"
    cord = next(p for p in catalog.cabling.cables if p.media == "MMF" and not p.breakout)
    splitter = CableProduct(slug="test-mmf-split-2x400g", media="MMF", speeds_gbps=[400.0], breakout=True,
                            breakout_lanes=2, stock_lengths_m=cord.stock_lengths_m or [3.0, 5.0, 10.0, 20.0, 30.0],
                            cut_to_length=cord.cut_to_length)
    cabling = Cabling(cables=[*catalog.cabling.cables, splitter], transceivers=catalog.cabling.transceivers)
    rows = cable_schedule(index, cabling)
    summary, _ = cable_summary(index, cabling)
    assert len(rows) == sum(line["count"] for line in summary)
    fibre_splitters = [r for r in rows if r.part == "test-mmf-split-2x400g"]
    if not fibre_splitters:
        pytest.skip("the selector takes no splitter fibre for these modules")
    assert all(r.legs == 2 for r in fibre_splitters)
    assert sum(r.legs for r in rows) == len(design.links)
