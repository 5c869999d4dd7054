"""ROCE_HEADROOM_EXCEEDS_BUFFER (designer/checks/roce_rules.py): the summed PFC headroom of a
RoCE switch against the buffer given for its type, in English and Chinese; the report's
``estimates.roce`` block adds up the same ports."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.checks import Checker
from designer.checks.roce_rules import switch_headroom
from designer.fabric.generate import GenerateSpec, generate
from designer.i18n import Translator


@pytest.fixture(scope="module")
def roce_design():
    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=4, switch="nvidia-sn5600"), catalog)
    return design, catalog


def _findings(design, catalog, **roce):
    saved = design.estimates.roce.model_copy(deep=True)
    for key, value in roce.items():
        setattr(design.estimates.roce, key, value)
    try:
        return [f for f in Checker(design, catalog.cabling).findings() if f.code == "ROCE_HEADROOM_EXCEEDS_BUFFER"]
    finally:
        design.estimates.roce = saved


def test_a_buffer_below_the_headroom_is_a_warning_naming_the_switch_and_the_figures(roce_design):
    design, catalog = roce_design
    (found,) = _findings(design, catalog, switch_buffer_mb={"nvidia-sn5600": 2.0})
    leaf = next(name for name in found.objects if name != found.objects[-1])
    fabric = found.objects[-1]
    assert found.severity == "warning" and fabric in {f.name for f in design.fabrics}
    # 32 ports of ~80 kB (test_est2_roce.py works one port out by hand): 2.56 MB > 2.0 MB
    assert found.params["ports"] == 32 and found.params["headroom_mb"] == pytest.approx(2.561, abs=1e-3)
    assert found.message == (
        f"1 nvidia-sn5600 switch on RoCE fabric {fabric} ({leaf}) needs 2.56 MB of PFC headroom for 32 ports "
        "(1 lossless priority, 9,216-byte frames), more than its 2.0 MB packet buffer")
    assert "larger buffer" in found.hint
    zh = Translator("zh").finding_message(found.as_dict())
    assert "PFC 预留缓存" in zh and "2.56 MB" in zh and "2.0 MB" in zh
    assert Translator("zh").code_title("ROCE_HEADROOM_EXCEEDS_BUFFER") != "ROCE_HEADROOM_EXCEEDS_BUFFER"


def test_no_finding_with_room_in_the_buffer_or_without_a_buffer_figure(roce_design):
    design, catalog = roce_design
    assert _findings(design, catalog, switch_buffer_mb={"nvidia-sn5600": 100.0}) == []
    assert _findings(design, catalog) == []  # unknown stays unknown: nothing judged
    # two lossless priorities need twice the headroom: over a 4 MB buffer
    (found,) = _findings(design, catalog, switch_buffer_mb={"nvidia-sn5600": 4.0}, lossless_priorities=2)
    assert found.params["headroom_mb"] == pytest.approx(5.122, abs=2e-3)


def test_infiniband_fabrics_are_not_judged():
    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700"), catalog)
    design.estimates.roce.switch_buffer_mb = {"nvidia-qm9700": 0.001}
    checker = Checker(design, catalog.cabling)
    assert not [f for f in checker.findings() if f.code == "ROCE_HEADROOM_EXCEEDS_BUFFER"]
    assert switch_headroom(design, checker.ctx.index).switches == {}
