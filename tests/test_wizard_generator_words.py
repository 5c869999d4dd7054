"""The generator's refusals in the wizard: said in the window's language, naming the wizard's
fields rather than `designer new`'s options (the generator's errors carry a key and their raw
figures, ``GenerationError.key``); the command line keeps its English with the options.
Also: the two-tier capacity refusal states the two-tier limit, and the wizard can take a
liquid-cooled server's share of heat (a GB200 NVL72 could not be designed in the window)."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.errors import GenerationError
from designer.fabric.generate import GenerateSpec, generate
from designer.i18n import Translator

pytest.importorskip("PySide6")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _refusal(catalog, **spec) -> GenerationError:
    with pytest.raises(GenerationError) as caught:
        generate(GenerateSpec(**spec), catalog)
    return caught.value


def test_the_command_line_keeps_its_words_and_the_window_says_its_own(catalog):
    from designer.ui.words_generate import generation_problem

    exc = _refusal(catalog, server="nvidia-dgx-h100", nodes=4, switch="nvidia-qm9700", rack_power_kw=5)
    assert exc.key == "rack_budget_below_server" and exc.figures["need_kw"] == 10.3
    assert "use --rack-power-kw 10.3 or more" in exc.format()
    en = generation_problem(exc, Translator("en"))
    zh = generation_problem(exc, Translator("zh"))
    assert "--" not in en and '"Rack power budget" to 10.3 kW' in en
    assert "“机柜功率预算”" in zh and "10.3 kW" in zh and "--" not in zh


def test_a_refusal_without_a_key_is_shown_as_the_generator_wrote_it():
    from designer.ui.words_generate import generation_problem

    exc = GenerationError("unknown rack type \"x\"", hint="use one of: a, b")
    assert generation_problem(exc, Translator("zh")) == exc.format()


@pytest.mark.parametrize(("nodes", "ratio", "most"), [(257, 1.0, 256), (337, 2.0, 336), (385, 3.0, 384)])
def test_two_tiers_refused_with_the_two_tier_limit(catalog, nodes, ratio, most):
    """One node more than two tiers of 64-port QM9700 hold (64 leaves under 64-port spines):
    the refusal names the two-tier limit, not the three-tier one (it said "300 nodes exceed
    ... at most 8,192 nodes in three tiers"), and the limit itself builds."""
    exc = _refusal(catalog, server="nvidia-dgx-h100", nodes=nodes, switch="nvidia-qm9700", tiers="2",
                   oversubscription=ratio)
    assert exc.key == "capacity_two_tiers" and exc.figures["most"] == most
    assert f"at most {most:,} nodes" in exc.message and "in two tiers" in exc.message
    assert "--tiers auto or 3 holds" in exc.hint
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=most, switch="nvidia-qm9700", tiers="2",
                                   oversubscription=ratio), catalog)
    assert sum(1 for d in design.devices if d.device_type == "nvidia-dgx-h100") == most


def _previewed(qtbot, wizard, **values):
    with qtbot.waitSignal(wizard.preview_ready, timeout=60_000):
        for name, value in values.items():
            widget = getattr(wizard, name)
            widget.setCurrentText(value) if hasattr(widget, "setCurrentText") else widget.setValue(value)
        wizard._timer.stop()  # the change's own delayed refresh: this one instead
        wizard.refresh()
    return wizard.preview.text()


def test_the_wizard_says_a_capacity_refusal_in_chinese(qtbot, catalog, monkeypatch):
    from designer.ui import language
    from designer.ui.wizard import NewDesignWizard

    monkeypatch.setattr(language, "current", lambda: Translator("zh"))
    wizard = NewDesignWizard(catalog)
    qtbot.addWidget(wizard)
    text = _previewed(qtbot, wizard, server="nvidia-dgx-h100", switch="nvidia-qm9700", count=300, tiers="2")
    assert wizard.design is None
    assert "两层网络" in text and "256" in text and "“网络层数”" in text and "--" not in text, text
    text = _previewed(qtbot, wizard, count=4, switch="nvidia-sn2201")
    assert wizard.design is None and "计算网络交换机" in text and "--" not in text, text


