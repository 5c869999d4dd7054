"""Where a cable runs: rack to tray to rack, and its routed length.

Within a rack a cable runs vertically between the two devices plus a service loop.
Between racks it rises to the overhead tray above the rack, runs along and across the
rows (rack centre to rack centre, Manhattan distance), drops into the other rack, plus
a service loop at each end.
"""

from __future__ import annotations

from itertools import count

from designer.model.index import DesignIndex
from designer.model.link import Link
from designer.model.units import MM_PER_M, RACK_UNIT_MM

PLINTH_MM = 100.0  # rack floor to the bottom of U1
TRAY_ABOVE_RACK_MM = 300.0
SAME_RACK_SLACK_MM = 600.0
END_SLACK_MM = 750.0  # per end, between racks


class Geometry:
    """Where each device's ports are in the room: its rack, the height of its centre,
    the rack's centre on the floor and the height of the tray above it (mm)."""

    def __init__(self, index: DesignIndex) -> None:
        self.index = index
        self._racks: dict[str, tuple[float, float, float]] = {}
        self._devices: dict[str, tuple[str, float] | None] = {}
        # device -> (rack, height, the rack's x, y and tray height): both of the above at once
        self._places: dict[str, tuple[str, float, float, float, float] | None] = {}

    def rack(self, rack_name: str) -> tuple[float, float, float]:
        found = self._racks.get(rack_name)
        if found is None:
            rack = self.index.racks[rack_name]
            rack_type = self.index.rack_type_of(rack)
            top = rack_type.height_mm or (PLINTH_MM + rack_type.u_height * RACK_UNIT_MM + 100.0)
            x, y = rack_centre_mm(self.index, rack_name)
            found = (x, y, top + TRAY_ABOVE_RACK_MM)
            self._racks[rack_name] = found
        return found

    def device(self, device_name: str) -> tuple[str, float] | None:
        if device_name in self._devices:
            return self._devices[device_name]
        device = self.index.devices.get(device_name)
        found = None
        if device is not None and device.rack in self.index.racks:
            device_type = self.index.type_of(device)
            if device.position_u is not None:
                z = PLINTH_MM + (device.position_u - 1 + device_type.u_height / 2) * RACK_UNIT_MM
                found = (device.rack, z)
            elif device_type.u_height == 0:
                # zero-U parts (vertical PDUs) run the rack's height; take their middle
                rack_type = self.index.rack_type_of(self.index.racks[device.rack])
                found = (device.rack, PLINTH_MM + rack_type.u_height * RACK_UNIT_MM / 2)
        self._devices[device_name] = found
        return found

    def place(self, device_name: str) -> tuple[str, float, float, float, float] | None:
        """A device's rack, height (``device``) and its rack's ``rack`` figures in one tuple:
        what ``length_m`` reads for each end, kept as long as those are."""
        try:
            return self._places[device_name]
        except KeyError:
            found = self.device(device_name)
            place = None
            if found is not None:
                rack_name, z = found
                x, y, tray = self.rack(rack_name)
                place = (rack_name, z, x, y, tray)
            self._places[device_name] = place
            return place

    def length_m(self, link: Link) -> float | None:
        """Routed length before rounding; None when an end is not mounted in a rack. (Asked
        for every cable by an edit's checks: one look-up per end.)"""
        places = self._places
        try:
            a = places[link.a.device]
        except KeyError:
            a = self.place(link.a.device)
        try:
            b = places[link.b.device]
        except KeyError:
            b = self.place(link.b.device)
        if a is None or b is None:
            return None
        return _routed_m(a, b)

    def shorter_than_routed(self, a_devices: list[str], b_devices: list[str],
                            lengths_m: list[float | None]) -> list[int]:
        """The places ``i`` where a cable of ``lengths_m[i]`` between ``a_devices[i]`` and
        ``b_devices[i]`` is shorter than its routed length (``length_m``; shorter by more than
        1e-9 m, as the link rules judge it): a whole design's cables at once, the devices
        placed once each, the ends looked up in C. A cable without a length or with an end
        not mounted in a rack never is."""
        places = self._places
        for name in set(a_devices).union(b_devices).difference(places):
            self.place(name)
        get = places.__getitem__
        # ``_routed_m`` written out (a call per cable was a third of the pass): the same
        # operations in the same order, so the same floats
        same_rack_mm, ends_mm = SAME_RACK_SLACK_MM, 2 * END_SLACK_MM
        short: list[int] = []
        for at, a, b, length_m in zip(count(), map(get, a_devices), map(get, b_devices), lengths_m):
            if a is None or b is None or length_m is None:
                continue
            rack_a, za, xa, ya, tray_a = a
            rack_b, zb, xb, yb, tray_b = b
            if rack_a == rack_b:
                route = (abs(za - zb) + same_rack_mm) / MM_PER_M
            else:
                tray = tray_a if tray_a >= tray_b else tray_b
                route = ((tray - za) + (tray - zb) + abs(xa - xb) + abs(ya - yb) + ends_mm) / MM_PER_M
            if length_m + 1e-9 < route:
                short.append(at)
        return short


_Place = tuple[str, float, float, float, float]


def _routed_m(a: _Place, b: _Place) -> float:
    """The routed length between two devices' places (``Geometry.place``), in metres."""
    rack_a, za, xa, ya, tray_a = a
    rack_b, zb, xb, yb, tray_b = b
    if rack_a == rack_b:
        return (abs(za - zb) + SAME_RACK_SLACK_MM) / MM_PER_M
    tray = tray_a if tray_a >= tray_b else tray_b
    return ((tray - za) + (tray - zb) + abs(xa - xb) + abs(ya - yb) + 2 * END_SLACK_MM) / MM_PER_M


def rack_centre_mm(index: DesignIndex, rack_name: str) -> tuple[float, float]:
    rack = index.racks[rack_name]
    rack_type = index.rack_type_of(rack)
    if rack.facing in ("east", "west"):
        return rack.x_mm + rack_type.depth_mm / 2, rack.y_mm + rack_type.width_mm / 2
    return rack.x_mm + rack_type.width_mm / 2, rack.y_mm + rack_type.depth_mm / 2


def route_points_mm(index: DesignIndex, rack_a: str, rack_b: str) -> list[tuple[float, float]]:
    """The floor path ``Geometry.length_m`` measures between two racks, in room millimetres:
    from rack A's centre along the row (x), then across the rows (y), to rack B's centre.
    One point when both ends are in the same rack."""
    xa, ya = rack_centre_mm(index, rack_a)
    xb, yb = rack_centre_mm(index, rack_b)
    if rack_a == rack_b:
        return [(xa, ya)]
    points = [(xa, ya)]
    for point in ((xb, ya), (xb, yb)):
        if point != points[-1]:  # racks of one row: along it only
            points.append(point)
    return points


def floor_run_mm(points: list[tuple[float, float]]) -> float:
    """The length of a ``route_points_mm`` path along the floor (the trays' part of a run)."""
    return sum(abs(x1 - x0) + abs(y1 - y0) for (x0, y0), (x1, y1) in zip(points, points[1:]))
