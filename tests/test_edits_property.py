"""The rule of the edit API, as a property: anything edits produce, the loader accepts.

Hundreds of random sequences of edits (a seeded ``random.Random``: the same sequences on
every run) on the bundled example and on small generated designs; each edit is applied
through the edit API and may be accepted or refused. After each sequence the design
saves, loads again (``designer.model.io``) and ``designer check`` (the checks the CLI
runs) ends with 0 or 1, never 2; undoing everything gives back the original bytes and
redoing everything the edited bytes.
"""

from __future__ import annotations

import random

import pytest

from designer.checks import run_checks
from designer.model import Device, Feed, Link, LinkEnd, Rack, Room, Stage
from designer.model import edits as E
from designer.model.index import DesignIndex
from designer.model.io import dumps_design, load_design, parse_design
from designer.model.placement import free_position
from tests.conftest import ROOT

EXAMPLE = ROOT / "resources" / "examples" / "dgx-h100-16-node.json"
SEQUENCES = 320
SEED = 20261201


def _name(rng: random.Random, taken: list[str], prefix: str) -> str:
    """Mostly a fresh name, sometimes one that is taken (to be refused), sometimes one the
    model refuses (objects are built with ``model_construct``, unvalidated, for the edits
    to refuse)."""
    roll = rng.random()
    if taken and roll < 0.15:
        return rng.choice(taken)
    if roll < 0.2:
        return rng.choice(["", "  ", "a:b", "x" * 130, " padded "])
    return f"{prefix}{rng.randrange(10_000)}"


def _pick(rng: random.Random, items, default=None):
    items = list(items)
    return rng.choice(items) if items else default


def _rack_name(rng, design):
    return _pick(rng, [r.name for r in design.racks] + ["NoSuchRack"] * (1 if rng.random() < 0.1 else 0), "R")


def _device_name(rng, design):
    return _pick(rng, [d.name for d in design.devices], "nobody")


def _room_name(rng, design):
    return _pick(rng, [r.name for r in design.site.rooms] + (["Nowhere"] if rng.random() < 0.15 else []), "Nowhere")


def _u(rng, design, rack_name, u_height: int = 1):
    """Mostly a free slot of the rack, else any U, one above the top, 0 (invalid) or None."""
    rack = next((r for r in design.racks if r.name == rack_name), None)
    height = next((t.u_height for t in design.rack_types if rack and t.slug == rack.rack_type), 42)
    if rack is not None and rng.random() < 0.5:
        free = free_position(DesignIndex.build(design), rack.name, u_height, "front", True, rng.randint(1, height))
        if free is not None:
            return free
    return rng.choice([rng.randint(1, height), rng.randint(1, height), height + 3, 0, None])


def _u_height(design, device_name) -> int:
    device = next((d for d in design.devices if d.name == device_name), None)
    return next((t.u_height for t in design.device_types if device and t.slug == device.device_type), 1)


def _end(rng, design) -> LinkEnd:
    """Mostly a free port of some device; sometimes a cabled one, a missing port or device."""
    types = {t.slug: t for t in design.device_types}
    cabled = {(e.device, e.port) for link in design.links for e in (link.a, link.b)}
    free = [(d.name, p) for d in design.devices for g in types[d.device_type].port_groups for p in g.port_names()
            if (d.name, p) not in cabled]
    if free and rng.random() < 0.8:
        device, port = rng.choice(free)
        return LinkEnd(device=device, port=port)
    device = _pick(rng, design.devices)
    if device is None or rng.random() < 0.1:
        return LinkEnd(device="ghost", port="p1")
    ports = [p for g in types[device.device_type].port_groups for p in g.port_names()] or ["p1"]
    return LinkEnd(device=device.name, port=rng.choice(ports) if rng.random() > 0.1 else "nope")


def _new_rack(rng, design, row: str | None = None, name: str | None = None) -> Rack:
    budget = rng.choice([20.0, 40.0, 44.0])
    return Rack.model_construct(
        name=name or _name(rng, [r.name for r in design.racks], "N"),
        rack_type=_pick(rng, [t.slug for t in design.rack_types]), room=_room_name(rng, design),
        row=row if row is not None else rng.choice(["A", "B", "Z"]),
        x_mm=rng.uniform(0, 6000), y_mm=rng.uniform(0, 6000), power_budget_kw=budget,
        feeds=[Feed(name="A", capacity_kw=budget), Feed(name="B", capacity_kw=budget)])


