"""Resolving "device:port" to its port group and speed.

Every stage asks this for tens of thousands of links on a large design, so the
answers are cached per device type and port name.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from designer.model.hardware import PortGroup, split_lane

if TYPE_CHECKING:
    from designer.model.index import DesignIndex


class PortResolver:
    def __init__(self, index: DesignIndex) -> None:
        # The index it answers for, which holds it (``DesignIndex.ports``): a weak proxy, so
        # that the two are no reference cycle. A cycle is freed only by the cyclic collector,
        # and the window freezes long-lived objects out of its reach (``gc.freeze`` after a
        # load and a background check): each index and its resolver frozen so stayed in
        # memory for good, and with them 42 % of a design's objects once another file was
        # opened (353,005 of 848,195 memory blocks of a 16,384-GPU design).
        self.index: DesignIndex = weakref.proxy(index)
        self._groups: dict[tuple[str, str], PortGroup | None] = {}
        self._physical: dict[tuple[str, str], tuple[str, int]] = {}
        # (device type, port) -> what ``designer.fabric.cages.end_cage`` derives from them,
        # filled by that layer: it lives as long as the caches here, keyed the same way
        self.cage_facts: dict[tuple[str, str], Any] = {}
        # (device type, port) -> a link end's speed and cage facts on a device of that type
        # without split ports, filled by ``designer.fabric.link_table`` (as ``cage_facts``)
        self.end_facts: dict[tuple[str, str], Any] = {}
        # (type a, port a, type b, port b, link layer) -> what a link between two such ports
        # of devices without split ports resolves to, but the devices' names (the same layer)
        self.link_facts: dict[tuple[str, str, str, str, str | None], Any] = {}
        # (device type, port) -> (the port resolves to a group, its speed if it is one of
        # the type's own ports, else None: a lane's speed is its device's breakout's)
        self._speeds: dict[tuple[str, str], tuple[bool, float | None]] = {}
        self._switching: dict[tuple[str, str], bool] = {}
        self._switching_ports: dict[tuple[str, str], str | None] = {}

    def group(self, device_name: str, port: str) -> PortGroup | None:
        device = self.index.devices.get(device_name)
        if device is None:
            return None
        key = (device.device_type, port)
        try:
            return self._groups[key]
        except KeyError:
            device_type = self.index.device_types.get(device.device_type)
            group = device_type.port_group_of(port) if device_type else None
            self._groups[key] = group
            return group

    def physical(self, device_name: str, port: str) -> tuple[str, int]:
        """The physical port a (lane) port name sits on, and its number within its group
        ("p3s2" -> ("p3", 3)). For a port that resolves to a group."""
        device = self.index.devices[device_name]
        key = (device.device_type, port)
        found = self._physical.get(key)
        if found is None:
            group = self.group(device_name, port)
            device_type = self.index.device_types[device.device_type]
            physical = port if device_type.has_port(port) else split_lane(port)[0]
            suffix = physical[len(group.prefix):] if group else ""
            found = self._physical[key] = (physical, int(suffix) if suffix.isdigit() else 1)
        return found

    def speed_gbps(self, device_name: str, port: str) -> float | None:
        """A port's speed (a breakout lane's own speed); None if the port does not exist."""
        device = self.index.devices.get(device_name)
        if device is None:
            return None
        key = (device.device_type, port)
        try:
            found = self._speeds[key]
        except KeyError:
            group = self.group(device_name, port)
            found = self._speeds[key] = (
                group is not None,
                group.speed_gbps if group is not None and self.index.device_types[device.device_type].has_port(port)
                else None)
        exists, speed = found
        if not exists or speed is not None or not device.port_breakouts:
            return speed
        # a name that is not one of the type's ports: a lane of a split port, or nothing
        parent, lane = split_lane(port)
        breakout = device.port_breakouts.get(parent)
        if breakout is None or lane is None or lane < 1 or lane > breakout.count:
            return None
        return breakout.speed_gbps

    def is_switching(self, device_name: str, port: str) -> bool:
        """A switch forwards on its fabric and uplink ports; on its management port it is
        just another endpoint of the out-of-band network."""
        device = self.index.devices.get(device_name)
        if device is None:
            return False
        key = (device.device_type, port)
        found = self._switching.get(key)
        if found is None:
            group = self.group(device_name, port)
            found = self._switching[key] = (
                group is not None and group.role in ("fabric", "uplink")
                and self.index.device_types[device.device_type].kind == "switch")
        return found

    def switching_port(self, device_name: str, port: str) -> str | None:
        """The physical port a switching port (``is_switching``) sits on (a lane's split
        port); None for a port that does not switch. Per (type, port), as ``is_switching``."""
        device = self.index.devices.get(device_name)
        if device is None:
            return None
        key = (device.device_type, port)
        try:
            return self._switching_ports[key]
        except KeyError:
            found = self._switching_ports[key] = split_lane(port)[0] if self.is_switching(device_name, port) else None
            return found

    def is_rj45(self, device_name: str, port: str) -> bool:
        group = self.group(device_name, port)
        return group is not None and (group.cage or "").upper() == "RJ45"
