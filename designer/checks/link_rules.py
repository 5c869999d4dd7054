"""Rules over one device's ports and cables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import compress

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, Severity, finding
from designer.checks.messages import msg, names
from designer.fabric.cages import COPPER, CageShape, EndCage, copper_legs
from designer.fabric.link_table import ResolvedLink
from designer.fabric.parts import Missing
from designer.model.hardware import split_lane
from designer.model.link import FabricRole, Link, Media


# a device's ports with cable ends on them (how many), and the ports a cable has both ends on
PortUse = tuple[dict[str, int], list[str]]


def port_use(links: list[Link]) -> dict[str, PortUse]:
    """``check_device_ports``'s tally of every device at once, from one walk over ``links``
    (a whole design's, in its order): what each device's own walk over its cables finds,
    the ports counted in the same order. Why: the devices' walks visit each cable twice
    (once from each end) and 6,000 devices' calls each set up a walk; one pass is half the
    visits (issue 17)."""
    use: dict[str, PortUse] = {}
    get = use.get
    for link in links:
        a, b = link.a, link.b
        device = a.device
        found = get(device)
        if found is None:
            found = use[device] = ({}, [])
        counts = found[0]
        counts[a.port] = counts.get(a.port, 0) + 1
        if b.device != device:
            found = get(b.device)
            if found is None:
                found = use[b.device] = ({}, [])
            counts = found[0]
        counts[b.port] = counts.get(b.port, 0) + 1
        if b.device == device and b.port == a.port:
            found[1].append(b.port)
    return use


def check_device_ports(ctx: CheckContext, device_name: str,
                       missing: list[MissingPart] | None = None, use: PortUse | None = None) -> list[Finding]:
    """Rules over a device's own ports: unconnected ones, doubly used ones, and the cables it
    is the first end of that no part serves. One walk over the device's cables gathers what
    the three rules judge (each walked them itself: 128,000 ends three times at 16,384 GPUs).
    ``missing``: what ``missing_parts`` gives for those cables, where the caller has it (a
    whole design's run gathers it in its walk over the cables, ``check_links``). ``use``:
    the device's ``port_use`` tally where the caller has it (a whole design's run), with
    ``missing``."""
    if use is not None and missing is not None:
        counts, looped = use
        return [*unconnected(ctx, device_name, counts), *double_use(ctx, device_name, counts, looped),
                *no_part(ctx, missing)]
    # each of its ports with cable ends on it, how many; the cables it is the first end of
    counts = {}
    first: list[Link] = []
    looped = []  # ports one cable has both its ends on
    for link in ctx.index.links_by_device.get(device_name, ()):
        end = link.a
        if end.device == device_name:
            counts[end.port] = counts.get(end.port, 0) + 1
            if missing is None:
                first.append(link)
        end = link.b
        if end.device == device_name:
            counts[end.port] = counts.get(end.port, 0) + 1
            if link.a.device == device_name and link.a.port == end.port:
                looped.append(end.port)
    if missing is None:
        missing = missing_parts(ctx, first)
    return [*unconnected(ctx, device_name, counts), *double_use(ctx, device_name, counts, looped),
            *no_part(ctx, missing)]


def check_all_device_ports(ctx: CheckContext, links: list[Link],
                           missing: dict[str, list[MissingPart]]) -> Iterator[tuple[str, list[Finding]]]:
    """``check_device_ports`` of every device of the design, yielding those with findings
    in the design's order: a whole design's run (``Checker.run_all``), with ``missing`` as
    ``check_links`` filled it.

    Worked out from the links' columns (``LinkTable.columns_of``) for all devices at once: no
    port holds two cable ends (one set of every end), and each device's wanted ports are all
    cabled (its ends on wanted ports counted per device). Only a device that fails either,
    splits a port, or misses a part for a cable goes through ``check_device_ports`` itself,
    so the rules stay in one place. Why: 6,048 devices' calls and a tally of 128,000 cable
    ends were a tenth of the checks at 16,384 GPUs (issue 17)."""
    index = ctx.index
    columns = ctx.links.columns_of(links)
    n_links = len(links)
    devices = columns.a_device + columns.b_device
    codes = columns.a_end + columns.b_end
    suspects: set[str] = set(missing)
    if not columns.ports_used_once():
        # a port with two ends on it (a cable on it twice, or one looped onto it): those
        # devices' own walks count them
        seen: set[tuple[str, str]] = set()
        for pair in zip(devices, columns.a_port + columns.b_port):
            if pair in seen:
                suspects.add(pair[0])
            seen.add(pair)
    # each type's wanted ports (the roles judged are the design's fabrics')
    roles = {f.role for f in ctx.design.fabrics}
    wanted: dict[str, frozenset[str]] = {}
    for slug, device_type in index.device_types.items():
        wanted[slug] = frozenset(port for role, _severity in _UNCONNECTED_SEVERITY if role in roles
                                 for port in ctx.wanted_ports(device_type, role))
    # the end codes on a wanted port of their type; those named as a lane of a port on a
    # device that splits none (two names of one physical port) are judged device by device
    on_wanted: set[int] = set()
    lanes: set[int] = set()
    for code, facts in columns.end_facts.items():
        if facts is None:
            continue  # split devices and missing ones: judged alone below
        at = code if code < n_links else code - n_links
        device_name = columns.a_device[at] if code < n_links else columns.b_device[at]
        port = columns.a_port[at] if code < n_links else columns.b_port[at]
        physical = split_lane(port)[0]
        if physical != port:
            lanes.add(code)
        elif port in wanted.get(index.devices[device_name].device_type, ()):
            on_wanted.add(code)
    if lanes:
        suspects.update(compress(devices, map(lanes.__contains__, codes)))
    # each device's cabled wanted ports (no port holds two ends where it is not a suspect)
    hits = Counter(compress(devices, map(on_wanted.__contains__, codes)))
    for device in ctx.design.devices:
        name = device.name
        judged = wanted.get(device.device_type)
        if name in suspects or device.port_breakouts or judged is None or hits.get(name, 0) < len(judged):
            found = check_device_ports(ctx, name, missing.get(name, []))
            if found:
                yield name, found


def check_link(ctx: CheckContext, link: Link) -> list[Finding]:
    """Rules over one cable: its ends exist, their speeds agree, its media reaches.
    (One plain function filling one list, not generators: called for each of 64,000 cables.)"""
    out: list[Finding] = []
    index = ctx.index
    row = ctx.links.row(link)
    speed_a, speed_b = row.speed_a_gbps, row.speed_b_gbps
    if speed_a is None or speed_b is None:
        label = f"{link.a} - {link.b}"
        missing = [str(end) for end, speed in ((link.a, speed_a), (link.b, speed_b)) if speed is None]
        out.append(finding(
            "error", "LINK_ENDPOINT_MISSING",
            [e.device for e in (link.a, link.b) if e.device in index.devices] + [label],
            msg("link_endpoint_missing", link=label, ends=names(missing, 6)),
            msg("hint.recable_or_delete"),
        ))
        return out
    if speed_a != speed_b:
        # management BASE-T ports negotiate 100M/1G between themselves; that is no design
        # fault (a 10GBASE-T port held to 1G still is)
        ports = index.ports
        autonegotiates = (max(speed_a, speed_b) <= 1 and ports.is_rj45(link.a.device, link.a.port)
                          and ports.is_rj45(link.b.device, link.b.port))
        if not autonegotiates:
            label = f"{link.a} - {link.b}"
            out.append(finding(
                "warning", "LINK_SPEED_MISMATCH", [link.a.device, link.b.device],
                msg("link_speed_mismatch", link=label, speed_a=speed_a, speed_b=speed_b, speed=min(speed_a, speed_b)),
                msg("hint.match_speed"),
            ))
    length_m = link.length_m
    if length_m is None:
        return out
    speed = row.speed_gbps
    assert speed is not None  # both ends' speeds are known
    media = link.media
    if media is None:
        out.append(finding(
            "error", "CABLE_REACH_EXCEEDED", [link.a.device, link.b.device],
            msg("cable_no_media", link=f"{link.a} - {link.b}", length_m=length_m, speed=speed),
            msg("hint.move_devices_closer"),
        ))
        return out
    # the lanes of one splitter cable are one product with its own reach
    lanes = row.lanes(ctx.cable_lanes.get(link.cable_id, 1)) if link.cable_id else 1
    reach = ctx.media.reach_m(media, speed, lanes)
    if reach is not None and length_m > reach + 1e-9:
        out.append(finding(
            "error", "CABLE_REACH_EXCEEDED", [link.a.device, link.b.device],
            msg("cable_reach_exceeded", link=f"{link.a} - {link.b}", length_m=length_m, media=media,
                reach_m=reach,
                speed=speed),
            msg(_NEXT_MEDIA_HINT[media]),
        ))
    routed = ctx.geometry.length_m(link)
    if routed is not None and length_m + 1e-9 < routed:
        out.append(finding(
            "error", "CABLE_TOO_SHORT", [link.a.device, link.b.device],
            msg("cable_too_short", link=f"{link.a} - {link.b}", length_m=length_m, route_m=routed),
            msg("hint.reroute_or_longer"),
        ))
    return out


def check_links(ctx: CheckContext, links: list[Link],
                missing: dict[str, list[MissingPart]] | None = None) -> Iterator[tuple[Link, list[Finding]]]:
    """``check_link`` of each of ``links`` (a whole design's, in its order), yielding only
    those with findings, in order: a whole design's cables at once (``Checker.run_all``).

    Judged by kind of link (``LinkTable.columns_of``): a kind whose speeds are known and
    equal, whose media reaches its length and for which every part is in the catalog leaves
    ``check_link`` silent for each of its links but for the routed length, which is compared
    link by link in one pass; every other link goes through the per-link rules
    (``check_link``, ``missing_parts``' test), so the rules stay in one place. Why: at
    16,384 GPUs almost all 64,000 cables are clean, and judging them one by one was most of
    the checks' time (issue 17).

    ``missing``: filled, in the same walk, with ``missing_parts`` of the cables by their
    first device (what ``check_device_ports`` judges for CABLE_NO_PART), in the cables'
    order. Filled as the walk goes: read it once the walk is done."""
    columns = ctx.links.columns_of(links)
    reach_of = ctx.media.reach_m
    parts_of = ctx.media.parts_of
    lengths = columns.length_m
    # the links judged one by one, whole (``_judge``): odd kinds, splitter legs, kinds that
    # miss a part or whose copper legs depend on their cage's other cables
    whole: set[int] = set()
    # the links ``check_link`` finds something on whatever their places (speeds, reach)
    found: set[int] = set()
    # kinds clean but for each link's routed length
    routed: set[int] = set()
    for code, kind in columns.kinds.items():
        if kind.odd or kind.split:
            whole.add(code)
            continue
        speed = kind.speed_gbps
        media, length_m = kind.media, kind.length_m
        if speed is None:
            found.add(code)
            continue
        same_speed = kind.speed_a_gbps == kind.speed_b_gbps
        if length_m is None or media is None:
            if length_m is not None or not same_speed:
                found.add(code)
            continue
        if missing is not None and kind.cages:
            if media in COPPER and (kind.ports_a == 2 or kind.ports_b == 2):
                whole.add(code)  # a twin-port cage: a splitter or not by its other cables
                continue
            if parts_of(columns.links[code], speed, columns.ends_at(code), kind.shapes, 1, None).missing is not None:
                whole.add(code)
                continue
        reach = reach_of(media, speed, 1)
        if not same_speed or (reach is not None and length_m > reach + 1e-9):
            found.add(code)
        else:
            routed.add(code)
    kinds = columns.kind
    judged = columns.positions(whole.union(found))
    if routed:
        # the clean kinds' links whose cable is shorter than its route (CABLE_TOO_SHORT)
        places = columns.positions(routed)
        if len(places) == len(lengths):  # every link (a design without findings)
            a_devices, b_devices, cable_m = columns.a_device, columns.b_device, lengths
        else:
            a_devices = list(map(columns.a_device.__getitem__, places))
            b_devices = list(map(columns.b_device.__getitem__, places))
            cable_m = list(map(lengths.__getitem__, places))
        short = ctx.geometry.shorter_than_routed(a_devices, b_devices, cable_m)
        if short:
            judged = sorted(judged + list(map(places.__getitem__, short)))
    all_links = columns.links
    for at in judged:
        link = all_links[at]
        if kinds[at] in whole:
            yield from _judge(ctx, ctx.links.row(link), missing)
            continue
        findings = check_link(ctx, link)
        if findings:
            yield link, findings


def _judge(ctx: CheckContext, row: ResolvedLink,
           missing: dict[str, list[MissingPart]] | None) -> Iterator[tuple[Link, list[Finding]]]:
    """One link of ``check_links`` judged from its record: its missing parts filed, then
    ``check_link`` unless its record shows it clean."""
    link = row.link
    speed = row.speed_gbps
    if speed is not None:
        length_m = link.length_m
        media = link.media
        if length_m is not None and media is not None:
            lanes = row.lanes(ctx.cable_lanes.get(link.cable_id, 1)) if link.cable_id else 1
            ends = row.ends
            if missing is not None and ends is not None:
                # as ``missing_parts`` judges one link
                legs = copper_legs(ctx.index, link, ends) if media in COPPER else None
                lacking = ctx.media.parts_of(link, speed, ends, row.shapes, lanes, legs).missing
                if lacking is not None:
                    missing.setdefault(link.a.device, []).append((link, ends, lacking))
            if row.speed_a_gbps == row.speed_b_gbps:
                reach = ctx.media.reach_m(media, speed, lanes)
                if not (reach is not None and length_m > reach + 1e-9):
                    routed = ctx.geometry.length_m(link)
                    if not (routed is not None and length_m + 1e-9 < routed):
                        return
        elif length_m is None and row.speed_a_gbps == row.speed_b_gbps:
            return
    found = check_link(ctx, link)
    if found:
        yield link, found


# an unconnected compute port is an error, a storage port a warning
_UNCONNECTED_SEVERITY: tuple[tuple[FabricRole, Severity], ...] = (("compute", "error"), ("storage", "warning"))


def unconnected(ctx: CheckContext, device_name: str, cabled: dict[str, int]) -> Iterator[Finding]:
    """``cabled``: the device's ports with cable ends on them (a split port's lanes by name)."""
    index = ctx.index
    device = index.devices.get(device_name)
    if device is None:
        return
    device_type = index.type_of(device)
    roles = {f.role for f in ctx.design.fabrics}
    judged = [(role, severity, ctx.wanted_ports(device_type, role))
              for role, severity in _UNCONNECTED_SEVERITY if role in roles]
    if not any(wanted for _role, _severity, wanted in judged):
        return
    used = {split_lane(port)[0] for port in cabled}
    for role, severity, wanted in judged:
        missing = [p for p in wanted if p not in used]
        if missing:
            compute = role == "compute"
            yield finding(
                severity, "PORT_UNCONNECTED", [device_name],
                msg("port_unconnected_compute" if compute else "port_unconnected_storage", device=device_name,
                    count=len(missing), ports=names(missing, 6)),
                msg("hint.cable_to_compute_fabric" if compute else "hint.cable_to_storage_fabric", count=len(missing)),
            )


# (what is missing, on a splitter?) -> message key
_NO_PART_KEYS = {("cable", False): "cable_no_part_cable", ("cable", True): "cable_no_part_splitter",
                 ("fibre", False): "cable_no_part_fibre", ("fibre", True): "cable_no_part_split_fibre"}


# a cable no part serves: the link, its ends' cages and what is missing
MissingPart = tuple[Link, tuple[EndCage, EndCage], Missing]


def missing_parts(ctx: CheckContext, links: list[Link]) -> list[MissingPart]:
    """The links of ``links`` whose media, speed and cages no catalog part serves (a cable,
    a module for one end's cage, or a fibre cord for the modules), in their order; links
    without a media or a length, or with an end unknown, are not judged."""
    found: list[MissingPart] = []
    index = ctx.index
    row_of = ctx.links.row
    cable_lanes = ctx.cable_lanes
    parts_of = ctx.media.parts_of
    for link in links:
        if link.media is None or link.length_m is None:
            continue
        row = row_of(link)
        speed, ends = row.speed_gbps, row.ends
        if speed is None or ends is None:
            continue
        lanes = row.lanes(cable_lanes.get(link.cable_id, 1)) if link.cable_id else 1
        legs = copper_legs(index, link, ends) if link.media in COPPER else None
        missing = parts_of(link, speed, ends, row.shapes, lanes, legs).missing
        if missing is not None:
            found.append((link, ends, missing))
    return found


def no_part(ctx: CheckContext, missing: list[MissingPart]) -> Iterator[Finding]:
    """CABLE_NO_PART: the ``missing_parts`` of the links one device is the first end of
    (``a``); links missing the same thing make one finding."""
    # (what is missing, media, speed, legs, the cage shape) -> (link, its ends, what is missing)
    groups: dict[tuple[str, Media, float, int, CageShape | tuple[str | None, ...]], list[MissingPart]] = {}
    for link, ends, lacking in missing:
        assert link.media is not None  # judged links have a media
        shape = lacking.end.shape if lacking.end is not None else tuple(e.form_factor for e in ends)
        groups.setdefault((lacking.what, link.media, lacking.speed_gbps, lacking.legs, shape), []).append(
            (link, ends, lacking))
    for (what, media, speed, legs, _shape), items in groups.items():
        labels = [f"{link.a} - {link.b}" for link, _ends, _m in items]
        # every one has a length (links without are skipped above)
        length = max(link.length_m for link, _ends, _m in items if link.length_m is not None)
        ends, first_missing = items[0][1], items[0][2]
        objects = sorted({d for link, _e, _m in items for d in (link.a.device, link.b.device)})
        common = {"links": names(labels, 4), "count": len(labels), "media": media, "length_m": length}
        if what == "module":
            end = first_missing.end
            assert end is not None  # a missing module is missing for one end's cage
            message = msg("cable_no_part_module", device=end.key[0], cage=end.form_factor or "?", ports=end.ports,
                          port_speed=end.port_speed_gbps, protocol=end.protocol or "any", side=end.side,
                          top=end.top or "any", **common)
        elif what == "fibre":
            key = _NO_PART_KEYS[what, legs > 1]
            message = msg(key, speed=speed, legs=legs, **common)
        else:
            key = _NO_PART_KEYS[what, legs > 1]
            cage_a, cage_b = (e.form_factor or "?" for e in ends)
            message = msg(key, speed=speed, legs=legs, cage_a=cage_a, cage_b=cage_b, **common)
        yield finding("error", "CABLE_NO_PART", objects, message, msg("hint.add_catalog_part"))


# The hint names the next media up from the one that falls short.
_NEXT_MEDIA_HINT = {"DAC": "hint.reach_dac", "ACC": "hint.reach_acc", "AOC": "hint.reach_aoc",
                    "MMF": "hint.reach_mmf", "SMF": "hint.reach_smf", "CAT6A": "hint.reach_cat6a"}


def double_use(ctx: CheckContext, device_name: str, counts: dict[str, int],
               looped: list[str] | None = None) -> Iterator[Finding]:
    """``counts``: the device's ports with cable ends on them, how many; ``looped``: those
    of them one cable has both its ends on (named as such, not as a second cable, where
    that cable is the port's only one)."""
    alone = {p for p in looped or () if counts.get(p) == 2}
    if alone:
        yield finding(
            "error", "PORT_DOUBLE_CONNECTED", [device_name],
            msg("port_cabled_to_itself", device=device_name, ports=names(sorted(alone), 6)),
            msg("hint.cable_other_end"),
        )
    doubled = sorted(p for p, n in counts.items() if n > 1 and p not in alone)
    if doubled:
        yield finding(
            "error", "PORT_DOUBLE_CONNECTED", [device_name],
            msg("port_double_connected", device=device_name, count=len(doubled), ports=names(doubled, 6)),
            msg("hint.move_extra_cables"),
        )
    device = ctx.index.devices.get(device_name)
    if device is None:
        return
    # a split port carries lanes only; the port itself and its lanes cannot both be cabled
    whole = {p for p in counts if p in device.port_breakouts}
    if whole:
        yield finding(
            "error", "PORT_DOUBLE_CONNECTED", [device_name],
            msg("port_split_cabled_whole", device=device_name, ports=names(sorted(whole), 6)),
            msg("hint.cable_lanes"),
        )

