"""The window in Simplified Chinese: View → Language switches live and persists (headless)."""

from __future__ import annotations

import string

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QFormLayout, QGroupBox

from designer.model.io import dumps_design
from designer.report.i18n_proposal import MESSAGES
from designer.resources import example_design
from designer.ui import language
from designer.ui.document import DesignDocument
from designer.ui.main_window import MainWindow
from designer.ui.words import UI_MESSAGES
from tests.conftest import design_window, example_window

RACK_A01_OVER_BUDGET_ZH = "机柜 A01 最大功耗 40.9 kW，超出 30.0 kW 预算 10.9 kW"
RACK_A01_OVER_BUDGET_EN = "Rack A01 draws 40.9 kW at maximum, 10.9 kW over its 30.0 kW budget"


@pytest.fixture(autouse=True)
def _isolated_qt_settings(tmp_path, qapp):
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "settings"))
    yield
    language.apply("en")  # the language is application-wide: leave English for the next test


@pytest.fixture()
def window(qtbot, catalog, tmp_path):
    win = example_window(qtbot, catalog, tmp_path, "win.ini")
    yield win
    win.doc.runner.wait()
    win.close()
    win.deleteLater()


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _label_of(editor) -> str:
    """The form label beside an editor of the inspector or the estimates panel."""
    box = editor.parentWidget()
    assert isinstance(box, QGroupBox)
    form = box.layout()
    assert isinstance(form, QFormLayout)
    return form.labelForField(editor).text()


def _scene_texts(view) -> list[str]:
    scene = view.scene() if hasattr(view, "scene") else view.view.scene()
    return [item.text() for item in scene.items() if hasattr(item, "text")]


# -- the catalog ------------------------------------------------------------------------


def test_every_ui_key_has_english_and_chinese_with_the_same_fields():
    for key, texts in UI_MESSAGES.items():
        assert set(texts) == {"en", "zh"}, key
        assert texts["en"].strip() and texts["zh"].strip(), key
        assert _fields(texts["en"]) == _fields(texts["zh"]), key
        assert "." in key, key  # the window's keys have a dot, the proposal's none: they never collide
    assert not set(UI_MESSAGES) & set(MESSAGES)
    # only what reads the same in both languages is left as it is
    same = {key for key, texts in UI_MESSAGES.items() if texts["zh"] == texts["en"]}
    assert same == {"app.title", "field.pue"}


def test_slot_problems_have_one_text_the_model_and_the_window_both_say():
    from designer.model.placement import SLOT_PROBLEMS, slot_message

    figures = {"rack": "A01", "low": 3, "high": 4, "height": 42, "other": "gpu-01"}
    for key, texts in SLOT_PROBLEMS.items():
        assert f"slot.{key}" not in UI_MESSAGES  # the window keeps no copy of the model's words
        assert slot_message(key, figures) == texts["en"].format(**figures)  # the edit API's refusal
        for lang in ("en", "zh"):
            language.apply(lang)
            assert language.slot_problem((key, figures)) == texts[lang].format(**figures)
    assert language.slot_problem(("taken_unit", figures)) == "机柜 A01 的 U3 已被 gpu-01 占用"


# -- switching --------------------------------------------------------------------------------


def test_switching_to_chinese_retitles_menus_tabs_docks_and_status(window):
    assert window.menu_file.title() == "&File"
    window.set_language("zh")
    assert window.menu_file.title() == "文件(&F)"
    assert window.menu_edit.title() == "编辑(&E)"
    assert [window.tabs.tabText(i) for i in range(3)] == ["平面图", "机柜立面", "网络拓扑"]
    assert window.findings_dock.windowTitle() == "检查结果"
    assert window.estimates_dock.windowTitle() == "估算"
    assert window.findings_dock.objectName() == "Findings", "the saved layout finds docks by an untranslated name"
    assert window.metric_box.currentText() == "功耗（占功率预算）"
    assert window.metric_box.currentData() == "power"
    assert window.palette.tree.headerItem().text(0) == "部件"
    assert window.palette.tree.topLevelItem(0).text(0) == "服务器"
    assert "128 块 GPU · 6 个机柜" in window.summary.text()
    assert window.language_actions["zh"].isChecked() and not window.language_actions["en"].isChecked()
    # the views: the floor plan's room, the elevation's faces, the topology's buttons
    assert any(text.startswith("Hall 1（6.8 米") for text in _scene_texts(window.floor))
    window.open_rack("A01")
    assert {"正面", "背面", "机柜 A01（42 U）"} <= set(_scene_texts(window.racks))
    assert window.topology.paths_button.text() == "显示路径"


