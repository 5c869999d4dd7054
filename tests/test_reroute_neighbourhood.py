"""Re-routing the cables of a moved device looks only at the links of the devices they end
on (issue 17: a server moved at 16,384 GPUs re-routed in 0.9 s, resolving every link of the
design). The plan must be the one the whole design gives: splitter lanes (their longest run)
and fanning cages are found among those links, since they all end on the same device."""

from __future__ import annotations

import pytest

from designer.fabric.parts import MediaSelector
from designer.fabric.cabling import _plan, neighbourhood, reroute
from designer.fabric.routes import Geometry
from designer.model.index import DesignIndex
from designer.model.io import load_design
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def split(catalog, tmp_path_factory):
    """64 DGX B300 on SN5600 at its split radix: 1,024 of 1,794 links are splitter lanes."""
    out = tmp_path_factory.mktemp("split") / "b300.json"
    assert run_cli("new", "--server", "nvidia-dgx-b300", "--nodes", "64", "--switch", "nvidia-sn5600",
                   "-o", str(out)).code == 0
    design = load_design(out, catalog)
    assert sum(1 for link in design.links if link.cable_id) > 500
    return design


def _devices(design):
    """A server and a leaf with splitter lanes, and a spine."""
    split_ends = {end.device for link in design.links if link.cable_id for end in (link.a, link.b)}
    server = next(d.name for d in design.devices if d.device_type == "nvidia-dgx-b300" and d.name in split_ends)
    leaf = next(d.name for d in design.devices if d.tier == "leaf" and d.name in split_ends)
    spine = next(d.name for d in design.devices if d.tier == "spine")
    return [server, leaf, spine]


@pytest.mark.parametrize("which", [0, 1, 2])
def test_a_devices_plan_from_its_neighbourhood_equals_the_whole_designs(split, catalog, which):
    index = DesignIndex.build(split)
    name = _devices(split)[which]
    links = index.links_by_device[name]
    assert links and (any(link.cable_id for link in links) or which == 2)
    around = neighbourhood(index, links)
    assert len(around) < len(split.links)
    selector, geometry = MediaSelector(catalog.cabling), Geometry(index)
    assert _plan(index, selector, links, geometry, around) == _plan(index, selector, links, geometry,
                                                                   split.links)


def test_reroute_of_most_of_the_design_looks_at_all_of_it(split, catalog):
    index = DesignIndex.build(split)
    assert neighbourhood(index, split.links) is split.links
    assert [l.length_m for l in reroute(index, catalog.cabling, split.links)] == [l.length_m for l in split.links]


def test_a_moved_devices_cables_are_found_from_the_index_as_by_looking(split):
    from designer.ui.commands.base import _link_positions

    index = DesignIndex.build(split)
    names = set(_devices(split))
    assert _link_positions(split, names, index) == _link_positions(split, names)
    assert _link_positions(split, names | {"pasted-new"}, index) == _link_positions(split, names)
