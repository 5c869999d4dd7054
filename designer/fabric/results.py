"""What a fabric analysis returns, as typed records (issue 18, 7b).

``analyse_fabric`` builds a :class:`FabricAnalysis`; the checks, estimates and the window
read its attributes. ``as_dict()`` gives the report's ``fabrics`` entry: the same keys, in
the same order, with the same values as the dict the analysis used to return, so
``designer report --json`` is unchanged (a public contract: extend, never rename).

Frozen and with slots: an analysis is cached and shared across threads (the window's
worker hands it to the UI thread; the estimates panel reads a snapshot), so nobody may
change one in place. The lists inside are built once and never changed either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

LinkClass = Literal["endpoint_leaf", "leaf_spine", "spine_core", "other"]
LINK_CLASSES: tuple[LinkClass, ...] = ("endpoint_leaf", "leaf_spine", "spine_core", "other")


@dataclass(frozen=True, slots=True)
class TierCounts:
    """Switches per tier."""

    leaf: int
    spine: int
    core: int
    other: int

    def as_dict(self) -> dict[str, int]:
        return {"leaf": self.leaf, "spine": self.spine, "core": self.core, "other": self.other}


@dataclass(frozen=True, slots=True)
class LinkCounts:
    """Links per class; ``unresolved``: links whose ends are not in the design."""

    endpoint_leaf: int
    leaf_spine: int
    spine_core: int
    other: int
    unresolved: int

    def total(self) -> int:
        """Every link counted here, the unresolved ones included."""
        return self.endpoint_leaf + self.leaf_spine + self.spine_core + self.other + self.unresolved

    def as_dict(self) -> dict[str, int]:
        return {"endpoint_leaf": self.endpoint_leaf, "leaf_spine": self.leaf_spine, "spine_core": self.spine_core,
                "other": self.other, "unresolved": self.unresolved}


@dataclass(frozen=True, slots=True)
class LinkSpeed:
    """``count`` links of one class at ``speed_gbps``."""

    speed_gbps: float
    count: int

    def as_dict(self) -> dict[str, Any]:
        return {"speed_gbps": self.speed_gbps, "count": self.count}


@dataclass(frozen=True, slots=True)
class TierRatios:
    """The worst oversubscription (down:up) of the leaf and the spine tier; None: no uplinks."""

    leaf: float | None
    spine: float | None

    def as_dict(self) -> dict[str, float | None]:
        return {"leaf": self.leaf, "spine": self.spine}


@dataclass(frozen=True, slots=True)
class Span:
    """The smallest and largest of a figure over the fabric (None: nothing to measure)."""

    min: int | None
    max: int | None

    def as_dict(self) -> dict[str, int | None]:
        return {"min": self.min, "max": self.max}


@dataclass(frozen=True, slots=True)
class PortUse:
    """One switch's ports and bandwidth in this fabric (bandwidth rounded to 3 places)."""

    switch: str
    tier: str
    ports_total: int
    ports_used: int
    lanes_used: int
    down_gbps: float
    up_gbps: float
    oversubscription: float | None

    def as_dict(self) -> dict[str, Any]:
        return {"switch": self.switch, "tier": self.tier, "ports_total": self.ports_total,
                "ports_used": self.ports_used, "lanes_used": self.lanes_used, "down_gbps": self.down_gbps,
                "up_gbps": self.up_gbps, "oversubscription": self.oversubscription}


@dataclass(frozen=True, slots=True)
class WorstFailure:
    """The single switch (``kind`` "switch") or cable (``kind`` "link") of a tier whose loss
    hurts most: bisection bandwidth lost (%, 2 places) and endpoints cut off. In the JSON the
    object's key is its kind: ``{"switch": ...}`` or ``{"link": ...}``."""

    object: str
    bandwidth_lost_pct: float
    endpoints_cut_off: int
    kind: Literal["switch", "link"] = "switch"

    def as_dict(self) -> dict[str, Any]:
        return {self.kind: self.object, "bandwidth_lost_pct": self.bandwidth_lost_pct,
                "endpoints_cut_off": self.endpoints_cut_off}


@dataclass(frozen=True, slots=True)
class SinglePoint:
    """A switch or cable whose loss cuts endpoints off or splits the fabric's switches in two.
    ``tier`` is None for a cable; a cable's ``object`` is ``"a - b"``."""

    object: str
    kind: Literal["switch", "link"]
    tier: str | None
    endpoints_cut_off: int
    splits_fabric: bool

    def as_dict(self) -> dict[str, Any]:
        return {"object": self.object, "kind": self.kind, "tier": self.tier,
                "endpoints_cut_off": self.endpoints_cut_off, "splits_fabric": self.splits_fabric}


