"""A device that no rack of the chosen type can hold (too heavy for its static load, too tall):
the refusal names the catalog's rack types that would take it, or says that none does, on the
command line and in the wizard's words (en/zh). Found designing a GB200 NVL72 as a new user:
"choose a rack type with a higher static load rating" left the user to guess which one."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.errors import GenerationError
from designer.fabric.generate import GenerateSpec, generate
from designer.fabric.placement import Reserve, per_rack_limit
from designer.i18n import Translator

GB200 = "nvidia-dgx-gb200-nvl72"
STRONG = "rack-42u-600-vertiv-vr3300"  # the one catalog rack rated above 800 kg (1,360 kg)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _refusal(catalog, **kw) -> GenerationError:
    spec = dict(server=GB200, gpus=576, switch="nvidia-qm9700", server_max_kw=132, rack_power_kw=140,
                server_liquid_share=0.85, cooling="liquid")
    with pytest.raises(GenerationError) as caught:
        generate(GenerateSpec(**{**spec, **kw}), catalog)
    return caught.value


def test_too_heavy_names_the_rack_types_that_carry_it(catalog):
    exc = _refusal(catalog, server_weight_kg=1200)
    assert exc.key == "rack_too_weak" and exc.figures["fits"] == STRONG
    assert exc.format().endswith(f"(choose a rack type with a higher static load rating: --rack-type {STRONG})")
    # and that rack type does take it
    design = generate(GenerateSpec(server=GB200, gpus=576, switch="nvidia-qm9700", server_max_kw=132,
                                   rack_power_kw=140, server_liquid_share=0.85, cooling="liquid",
                                   server_weight_kg=1200, rack_type=STRONG), catalog)
    assert sum(1 for d in design.devices if d.device_type == GB200) == 8


def test_too_heavy_for_every_catalog_rack_says_so(catalog):
    exc = _refusal(catalog, server_weight_kg=1400)
    assert exc.figures["fits"] == ""
    assert "no rack type in the catalog takes it: add one with --catalog FILE" in exc.format()


def test_too_short_names_the_taller_rack_types(catalog):
    tall = catalog.device_types["nvidia-dgx-h100"].model_copy(update={"u_height": 45})
    with pytest.raises(GenerationError) as caught:
        per_rack_limit(tall, catalog.rack_types["rack-42u-600"], 40_000, Reserve(), catalog.rack_types.values())
    exc = caught.value
    assert exc.key == "rack_too_short"
    assert exc.figures["fits"] == "rack-48u-600, rack-48u-800"
    assert "choose a taller rack type: --rack-type rack-48u-600 or rack-48u-800" in exc.format()


def test_the_wizard_says_the_same_in_its_language(catalog):
    pytest.importorskip("PySide6")
    from designer.ui.words_generate import generation_problem

    fits = _refusal(catalog, server_weight_kg=1200)
    en, zh = generation_problem(fits, Translator("en")), generation_problem(fits, Translator("zh"))
    assert en.endswith(f"Rack types that take it: {STRONG}.") and '"Rack type"' in en
    assert zh.endswith(f"可容纳它的机柜型号：{STRONG}。") and "“机柜型号”" in zh
    none = _refusal(catalog, server_weight_kg=1400)
    assert "No rack type in the catalog takes it" in generation_problem(none, Translator("en"))
    assert "产品目录中没有可容纳它的机柜型号" in generation_problem(none, Translator("zh"))
