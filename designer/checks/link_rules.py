"""Rules over one device's ports and cables."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, plural
from designer.model.hardware import split_lane
from designer.model.link import Link


def check_device_ports(ctx: CheckContext, device_name: str) -> list[Finding]:
    """Rules over a device's own ports: unconnected and doubly used ones."""
    return [f for rule in DEVICE_RULES for f in rule(ctx, device_name)]


def check_link(ctx: CheckContext, link: Link) -> list[Finding]:
    """Rules over one cable: its ends exist, their speeds agree, its media reaches."""
    return list(_link(ctx, link))


def _short_list(items: list[str], limit: int = 6) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def unconnected(ctx: CheckContext, device_name: str) -> Iterator[Finding]:
    index = ctx.index
    device = index.devices.get(device_name)
    if device is None:
        return
    device_type = index.type_of(device)
    roles = {f.role for f in ctx.design.fabrics}
    used = set()
    for link in index.links_by_device.get(device_name, []):
        for end in (link.a, link.b):
            if end.device == device_name:
                used.add(split_lane(end.port)[0])
    for role, severity in (("compute", "error"), ("storage", "warning")):
        if role not in roles:
            continue
        missing = [p for g in device_type.ports_with_role(role) for p in g.port_names() if p not in used]
        if missing:
            what = "GPU fabric" if role == "compute" else "storage"
            yield Finding(
                severity, "PORT_UNCONNECTED",
                f"{device_name}: {plural(len(missing), f'{role} port')} without a cable ({_short_list(missing)})",
                [device_name], f"cable {'them' if len(missing) > 1 else 'it'} to the {what} fabric",
            )


def _link(ctx: CheckContext, link: Link) -> Iterator[Finding]:
    index = ctx.index
    ports = index.ports
    label = f"{link.a} - {link.b}"
    missing = [str(end) for end in (link.a, link.b) if ports.speed_gbps(end.device, end.port) is None]
    if missing:
        yield Finding(
            "error", "LINK_ENDPOINT_MISSING",
            f"Link {label}: {_short_list(missing)} does not exist",
            [e.device for e in (link.a, link.b) if e.device in index.devices] + [label],
            "re-cable it to an existing port or delete the link",
        )
        return
    speed_a = ports.speed_gbps(link.a.device, link.a.port)
    speed_b = ports.speed_gbps(link.b.device, link.b.port)
    if speed_a != speed_b:
        yield Finding(
            "warning", "LINK_SPEED_MISMATCH",
            f"Link {label} joins a {speed_a:g}G port to a {speed_b:g}G port; it runs at {min(speed_a, speed_b):g}G",
            [link.a.device, link.b.device],
            "use a breakout lane of the faster port or a port of matching speed",
        )
    yield from _cable(ctx, link, label, min(speed_a, speed_b))


def _cable(ctx: CheckContext, link, label: str, speed: float) -> Iterator[Finding]:
    if link.length_m is None:
        return
    if link.media is None:
        yield Finding(
            "error", "CABLE_REACH_EXCEEDED",
            f"Link {label} needs {link.length_m:g} m and no catalog media reaches that at {speed:g}G",
            [link.a.device, link.b.device], "move the two devices closer together",
        )
        return
    reach = ctx.media.reach_m(link.media, speed)
    if reach is not None and link.length_m > reach + 1e-9:
        yield Finding(
            "error", "CABLE_REACH_EXCEEDED",
            f"Link {label} is a {link.length_m:g} m {link.media} cable; {link.media} reaches {reach:g} m at {speed:g}G",
            [link.a.device, link.b.device], f"use {_next_media(link.media)} or move the devices closer",
        )
    routed = ctx.geometry.length_m(link)
    if routed is not None and link.length_m + 1e-9 < routed:
        yield Finding(
            "error", "CABLE_TOO_SHORT",
            f"Link {label} is {link.length_m:g} m but the route between its ends is {routed:.1f} m",
            [link.a.device, link.b.device], "re-route the cables (Edit > Re-route cables) or order a longer cable",
        )


def _next_media(media: str) -> str:
    return {"DAC": "active copper (ACC) or optics", "ACC": "AOC or optics", "AOC": "multimode optics",
            "MMF": "single-mode optics", "SMF": "a shorter route", "CAT6A": "fibre"}[media]


def double_use(ctx: CheckContext, device_name: str) -> Iterator[Finding]:
    counts: Counter = Counter()
    for link in ctx.index.links_by_device.get(device_name, []):
        for end in (link.a, link.b):
            if end.device == device_name:
                counts[end.port] += 1
    doubled = sorted(p for p, n in counts.items() if n > 1)
    if doubled:
        yield Finding(
            "error", "PORT_DOUBLE_CONNECTED",
            f"{device_name}: {plural(len(doubled), 'port')} with more than one cable ({_short_list(doubled)})",
            [device_name], "move the extra cables to free ports",
        )
    device = ctx.index.devices.get(device_name)
    if device is None:
        return
    # a split port carries lanes only; the port itself and its lanes cannot both be cabled
    whole = {p for p in counts if p in device.port_breakouts}
    if whole:
        yield Finding(
            "error", "PORT_DOUBLE_CONNECTED",
            f"{device_name}: {_short_list(sorted(whole))} is split into lanes but cabled as a whole port",
            [device_name], "cable its lanes (e.g. p1s1) or remove the breakout",
        )


DEVICE_RULES = (unconnected, double_use)
