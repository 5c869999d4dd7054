"""A collapsed pair (two leaves, every endpoint cabled to both, no spines) passes half its
endpoints' bandwidth across the worst cut, as one switch would: traffic between two
endpoints crosses one switch, not the links between the pair (review of helper-46's side
fabrics: max-flow between the two leaves measured those links alone, 10.5 -> 0.8 Tb/s)."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.fabric.analysis import analyse_fabrics
from designer.fabric.generate import GenerateSpec, generate
from designer.model.index import DesignIndex


@pytest.fixture(scope="module")
def fabrics():
    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700",
                                   storage="weka-wekapod-nitro-8", storage_nodes=1), catalog)
    return {f.name: f for f in analyse_fabrics(DesignIndex.build(design))}


@pytest.mark.parametrize("name", ["storage", "inband"])
def test_a_collapsed_pair_passes_half_its_endpoints_bandwidth(fabrics, name):
    fabric = fabrics[name]
    assert (fabric.switches.leaf, fabric.switches.spine, fabric.bisection_method) == (2, 0, "collapsed")
    assert fabric.bisection_gbps == pytest.approx(fabric.endpoint_bandwidth_gbps / 2)
    # one of the pair lost: every endpoint still reaches the other, on half its cables
    assert fabric.failure.leaf.bandwidth_lost_pct == pytest.approx(50.0)
    assert fabric.failure.leaf.endpoints_cut_off == 0


def test_a_pair_with_a_single_homed_endpoint_is_measured_by_max_flow():
    from designer.fabric.bisection import bisection_measure, is_collapsed

    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=2, switch="nvidia-qm9700",
                                   storage="weka-wekapod-nitro-8", storage_nodes=1), catalog)
    index = DesignIndex.build(design)
    # drop one storage cable of the first DGX: it hangs on one leaf only
    first = next(l for l in design.links if l.fabric == "storage" and l.a.device == design.devices[0].name)
    design.links.remove(first)
    index = DesignIndex.build(design)
    storage = next(f for f in analyse_fabrics(index) if f.name == "storage")
    assert storage.bisection_method != "collapsed"
    from designer.fabric.graph import build_fabric_graph, fabric_links
    from designer.fabric.topology import build_topology

    topo = build_topology(index, build_fabric_graph(index, "storage", fabric_links(index)["storage"]))
    assert not is_collapsed(topo) and bisection_measure(topo).method == "max_flow"
