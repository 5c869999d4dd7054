"""Incremental checks after an edit that changes a device's ports (another device type, a
split port): the findings of the cables' far ends change too — a cable's part is judged
with its first end — so the edit names those peers in its scopes, and the checker's
incremental findings equal a full check. (The checker no longer re-judges every peer of
every device an edit names: that re-checked ~120 switches' ports per server move at
16,384 GPUs.)"""

from __future__ import annotations

import dataclasses
import random

import pytest

from designer.checks import Change, Checker, run_checks
from designer.model import edits
from designer.model.io import load_design
from designer.resources import example_design


def _keys(findings) -> list[str]:
    return sorted(repr(f.sort_key) for f in findings)


@pytest.fixture()
def example(catalog):
    return load_design(example_design(), catalog)


def test_a_type_change_names_the_far_ends_of_its_cables(example):
    device = next(d for d in example.devices if d.device_type.startswith("nvidia-qm"))
    peers = {e.device for link in example.links if device.name in (link.a.device, link.b.device)
             for e in (link.a, link.b)}
    assert len(peers) > 2
    other = next(t.slug for t in example.device_types if t.kind == "switch" and t.slug != device.device_type)
    change = edits.SetProperty("device", device.name, "device_type", other, strict=False).apply(example)
    assert peers <= change.scopes.devices


def test_a_move_names_only_the_moved_device(example):
    device = next(d for d in example.devices if d.device_type == "nvidia-dgx-h100")
    change = edits.MoveDevice(device.name, device.rack, device.position_u, strict=False).apply(example)
    assert change.scopes.devices == {device.name}


def test_incremental_findings_equal_a_full_check_after_port_changes(example, catalog):
    rng = random.Random(7)
    checker = Checker(example, catalog.cabling)
    checker.findings()
    switch_types = [t.slug for t in example.device_types if t.kind == "switch"]
    server_types = [t.slug for t in example.device_types if t.kind == "server"]
    changed = 0
    for _ in range(12):
        device = rng.choice([d for d in example.devices if d.device_type in switch_types + server_types])
        pool = switch_types if device.device_type in switch_types else server_types
        choices = [s for s in pool if s != device.device_type]
        if not choices:
            continue
        before = _keys(checker.findings())
        change = edits.SetProperty("device", device.name, "device_type", rng.choice(choices),
                                   strict=False).apply(example)
        live = checker.update(Change(**change.scopes.as_sets()))
        assert _keys(live) == _keys(run_checks(example, catalog.cabling))
        changed += _keys(live) != before
    assert changed >= 3  # the edits changed findings: the comparison could have failed


def test_rerouted_cables_are_judged_alone_and_equal_a_full_check(example, catalog):
    """A re-route swaps cables for new objects with the same ends: the edit names just those
    (``replaced``) and their ends' port rules (``ports``); the live index takes the new
    objects in place and the findings equal a full check — here with cables made too short
    and one given media that cannot reach."""
    checker = Checker(example, catalog.cabling)
    before = _keys(checker.findings())
    server = next(d.name for d in example.devices if d.device_type == "nvidia-dgx-h100")
    positions = [i for i, l in enumerate(example.links) if server in (l.a.device, l.b.device)]
    new = [example.links[p].model_copy(update={"length_m": 0.5}) for p in positions]
    new[0] = new[0].model_copy(update={"media": "DAC", "length_m": 40.0})
    change = edits.ReplaceLinks(positions, new, strict=False).apply(example)
    assert not change.scopes.devices and not change.scopes.links
    assert len(change.scopes.replaced) == len(positions) and server in change.scopes.ports
    live = checker.update(Change(**change.scopes.as_sets()))
    assert _keys(live) == _keys(run_checks(example, catalog.cabling))
    assert _keys(live) != before  # too short, and beyond a DAC's reach: the comparison could fail
    index = checker.ctx.index
    for link in new:
        for end in (link.a.device, link.b.device):
            assert any(l is link for l in index.links_by_device[end])
            assert not any(l is old for old in (change.inverse.links) for l in index.links_by_device[end])
    # and back
    back = change.inverse.apply(example)
    assert _keys(checker.update(Change(**back.scopes.as_sets()))) == before


def test_link_places_are_never_stale(example):
    """``DesignIndex.positions_of``: answers from a map, checked at every answer — after a
    re-route (swapped in place), an insertion that shifts places, and a removal."""
    from designer.model.index import DesignIndex

    index = DesignIndex.build(example)
    links = example.links
    assert index.positions_of([links[5], links[2]]) == [5, 2]
    new = links[5].model_copy(update={"length_m": 9.0})
    change = edits.ReplaceLinks([5], [new], strict=False).apply(example)
    index.swap_links(change.scopes.replaced)
    assert index.positions_of([new]) == [5]
    moved = example.links[7]
    example.links = [example.links[0].model_copy(), *example.links]  # every place shifts by one
    assert index.positions_of([moved, new]) == [8, 6]
    gone = example.links[8]
    example.links = [l for l in example.links if l is not gone]
    with pytest.raises(KeyError):
        index.positions_of([gone])


