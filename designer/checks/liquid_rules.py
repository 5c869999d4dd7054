"""Rules over one rack for liquid-cooled parts (issue 11).

A part whose vendor publishes its air/liquid split sends that share of its heat to the rack's
liquid cooling, and ``RACK_COOLING_OVER_CAPACITY`` says when the rack has too little (or none). A
liquid-cooled part whose split is not published (``cooling.liquid_share: null``) has its heat
counted as air, so that rule cannot see it: this one says when such a part sits in a rack with no
liquid cooling at all, naming the part's maximum power as the most its loop has to carry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from designer.checks.context import CheckContext
from designer.checks.findings import Finding, finding
from designer.checks.messages import msg
from designer.model.units import w_to_kw
from designer.model.loads import device_power_w


def liquid_loop(ctx: CheckContext, rack_name: str) -> Iterator[Finding]:
    rack = ctx.index.racks[rack_name]
    if rack.cooling_liquid_kw:
        return
    unknown: Counter[str] = Counter()
    max_w: dict[str, float] = {}
    for device in ctx.index.devices_by_rack.get(rack_name, []):
        device_type = ctx.index.type_of(device)
        if device_type.cooling.liquid_share is None:
            unknown[device_type.slug] += 1
            max_w[device_type.slug] = device_power_w(device_type)[0]
    for slug, count in sorted(unknown.items()):
        yield finding(
            "error", "RACK_LIQUID_COOLING_MISSING", [rack_name],
            msg("rack_liquid_cooling_missing", rack=rack_name, part=slug, count=count,
                max_kw=w_to_kw(count * max_w[slug])),
            msg("hint.liquid_loop"),
        )


LIQUID_RULES = (liquid_loop,)
