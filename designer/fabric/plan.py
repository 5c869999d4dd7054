"""Fat-tree arithmetic: how many leaf, spine and core switches a fabric needs.

Pure numbers, no model objects: the generator builds from a plan, and the new-design
wizard shows a plan as its live preview, so both always agree.

Terms. A leaf has ``radix`` physical fabric ports; ``down`` of them face endpoints
(each split into ``lanes`` when the endpoints' ports are slower than the switch's)
and ``up`` face spines at full speed, with down/up <= the oversubscription ratio.
Every leaf connects to every spine of its pod with the same number of links
(``links_per_spine``), so the spine count divides the leaf uplink count. In three
tiers a spine uses half its ports down and half up (non-blocking above the leaf),
spine j of every pod connects to the cores of plane j, and each spine connects to
every core of its plane with the same number of links.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from designer.errors import GenerationError
from designer.i18n.templates import format_ratio  # the fabric writes its ratios as the findings do: "2:1"


def parse_ratio(text: str | float) -> float:
    """``"2:1"`` -> 2.0. Refuses nonsense with a message that says what works."""
    if isinstance(text, (int, float)):
        value = float(text)
    else:
        raw = str(text).strip()
        try:
            if ":" in raw:
                down, up = raw.split(":", 1)
                value = float(down) / float(up)
            else:
                value = float(raw)
        except (ValueError, ZeroDivisionError):
            raise GenerationError(
                f'oversubscription "{raw}" is not a ratio', hint="write it as down:up, e.g. 1:1, 2:1 or 3:1"
            ) from None
    if not math.isfinite(value) or value <= 0:
        raise GenerationError(
            f"oversubscription {text} is not a usable ratio", hint="use 1:1 (non-blocking) or more, e.g. 2:1"
        )
    if value < 1:
        raise GenerationError(
            f"oversubscription {text} gives leaves more uplink than downlink bandwidth",
            hint="1:1 is already non-blocking; use 1:1 or more",
        )
    return value


@dataclass(frozen=True)
class LeafPorts:
    """How one leaf switch's ports split between endpoints and spines."""

    radix: int
    lanes: int  # endpoint lanes per physical down port (1 = no breakout)
    down_ports: int
    up_ports: int
    down_speed_gbps: float = 1.0  # per physical down port
    up_speed_gbps: float = 1.0
    # True when uplinks are a port group of their own (a 1GbE switch's 100G ports);
    # otherwise down and up share one group and a busy leaf has fewer free uplinks.
    separate_uplinks: bool = False

    @property
    def down_lanes(self) -> int:
        return self.down_ports * self.lanes

    def uplinks_needed(self, down_used: int, ratio: float) -> int:
        needed = math.ceil(down_used * self.down_speed_gbps / (ratio * self.up_speed_gbps) - 1e-9)
        # Two uplinks at least where there are two, so one failure does not cut the leaf off.
        return max(needed, min(2, self.up_ports), 1)

    def uplinks_available(self, down_used: int) -> int:
        return self.up_ports if self.separate_uplinks else self.radix - down_used


def leaf_ports(radix: int, lanes: int, ratio: float, speed_gbps: float = 1.0) -> LeafPorts:
    """The most downlinks a leaf can have while down/up bandwidth stays within ``ratio``."""
    up = math.ceil(radix / (1.0 + ratio) - 1e-9)
    if radix >= 4:
        # never hang a leaf on one uplink, however high the ratio: that cable or spine
        # port would cut off every server behind it
        up = max(up, 2)
    down = radix - up
    while up > 0 and down / up > ratio + 1e-9:
        up += 1
        down -= 1
    if down <= 0 or up <= 0:
        raise GenerationError(
            f"a {radix}-port switch cannot split its ports at {format_ratio(ratio)}",
            hint="choose a switch with more ports",
        )
    return LeafPorts(radix, lanes, down, up, speed_gbps, speed_gbps)


# ---------------------------------------------------------------- endpoint placement


@dataclass
class LeafAssignment:
    """The endpoint ports one leaf serves: (endpoint index, port index) pairs."""

    ports: list[tuple[int, int]] = field(default_factory=list)
    rails: tuple[int, ...] = ()
    unit: int = 0  # scalable unit (rail-optimized) or leaf pair (dual-homed)