def test_a_cable_of_one_fabric_on_a_switch_of_another_re_judges_that_switchs_fabric(example, catalog):
    """Found by ``make soak``'s edit machine: a storage cable moved onto a compute leaf's
    last free port left the compute fabric's SWITCH_PORTS_EXHAUSTED stale (a switch's port
    use counts every cable on it, whatever its fabric). The edit names the fabrics of the
    switches its cables end on."""
    from designer.model.link import LinkEnd

    checker = Checker(example, catalog.cabling)
    # free one port of a (full) compute leaf
    freed = next(i for i, l in enumerate(example.links) if l.fabric == "compute" and l.b.device == "cmp-leaf01")
    port = example.links[freed].b.port
    change = edits.delete_links([freed]).apply(example)
    assert _keys(checker.update(Change(**change.scopes.as_sets()))) == _keys(run_checks(example, catalog.cabling))
    # a storage cable onto it: the compute leaf is full again
    position = next(i for i, l in enumerate(example.links) if l.fabric == "storage")
    move = dataclasses.replace(edits.move_link(example, position, b=LinkEnd(device="cmp-leaf01", port=port)),
                               strict=False)
    applied = move.apply(example)
    assert "compute" in applied.scopes.fabrics
    live = checker.update(Change(**applied.scopes.as_sets()))
    full = run_checks(example, catalog.cabling)
    assert _keys(live) == _keys(full)
    assert any(f.code == "SWITCH_PORTS_EXHAUSTED" and "cmp-leaf01" in f.message for f in full)


def test_a_type_pasted_again_under_its_slug_is_not_answered_from_the_first(example, catalog):
    """Found in review (older than the link records): paste devices of a new type, undo, paste
    devices of another type under the same slug. The live checker's port resolver answered
    from the first type, so a speed mismatch the second brings went unreported."""
    import copy

    from designer.model.edits.clipboard import copy_devices, paste_devices

    checker = Checker(example, catalog.cabling)
    link = example.links[0]
    leaf = link.b.device
    payload = copy_devices(example, [link.a.device, leaf])
    leaf_type = next(d.device_type for d in example.devices if d.name == leaf)
    rack = next(d.rack for d in example.devices if d.name == leaf)

    def pasted(speed_gbps: float) -> dict:
        made = copy.deepcopy(payload)
        for device_type in made["device_types"]:
            device_type["slug"] = "x-" + device_type["slug"]
            if device_type["slug"] == "x-" + leaf_type:
                for group in device_type["port_groups"]:
                    if group.get("role") == "fabric":
                        group["speed_gbps"] = speed_gbps
                        group.pop("breakout", None)
        for device in made["devices"]:
            device["device_type"], device["position_u"] = "x-" + device["device_type"], None
        return made

    def step(edit) -> edits.Change:
        change = edit.apply(example)
        checker.update(Change(**change.scopes.as_sets()))
        return change

    first = step(paste_devices(example, pasted(400.0), rack))  # the leaf's ports as they were
    undone = first.inverse.apply(example)
    checker.update(Change(**undone.scopes.as_sets()))
    step(paste_devices(example, pasted(200.0), rack))  # its fabric ports now run at 200G
    assert _keys(checker.findings()) == _keys(run_checks(example, catalog.cabling))
    assert any(f.code == "LINK_SPEED_MISMATCH" for f in checker.findings())


def _live_equals_fresh(checker, design, cabling):
    assert _keys(checker.findings()) == _keys(run_checks(design, cabling))


def _step(checker, design, edit):
    change = edit.apply(design)
    checker.update(Change(**change.scopes.as_sets()))
    return change


def test_a_cable_off_a_switch_another_fabric_also_uses_rechecks_that_fabric(example, catalog):
    """Found by a seeded replay of cabling edits: an out-of-band cable re-ended onto a storage
    spine's port makes the spine a switch of the out-of-band fabric too; a storage cable taken
    off it later changed that fabric's SWITCH_PORTS_EXHAUSTED, but the edit named only the
    spine's own fabric."""
    from designer.model.link import LinkEnd

    checker = Checker(example, catalog.cabling)
    spine = "sto-spine01"
    storage = [i for i, l in enumerate(example.links) if spine in (l.a.device, l.b.device) and l.fabric == "storage"]
    freed = example.links[storage[0]]
    port = freed.a.port if freed.a.device == spine else freed.b.port
    _step(checker, example, edits.disconnect_link(storage[0]))
    oob = next(i for i, l in enumerate(example.links) if l.fabric == "oob")
    reend = edits.move_link(example, oob, b=LinkEnd(device=spine, port=port))
    reend.strict = False
    _step(checker, example, reend)
    assert any(f.code == "SWITCH_PORTS_EXHAUSTED" and spine in f.objects and "oob" in f.objects
               for f in checker.findings())
    _live_equals_fresh(checker, example, catalog.cabling)
    again = next(i for i, l in enumerate(example.links) if spine in (l.a.device, l.b.device) and l.fabric == "storage")
    _step(checker, example, edits.disconnect_link(again))
    _live_equals_fresh(checker, example, catalog.cabling)


