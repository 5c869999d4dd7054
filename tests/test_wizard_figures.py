"""The wizard says in the window's words what the generator would refuse about a server's
figures (review, helper-46: the weight refusal named `--server-weight-kg`)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")


def _previewed(qtbot, wizard, **values):
    with qtbot.waitSignal(wizard.preview_ready, timeout=60_000):
        for name, value in values.items():
            getattr(wizard, name).setValue(value) if name.startswith("server_") else \
                getattr(wizard, name).setCurrentText(value)
        wizard.refresh()
    return wizard.preview.text()


def test_an_unpublished_weight_and_a_published_figure_are_said_in_the_window_s_words(qtbot):
    from designer.catalog import load_catalog
    from designer.ui.wizard import NewDesignWizard

    wizard = NewDesignWizard(load_catalog(include_user=False))
    qtbot.addWidget(wizard)
    wizard.count.setValue(4)
    text = _previewed(qtbot, wizard, server="huawei-atlas-800t-a2", switch="nvidia-sn5600", server_max_kw=5.5)
    assert wizard.design is None and "enter its weight above" in text and "--server" not in text
    text = _previewed(qtbot, wizard, server_weight_kg=60)
    assert wizard.design is not None, text
    # a DGX H100 publishes its power: a figure entered over it is refused, in words
    text = _previewed(qtbot, wizard, server="nvidia-dgx-h100", switch="nvidia-qm9700", server_weight_kg=0)
    assert wizard.design is None and "vendor publishes the maximum power of nvidia-dgx-h100" in text, text
    text = _previewed(qtbot, wizard, server_max_kw=0)
    assert wizard.design is not None, text
