"""The window's status bar re-totals the design after every edit from the checks' per-rack
sums (``design_load(index, ctx.rack_load)``); the report adds up every device. Both are the
same function and must give the same figures, unracked devices included, after edits too."""

from __future__ import annotations

import math

from designer.checks.engine import Change, Checker
from designer.model.device import Device
from designer.model.io import load_design
from designer.model.loads import design_load
from designer.resources import example_design


def _same(a, b) -> None:
    assert (a.gpus, a.u_used, a.count_by_kind, a.unknown) == (b.gpus, b.u_used, b.count_by_kind, b.unknown)
    for name in ("power_max_w", "power_typical_w", "heat_air_max_w", "heat_liquid_max_w", "weight_kg"):
        assert math.isclose(getattr(a, name), getattr(b, name), rel_tol=1e-12), name


def test_cached_rack_sums_equal_the_device_sum(catalog):
    design = load_design(example_design(), catalog)
    design.devices.append(Device(name="spare-dgx", device_type="nvidia-dgx-h100"))  # in no rack
    checker = Checker(design, catalog.cabling)
    ctx = checker.ctx
    _same(design_load(ctx.index, ctx.rack_load), design_load(ctx.index))
    # a device leaves its rack: the cache of that rack is forgotten, the totals still agree
    device = next(d for d in design.devices if d.rack is not None and d.device_type == "nvidia-dgx-h100")
    rack = device.rack
    device.rack, device.position_u = None, None
    checker.update(Change(racks={rack}, devices={device.name}))
    _same(design_load(ctx.index, ctx.rack_load), design_load(ctx.index))
    assert design_load(ctx.index, ctx.rack_load).gpus == design_load(ctx.index).gpus
