"""The window shows Chinese in the proposal's font where the system has none (on this
project's CI machines, as on many Linux desktops, no CJK font is installed: every Chinese
label was an empty box), and the wizard's note lists what the vendor does not publish as a
sentence does."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from designer.resources import bundled_cjk_font  # noqa: E402


@pytest.mark.skipif(bundled_cjk_font() is None, reason="the font package is not installed")
def test_the_window_falls_back_to_noto_sans_sc_for_chinese(qapp):
    from PySide6.QtGui import QFontDatabase, QRawFont

    from designer.ui.app import add_cjk_font

    before = qapp.font()
    try:
        added = add_cjk_font(qapp)
        assert added == ["Noto Sans SC"]
        assert "Noto Sans SC" in QFontDatabase.families()
        # the system's UI font stays first; the added one is the fallback after it
        assert qapp.font().families()[: len(before.families())] == before.families()
        assert qapp.font().families()[-1] == "Noto Sans SC"
        # and it carries the Chinese the window shows (a label of the wizard: 服务器重量)
        font = qapp.font()
        font.setFamilies(["Noto Sans SC"])
        raw = QRawFont.fromFont(font)
        assert all(raw.supportsCharacter(c) for c in "服务器重量厂商未公布")
    finally:
        qapp.setFont(before)


def test_the_supply_note_lists_the_missing_figures_as_a_sentence(qtbot):
    from designer.catalog import load_catalog
    from designer.ui.wizard import NewDesignWizard

    wizard = NewDesignWizard(load_catalog(include_user=False))
    qtbot.addWidget(wizard)
    wizard.server.setCurrentText("huawei-atlas-800t-a2")  # neither power nor weight published
    assert wizard._supply_note().startswith("The vendor publishes no maximum power or weight for this server")