def test_a_cable_taken_off_a_twin_cage_rechecks_the_cable_left_in_it(example, catalog):
    """Found by a seeded replay of cabling edits: whether a copper cable is a straight cable
    or a splitter follows from where its twin-port cage's other port goes; taking away (or
    re-ending) the other cable changed the part the first needs (CABLE_NO_PART's words), but
    the first's own device (the one it is judged with) was not named by the edit."""
    from designer.fabric.cages import end_cage
    from designer.model.index import DesignIndex

    index = DesignIndex.build(example)
    # two compute cables in one twin-port leaf cage, from two different servers
    by_cage: dict = {}
    for i, link in enumerate(example.links):
        if link.fabric == "compute" and link.b.device.startswith("cmp-leaf"):
            cage = end_cage(index, link.b.device, link.b.port)
            if cage is not None and cage.ports == 2:
                by_cage.setdefault(cage.key, []).append(i)
    first, second = next(pair for pair in by_cage.values()
                         if len(pair) == 2 and example.links[pair[0]].a.device != example.links[pair[1]].a.device)
    checker = Checker(example, catalog.cabling)
    for i in (first, second):  # copper where no catalog copper reaches: CABLE_NO_PART on both
        _step(checker, example, edits.SetProperty("link", i, "media", "DAC"))
        _step(checker, example, edits.SetProperty("link", i, "length_m", 7.0))
    words = [f.message for f in checker.findings() if f.code == "CABLE_NO_PART"]
    assert any("splitter" in w for w in words), words  # the leaf cage fans out to two servers
    _live_equals_fresh(checker, example, catalog.cabling)
    # the second cable goes: the first is alone in its cage, a straight cable's case
    _step(checker, example, edits.disconnect_link(second))
    words = [f.message for f in checker.findings() if f.code == "CABLE_NO_PART"]
    assert words and not any("splitter" in w for w in words), words
    _live_equals_fresh(checker, example, catalog.cabling)


def test_the_live_index_files_devices_as_a_fresh_one_after_moves_deletes_and_undos(example, catalog):
    """The index brings its rack lists up to date by comparing where each device is filed
    (not by a pass over every rack's list): after servers move between racks (non-strict:
    any U), are deleted and come back by undo, its lists hold what a fresh index's hold."""
    from designer.model.index import DesignIndex

    rng = random.Random(11)
    checker = Checker(example, catalog.cabling)
    racks = [r.name for r in example.racks]
    done = []
    for _ in range(40):
        servers = [d for d in example.devices if d.rack is not None]
        roll = rng.random()
        if roll < 0.5:
            device = rng.choice(servers)
            edit = edits.MoveDevice(device.name, rng.choice(racks), None, strict=False)
        elif roll < 0.75:
            edit = edits.delete_devices([rng.choice(servers).name])
        elif done:
            edit = done.pop().inverse
        else:
            continue
        try:
            change = _step(checker, example, edit)
        except edits.EditRefused:
            continue
        done.append(change)
        live, fresh = checker.ctx.index, DesignIndex.build(example)
        names = lambda ix: {r: [d.name for d in ds] for r, ds in ix.devices_by_rack.items() if ds}  # noqa: E731
        assert names(live) == names(fresh)
        assert [d.name for d in live.unracked] == [d.name for d in fresh.unracked]
        assert all(live.devices_by_rack[d.rack][[x.name for x in live.devices_by_rack[d.rack]].index(d.name)] is d
                   for d in example.devices if d.rack is not None)
    _live_equals_fresh(checker, example, catalog.cabling)


def test_a_move_given_the_index_judges_the_slot_as_one_without(example):
    """MoveDevice looks the device and its new rack's devices up in an index it is given
    (the window's, kept up to date), not by passes over every device: the same refusals
    and the same result as without it; an index of another design is not used."""
    from designer.model.index import DesignIndex

    index = DesignIndex.build(example)
    server = next(d for d in example.devices if d.device_type == "nvidia-dgx-h100")
    taken = next(d for d in example.devices if d.rack == server.rack and d is not server and d.position_u)
    for given in (None, index, DesignIndex.build(load_design(example_design()))):
        with pytest.raises(edits.EditRefused) as caught:
            edits.MoveDevice(server.name, server.rack, taken.position_u, index=given).check(example)
        assert "taken by" in str(caught.value) or "overlap" in str(caught.value), str(caught.value)
    free = next(u for u in range(40, 0, -1) if _fits(example, server, u))
    moved = edits.MoveDevice(server.name, server.rack, free, index=index).apply(example)
    assert (server.rack, server.position_u) == (moved.inverse.rack, free)
    assert moved.inverse.index is None  # the undo looks things up afresh


def _fits(design, device, u) -> bool:
    try:
        edits.MoveDevice(device.name, device.rack, u).check(design)
    except edits.EditRefused:
        return False
    return u != device.position_u
