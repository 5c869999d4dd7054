"""The coolant a room supplies against the warmest each liquid-cooled part takes (issue 11:
"liquid cooling capacity (CDU, kW of liquid heat, supply temperature) ... the checks say when a
room cannot take them"). The room's supply temperature is the CDUs' supply to the racks
(``Room.liquid_supply_c``); a part's limit is ``cooling.liquid_supply_max_c``, its vendor's or
supplied by the user (no NVL72 vendor document read publishes one: the figures here are test
inputs, as a user would enter them)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

from conftest import run_cli
from designer.checks import run_checks
from designer.fabric.generate import GenerateSpec, generate
from designer.i18n import Translator
from designer.model import edits
from designer.model.io import dumps_design, parse_design, save_design
from designer.model.supplied import open_figures, supplied_figures
from designer.report.json_report import report_parts

GB200 = "nvidia-dgx-gb200-nvl72"
LIQUID = dict(server_max_kw=132, server_liquid_share=0.85, server_weight_kg=1200,
              rack_type="rack-42u-600-vertiv-vr3300", rack_power_kw=140, cooling="liquid")


def _gb200(catalog, **kw):
    return generate(GenerateSpec(server=GB200, gpus=144, switch="nvidia-qm9700", **{**LIQUID, **kw}), catalog)


def _coded(design, code: str) -> list:
    return [f for f in run_checks(design) if f.code == code]


def test_a_room_warmer_than_the_part_takes_is_an_error_naming_both_temperatures(catalog):
    design = _gb200(catalog, coolant_supply_c=40, server_liquid_supply_max_c=35)
    [warm] = _coded(design, "COOLANT_SUPPLY_TOO_WARM")
    assert warm.severity == "error"
    racks = sorted({d.rack for d in design.devices if d.device_type == GB200})
    assert warm.objects == ["Hall 1", *racks]
    assert "40.0 °C" in warm.message and "35.0 °C" in warm.message and GB200 in warm.message
    zh = Translator("zh").finding_message(warm.as_dict())
    assert "供液温度 40.0 °C" in zh and "35.0 °C" in zh


@pytest.mark.parametrize("supply_c", [35, 20])
def test_a_supply_at_or_below_the_limit_passes(catalog, supply_c):
    design = _gb200(catalog, coolant_supply_c=supply_c, server_liquid_supply_max_c=35)
    assert not _coded(design, "COOLANT_SUPPLY_TOO_WARM")
    assert not [f for f in run_checks(design) if f.code == "FIGURE_UNKNOWN" and "coolant" in f.message]


def test_an_unpublished_limit_is_said_once_and_never_guessed(catalog):
    design = _gb200(catalog, coolant_supply_c=30)
    assert not _coded(design, "COOLANT_SUPPLY_TOO_WARM")
    [note] = [f for f in run_checks(design) if f.code == "FIGURE_UNKNOWN" and "coolant" in f.message]
    assert note.severity == "info" and note.objects == [GB200] and "30.0 °C" in note.message


def test_nothing_is_judged_without_a_supply_temperature_or_for_air_cooled_parts(catalog):
    design = _gb200(catalog, server_liquid_supply_max_c=35)
    assert design.site.rooms[0].liquid_supply_c is None
    assert not _coded(design, "COOLANT_SUPPLY_TOO_WARM")
    # a DGX H100 (all air) in a room with a coolant loop: nothing to judge, nothing unknown
    h100 = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=4, switch="nvidia-qm9700", cooling="liquid",
                                 coolant_supply_c=45), catalog)
    assert not _coded(h100, "COOLANT_SUPPLY_TOO_WARM")
    assert not [f for f in run_checks(h100) if "coolant" in f.message]


def test_the_figure_is_supplied_reported_and_round_trips(catalog):
    design = _gb200(catalog, coolant_supply_c=40, server_liquid_supply_max_c=35)
    [figure] = [f for f in supplied_figures(design.device_types) if f.figure == "cooling.liquid_supply_max_c"]
    assert (figure.device_type, figure.value, figure.unit) == (GB200, 35.0, "°C")
    report = report_parts(design, catalog=catalog).as_dict()
    assert report["rooms"][0]["liquid_supply_c"] == 40.0
    assert any(f["figure"] == "cooling.liquid_supply_max_c" for f in report["supplied_figures"])
    again = parse_design(dumps_design(design).encode(), "x.json", catalog)
    assert again.site.rooms[0].liquid_supply_c == 40.0
    assert dumps_design(again) == dumps_design(design)


def test_only_liquid_cooled_parts_offer_the_figure(catalog):
    assert "cooling.liquid_supply_max_c" in open_figures(catalog.device_types[GB200])
    assert "cooling.liquid_supply_max_c" not in open_figures(catalog.device_types["nvidia-dgx-h100"])
    assert "cooling.liquid_supply_max_c" not in open_figures(catalog.device_types["nvidia-qm9700"])


def test_a_room_edit_is_judged_as_a_full_check_judges_it(catalog):
    """The rule is the room's: editing the room's supply re-judges it incrementally."""
    from designer.checks.engine import Change, Checker

    design = _gb200(catalog, coolant_supply_c=30, server_liquid_supply_max_c=35)
    checker = Checker(design, catalog.cabling)
    change = edits.SetProperty("room", "Hall 1", "liquid_supply_c", 38.0).apply(design)
    live = {(f.code, f.message) for f in checker.update(Change(**change.scopes.as_sets()))}
    assert ("COOLANT_SUPPLY_TOO_WARM" in {code for code, _m in live})
    assert live == {(f.code, f.message) for f in Checker(design, catalog.cabling).findings()}


def test_cli_options_are_checked_before_anything_is_built(tmp_path):
    out = tmp_path / "x.json"
    air = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                  "--coolant-supply-c", "30", "-o", out)
    assert air.code == 2 and "--coolant-supply-c 30" in air.err and "--cooling liquid" in air.err
    hot = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                  "--cooling", "liquid", "--coolant-supply-c", "300", "-o", out)
    assert hot.code == 2 and "from 5 to 90" in hot.err
    assert not out.exists()


def test_the_window_offers_the_rooms_supply_and_the_parts_limit(qtbot, catalog, tmp_path, monkeypatch):
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow

    monkeypatch.setenv("CLUSTER_DESIGNER_RECOVERY_DIR", str(tmp_path / "recovery"))
    QStandardPaths.setTestModeEnabled(True)
    path = tmp_path / "gb.json"
    save_design(_gb200(catalog, coolant_supply_c=40), path)
    win = MainWindow(DesignDocument.open(path, catalog), QSettings(str(tmp_path / "w.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.prompts.ask_save_changes = lambda title: "discard"
    win.show()
    doc, inspector = win.doc, win.inspector
    node = next(d.name for d in doc.design.devices if d.device_type == GB200)
    doc.select("device", node)
    limit = inspector.editors[("part", GB200, "cooling.liquid_supply_max_c")]
    assert limit.text() == "" and limit.placeholderText() == "not published"
    limit.setText("35")
    limit.editingFinished.emit()
    assert next(t for t in doc.design.device_types if t.slug == GB200).cooling.liquid_supply_max_c == 35.0
    assert [f for f in doc.findings if f.code == "COOLANT_SUPPLY_TOO_WARM"]
    doc.undo_stack.undo()
    assert not [f for f in doc.findings if f.code == "COOLANT_SUPPLY_TOO_WARM"]
    doc.select("room", "Hall 1")
    assert inspector.editors[("room", "Hall 1", "liquid_supply_c")].value() == 40.0
