"""Four 200G lanes of one 800G switch cage over multimode optics: the cage's twin-port 2 x 400G
module takes two 1:2 splitter fibres (MFP7E20), one per module port, each to two 200G adapter
modules. NVIDIA MMA4Z00-NS400-T, Connectivity Scenarios: "200Gb/s mode: Using 2-channels and 1:2
splitter ... fiber cables (MFP7E20) ... This case creates links to four 200Gb/s ConnectX-7/OSFP
adapter cards". Before: each lane took a straight MFP7E10 fibre of its own (four per cage), the
catalog having no 4-leg multimode splitter; a BOM ordered the wrong cord, twice as many of it.

And a catalog port prefix that makes its ports read as a split port's lanes is refused."""

from __future__ import annotations

from collections import Counter

import pytest

from designer.catalog import load_catalog
from designer.fabric.cable_counts import cable_summary, cable_summary_per_link
from designer.fabric.generate import GenerateSpec, generate
from designer.model.hardware import PortGroup, split_lane
from designer.model.index import DesignIndex

GB200 = "nvidia-dgx-gb200-nvl72"


@pytest.fixture(scope="module")
def split_design():
    """An 8-rack GB200 design: each tray's two 200GbE in-band BlueField-3 ports (QSFP112 cages, the
    GB200 RA's) cabled to SN5600 leaves split 4 x 200G."""
    catalog = load_catalog(include_user=False)
    spec = GenerateSpec(server=GB200, gpus=576, switch="nvidia-qm9700", server_max_kw=132, rack_power_kw=140,
                        server_liquid_share=0.85, server_weight_kg=1200, rack_type="rack-42u-600-vertiv-vr3300",
                        cooling="liquid")
    return generate(spec, catalog), catalog


def test_four_lanes_of_a_cage_take_two_splitter_fibres(split_design):
    design, catalog = split_design
    index = DesignIndex.build(design)
    lanes = [l for l in design.links if l.fabric == "inband" and l.media == "MMF" and l.a.port.startswith("bfi")]
    assert len(lanes) == 8 * 36
    cages = Counter(l.cable_id for l in lanes)
    assert set(cages.values()) == {4}  # every SN5600 cage split 4 x 200G
    for summary in (cable_summary, cable_summary_per_link):
        cables, transceivers = summary(index, catalog.cabling)
        splitters = sum(row["count"] for row in cables if row["part"] == "nvidia-mfp7e20-mmf-split-mpo12-apc")
        assert splitters == len(lanes) // 2 == 2 * len(cages), summary.__name__
        # no straight 200G fibre is left on those lanes
        assert not any(row["part"] == "nvidia-mfp7e10-mmf-mpo12-apc" and row["speed_gbps"] == 200 for row in cables)
        modules = {row["type"]: row["count"] for row in transceivers}
        assert modules["nvidia-mma1z00-ns400"] == len(lanes)  # a QSFP112 SR4 module at 200G in each tray port


def test_a_prefix_ending_in_digit_and_s_is_refused():
    with pytest.raises(ValueError, match="read as the lanes of a split port bf3"):
        PortGroup(name="bf3", prefix="bf3s", count=2, speed_gbps=200, role="inband")
    assert split_lane("bfs1") == ("bfs1", None)  # the prefixes the catalog uses read as ports
    assert PortGroup(name="ok", prefix="bfs", count=2, speed_gbps=200, role="inband").port_names() == ["bfs1", "bfs2"]


def test_a_prefix_ending_in_s_and_digits_is_refused():
    """Review 14: "enp1s0" named its ports enp1s01, enp1s02: lanes 1 and 2 of a split port enp1."""
    with pytest.raises(ValueError, match="split port enp1"):
        PortGroup(name="nic", prefix="enp1s0", count=2, speed_gbps=200, role="inband")


def test_a_missing_splitter_fibre_is_counted_once_a_splitter(split_design):
    """A run past the 1:2 splitter's longest stock length (30 m): the finding names the 2-way
    splitter the lanes need, and the report counts one missing fibre per two lanes (review 14:
    "4-way splitter", and one missing fibre a lane)."""
    design, catalog = split_design
    lanes = [l for l in design.links if l.fabric == "inband" and l.a.port.startswith("bfi")]
    far = design.model_copy(update={"links": [
        l.model_copy(update={"length_m": 40.0}) if l in lanes else l for l in design.links]})
    index = DesignIndex.build(far)
    for summary in (cable_summary, cable_summary_per_link):
        cables, _ = summary(index, catalog.cabling)
        missing = [row for row in cables if row["part"] is None and row["speed_gbps"] == 200 and row["media"] == "MMF"]
        assert sum(row["count"] for row in missing) == len(lanes) // 2, summary.__name__
        assert all(row["breakout"] for row in missing)
    from designer.report.json_report import build_report

    found = [f for f in build_report(far, catalog=catalog)["findings"] if f["code"] == "CABLE_NO_PART"]
    assert found and all("2-way splitter fibre of 40 m" in f["message"] for f in found)