def add_device(rng, design):
    slug = _pick(rng, [t.slug for t in design.device_types])
    height = next((t.u_height for t in design.device_types if t.slug == slug), 1)
    rack = _rack_name(rng, design)
    device = Device.model_construct(
        name=_name(rng, [d.name for d in design.devices], "dev"), device_type=slug, rack=rack,
        position_u=_u(rng, design, rack, height), face=rng.choice(["front", "rear"]),
        feed=rng.choice([None, None, "A", "B", "PDU-ZZZ"]))
    return E.add_device(device)


def move_device(rng, design):
    rack = _rack_name(rng, design) if rng.random() > 0.1 else None
    name = _device_name(rng, design)
    return E.MoveDevice(name, rack, _u(rng, design, rack, _u_height(design, name)),
                        rng.choice([None, "front", "rear"]))


def delete_device(rng, design):
    names = [d.name for d in design.devices]
    return E.delete_devices(rng.sample(names, min(len(names), rng.randint(1, 3))) if names else ["nobody"])


def add_rack(rng, design):
    return E.add_rack(_new_rack(rng, design))


def move_rack(rng, design):
    room = _room_name(rng, design) if rng.random() < 0.3 else None
    return E.MoveRack(_rack_name(rng, design), rng.uniform(-500, 8000), rng.uniform(0, 8000), room)


def delete_rack(rng, design):
    return E.delete_racks([_rack_name(rng, design)])


def add_row(rng, design):
    row = _name(rng, sorted({r.row for r in design.racks}), "W")
    rack = _new_rack(rng, design, row)
    count = rng.randint(1, 4)
    racks = [rack.model_copy(update={"name": f"{rack.name}-{i}", "x_mm": rack.x_mm + 600 * i}, deep=True)
             for i in range(count)]
    return E.AddRow(racks)


def move_row(rng, design):
    rack = _pick(rng, design.racks)
    if rack is None:
        return E.MoveRow("Hall 1", "A", 10, 10)
    return E.MoveRow(rack.room, rack.row if rng.random() > 0.1 else "no-row", rng.uniform(-600, 600),
                     rng.uniform(-600, 600))


def place_room(rng, design):
    return E.PlaceRoom(_room_name(rng, design), rng.choice([0.0, rng.uniform(-5000, 30000), float("nan")]),
                       rng.uniform(-5000, 30000))


def delete_row(rng, design):
    rack = _pick(rng, design.racks)
    return E.DeleteRow(rack.room, rack.row) if rack else E.DeleteRow("Hall 1", "A")


def add_room(rng, design):
    return E.add_room(Room.model_construct(name=_name(rng, [r.name for r in design.site.rooms], "Hall "),
                                           width_mm=rng.uniform(3000, 20000), depth_mm=rng.uniform(3000, 20000)))


def delete_room(rng, design):
    return E.delete_rooms([_room_name(rng, design)])


def add_link(rng, design):
    fabric = _pick(rng, [f.name for f in design.fabrics] + ["no-fabric"])
    return E.add_link(Link(a=_end(rng, design), b=_end(rng, design), fabric=fabric,
                           length_m=rng.choice([None, 3.0, 15.0])))


def move_link(rng, design):
    if not design.links:
        return E.delete_links([0])
    position = rng.randrange(len(design.links))
    return E.move_link(design, position, a=_end(rng, design) if rng.random() < 0.5 else None, b=_end(rng, design))


def delete_link(rng, design):
    return E.delete_links([rng.randrange(len(design.links) + 1)])


def connect_ports(rng, design):
    """The Ports dock's hand cabling (issue 14): any two ends, free or not, to be refused
    for a reason or cabled."""
    return E.connect_ports(_end(rng, design), _end(rng, design))


def paste_devices(rng, design):
    """Copy and paste in the elevation (issue 14): a few devices into some rack."""
    from designer.model.edits.clipboard import copy_devices, paste_devices as paste

    names = [d.name for d in design.devices if d.rack]
    picked = rng.sample(names, min(len(names), rng.randint(1, 3))) if names else []
    rack = _rack_name(rng, design)
    try:
        return paste(design, copy_devices(design, picked), rack)
    except E.EditRefused:
        return E.delete_devices(["no-such-device"])  # refused as the paste was