def assign_rail_optimized(
    endpoints: int, rails: int, lanes_per_leaf: int, unit_size: int | None = None
) -> tuple[list[LeafAssignment], int, int]:
    """Port i of every server in a scalable unit goes to that unit's rail-i leaf.

    Returns the leaves, the scalable-unit size (servers) and leaves per unit. When
    the whole cluster is smaller than one unit, neighbouring rails share a leaf
    (still rail-aligned) so that a 16-node cluster does not buy eight half-empty leaves.
    ``unit_size``: the endpoints of a unit where fewer than a leaf's lanes (a rack-scale
    system's trays of whole racks, ``designer.fabric.rack_scale``); else as many as a leaf
    has lanes.
    """
    su_size = min(unit_size, lanes_per_leaf) if unit_size else lanes_per_leaf
    rails_per_leaf = 1
    if endpoints < su_size:
        fit = max(1, lanes_per_leaf // max(endpoints, 1))
        rails_per_leaf = max(d for d in range(1, rails + 1) if rails % d == 0 and d <= fit)
    leaves_per_unit = rails // rails_per_leaf
    leaves: list[LeafAssignment] = []
    units = math.ceil(endpoints / su_size)
    for unit in range(units):
        members = range(unit * su_size, min(endpoints, (unit + 1) * su_size))
        for group in range(leaves_per_unit):
            rail_ids = tuple(range(group * rails_per_leaf, (group + 1) * rails_per_leaf))
            ports = [(e, r) for r in rail_ids for e in members]
            leaves.append(LeafAssignment(ports=ports, rails=rail_ids, unit=unit))
    return leaves, su_size, leaves_per_unit


def assign_packed(port_counts: list[int], lanes_per_leaf: int) -> list[LeafAssignment]:
    """Each endpoint's ports together on one leaf (top-of-rack style), first fit in order."""
    leaves: list[LeafAssignment] = []
    current = LeafAssignment()
    for endpoint, count in enumerate(port_counts):
        if count > lanes_per_leaf:
            raise GenerationError(
                f"an endpoint with {count} ports does not fit on one leaf ({lanes_per_leaf} downlinks)",
                hint="use --rail-optimized so its ports spread over rail leaves",
            )
        if len(current.ports) + count > lanes_per_leaf:
            leaves.append(current)
            current = LeafAssignment(unit=len(leaves))
        current.ports.extend((endpoint, p) for p in range(count))
    if current.ports:
        leaves.append(current)
    for i, leaf in enumerate(leaves):
        leaf.unit = i
    return leaves


def assign_dual_homed(port_counts: list[int], lanes_per_leaf: int) -> list[LeafAssignment]:
    """Leaf pairs: an endpoint's ports alternate between the two leaves of a pair, so
    one failed leaf halves its bandwidth instead of cutting it off."""
    if all(c < 2 for c in port_counts):
        return assign_packed(port_counts, lanes_per_leaf)
    leaves: list[LeafAssignment] = []
    pair = [LeafAssignment(), LeafAssignment()]
    for endpoint, count in enumerate(port_counts):
        half = math.ceil(count / 2)
        if half > lanes_per_leaf:
            raise GenerationError(f"an endpoint with {count} ports does not fit on a leaf pair")
        if any(len(leaf.ports) + half > lanes_per_leaf for leaf in pair):
            leaves.extend(pair)
            pair = [LeafAssignment(), LeafAssignment()]
        for p in range(count):
            pair[p % 2].ports.append((endpoint, p))
    if pair[0].ports:
        leaves.extend(pair if pair[1].ports else pair[:1])
    for i, leaf in enumerate(leaves):
        leaf.unit = i // 2
    return leaves


# ---------------------------------------------------------------- tiers


@dataclass
class TierPlan:
    tiers: int  # 1: one switch, 2: leaf-spine, 3: leaf-spine-core in pods
    leaves: int
    pods: list[list[int]]  # leaf indices of each pod (one pod in two tiers)
    uplinks_per_leaf: int
    spines_per_pod: int
    links_per_leaf_spine: int
    planes: int = 0  # three tiers: one plane of cores per spine position
    cores_per_plane: int = 0
    links_per_spine_core: int = 0
    uplinks_per_spine: int = 0

    @property
    def spines(self) -> int:
        return self.spines_per_pod * len(self.pods) if self.tiers >= 2 else 0

    @property
    def cores(self) -> int:
        return self.planes * self.cores_per_plane if self.tiers == 3 else 0

    @property
    def leaf_spine_links(self) -> int:
        return self.leaves * self.uplinks_per_leaf if self.tiers >= 2 else 0

    @property
    def spine_core_links(self) -> int:
        return self.spines * self.uplinks_per_spine if self.tiers == 3 else 0


def _spines_for(leaves: int, up_needed: int, up_available: int, spine_down_ports: int,
                exact: bool = False, racks: int = 0) -> tuple[int, int] | None:
    """Smallest spine count (two or more where possible) and links per leaf-spine pair.

    ``exact``: the spines split each leaf's uplinks evenly, none rounded up (a rack-scale
    system's leaves, ``designer.fabric.rack_scale``: NVIDIA's DGX SuperPOD GB200 rail group has
    6 spines taking 3 of each leaf's 18 uplinks, where 5 spines of 4 would add two a leaf).
    ``racks``: besides, the leaves take the trays of this many whole racks and each spine's
    share divides one rack's uplinks, as the NVL72 AI Factory RA's two-rack SN5600 leaves
    give each spine 18, 9 and 6 of their 36 at 2, 4 and 8 racks (2, 4 and 6 spines a plane;
    its tables as transcribed in public notes). Where no such count fits: evenly, then rounded
    up as otherwise."""
    if up_needed <= 0 or up_available <= 0:
        return None
    lowest = 2 if up_needed >= 2 else 1
    if exact or racks:
        per_rack = up_needed // racks if racks and up_needed % racks == 0 else 0
        for whole_racks in ((True, False) if racks else (False,)):
            for spines in range(lowest, up_needed + 1):
                pair = up_needed // spines
                if (up_needed % spines == 0 and leaves * pair <= spine_down_ports
                        and (not whole_racks or (per_rack and per_rack % pair == 0))):
                    return spines, pair
    for spines in range(lowest, max(up_available, lowest) + 1):
        per_pair = math.ceil(up_needed / spines)
        if spines * per_pair > up_available:
            continue
        if leaves * per_pair <= spine_down_ports:
            return spines, per_pair
    return None


def plan_tiers(
    leaf: LeafPorts,
    down_used: list[int],
    ratio: float,
    tiers: str | int = "auto",
    unit_leaves: int = 1,
    spine_radix: int | None = None,
    exact: bool = False,
    racks: int = 0,
) -> TierPlan:
    """Choose tiers, spines and cores for leaves whose used downlink ports are ``down_used``.

    ``unit_leaves`` keeps scalable units (or leaf pairs) whole inside a pod;
    ``spine_radix`` is the spine's port count when it is another model than the leaf;
    ``exact``, ``racks``: how the spines split a rack-scale system's leaf uplinks (``_spines_for``).
    """
    leaves = len(down_used)
    radix = spine_radix or leaf.radix
    wanted = str(tiers)
    if leaves == 1 and wanted in ("auto", "1"):
        return TierPlan(1, 1, [[0]], 0, 0, 0)
    if wanted == "1":
        raise GenerationError(
            f"the endpoints need {leaves} leaf switches; one switch cannot hold them", hint="use --tiers auto"
        )
    # Uplinks sized to the busiest leaf so every leaf is alike (growth fills partial units).
    busiest = max(down_used)
    up_available = leaf.uplinks_available(busiest)
    up_needed = min(up_available, leaf.uplinks_needed(busiest, ratio))

    if wanted in ("auto", "2"):
        found = _spines_for(leaves, up_needed, up_available, radix, exact, racks)
        if found:
            spines, per_pair = found
            return TierPlan(2, leaves, [list(range(leaves))], spines * per_pair, spines, per_pair)
        if wanted == "2":
            most = radix
            raise GenerationError(
                f"{leaves} leaf switches do not fit a two-tier fabric of {radix}-port switches "
                f"(at most {most} leaves at {format_ratio(ratio)})",
                hint="use --tiers auto or 3, or a higher oversubscription",
            )
    return _plan_three_tiers(radix, leaves, up_needed, up_available, unit_leaves, ratio, exact, racks)


def max_three_tier_leaves(radix: int, unit_leaves: int = 1) -> int:
    """Leaves a three-tier fabric of ``radix``-port spines and cores holds: ``radix`` pods
    of ``radix / 2`` leaves (whole scalable units)."""
    half = radix // 2
    per_pod = (half // unit_leaves) * unit_leaves
    return per_pod * radix


def _plan_three_tiers(
    radix: int, leaves: int, up_needed: int, up_available: int, unit_leaves: int, ratio: float,
    exact: bool = False, racks: int = 0
) -> TierPlan:
    spine_down = radix // 2
    units_per_pod = spine_down // unit_leaves
    if units_per_pod < 1:
        raise GenerationError(
            f"a scalable unit of {unit_leaves} leaves does not fit under {radix}-port spines", hint="use fewer rails"
        )
    pod_leaves = units_per_pod * unit_leaves
    pods = [list(range(start, min(leaves, start + pod_leaves))) for start in range(0, leaves, pod_leaves)]
    if len(pods) > radix:
        raise GenerationError(
            f"{leaves} leaf switches exceed a three-tier fabric of {radix}-port switches "
            f"(at most {max_three_tier_leaves(radix, unit_leaves)} leaves at {format_ratio(ratio)})"
        )
    return _pods_under_cores(radix, leaves, pods, up_needed, up_available, exact, racks)


def plan_rail_groups(leaf: LeafPorts, down_used: list[int], ratio: float, unit_leaves: int, group_units: int,
                     spine_radix: int | None = None) -> TierPlan:
    """Three tiers whose pods are rail groups: the leaves of one rail in one group of
    ``group_units`` scalable units, each group with spines of its own, the groups joined by
    a core tier (the leaves are unit by unit, ``unit_leaves`` rails each, as
    ``assign_rail_optimized`` makes them). NVIDIA's DGX SuperPOD GB200 RA (RA-11338-001) as
    public notes transcribe it (NVIDIA's own table is not in the sources searched): a
    spine-leaf group of 8 leaves (one per compute rack) and 6 spines, four groups (one per
    NIC rank of a compute tray) in each 8-rack scalable unit, units joined by cores: 2 / 4 /
    8 / 16 units take 64 / 128 / 256 / 512 leaves, 48 / 96 / 192 / 384 spines and 18 / 36 /
    72 / 144 cores (tests/test_hw_rack_scale.py). More groups than a core has ports are
    refused here; the caller then builds the generic three tiers."""
    leaves = len(down_used)
    radix = spine_radix or leaf.radix
    units = math.ceil(leaves / unit_leaves)
    pods: list[list[int]] = []
    for first in range(0, units, group_units):
        members = range(first, min(units, first + group_units))
        for rail in range(unit_leaves):
            pod = [u * unit_leaves + rail for u in members if u * unit_leaves + rail < leaves]
            if pod:
                pods.append(pod)
    if len(pods) > radix:
        raise GenerationError(f"{len(pods)} rail groups exceed what {radix}-port cores join (at most {radix})")
    busiest = max(down_used)
    up_available = leaf.uplinks_available(busiest)
    up_needed = min(up_available, leaf.uplinks_needed(busiest, ratio))
    return _pods_under_cores(radix, leaves, pods, up_needed, up_available, exact=True)


def _pods_under_cores(radix: int, leaves: int, pods: list[list[int]], up_needed: int, up_available: int,
                      exact: bool, racks: int = 0) -> TierPlan:
    """Spines for each pod (half their ports down) and a plane of cores per spine position."""
    spine_down = radix // 2
    largest_pod = max(len(p) for p in pods)
    found = _spines_for(largest_pod, up_needed, up_available, spine_down, exact, racks)
    if found is None:
        raise GenerationError(f"no spine layout fits pods of {largest_pod} leaves with {radix}-port spines")
    spines_per_pod, per_pair = found
    spine_up = largest_pod * per_pair  # non-blocking above the leaves
    cores_needed = math.ceil(len(pods) * spine_up / radix)
    for cores in range(max(2, cores_needed) if spine_up >= 2 else 1, spine_up + 1):
        if spine_up % cores == 0 and len(pods) * (spine_up // cores) <= radix:
            break
    else:
        raise GenerationError(f"no core layout fits {len(pods)} pods with {radix}-port cores")
    return TierPlan(
        tiers=3,
        leaves=leaves,
        pods=pods,
        uplinks_per_leaf=spines_per_pod * per_pair,
        spines_per_pod=spines_per_pod,
        links_per_leaf_spine=per_pair,
        planes=spines_per_pod,
        cores_per_plane=cores,
        links_per_spine_core=spine_up // cores,
        uplinks_per_spine=spine_up,
    )