def test_the_findings_panel_says_a_finding_in_chinese(window, qtbot):
    doc = window.doc
    window.set_language("zh")
    doc.select("rack", "A01")
    editor = window.inspector.editors[("rack", "A01", "power_budget_kw")]
    editor.setValue(30.0)
    editor.editingFinished.emit()
    items = window.findings.items("RACK_POWER_OVER_BUDGET")
    assert len(items) == 1
    assert items[0].text(0) == f"[RACK_POWER_OVER_BUDGET] {RACK_A01_OVER_BUDGET_ZH}"
    assert "建议：" in items[0].toolTip(0) and "机柜功耗超出预算" in items[0].toolTip(0)
    assert window.findings.tree.topLevelItem(0).text(0) == "错误（1）"
    # a finding already shown changes language with the window
    window.set_language("en")
    assert window.findings.items("RACK_POWER_OVER_BUDGET")[0].text(0).endswith(RACK_A01_OVER_BUDGET_EN)
    window.set_language("zh")
    assert window.findings.items("RACK_POWER_OVER_BUDGET")[0].text(0).endswith(RACK_A01_OVER_BUDGET_ZH)


def test_the_inspector_speaks_chinese_and_refuses_in_chinese(window):
    doc = window.doc
    window.set_language("zh")
    doc.select("rack", "A01")
    inspector = window.inspector
    assert _label_of(inspector.editors[("rack", "A01", "power_budget_kw")]) == "功率预算"
    assert _label_of(inspector.editors[("rack", "A01", "facing")]) == "正面朝向"
    facing = inspector.editors[("rack", "A01", "facing")]
    assert facing.currentText() == "南" and facing.currentData() == "south"
    titles = [box.title() for box in inspector.body.findChildren(QGroupBox)]
    assert "机柜 A01（rack-42u-600）" in titles and "供电回路 A" in titles and "指标" in titles
    # a refused move says why in Chinese (the rule is the model's, the words the window's)
    doc.select("device", "node005")
    rack = inspector.editors[("device", "node005", "rack")]
    rack.setText("A01")
    rack.editingFinished.emit()
    assert inspector.error.text() == "机柜：机柜 A01 的 U1-U8 已被 node001 占用"
    assert doc.index.devices["node005"].rack == "A02"
    # with nothing selected: the design's sections
    doc.select(None)
    titles = [box.title() for box in inspector.body.findChildren(QGroupBox)]
    assert {"设计", "项目", "设计目标", "安全与合规"} <= set(titles)


def test_switching_keeps_the_design_its_undo_history_and_the_selection(window):
    from designer.ui.commands import MoveDevice

    doc = window.doc
    doc.push(MoveDevice(doc, "oob-A01", "A01", 41, "rear"))
    doc.select("device", "oob-A01")
    edited = dumps_design(doc.design)
    window.set_language("zh")
    assert window.doc is doc and doc.undo_stack.count() == 1
    assert dumps_design(doc.design) == edited and doc.selection == ("device", "oob-A01")
    assert window.isWindowModified()
    assert window.undo_action.text() == "撤销 移动 oob-A01", "the history is renamed too"
    assert window.inspector.editors[("device", "oob-A01", "position_u")].value() == 41
    window.undo_action.trigger()
    assert doc.index.devices["oob-A01"].position_u == 42
    assert window.redo_action.text() == "重做 移动 oob-A01"
    window.set_language("en")
    assert window.redo_action.text() == "&Redo Move oob-A01"
    window.redo_action.trigger()
    assert dumps_design(doc.design) == edited


def test_the_choice_persists_for_the_next_window_and_english_comes_back(window, qtbot, catalog):
    assert language.saved(window.settings) == "en", "English by default"
    window.set_language("zh")
    assert window.settings.value("language") == "zh"
    window.close()
    again = MainWindow(DesignDocument.open(window.doc.path, catalog), window.settings)
    qtbot.addWidget(again)
    assert again.menu_file.title() == "文件(&F)"
    assert again.language_actions["zh"].isChecked()
    again.language_actions["en"].trigger()  # View → Language → English
    assert again.settings.value("language") == "en"
    assert again.menu_file.title() == "&File" and again.tabs.tabText(0) == "Floor plan"
    assert again.findings_dock.windowTitle() == "Findings"
    assert again.palette.tree.headerItem().text(0) == "Part"
    assert "128 GPUs · 6 racks" in again.summary.text()
    again.doc.select("rack", "A01")
    assert _label_of(again.inspector.editors[("rack", "A01", "power_budget_kw")]) == "Power budget"
    again.close()