def _property(rng, design):
    """(kind, name, field, value): a field of something, a good or a bad value."""
    rack = _rack_name(rng, design)
    device = _device_name(rng, design)
    room = _room_name(rng, design)
    fabric = _pick(rng, [f.name for f in design.fabrics], "compute")
    feeds = [f"{r.name}/{f.name}" for r in design.racks for f in r.feeds]
    choices = [
        ("rack", rack, "room", _room_name(rng, design)),
        ("rack", rack, "name", _name(rng, [r.name for r in design.racks], "Q")),
        ("rack", rack, "power_budget_kw", rng.choice([-1.0, 0.0, 12.5, 44.0, None])),
        ("rack", rack, "facing", rng.choice(["north", "south", "up"])),
        ("rack", rack, "row", rng.choice(["A", "B", "C"])),
        ("rack", rack, "x_mm", rng.uniform(0, 7000)),
        ("rack", rack, "feeds", rng.choice([[], [Feed(name="A", capacity_kw=40)],
                                            [Feed(name="A", capacity_kw=40), Feed(name="A", capacity_kw=40)],
                                            [Feed(name="PDU-ZZZ", capacity_kw=40)]])),
        ("rack", rack, "rack_type", rng.choice([t.slug for t in design.rack_types] + ["no-such-type"])),
        ("feed", _pick(rng, feeds, "R/A"), rng.choice(["name", "capacity_kw"]), rng.choice(["A", "B", "C", 22.0, -3])),
        ("device", device, "name", _name(rng, [d.name for d in design.devices], "dev")),
        ("device", device, "feed", rng.choice(["A", "B", "PDU-ZZZ", None])),
        ("device", device, "rack", _rack_name(rng, design)),
        ("device", device, "position_u", _u(rng, design, rack)),
        ("device", device, "face", rng.choice(["front", "rear", "side"])),
        ("device", device, "fabric", rng.choice([fabric, "no-fabric", None])),
        ("device", device, "tier", rng.choice(["leaf", "spine", "top", None])),
        ("device", device, "full_depth", rng.choice([True, False, None])),
        ("room", room, "name", _name(rng, [r.name for r in design.site.rooms], "Hall ")),
        ("room", room, "width_mm", rng.choice([-5.0, 0.0, 4000.0, 9000.0])),
        ("room", room, "pue", rng.choice([0.5, 1.2, 1.5, 4.0, None])),
        ("fabric", fabric, "name", _name(rng, [f.name for f in design.fabrics], "fab")),
        ("fabric", fabric, "target_oversubscription", rng.choice([0.5, 1.0, 2.0, None])),
        ("design", None, "name", rng.choice(["", "New name", "x" * 200])),
        ("design", None, "racks", []),
        ("project", None, "currency", rng.choice(["usd", "EUR", "CNY"])),
        ("project", None, "customer", rng.choice([None, "ACME"])),
        ("compliance", None, "data_security_covered", rng.choice([True, None, "maybe"])),
        ("cost", None, "utilization", rng.choice([0.5, 1.5])),
        ("link", rng.randrange(len(design.links) + 1), rng.choice(["fabric", "length_m", "media"]),
         rng.choice([fabric, "no-fabric", 7.0, -1.0, "DAC", "WIFI"])),
    ]
    return rng.choice(choices)


def set_property(rng, design):
    return E.SetProperty(*_property(rng, design))


def set_stages(rng, design):
    racks = [r.name for r in design.racks]
    devices = [d.name for d in design.devices]
    stages = [Stage(name=rng.choice(["One", "Two"]) if rng.random() < 0.2 else f"Stage {i}",
                    racks=rng.sample(racks, min(len(racks), rng.randint(0, 2)))
                    + (["gone"] if rng.random() < 0.1 else []),
                    devices=rng.sample(devices, min(len(devices), rng.randint(0, 2))))
              for i in range(rng.randint(0, 3))]
    return E.SetStages(stages)


