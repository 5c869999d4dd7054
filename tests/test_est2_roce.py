"""Lossless RoCE v2 (designer/estimates/roce.py): PFC headroom per port, by hand, summed per
switch against its buffer; the checklist in English and Chinese."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.checks import Checker
from designer.estimates.bom import build_bom
from designer.estimates.roce import CHECKLIST, port_headroom_bytes
from designer.estimates.summary import planning_estimates
from designer.fabric.generate import GenerateSpec, generate
from designer.model.estimates import RoceInputs
from designer.estimates.notes_zh import ROCE_CHECKLIST_ZH


def test_port_headroom_by_hand():
    # 400 GbE, 7 m of fibre, 9,216-byte frames:
    #   2 x 9,216                                   = 18,432 B
    #   2 x 7 m x 5.13 ns/m x 400 Gb/s = 28,728 bits =  3,591 B
    #   response 463,360 + PAUSE 672 bits           = 58,004 B
    #   total                                       = 80,027 B
    assert port_headroom_bytes(400, 7.0, RoceInputs()) == pytest.approx(80027.0)
    # 100 GbE, 100 m: 18,432 + (102,600 + 201,728 + 672) / 8 = 18,432 + 38,125 = 56,557 B
    assert port_headroom_bytes(100, 100.0, RoceInputs()) == pytest.approx(56557.0)
    assert port_headroom_bytes(200, 7.0, RoceInputs()) is None  # no response time for 200 GbE given


def _estimates(**roce):
    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=4, switch="nvidia-sn5600"), catalog)
    for key, value in roce.items():
        setattr(design.estimates.roce, key, value)
    checker = Checker(design, catalog.cabling)
    return planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))


def test_headroom_is_summed_per_switch_against_its_buffer():
    est = _estimates(switch_buffer_mb={"nvidia-sn5600": 2.0})
    (leaf,) = est.roce.switches
    assert leaf.type == "nvidia-sn5600" and leaf.ports == 32 and leaf.unknown_ports == 0
    assert leaf.headroom_mb == pytest.approx(2.561, abs=1e-3)  # 32 ports of ~80 kB
    assert leaf.exceeds_buffer is True and est.roce.switches_over_buffer == [leaf.switch]
    roomy = _estimates(switch_buffer_mb={"nvidia-sn5600": 100.0})
    assert roomy.roce.switches[0].exceeds_buffer is False
    assert "roce.buffer_unpublished" not in [n.key for n in roomy.notes]


def test_no_roce_fabric_no_block_and_the_checklist_in_both_languages():
    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    checker = Checker(design, catalog.cabling)
    est = planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))
    assert est.roce.as_dict() == {"fabrics": [], "switches": [], "switches_over_buffer": [], "checklist": []}
    assert set(ROCE_CHECKLIST_ZH) == set(CHECKLIST)
    assert [item["key"] for item in _estimates().roce.checklist] == list(CHECKLIST)


def test_the_checklist_is_said_through_the_i18n_registry():
    import designer.report  # noqa: F401  (registers every layer's words, the checklist's too)
    from designer.estimates.roce import checklist_key
    from designer.i18n import Translator
    from designer.report.performance import roce_part

    for key, text in CHECKLIST.items():
        assert Translator("en")(checklist_key(key)) == text
        assert Translator("zh")(checklist_key(key)) == ROCE_CHECKLIST_ZH[key]
    items = [{"key": key, "text": text} for key, text in CHECKLIST.items()]
    # an item no catalog knows (a report written by another version) keeps its English in both
    items.append({"key": "gone", "text": "an older item"})
    roce = {"fabrics": ["compute"], "switches": [], "checklist": items}
    assert roce_part(roce, Translator("en")).bullets == [*CHECKLIST.values(), "an older item"]
    assert roce_part(roce, Translator("zh")).bullets == [*ROCE_CHECKLIST_ZH.values(), "an older item"]