def test_a_gb200_nvl72_is_designed_in_the_wizard_with_its_supplied_figures(qtbot, catalog):
    """The GB200 NVL72's vendor publishes neither its power, its weight nor its liquid share:
    each refusal asks for the field, and with all three entered the rack is designed, each
    figure stored as supplied."""
    from designer.ui.wizard import NewDesignWizard

    wizard = NewDesignWizard(catalog)
    qtbot.addWidget(wizard)
    wizard.count_kind.setCurrentIndex(0)  # nodes: one NVL72 rack
    text = _previewed(qtbot, wizard, server="nvidia-dgx-gb200-nvl72", switch="nvidia-qm9700", count=2,
                      rack_power=150)
    assert wizard.design is None and "maximum power above" in text, text
    assert wizard.server_liquid_pct.specialValueText() == "not published: enter it"
    text = _previewed(qtbot, wizard, server_max_kw=132, server_weight_kg=1200)
    assert wizard.design is None and "liquid-cooled share above" in text and "--" not in text, text
    text = _previewed(qtbot, wizard, server_liquid_pct=85, cooling="liquid")
    assert wizard.design is None and "“" not in text and "\"Rack type\"" in text, text
    _previewed(qtbot, wizard, rack_type="rack-42u-600-vertiv-vr3300")
    assert wizard.design is not None, wizard.preview.text()
    rack = next(t for t in wizard.design.device_types if t.slug == "nvidia-dgx-gb200-nvl72")
    assert rack.cooling.liquid_share == pytest.approx(0.85)


def test_the_wizard_offers_in_rack_copper(qtbot, catalog):
    """designer new --in-rack-copper in the window: stored on the fabrics as the CLI stores it."""
    from designer.ui.wizard import NewDesignWizard

    wizard = NewDesignWizard(catalog)
    qtbot.addWidget(wizard)
    _previewed(qtbot, wizard, count=8)
    assert wizard.design is not None
    assert all(f.in_rack_copper is None for f in wizard.design.fabrics if f.role == "compute")
    wizard.in_rack_copper.setChecked(True)
    _previewed(qtbot, wizard)
    assert wizard.design is not None
    assert all(f.in_rack_copper is True for f in wizard.design.fabrics if f.role == "compute")


# review 54: refusals the wizard could only show in the command line's English
def test_a_storage_fabric_no_switch_serves(catalog):
    from designer.ui.words_generate import generation_problem

    exc = _refusal(catalog, server="huawei-atlas-800t-a2", nodes=4, switch="nvidia-qm9700",
                   server_max_kw=5.5, server_weight_kg=75.0, storage="weka-wekapod-nitro-8", storage_nodes=1)
    assert exc.key == "no_storage_switch" and exc.figures["fabric"] == "storage"
    assert "--storage-switch" in exc.format()  # the command line names its option
    en, zh = generation_problem(exc, Translator("en")), generation_problem(exc, Translator("zh"))
    assert "--" not in en and "No InfiniBand switch" in en and '"Compute switch"' in en and "25G" in en
    assert "--" not in zh and "存储网络" in zh and "“计算网络交换机”" in zh and "25G" in zh
    assert "storage" not in zh and "infiniband" not in zh


def test_a_server_without_compute_ports(catalog):
    from designer.ui.words_generate import generation_problem

    exc = _refusal(catalog, server="lenovo-sr685a-v3-h200", nodes=4, switch="nvidia-qm9700",
                   server_max_kw=10.0, server_weight_kg=100.0)
    assert exc.key == "server_no_compute"
    zh = generation_problem(exc, Translator("zh"))
    assert "lenovo-sr685a-v3-h200" in zh and "“服务器”" in zh and "compute" not in zh
    assert '"Server"' in generation_problem(exc, Translator("en"))


def test_zh_capacity_refusals_count_gpus_with_kuai():
    from designer.ui.words_generate import GENERATION_WORDS

    for key, words in GENERATION_WORDS.items():
        assert "个 GPU" not in words["zh"], key  # GPUs are counted with 块, as everywhere else


def test_the_management_weight_hint_names_no_refused_option(catalog):
    exc = _refusal(catalog, server="nvidia-dgx-h100", nodes=4, switch="nvidia-qm9700",
                   management_server="nvidia-dgx-h100", management_server_weight_kg=20.0)
    assert "give the weight once" not in exc.format() and "leave out --management-server-weight-kg" in exc.format()
