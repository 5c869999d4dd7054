"""The BOM for procurement (issue 16, item 5): spares as a configurable percentage of the
installed cables and optics (rounded up per line) in the order quantity and the totals; the
percentage from the project file or ``designer export --spares-pct``; one line per orderable
item; every line a part number or a reason; an incomplete total says so."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from designer.estimates.bom import SPARED_SECTIONS, build_bom, spares_for
from designer.model.io import load_design
from designer.report.bom_export import bom_csv, bom_xlsx
from designer.i18n import Translator
from designer.resources import example_design
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def example(catalog):
    return load_design(example_design(), catalog)


def test_spares_round_up_per_line():
    assert spares_for(10, 3) == 1
    assert spares_for(100, 2) == 2
    assert spares_for(101, 2) == 3
    assert spares_for(50, 0) == 0
    assert spares_for(0, 5) == 0


def test_spares_only_on_cables_and_optics(example, catalog):
    plain = build_bom(example, catalog)
    spared = build_bom(example, catalog, spares_pct=5)
    assert plain.spares_pct == 0 and all(line.spares == 0 for line in plain.lines)
    for before, after in zip(plain.lines, spared.lines):
        assert before.quantity == after.quantity  # installed count unchanged
        if after.section in SPARED_SECTIONS:
            assert after.spares == spares_for(after.quantity, 5) > 0
            if after.unit_price is not None:
                assert after.total == pytest.approx(after.unit_price * (after.quantity + after.spares))
        else:
            assert after.spares == 0 and after.total == before.total
    assert spared.total > plain.total


def test_project_field_sets_the_spares(example, catalog):
    design = example.model_copy(update={"project": example.project.model_copy(update={"spares_pct": 2})})
    assert build_bom(design, catalog).spares_pct == 2
    # an explicit figure wins over the project's
    assert build_bom(design, catalog, spares_pct=0).spares_pct == 0


def test_every_line_orderable_once_with_a_number_or_reason(example, catalog):
    bom = build_bom(example, catalog)
    keys = [(line.section, line.manufacturer, line.part_number) for line in bom.lines if line.part_number]
    assert len(keys) == len(set(keys))
    for line in bom.lines:
        assert line.manufacturer, line.part
        assert line.part_number or line.part_number_note, line.part


def test_csv_and_xlsx_carry_spares_and_an_incomplete_total(example, catalog):
    bom = build_bom(example, catalog, spares_pct=3)
    rows = list(csv.DictReader(io.StringIO(bom_csv(bom).decode("utf-8-sig"))))
    lines, total = rows[:-1], rows[-1]
    assert all(int(r["order_quantity"]) == int(r["quantity"]) + int(r["spares"]) for r in lines)
    assert any(int(r["spares"]) for r in lines)
    # no cents at and above 1,000
    dgx = next(r for r in lines if r["part"] == "nvidia-dgx-h100")
    assert "." not in dgx["unit_price"] and "." not in dgx["total"]
    assert not bom.complete and "incomplete" in total["description"]
    book = load_workbook(io.BytesIO(bom_xlsx(bom, Translator("en"))))
    cables = book[Translator("en")("bom_cables")[:31]]
    assert cables.cell(1, 10).value == "Spares" and cables.cell(2, 11).value == "=C2+J2"
    assert cables.cell(2, 5).value == "=D2*K2"


def test_export_spares_option(tmp_path):
    out = tmp_path / "bom.csv"
    result = run_cli("export", str(example_design()), "--bom", str(out), "--spares-pct", "10")
    assert result.code == 0, result
    rows = list(csv.DictReader(io.StringIO(out.read_bytes().decode("utf-8-sig"))))
    cable = next(r for r in rows if r["section"] == "cables")
    assert int(cable["spares"]) == -(-int(cable["quantity"]) // 10)


def test_export_refuses_a_bad_spares_figure(tmp_path, capsys):
    from designer.cli import main

    for bad, words in (("150", "0–100"), ("lots", "not a number")):
        with pytest.raises(SystemExit) as stop:  # argparse's usage error: one line, exit 2
            main(["export", str(example_design()), "--bom", str(tmp_path / "b.csv"), "--spares-pct", bad])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "--spares-pct" in err and words in err and "Traceback" not in err
    assert not (tmp_path / "b.csv").exists()


def test_project_spares_refused_with_the_field_path(tmp_path):
    import json

    data = json.loads(example_design().read_text())
    data["project"]["spares_pct"] = -1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = run_cli("check", str(path))
    assert result.code == 2
    assert "project.spares_pct" in result.err and "Traceback" not in result.err
