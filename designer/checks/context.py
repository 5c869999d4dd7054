"""What the rules read: the design, its index, per-rack loads and fabric analyses,
each computed once and kept until an edit invalidates it."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from collections.abc import Collection, Iterable

from designer.catalog.cabling import Cabling
from designer.fabric.analysis import analyse_fabric
from designer.fabric.results import FabricAnalysis
from designer.fabric.parts import MediaSelector
from designer.fabric.graph import build_fabric_graph_at, fabric_links, fabric_positions
from designer.fabric.link_columns import LinkColumns
from designer.fabric.link_table import LinkTable
from designer.fabric.routes import Geometry
from designer.model.design import Design
from designer.model.device import Device
from designer.model.hardware import DeviceType
from designer.model.link import FabricRole, Link
from designer.model.index import DesignIndex
from designer.model.loads import LoadSum, rack_load


@dataclass
class RackSummary:
    type_counts: Counter[str] = field(default_factory=Counter)
    # (slug, PSU count, redundancy, PSUs left after a feed failure) -> devices
    psu_short: Counter[tuple[str, int, str, int]] = field(default_factory=Counter)

    @classmethod
    def of(cls, index: DesignIndex, devices: Iterable[Device], feeds: int) -> RackSummary:
        summary = cls()
        for device in devices:
            summary.type_counts[device.device_type] += 1
        for slug, count in summary.type_counts.items():
            psu = index.device_types[slug].psu
            if (feeds == 0 or index.device_types[slug].kind == "pdu" or psu.count is None or psu.needed is None
                    or psu.redundancy is None):
                continue
            # PSUs spread evenly over the feeds; the fewest survive when the fullest feed fails
            surviving = psu.count - math.ceil(psu.count / feeds) if feeds >= 2 else 0
            if surviving < psu.needed:
                summary.psu_short[(slug, psu.count, psu.redundancy, surviving)] += count
        return summary


class CheckContext:
    def __init__(self, design: Design, cabling: Cabling, index: DesignIndex | None = None) -> None:
        self.design = design
        self.cabling = cabling
        self.index = index or DesignIndex.build(design)
        self.media = MediaSelector(cabling)
        self._loads: dict[str, LoadSum] = {}
        self._summaries: dict[str | None, RackSummary] = {}
        self._type_counts: dict[str, int] | None = None  # the sum of the summaries' (type_counts)
        self._cable_lanes: Counter[str] | None = None
        self._analyses: dict[str, FabricAnalysis] = {}
        self._fabric_links: dict[str | None, list[Link]] | None = None
        # each fabric's links' places among the design's, with the columns they are of
        self._fabric_places: tuple[LinkColumns, dict[str | None, list[int]]] | None = None
        self._geometry: Geometry | None = None
        self._links = LinkTable(self.index)
        self._wanted: dict[tuple[str, FabricRole], tuple[DeviceType, list[str]]] = {}

    # -- caches -------------------------------------------------------------

    def rack_load(self, rack_name: str) -> LoadSum:
        load = self._loads.get(rack_name)
        if load is None:
            load = rack_load(self.index, rack_name)
            self._loads[rack_name] = load
        return load

    def fabric_analysis(self, fabric_name: str) -> FabricAnalysis:
        found = self._analyses.get(fabric_name)
        if found is None:
            columns = self.links.columns_at_hand(self.design.links)
            if columns is not None:
                # a whole run's: the graph from the links' columns (``build_fabric_graph_at``)
                if self._fabric_places is None or self._fabric_places[0] is not columns:
                    self._fabric_places = (columns, fabric_positions(self.index, columns))
                places = self._fabric_places[1].get(fabric_name, [])
                graph = build_fabric_graph_at(self.index, fabric_name, columns, places)
                found = analyse_fabric(self.index, fabric_name, graph.kept, graph)
            else:
                if self._fabric_links is None:
                    self._fabric_links = fabric_links(self.index)
                found = analyse_fabric(self.index, fabric_name, self._fabric_links.get(fabric_name, []))
            self._analyses[fabric_name] = found
        return found

    @property
    def cable_lanes(self) -> Counter[str]:
        """cable_id -> links sharing it (the lanes of a splitter cable)."""
        if self._cable_lanes is None:
            self._cable_lanes = Counter(link.cable_id for link in self.design.links if link.cable_id)
        return self._cable_lanes

    def known_fabric_analysis(self, fabric_name: str) -> FabricAnalysis | None:
        """The analysis if it is already at hand (never starts one)."""
        return self._analyses.get(fabric_name)

    def set_fabric_analysis(self, fabric_name: str, analysis: FabricAnalysis) -> None:
        """Analyses may be computed elsewhere (a worker thread) and handed in."""
        self._analyses[fabric_name] = analysis

    def wanted_ports(self, device_type: DeviceType, role: FabricRole) -> list[str]:
        """The ports of a device type that must be cabled to a fabric of ``role``: those
        its catalog entry names for its RA (the DGX SuperPOD cables one port of each
        dual-port storage card), else every port of that role. Per type, asked per device."""
        key = (device_type.slug, role)
        found = self._wanted.get(key)
        if found is None or found[0] is not device_type:
            # only storage and inband ports may be named in the catalog (fabric_ports' keys)
            named = device_type.fabric_ports.get(role) if role == "storage" or role == "inband" else None
            # named: those ports; named as none ([]): the design cables none there (management
            # nodes beside an Ethernet storage fabric reach storage through in-band)
            wanted = named if named is not None else [p for g in device_type.ports_with_role(role)
                                                      for p in g.port_names()]
            found = self._wanted[key] = (device_type, wanted)
        return found[1]

    @property
    def links(self) -> LinkTable:
        """Each link's ends resolved once (speeds, cages), for the rules and the report."""
        if self._links.index is not self.index:
            self._links.clear(self.index)
        return self._links

    @property
    def geometry(self) -> Geometry:
        if self._geometry is None:
            self._geometry = Geometry(self.index)
        return self._geometry

    # -- invalidation after an edit ----------------------------------------

    def rack_summary(self, rack_name: str | None) -> RackSummary:
        """Per-rack counts the design-wide rules add up (None: devices in no rack)."""
        summary = self._summaries.get(rack_name)
        if summary is None:
            devices = self.index.unracked if rack_name is None else self.index.devices_by_rack.get(rack_name, [])
            feeds = len(self.index.racks[rack_name].feeds) if rack_name is not None else 0
            summary = RackSummary.of(self.index, devices, feeds)
            self._summaries[rack_name] = summary
        return summary

    def type_counts(self) -> dict[str, int]:
        """How many devices of each type the design has, from the per-rack summaries; kept
        until an edit touches racks or devices (three design rules ask, 5,346 racks at
        131,072 GPUs)."""
        found = self._type_counts
        if found is None:
            found = {}
            for rack_name in [*self.index.racks, None]:
                for slug, n in self.rack_summary(rack_name).type_counts.items():
                    found[slug] = found.get(slug, 0) + n
            self._type_counts = found
        return found

    def forget(self, *, racks: Collection[str] = (), devices: Collection[str] = (), fabrics: Collection[str] = (),
               links: bool = False, everything: bool = False,
               replaced: Collection[tuple[Link, Link]] = ()) -> None:
        # an edit of devices, links or fabrics may change what a link's ends resolve to (a
        # port split, a device's type, a link's fabric): records are made again as the rules
        # ask for them. Racks and rooms alone (one added, moved, deleted empty) change no
        # link's ends: the records stay (clearing 200,000 of them held an Add rack 34 ms).
        if fabrics or everything:
            self._links.clear()
        elif devices:
            # the cables of the devices touched (moved, retyped, recabled); the other 60,000
            # records stay (re-resolving them held a server's move at 16,384 GPUs 40 ms)
            for name in devices:
                self._links.forget(self.index.links_by_device.get(name, ()))
        elif links:
            self._links.clear()
        if replaced and not (fabrics or everything):
            self._links.forget(old for old, _new in replaced)
        self._wanted.clear()
        if everything:
            self.index = DesignIndex.build(self.design)
            self._loads.clear()
            self._summaries.clear()
            self._type_counts = None
            self._analyses.clear()
            self._fabric_links = None
            self._geometry = None
            self._cable_lanes = None
            return
        if links:
            self._cable_lanes = None  # a re-route (``replaced``) keeps every cable's splitter
        if replaced:
            # re-routed cables (same ends): swapped into their ends' look-ups in place
            self.index.swap_links(replaced)
        if racks or devices:
            self.index.refresh_devices(set(racks), set(devices), links_changed=links)
            self._geometry = None
            self._summaries.pop(None, None)
            self._type_counts = None
        for rack in racks:
            self._loads.pop(rack, None)
            self._summaries.pop(rack, None)
        if fabrics:
            self._fabric_links = None
            for fabric in fabrics:
                self._analyses.pop(fabric, None)
