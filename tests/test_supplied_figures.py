"""Figures the user supplies where the vendor publishes none (issue 11, item 6): stored in
the design's embedded device type with ``origin: user``, who and when; entered from
``designer new``, the wizard or the inspector; said as supplied, not published, by the
report, the window and the proposal."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

from conftest import run_cli
from designer.fabric.generate import GenerateSpec, generate
from designer.model import edits
from designer.model.io import dumps_design, load_design, save_design
from designer.model.supplied import (
    USER_SUPPLIED,
    FigureRefused,
    check_value,
    describe,
    published,
    supplied_figures,
    user_source,
    with_supplied,
)
from designer.i18n import Translator
from designer.report.json_report import report_parts
from designer.report.text import format_report

DAY = dt.date(2026, 12, 1)


def _atlas_design(catalog, **kw):
    """The Atlas design with its power supplied and its weight unknown: ``designer new`` needs
    the weight too (to judge rack and floor loads), so it is supplied there and taken out again
    here, as in a design whose author has not entered it yet."""
    spec = dict(server="huawei-atlas-800t-a2", switch="nvidia-sn5600", nodes=4, inband_ports_per_server=0,
                server_max_kw=5.5, server_weight_kg=60, author="Li Wei")
    spec.update(kw)
    if spec["server"] != "huawei-atlas-800t-a2":
        spec["server_weight_kg"] = None
    design = generate(GenerateSpec(**spec), catalog)
    if spec["server"] == "huawei-atlas-800t-a2":
        design.device_types = [
            t.model_copy(update={"weight_kg": None, "source": [r for r in t.source if r.covers != ["weight"]]})
            if t.slug == "huawei-atlas-800t-a2" else t for t in design.device_types]
    return design


def loads_design(text: str, catalog, tmp=None):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "d.json"
        path.write_text(text, encoding="utf-8")
        return load_design(path, catalog)


def _embedded(design, slug="huawei-atlas-800t-a2"):
    return next(t for t in design.device_types if t.slug == slug)


# ---------------------------------------------------------------- the core


def test_a_supplied_figure_records_who_when_and_that_it_is_not_published(catalog):
    atlas = catalog.device_types["huawei-atlas-800t-a2"]
    assert not published(atlas, "power.max_w") and atlas.power.max_w is None
    new = with_supplied(atlas, {"power.max_w": 5500.0}, by="Li Wei", on=DAY, via="the window")
    ref = user_source(new, "power.max_w")
    assert new.power.max_w == 5500.0
    assert ref is not None and ref.origin == "user" and ref.supplied_by == "Li Wei" and ref.supplied_on == DAY
    assert ref.covers == ["power.max_w"] and ref.title.startswith(USER_SUPPLIED)
    assert not published(new, "power.max_w")  # supplied is never "published"
    # withdrawn: unknown again, and no user record left behind
    back = with_supplied(new, {"power.max_w": None}, by="Li Wei", on=DAY, via="the window")
    assert back.power.max_w is None and user_source(back, "power.max_w") is None
    assert back.source == atlas.source


@pytest.mark.parametrize(("figure", "value"), [("power.max_w", float("inf")), ("power.max_w", 0.0),
                                               ("power.max_w", -5.0), ("power.max_w", 5e9), ("weight", 0.0),
                                               ("weight", 50_000.0), ("cooling.liquid_share", 1.5)])
def test_absurd_values_are_refused_with_the_range(figure, value):
    with pytest.raises(FigureRefused) as err:
        check_value(figure, value)
    assert err.value.hint


def test_a_design_with_a_supplied_figure_loads_again(catalog):
    design = _atlas_design(catalog)
    text = dumps_design(design)
    again = loads_design(text, catalog)
    ref = user_source(_embedded(again), "power.max_w")
    assert ref is not None and ref.supplied_by == "Li Wei" and ref.supplied_on == dt.date.today()
    assert dumps_design(again) == text


# ---------------------------------------------------------------- the edit


def test_supply_figure_edit_sets_undoes_byte_exact_and_the_loader_accepts_it(catalog):
    design = _atlas_design(catalog)
    before = dumps_design(design)
    change = edits.SupplyFigure("huawei-atlas-800t-a2", "weight", 45.0, by="Li Wei", on=DAY).apply(design)
    assert change.scopes.everything
    assert _embedded(design).weight_kg == 45.0
    after = dumps_design(design)
    assert user_source(_embedded(loads_design(after, catalog)), "weight").supplied_on == DAY
    change.inverse.apply(design)
    assert dumps_design(design) == before


def test_a_published_figure_is_not_replaced_by_the_edit(catalog):
    design = _atlas_design(catalog, server="nvidia-dgx-h100", switch="nvidia-qm9700", server_max_kw=None,
                           inband_ports_per_server=None)
    with pytest.raises(edits.EditRefused) as err:
        edits.SupplyFigure("nvidia-dgx-h100", "power.max_w", 9000.0).apply(design)
    assert err.value.code == "figure_published" and "10200" in err.value.message
    with pytest.raises(edits.EditRefused):
        edits.SupplyFigure("nvidia-dgx-h100", "colour", 1.0).apply(design)
    with pytest.raises(edits.EditRefused):
        edits.SupplyFigure("no-such-part", "weight", 1.0).apply(design)


def test_changing_the_supplied_power_changes_the_checks(catalog):
    design = _atlas_design(catalog)
    power = report_parts(design).totals["power_max_kw"]
    edits.SupplyFigure("huawei-atlas-800t-a2", "power.max_w", 6500.0, by="Li Wei", on=DAY).apply(design)
    assert report_parts(design).totals["power_max_kw"] == pytest.approx(power + 4 * 1.0)


# ---------------------------------------------------------------- report and proposal


def test_report_lists_the_supplied_figure(catalog):
    report = report_parts(_atlas_design(catalog))
    rows = report.as_dict()["supplied_figures"]
    assert rows == [{"device_type": "huawei-atlas-800t-a2", "figure": "power.max_w", "value": 5500.0, "unit": "W",
                     "supplied_by": "Li Wei", "supplied_on": dt.date.today().isoformat(),
                     "note": rows[0]["note"]}]
    text = format_report(report)
    assert "supplied: huawei-atlas-800t-a2: maximum power 5.50 kW, supplied by Li Wei on" in text
    assert "not published by the vendor" in text


def test_report_without_supplied_figures_says_nothing(catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=2), catalog)
    report = report_parts(design)
    assert report.as_dict()["supplied_figures"] == []
    assert "supplied:" not in format_report(report)


def test_supplied_words_in_chinese(catalog):
    fig = supplied_figures([_embedded(_atlas_design(catalog))])[0]
    zh = describe(fig, Translator("zh"))
    assert "最大功耗 5.50 kW" in zh and "Li Wei" in zh and "厂商未公布" in zh


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")
@pytest.mark.parametrize(("lang", "heading", "line"), [
    ("en", "Figures supplied, not published", "maximum power 5.50 kW, supplied by Li Wei"),
    ("zh", "用户提供（非厂商公布）的数据", "最大功耗 5.50 kW，由 Li Wei 于"),
])
def test_proposal_says_the_figure_was_supplied(tmp_path, lang, heading, line):
    """Issue 11 acceptance: designer new --server huawei-atlas-800t-a2 --server-max-kw 5.5
    builds a design whose proposal says that figure was supplied."""
    design = tmp_path / "a2.json"
    result = run_cli("new", "--server", "huawei-atlas-800t-a2", "--server-max-kw", "5.5", "--server-weight-kg", "60",
                     "--nodes", "4", "--switch", "nvidia-sn5600", "--inband-ports-per-server", "0", "--author", "Li Wei",
                     "-o", design)
    assert result.code == 0, result
    assert "supplied: huawei-atlas-800t-a2: maximum power 5.50 kW, supplied by Li Wei on" in result.out
    pdf = tmp_path / f"a2-{lang}.pdf"
    assert run_cli("export", str(design), "--pdf", str(pdf), "--lang", lang).code == 0
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    flat = " ".join(text.split())
    assert heading in flat
    assert line in flat
    data = json.loads(run_cli("report", str(design), "--json").out)
    assert [f["figure"] for f in data["supplied_figures"]] == ["power.max_w", "weight"]


def test_new_json_lists_the_supplied_figures(tmp_path):
    result = run_cli("new", "--server", "huawei-atlas-800t-a2", "--server-max-kw", "5.5", "--server-weight-kg",
                     "40", "--nodes", "4", "--switch", "nvidia-sn5600", "--inband-ports-per-server", "0", "--json",
                     "-o", tmp_path / "x.json")
    assert result.code == 0, result
    rows = json.loads(result.out)["supplied_figures"]
    assert [(r["figure"], r["value"], r["unit"]) for r in rows] == [("power.max_w", 5500.0, "W"), ("weight", 40.0, "kg")]


def test_the_refusal_without_a_figure_names_the_option(tmp_path):
    result = run_cli("new", "--server", "huawei-atlas-800t-a2", "--nodes", "4", "--switch", "nvidia-sn5600",
                     "--inband-ports-per-server", "0", "-o", tmp_path / "x.json")
    assert result.code != 0 and "--server-max-kw" in result.err


# ---------------------------------------------------------------- the window


@pytest.fixture()
def atlas_window(qtbot, catalog, tmp_path, monkeypatch):
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow

    monkeypatch.setenv("CLUSTER_DESIGNER_RECOVERY_DIR", str(tmp_path / "recovery"))
    QStandardPaths.setTestModeEnabled(True)
    path = tmp_path / "a2.json"
    save_design(_atlas_design(catalog), path)
    win = MainWindow(DesignDocument.open(path, catalog), QSettings(str(tmp_path / "w.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.prompts.ask_save_changes = lambda title: "discard"
    win.show()
    return win


def test_inspector_marks_the_supplied_figure_and_takes_an_unknown_one(atlas_window):
    from PySide6.QtWidgets import QGroupBox, QLabel

    doc = atlas_window.doc
    node = next(d.name for d in doc.design.devices if d.device_type == "huawei-atlas-800t-a2")
    doc.select("device", node)
    inspector = atlas_window.inspector
    texts = " ".join(label.text() for label in inspector.body.findChildren(QLabel))
    assert "Supplied, not published" in texts and "Li Wei" in texts
    titles = [box.title() for box in inspector.body.findChildren(QGroupBox)]
    assert "Figures the vendor does not publish" in titles
    weight = inspector.editors[("part", "huawei-atlas-800t-a2", "weight")]
    assert weight.text() == "" and weight.placeholderText() == "not published"
    weight.setText("45")
    weight.editingFinished.emit()
    assert _embedded(doc.design).weight_kg == 45.0
    assert user_source(_embedded(doc.design), "weight").supplied_by == "Li Wei"
    assert doc.undo_stack.undoText() == "Supply weight of huawei-atlas-800t-a2"
    # the box is rebuilt with the new figure, and a published figure offers no field
    assert inspector.editors[("part", "huawei-atlas-800t-a2", "weight")].text() == "45"
    assert ("part", "huawei-atlas-800t-a2", "power.max_w") in inspector.editors  # supplied: may be changed
    doc.undo_stack.undo()
    assert _embedded(doc.design).weight_kg is None
    assert load_design(atlas_window.doc.path, doc.catalog) is not None


def test_inspector_refuses_an_absurd_value_and_keeps_the_design(atlas_window):
    doc = atlas_window.doc
    node = next(d.name for d in doc.design.devices if d.device_type == "huawei-atlas-800t-a2")
    doc.select("device", node)
    power = atlas_window.inspector.editors[("part", "huawei-atlas-800t-a2", "power.max_w")]
    assert power.text() == "5.5"
    power.setText("5000000")  # kW: a slip of the unit
    power.editingFinished.emit()
    assert _embedded(doc.design).power.max_w == 5500.0
    assert "out of range" in atlas_window.inspector.error.text()
    assert power.text() == "5.5"


def test_wizard_takes_the_figure_the_vendor_does_not_publish(qtbot, catalog):
    from designer.ui.wizard import NewDesignWizard

    wizard = NewDesignWizard(catalog)
    qtbot.addWidget(wizard)
    with qtbot.waitSignal(wizard.preview_ready, timeout=60_000):
        wizard.server.setCurrentText("huawei-atlas-800t-a2")
        wizard.switch.setCurrentText("nvidia-sn5600")
        wizard.count.setValue(4)
        wizard.refresh()
    assert wizard.design is None  # no power figure: refused, and the note says what to enter
    assert "maximum power" in wizard.supply_note.text()
    assert "enter its maximum power above" in wizard.preview.text()  # the window's words, not a CLI option
    spec = wizard.spec()
    assert spec.server_max_kw is None
    with qtbot.waitSignal(wizard.preview_ready, timeout=60_000):
        wizard.server_max_kw.setValue(5.5)
        wizard.server_weight_kg.setValue(60)  # designer new needs the weight too (review 44)
        wizard.refresh()
    assert wizard.spec().server_max_kw == 5.5
    assert wizard.design is not None  # the figure supplied: the design builds, the figure marked
    embedded = next(t for t in wizard.design.device_types if t.slug == "huawei-atlas-800t-a2")
    assert embedded.power.max_w == 5500 and user_source(embedded, "power.max_w") is not None