def test_estimates_and_topology_in_chinese(window, qtbot):
    panel = window.estimates
    qtbot.waitUntil(lambda: panel.estimates is not None, timeout=10000)
    window.set_language("zh")
    text = panel.results.toPlainText()
    assert "总体拥有成本" in text and "盈亏平衡利用率" in text
    assert "5,875,488 美元" in text, "money in Chinese words, thousands grouped"
    assert "万美元" in text, "the utilisation table's large sums in 万, as the proposal writes them"
    editor = panel.editors[("cost", None, "horizon_years")]
    assert _label_of(editor) == "测算周期" and editor.suffix() == " 年"
    topo = window.topology
    window.tabs.setCurrentWidget(topo)
    topo.set_fabric("compute")
    assert topo.result.text().startswith("compute：16 个终端")
    topo.server_a.setCurrentText("node001")
    topo.server_b.setCurrentText("node016")
    count, _switches = topo.show_paths()
    assert f"共 {count} 条等价多路径" in topo.result.text()
    topo.fail("cmp-spine01")
    assert topo.result.text().startswith("若 cmp-spine01 故障：对分带宽")


def test_the_wizard_in_chinese_shows_words_and_keeps_the_generator_values(window, qtbot):
    from designer.ui.main_window import blank_design
    from designer.ui.wizard import NewDesignWizard

    window.set_language("zh")
    assert blank_design().site.rooms[0].name == "1 号机房"
    wizard = NewDesignWizard(window.catalog, window)
    qtbot.addWidget(wizard)
    assert wizard.count_kind.currentText() == "节点" and wizard.cooling.currentText() == "风冷"
    spec = wizard.spec()
    assert (spec.nodes, spec.gpus, spec.cooling, spec.tiers, spec.storage) == (16, None, "air", "auto", None)
    qtbot.waitUntil(lambda: "叶交换机 4 台" in wizard.preview.text(), timeout=20000)
    assert wizard.ok_button.text() == "确定", "Qt's own buttons in Chinese too"


def test_a_chinese_screenshot_renders(tmp_path, catalog):
    from PySide6.QtGui import QImage

    from designer.ui.app import screenshot

    out = tmp_path / "zh.png"
    assert screenshot(str(out), str(example_design()), "floor", catalog, lang="zh", dock="estimates") == 0
    image = QImage(str(out))
    assert image.width() >= 800 and image.height() >= 600


def test_the_estimates_panel_names_unpriced_parts_as_the_proposal_does(window, qtbot):
    """The panel's "incomplete: N parts unpriced (…)" names the parts by product name, as the
    proposal does, not by catalog slug (seen in the window next to the PDF)."""
    from designer.report.product_names import short_name

    panel = window.estimates
    qtbot.waitUntil(lambda: panel.estimates is not None, timeout=10000)
    unpriced = panel.estimates.tco.capex.missing_parts or panel.estimates.tco.capex.unpriced_parts
    assert unpriced, "the example has unpriced parts"
    text = panel.results.toPlainText()
    slug = unpriced[0]["part"] if isinstance(unpriced[0], dict) else getattr(unpriced[0], "part", unpriced[0])
    model = window.doc.index.device_types[slug].model
    assert short_name(model) in text
    assert f"({slug}" not in text and f"、{slug}" not in text


def test_the_panel_names_unpriced_racks_as_the_proposal_does(qtbot, catalog, tmp_path):
    """Review by helper-39: the panel named only device types; an unpriced rack type still
    showed as "rack-42u-600" where the proposal said "iSEVEN Ri7 42U 600 mm x 1200 mm". One
    rule (``PartNames``) now serves both."""
    from designer.model.hardware import Price
    from designer.model.io import load_design
    from designer.report.pdf.context import ProposalContext

    design = load_design(example_design(), catalog)
    for kind in design.device_types:  # every device priced: only the racks are left unpriced
        design.estimates.cost.prices[kind.slug] = Price(amount=1000.0, estimate=False)
    for kind in design.rack_types:
        kind.list_price = None
    win = design_window(qtbot, catalog, tmp_path, design, name="racks-unpriced.json")
    panel = win.estimates
    qtbot.waitUntil(lambda: panel.estimates is not None, timeout=20000)
    missing = panel.estimates.tco.capex.missing_parts
    assert {m["part"] for m in missing} == {k.slug for k in design.rack_types}
    proposal = ProposalContext.prepare(win.doc.design, catalog, "en").incomplete(missing)
    text = panel.results.toPlainText()
    assert proposal in text and "iSEVEN Ri7" in proposal
    assert "rack-42u-600" not in text
    win.doc.runner.wait()
    win.close()