@dataclass(frozen=True, slots=True)
class FailureFigures:
    """What a single failure costs the fabric (``designer/fabric/failures.py``)."""

    leaf: WorstFailure | None
    spine: WorstFailure | None
    core: WorstFailure | None
    link: WorstFailure | None
    single_points_of_failure: list[SinglePoint]
    single_homed_endpoints: int

    def worst(self, tier: str) -> WorstFailure | None:
        """The worst case of ``tier`` ("leaf", "spine", "core" or "link")."""
        return {"leaf": self.leaf, "spine": self.spine, "core": self.core, "link": self.link}.get(tier)

    def as_dict(self) -> dict[str, Any]:
        return {
            "leaf": None if self.leaf is None else self.leaf.as_dict(),
            "spine": None if self.spine is None else self.spine.as_dict(),
            "core": None if self.core is None else self.core.as_dict(),
            "link": None if self.link is None else self.link.as_dict(),
            "single_points_of_failure": [s.as_dict() for s in self.single_points_of_failure],
            "single_homed_endpoints": self.single_homed_endpoints,
        }


@dataclass(frozen=True, slots=True)
class FabricCounts:
    """What ``designer new`` prints of a fabric: endpoints, switches per tier, links per class."""

    name: str
    endpoints: int
    switches: TierCounts
    links: LinkCounts


@dataclass(frozen=True, slots=True)
class FabricAnalysis:
    """Every figure of one fabric: the report's ``fabrics`` entry (``as_dict``)."""

    name: str
    role: str | None
    protocol: str | None
    target_oversubscription: float | None
    tiers: int
    endpoints: int
    endpoint_bandwidth_gbps: float
    switches: TierCounts
    links: LinkCounts
    # beside ``links``, not in it: scripts sum ``links`` per tier against ``link_speeds``
    duplicate_links: int
    link_speeds: dict[LinkClass, list[LinkSpeed]]
    oversubscription: TierRatios
    leaves_without_uplinks: list[str]
    bisection_gbps: float
    bisection_method: str
    ecmp_paths: Span
    ecmp_next_hops: Span
    partitioned: bool
    max_hops: int
    pods: int
    port_use: list[PortUse]
    failure: FailureFigures | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "role": self.role,
            "protocol": self.protocol,
            "target_oversubscription": self.target_oversubscription,
            "tiers": self.tiers,
            "endpoints": self.endpoints,
            "endpoint_bandwidth_gbps": self.endpoint_bandwidth_gbps,
            "switches": self.switches.as_dict(),
            "links": self.links.as_dict(),
            "duplicate_links": self.duplicate_links,
            "link_speeds": {key: [s.as_dict() for s in speeds] for key, speeds in self.link_speeds.items()},
            "oversubscription": self.oversubscription.as_dict(),
            "leaves_without_uplinks": list(self.leaves_without_uplinks),
            "bisection_gbps": self.bisection_gbps,
            "bisection_method": self.bisection_method,
            "ecmp_paths": self.ecmp_paths.as_dict(),
            "ecmp_next_hops": self.ecmp_next_hops.as_dict(),
            "partitioned": self.partitioned,
            "max_hops": self.max_hops,
            "pods": self.pods,
            "port_use": [p.as_dict() for p in self.port_use],
            "failure": None if self.failure is None else self.failure.as_dict(),
        }


@dataclass(frozen=True, slots=True)
class WhatIfFailed:
    """The fabric's figures with some switches (and their cables) taken out."""

    failed: list[str]
    bisection_before_gbps: float
    bisection_after_gbps: float
    bandwidth_lost_pct: float
    endpoints_cut_off: int
    ecmp_paths_after: Span
    oversubscription_after: TierRatios

    def as_dict(self) -> dict[str, Any]:
        return {
            "failed": list(self.failed),
            "bisection_before_gbps": self.bisection_before_gbps,
            "bisection_after_gbps": self.bisection_after_gbps,
            "bandwidth_lost_pct": self.bandwidth_lost_pct,
            "endpoints_cut_off": self.endpoints_cut_off,
            "ecmp_paths_after": self.ecmp_paths_after.as_dict(),
            "oversubscription_after": self.oversubscription_after.as_dict(),
        }
