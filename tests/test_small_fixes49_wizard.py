"""The wizard's server figure boxes say what they hold: "vendor's figure" only where the vendor
publishes the figure, else they ask for it (as ``designer new --server-weight-kg`` does), in the
window's language."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")


@pytest.fixture
def wizard(qtbot):
    from designer.catalog import load_catalog
    from designer.ui.wizard import NewDesignWizard

    dialog = NewDesignWizard(load_catalog(include_user=False))
    qtbot.addWidget(dialog)
    return dialog


def _choose(qtbot, wizard, server: str) -> None:
    with qtbot.waitSignal(wizard.preview_ready, timeout=60_000):
        wizard.server.setCurrentText(server)
        wizard.refresh()


def test_weight_box_asks_for_an_unpublished_weight_and_shows_a_published_one(qtbot, wizard):
    from designer.ui import language

    t = language.current()
    # the GB300 NVL72's vendor publishes no weight, its maximum power yes
    _choose(qtbot, wizard, "nvidia-gb300-nvl72")
    box = wizard.server_weight_kg
    assert box.value() == 0 and box.specialValueText() == t("wizard.enter_figure")
    assert box.text() == t("wizard.enter_figure") != t("wizard.published")
    assert box.toolTip() == t("wizard.enter_figure_tip")
    assert wizard.server_max_kw.specialValueText() == t("wizard.published")
    # a DGX H100 publishes its weight: the box says the vendor's figure is used
    _choose(qtbot, wizard, "nvidia-dgx-h100")
    assert box.specialValueText() == t("wizard.published") and box.text() == t("wizard.published")
    assert box.toolTip() == t("wizard.published_tip")


def test_unpublished_power_box_asks_too(qtbot, wizard):
    from designer.ui import language

    t = language.current()
    server = wizard.catalog.device_types["huawei-atlas-800t-a2"]
    assert server.power.max_w is None and server.weight_kg is None
    _choose(qtbot, wizard, "huawei-atlas-800t-a2")
    assert wizard.server_max_kw.specialValueText() == t("wizard.enter_figure")
    assert wizard.server_weight_kg.specialValueText() == t("wizard.enter_figure")


def test_the_box_words_are_chinese_in_a_chinese_window(qtbot):
    from designer.catalog import load_catalog
    from designer.i18n import Translator
    from designer.ui import language
    from designer.ui.wizard import NewDesignWizard

    before = language.current().lang
    language.apply("zh")
    try:
        dialog = NewDesignWizard(load_catalog(include_user=False))
        qtbot.addWidget(dialog)
        _choose(qtbot, dialog, "nvidia-gb300-nvl72")
        zh = Translator("zh")
        assert dialog.server_weight_kg.specialValueText() == zh("wizard.enter_figure")
        assert dialog.server_weight_kg.specialValueText() != Translator("en")("wizard.enter_figure")
        _choose(qtbot, dialog, "nvidia-dgx-h100")
        assert dialog.server_weight_kg.specialValueText() == zh("wizard.published")
    finally:
        language.apply(before)
