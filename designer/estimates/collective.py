"""All-reduce time with the alpha-beta (latency-bandwidth) model.

A message of S bytes reduced over n GPUs costs, per algorithm (Thakur, Rabenseifner &
Gropp 2005; the reduction arithmetic itself, their gamma term, is left out: GPUs reduce
far faster than links carry):

- ring (reduce-scatter then all-gather; bandwidth-optimal, Patarasuk & Yuan 2009):
  t = 2(n-1)/n x S/B + 2(n-1) alpha
- tree (NCCL's double binary tree, pipelined so each byte crosses a link about twice;
  Sanders, Speck & Traeff 2009): t = 2 ceil(log2 n) alpha + 2 S/B
- hierarchical: reduce-scatter inside each server over NVLink, a ring all-reduce of
  S/g between the servers (the g GPUs of a server run g such rings in parallel, one
  per NIC), then an all-gather inside each server.

Bandwidths are per GPU and one direction, in GB/s (10^9 bytes/s). Inside a server a
GPU sends at half its NVLink bidirectional figure; between servers it gets its share
of the server's compute ports, times the share a collective achieves
(``link_efficiency``), divided by the measured worst leaf oversubscription when that
is above 1 (a leaf that cannot forward everything its servers send slows every ring
through it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from collections.abc import Iterable

from designer.estimates.notes import Note, note
from designer.estimates.results import AllreduceAlgorithm, AllreduceEstimate
from designer.fabric.results import FabricAnalysis
from designer.fabric.scale_up import interconnect_name
from designer.model.design import Design
from designer.model.estimates import CommunicationInputs
from designer.model.hardware import DeviceType
from designer.model.index import DesignIndex
from designer.model.units import BYTES_PER_GB, BYTES_PER_MB, S_PER_US, bits_to_bytes, s_to_ms

ALGORITHMS = ("ring", "tree", "hierarchical")


# ---------------------------------------------------------------- formulas


def ring_allreduce_s(n: int, message_bytes: float, bandwidth_gbytes_s: float, alpha_s: float) -> float:
    if n <= 1:
        return 0.0
    return 2 * (n - 1) / n * message_bytes / (bandwidth_gbytes_s * BYTES_PER_GB) + 2 * (n - 1) * alpha_s


def tree_allreduce_s(n: int, message_bytes: float, bandwidth_gbytes_s: float, alpha_s: float) -> float:
    if n <= 1:
        return 0.0
    # A tree over n ranks is ceil(log2 n) levels deep: reduce up, broadcast down.
    depth = math.ceil(math.log2(n))
    return 2 * depth * alpha_s + 2 * message_bytes / (bandwidth_gbytes_s * BYTES_PER_GB)


def reduce_scatter_s(n: int, message_bytes: float, bandwidth_gbytes_s: float, alpha_s: float) -> float:
    """Half a ring all-reduce; an all-gather costs the same."""
    if n <= 1:
        return 0.0
    return (n - 1) / n * message_bytes / (bandwidth_gbytes_s * BYTES_PER_GB) + (n - 1) * alpha_s


def hierarchical_allreduce_s(
    nodes: int,
    gpus_per_node: int,
    message_bytes: float,
    intra_gbytes_s: float,
    inter_gbytes_s: float,
    alpha_intra_s: float,
    alpha_inter_s: float,
) -> float:
    inside = reduce_scatter_s(gpus_per_node, message_bytes, intra_gbytes_s, alpha_intra_s)
    between = ring_allreduce_s(nodes, message_bytes / gpus_per_node, inter_gbytes_s, alpha_inter_s)
    return inside + between + inside  # reduce-scatter, ring between servers, all-gather


def algbw_gbytes_s(message_bytes: float, time_s: float) -> float | None:
    """Algorithm bandwidth: the message over the time (nccl-tests' algbw)."""
    return None if time_s <= 0 else message_bytes / time_s / BYTES_PER_GB


def busbw_gbytes_s(algbw: float | None, n: int) -> float | None:
    """Bus bandwidth: algbw x 2(n-1)/n, comparable with the link speed whatever n is
    (nccl-tests doc/PERFORMANCE.md)."""
    return None if algbw is None else algbw * 2 * (n - 1) / n


# ---------------------------------------------------------------- the cluster's paths


@dataclass(frozen=True)
class CommPath:
    """What a collective over ``nodes`` servers of ``gpus_per_node`` GPUs runs on."""

    nodes: int
    gpus_per_node: int
    intra_gbytes_s: float  # per GPU, one direction, NVLink
    node_fabric_gbytes_s: float  # per GPU share of the server's compute ports, raw
    link_efficiency: float
    oversubscription: float  # applied when > 1
    alpha_intra_s: float
    alpha_inter_s: float
    # what joins the GPUs of one node ("NVLink", "HCCS", "AMD Infinity Fabric"; None: unnamed)
    scale_up_link: str | None = None

    @property
    def gpus(self) -> int:
        return self.nodes * self.gpus_per_node

    @property
    def inter_gbytes_s(self) -> float:
        """Per-GPU bandwidth between servers a collective achieves."""
        return self.node_fabric_gbytes_s * self.link_efficiency / max(1.0, self.oversubscription)

    def flat_link(self) -> tuple[float, float]:
        """(bandwidth, alpha) of a flat ring or tree: across servers the slowest hop sets the pace."""
        if self.nodes <= 1:
            return self.intra_gbytes_s, self.alpha_intra_s
        if self.gpus_per_node <= 1:
            return self.inter_gbytes_s, self.alpha_inter_s
        return min(self.intra_gbytes_s, self.inter_gbytes_s), max(self.alpha_intra_s, self.alpha_inter_s)

    def at(self, nodes: int | None = None, oversubscription: float | None = None) -> CommPath:
        return replace(
            self,
            nodes=self.nodes if nodes is None else nodes,
            oversubscription=self.oversubscription if oversubscription is None else oversubscription,
        )


def allreduce_times_s(path: CommPath, message_bytes: float) -> dict[str, float]:
    """Seconds per algorithm. A link with no bandwidth gives infinity (never the fastest)."""
    n = path.gpus
    bandwidth, alpha = path.flat_link()  # for the flat ring and tree
    times = {}
    for name in ALGORITHMS:
        if n <= 1:
            times[name] = 0.0
            continue
        if _unknown_link(path):
            times[name] = math.inf
        elif name == "ring":
            times[name] = ring_allreduce_s(n, message_bytes, bandwidth, alpha)
        elif name == "tree":
            times[name] = tree_allreduce_s(n, message_bytes, bandwidth, alpha)
        else:
            times[name] = hierarchical_allreduce_s(
                path.nodes, path.gpus_per_node, message_bytes, path.intra_gbytes_s, path.inter_gbytes_s,
                path.alpha_intra_s, path.alpha_inter_s,
            )
    return times


def _unknown_link(path: CommPath) -> bool:
    """A hop the collective needs has no bandwidth (unpublished NVLink figure, no fabric)."""
    return (path.gpus_per_node > 1 and path.intra_gbytes_s <= 0) or (path.nodes > 1 and path.inter_gbytes_s <= 0)


def fastest(times: dict[str, float]) -> str | None:
    finite = {k: v for k, v in times.items() if math.isfinite(v)}
    # ties go to the simpler algorithm (the order of ALGORITHMS)
    return min(finite, key=lambda k: (finite[k], ALGORITHMS.index(k))) if finite else None


def compute_oversubscription(analyses: Iterable[FabricAnalysis]) -> tuple[float, str | None]:
    """Worst measured leaf oversubscription over the compute fabrics (1.0 when none is
    measured: a single switch, or no compute fabric), and the fabric it comes from."""
    worst, where = 1.0, None
    for analysis in analyses:
        if analysis.role != "compute":
            continue
        leaf = analysis.oversubscription.leaf
        if where is None:
            where = analysis.name
        if leaf is not None and leaf > worst:
            worst, where = leaf, analysis.name
    return worst, where


def gpu_servers(index: DesignIndex) -> dict[str, int]:
    """GPU server types and how many of each the design holds."""
    counts: dict[str, int] = {}
    for device in index.design.devices:
        device_type = index.type_of(device)
        if device_type.is_gpu_server:
            counts[device_type.slug] = counts.get(device_type.slug, 0) + 1
    return counts


def main_server_type(index: DesignIndex, counts: dict[str, int]) -> DeviceType:
    """The GPU server type holding the most GPUs (ties: the first slug)."""
    return max((index.device_types[slug] for slug in counts), key=lambda t: (counts[t.slug] * t.gpu_count, t.slug))


def main_gpu(index: DesignIndex) -> tuple[str | None, float | None]:
    """(GPU model, memory GB) of the GPU server type holding the most GPUs."""
    counts = gpu_servers(index)
    if not counts:
        return None, None
    main = main_server_type(index, counts)
    return (main.gpus.model, main.gpus.memory_gb) if main.gpus else (None, None)


def model_notes(inputs: CommunicationInputs) -> list[Note]:
    """The assumptions of the all-reduce model itself, whatever the design."""
    return [
        note("allreduce.model", alpha_intra_us=inputs.alpha_intra_us, alpha_inter_us=inputs.alpha_inter_us,
             link_efficiency=inputs.link_efficiency),
        note("allreduce.bandwidths"),
        note("allreduce.tree"),
    ]


def collective_nodes(servers: int, gpus_per_server: int, scale_up_gpus: int | None,
                     notes: list[Note]) -> tuple[int, int]:
    """(NVLink domains, GPUs per domain) a collective runs over: the servers, or where the design
    sets ``estimates.communication.scale_up_gpus`` (servers joined by an external NVLink switch
    system, or one GPU per domain to leave NVLink out) domains of that many GPUs, as many as it
    makes of the GPUs (no fewer than one). A domain below one GPU or above all of them is
    clamped. The all-reduce estimate, NCCL's collectives (``nccl.cluster_system``) and the
    scaling curve all count these, so ``crosses_scale_out`` says the same in both blocks."""
    if scale_up_gpus is None or scale_up_gpus == gpus_per_server or servers < 1 or gpus_per_server < 1:
        return servers, gpus_per_server
    gpus = servers * gpus_per_server
    domain = max(1, min(scale_up_gpus, gpus))
    if gpus % domain:
        # domains are whole servers (an external switch system joins servers) or whole
        # shares of one: the largest such that divides the GPUs, said as such (a domain of 16
        # over 3 servers of 8 counted 16 of the 24 GPUs, review 54)
        given = domain
        domain = max(d for d in range(1, given + 1)
                     if gpus % d == 0 and (d % gpus_per_server == 0 or gpus_per_server % d == 0))
        notes.append(note("allreduce.scale_up_domain_rounded", given=given, domain_gpus=domain,
                          domains=gpus // domain, gpus=gpus, servers=servers, gpus_per_server=gpus_per_server))
        return gpus // domain, domain
    domains = gpus // domain
    notes.append(note("allreduce.scale_up_domain", domain_gpus=domain, domains=domains, gpus=gpus))
    return domains, domain


def cluster_path(design: Design, index: DesignIndex,
                 analyses: Iterable[FabricAnalysis]) -> tuple[CommPath, list[Note]]:
    """The cluster's collective path, and the assumptions it rests on (``Note``s; ``.english`` says them).

    With several GPU server types the GPUs per server are those of the type holding the
    most GPUs, and each bandwidth the slowest type's: a collective runs at the pace of its
    slowest member.
    """
    inputs: CommunicationInputs = design.estimates.communication
    notes: list[Note] = []
    counts = gpu_servers(index)
    analyses = list(analyses)
    ratio, fabric = compute_oversubscription(analyses)
    if not counts:
        path = CommPath(0, 0, 0.0, 0.0, inputs.link_efficiency, ratio, inputs.alpha_intra_us * S_PER_US,
                        inputs.alpha_inter_us * S_PER_US)
        return path, [note("allreduce.no_gpu_servers")]
    types = {slug: index.device_types[slug] for slug in counts}
    main = main_server_type(index, counts)
    intra = []
    for t in types.values():
        bidir = t.gpus.interconnect_bidir_gbytes_s if t.gpus else None
        if bidir is None:
            notes.append(note("allreduce.nvlink_unpublished", part=t.slug))
            intra.append(0.0)
        else:
            intra.append(bidir / 2)  # the published figure counts both directions
    node_fabric = []
    for t in types.values():
        ports_gbps = sum(g.count * g.speed_gbps for g in t.ports_with_role("compute"))
        node_fabric.append(bits_to_bytes(ports_gbps) / t.gpu_count)
    nodes = sum(counts.values())
    if nodes > 1 and fabric is None:
        notes.append(note("allreduce.no_compute_fabric"))
        node_fabric = [0.0]
    elif nodes > 1 and not any(a.role == "compute" and a.endpoints for a in analyses):
        # early in a design the servers are placed before the cables are drawn: estimate
        # the fabric the ports promise, and say so
        notes.append(note("allreduce.fabric_uncabled", fabric=fabric))
    if len(types) > 1:
        notes.append(note("allreduce.mixed_servers", gpus_per_server=main.gpu_count, part=main.slug))
    nodes, gpus_per_node = collective_nodes(nodes, main.gpu_count, inputs.scale_up_gpus, notes)
    path = CommPath(
        nodes=nodes,
        gpus_per_node=gpus_per_node,
        intra_gbytes_s=min(intra),
        node_fabric_gbytes_s=min(node_fabric),
        link_efficiency=inputs.link_efficiency,
        oversubscription=ratio,
        alpha_intra_s=inputs.alpha_intra_us * S_PER_US,
        alpha_inter_s=inputs.alpha_inter_us * S_PER_US,
        scale_up_link=interconnect_name(main.gpus.interconnect if main.gpus else None),
    )
    return path, notes


def _r(value: float | None, digits: int = 3) -> float | None:
    return None if value is None or not math.isfinite(value) else round(value, digits)


def allreduce_rows(path: CommPath, message_bytes: float) -> tuple[list[AllreduceAlgorithm], str | None]:
    times = allreduce_times_s(path, message_bytes)
    rows = []
    for name, time_s in times.items():
        algbw = algbw_gbytes_s(message_bytes, time_s) if math.isfinite(time_s) else None
        rows.append(AllreduceAlgorithm(
            name=name,
            time_ms=_r(s_to_ms(time_s), 4) if math.isfinite(time_s) else None,
            algbw_gbytes_s=_r(algbw),
            busbw_gbytes_s=_r(busbw_gbytes_s(algbw, path.gpus)),
        ))
    return rows, fastest(times) if path.gpus > 1 else None


def allreduce_estimate(inputs: CommunicationInputs, path: CommPath, compute_fabric: str | None) -> AllreduceEstimate:
    """The report's ``allreduce`` block for ``path`` (from ``cluster_path``)."""
    message_bytes = inputs.message_mb * BYTES_PER_MB
    rows, best = allreduce_rows(path, message_bytes)
    return AllreduceEstimate(
        message_mb=inputs.message_mb,
        gpus=path.gpus,
        nodes=path.nodes,
        gpus_per_node=path.gpus_per_node,
        intra_bandwidth_gbytes_s=_r(path.intra_gbytes_s),
        node_fabric_gbytes_s_per_gpu=_r(path.node_fabric_gbytes_s),
        link_efficiency=path.link_efficiency,
        inter_bandwidth_gbytes_s=_r(path.inter_gbytes_s),
        oversubscription=_r(path.oversubscription),
        compute_fabric=compute_fabric,
        alpha_intra_us=inputs.alpha_intra_us,
        alpha_inter_us=inputs.alpha_inter_us,
        algorithms=rows,
        fastest=best,
        crosses_scale_out=path.nodes > 1,
        scale_up_link=path.scale_up_link,
    )