# (operation, weight): deleting whole rooms and rows is rarer, or most sequences would
# soon edit an empty design
OPERATIONS = {add_device: 3, move_device: 4, delete_device: 2, add_rack: 2, move_rack: 2, delete_rack: 1,
              add_row: 1, move_row: 1, place_room: 0.5, delete_row: 0.4, add_room: 1, delete_room: 0.3,
              add_link: 3, move_link: 2, delete_link: 1, connect_ports: 2, paste_devices: 1, set_property: 8,
              set_stages: 1}


def random_edit(rng: random.Random, design):
    operation = rng.choices(list(OPERATIONS), weights=list(OPERATIONS.values()))[0]
    return operation(rng, design)


@pytest.fixture(scope="module")
def starting_points(catalog):
    from designer.fabric.generate import GenerateSpec, generate
    from tests.factories import small_design

    example = EXAMPLE.read_bytes()
    generated = [dumps_design(generate(GenerateSpec(server="nvidia-dgx-h100", nodes=n, switch="nvidia-qm9700"),
                                       catalog)).encode() for n in (2, 5)]
    factories = [dumps_design(small_design()).encode(),
                 dumps_design(small_design(servers_per_rack=1, racks=3)).encode()]
    return [example, example, *generated, *factories]


def _exit_code(design, catalog) -> int:
    """What ``designer check`` returns for a design that loaded (exit 2 is a load error)."""
    findings = [f.as_dict() for f in run_checks(design, catalog.cabling)]
    return 1 if any(f["severity"] == "error" for f in findings) else 0


def test_random_edit_sequences_always_save_load_and_check(starting_points, catalog):
    rng = random.Random(SEED)
    accepted = refused = 0
    codes = set()
    for sequence in range(SEQUENCES):
        original = rng.choice(starting_points)
        design = parse_design(original, f"<start {sequence}>", catalog)
        history = E.History(design)
        steps = []
        for _ in range(rng.randint(10, 30)):
            edit = random_edit(rng, design)
            # a refusal changes nothing (compared on every fourth sequence: dumping is slow)
            before = dumps_design(design) if sequence % 4 == 0 else None
            try:
                history.do(edit)
            except E.EditRefused as exc:
                refused += 1
                codes.add(exc.code)
                assert exc.field or exc.message, edit
                assert before is None or dumps_design(design) == before, f"a refused edit changed the design: {edit}"
                continue
            accepted += 1
            steps.append(edit)
        edited = dumps_design(design).encode()
        context = f"sequence {sequence}: {steps}"
        loaded = parse_design(edited, f"<sequence {sequence}>", catalog)  # raises DesignLoadError: exit 2
        assert dumps_design(loaded).encode() == edited, context
        assert _exit_code(loaded, catalog) in (0, 1), context
        history.undo_all()
        assert dumps_design(design).encode() == original, f"undo all: {context}"
        history.redo_all()
        assert dumps_design(design).encode() == edited, f"redo all: {context}"
    # the sequences exercise both sides of the rules
    assert accepted > 2000 and refused > 500, (accepted, refused)
    assert {"no_such_room", "no_such_feed", "name_taken"} <= codes, codes


def test_the_cli_checks_an_edited_file_with_exit_0_or_1(tmp_path, catalog):
    from tests.conftest import run_cli

    design = load_design(EXAMPLE, catalog)
    E.SetProperty("rack", "A02", "row", "B").apply(design)
    E.MoveDevice("node001", "A06", 30).apply(design)
    path = tmp_path / "edited.json"
    path.write_text(dumps_design(design), encoding="utf-8")
    assert run_cli("check", path).code in (0, 1)


def test_the_scopes_of_each_change_are_what_the_incremental_checker_needs(starting_points, catalog):
    """Re-checking only a change's scopes finds what a full check finds."""
    from designer.checks import Change as CheckerChange
    from designer.checks import Checker

    rng = random.Random(SEED + 1)
    for sequence in range(40):
        design = parse_design(rng.choice(starting_points), f"<start {sequence}>", catalog)
        checker = Checker(design, catalog.cabling)
        for _ in range(12):
            try:
                change = random_edit(rng, design).apply(design)
            except E.EditRefused:
                continue
            incremental = checker.update(CheckerChange(**change.scopes.as_sets()))
            full = run_checks(design, catalog.cabling)
            assert sorted(map(repr, (f.sort_key for f in incremental))) == \
                sorted(map(repr, (f.sort_key for f in full))), change.summary
