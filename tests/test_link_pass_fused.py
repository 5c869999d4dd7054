"""A whole design's check gathers the parts missing for its cables in its one walk over
them (issue 17); each device's CABLE_NO_PART findings are what its own walk gives (the path
an edit takes), finding for finding and in the same order."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from designer.catalog import load_catalog
from designer.checks.engine import Checker
from designer.checks.link_rules import check_device_ports, port_use
from designer.fabric.generate import GenerateSpec, generate

sys.path.insert(0, str(Path(__file__).parent))
from factories import small_design  # noqa: E402

DATA = Path(__file__).parent / "data"


def _designs():
    catalog = load_catalog(include_user=False)
    yield "AOC at NDR (no such cable)", small_design(), catalog
    test_catalog = load_catalog([DATA / "test-200ge-server.yaml"], include_user=False)
    yield "200GbE QSFP56 (no module)", generate(GenerateSpec(server="test-200ge-server", nodes=64,
                                                             switch="nvidia-sn5600"), test_catalog), test_catalog


@pytest.mark.parametrize("case", list(_designs()), ids=lambda case: case[0])
def test_the_whole_run_files_what_each_device_finds_alone(case):
    _name, design, catalog = case
    checker = Checker(design, catalog.cabling)
    assert any(f.code == "CABLE_NO_PART" for f in checker.findings()), "the case must miss parts"
    for device in design.devices:
        alone = check_device_ports(checker.ctx, device.name)
        assert checker._by_scope.get(("device", device.name), []) == alone, device.name


def test_one_tally_of_every_device_is_what_each_device_counts_alone():
    """``port_use`` (one walk over the cables, a whole run's) against each device's own
    walk: a port with two cables, a cable from a port to itself, a cable between two ports
    of one device and a cable to a device that does not exist all count as each device's
    walk counts them, and the findings filed are the same."""
    from designer.model.link import Link, LinkEnd

    design = small_design()
    first = design.links[0]
    a, b = first.a, first.b
    design.links += [
        Link(a=LinkEnd(a.device, a.port), b=LinkEnd(b.device, "p-extra")),  # a's port twice
        Link(a=LinkEnd(b.device, "p9"), b=LinkEnd(b.device, "p9")),  # a port to itself
        Link(a=LinkEnd(b.device, "p10"), b=LinkEnd(b.device, "p11")),  # two ports of one device
        Link(a=LinkEnd(a.device, "p12"), b=LinkEnd("no-such-device", "p1")),
    ]
    checker = Checker(design, load_catalog(include_user=False).cabling)
    codes = {f.code for f in checker.findings()}
    assert "PORT_DOUBLE_CONNECTED" in codes
    use = port_use(design.links)
    for device in design.devices:
        counts: dict[str, int] = {}
        looped: list[str] = []
        for link in checker.ctx.index.links_by_device.get(device.name, ()):
            for end in (link.a, link.b):
                if end.device == device.name:
                    counts[end.port] = counts.get(end.port, 0) + 1
            if link.a.device == link.b.device == device.name and link.a.port == link.b.port:
                looped.append(link.b.port)
        tally = use.get(device.name, ({}, []))
        assert list(tally[0].items()) == list(counts.items()) and tally[1] == looped, device.name
        assert checker._by_scope.get(("device", device.name), []) == check_device_ports(checker.ctx, device.name)
