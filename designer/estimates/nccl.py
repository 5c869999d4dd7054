"""Collectives as NCCL runs them: time, algbw and busbw per message size and algorithm.

The textbook alpha-beta model of ``collective.py`` runs one ring at one NIC per GPU; NCCL
runs one ring (channel) per NIC and crosses each node boundary on all of them, uses the
switch itself to reduce where it can (NVLink SHARP inside an NVSwitch domain, SHARP in an
InfiniBand fabric), and picks, for each message size, the algorithm and protocol its own
cost model says is fastest. This module follows that cost model:

    time = latency + bytes each rank moves / bus bandwidth

with NCCL's latency terms (a base per algorithm and protocol, plus a per-hop latency for
each step over NVLink or the network) and bandwidths from published measurements.

Sources (each constant below names its own):

[PERF] NVIDIA nccl-tests, doc/PERFORMANCE.md: algbw = S / t; busbw = algbw x 2(n-1)/n for
       all-reduce, x (n-1)/n for all-gather, reduce-scatter and all-to-all, so that busbw
       is comparable with the hardware's link speed at any rank count.
[TUNE] NVIDIA NCCL, src/graph/tuning.cc (github.com/NVIDIA/nccl, commit b6475625): the
       latency table (baseLat, hwLat, microseconds), the step counts (ring all-reduce
       2(n-1) steps of which 2N cross the network; all-gather / reduce-scatter n-1 of which
       N-1 do; tree 2((g-1) intra + log2 N inter); NVLS intra (+ inter); NVLS-tree
       intra + 2 log2 N inter), the LL protocol's bandwidth (1/4 of Simple for a ring
       all-reduce, 1/3 otherwise; 1/3.8 for a tree), the tree's 0.92 and the network post
       overhead (1 us on Intel hosts, x3 for Simple) every inter-node ring step pays.
[I212] nccl-tests issue 212 (S. Jeaugey, NVIDIA, 2024-05-06): NVLink4 line rate 450 GB/s,
       ~20 % protocol overhead, 370 GB/s effective (the busbw of a ring); NVLS all-reduce
       on 8 H100: peak busbw ~480 GB/s, algbw ~275 GB/s.
[I290] nccl-tests issue 290 (NVIDIA, 2025-03-03): one H100 node with NVLink SHARP ~476 GB/s
       "in the expected range"; NDR 400 Gb/s: 46-48 GB/s per NIC.
[I319] nccl-tests issue 319 (NVIDIA, 2025-06-11): ~48 GB/s per ConnectX-7 at 400 Gb/s,
       aggregated on NVLink nodes to ~396 GB/s with the ring.
[I267] nccl-tests issue 267 (S. Jeaugey, 2024-11-19): all-to-all cannot aggregate several
       NICs: expect one NIC's performance per GPU.
[I196] nccl-tests issue 196 (S. Jeaugey, 2024-02-05): on two nodes NCCL's (NVLS) tree can go
       beyond the network bottleneck; benchmark the network with NCCL_ALGO=RING.
[NVLS] NVIDIA H100/H200 page: third-generation NVSwitch (NVLink 4) supports SHARP
       in-network reduction inside an 8-GPU server.
[Q2]   NVIDIA Quantum-2 (QM9700) and Quantum-X800 (Q3400): SHARPv3 / SHARPv4 in-network
       reduction in the InfiniBand switch.

Bandwidths (GB/s = 10^9 B/s, one direction), for N nodes (NVLink domains) of g GPUs with
K NICs each, n = N g ranks:

    B_nvl = NVLink line rate per GPU x nvlink_efficiency          (370 GB/s on H100 [I212])
    B_nic = NIC line rate x nic_efficiency / oversubscription     (47 GB/s at NDR [I290])
    ring (all-reduce, all-gather, reduce-scatter):
        one node:  busbw = B_nvl
        N > 1:     busbw = min(K x B_nic, g/(g-1) x B_nvl)
        -- K rings, one per NIC: a node sends the whole ring traffic over its K NICs once
           and (g-1)/g of it over NVLink
    tree (all-reduce, double binary tree between nodes, a chain inside):
        t_bw = max(2(N-1)/N x S / (K x B_nic), 2 S / B_nvl) / 0.92
    nvls (all-reduce, one NVSwitch domain): algbw = NVLink line rate x nvls_efficiency
    nvls_tree (all-reduce, N > 1): t_bw = max(S / algbw_nvls, 2(N-1)/N x S / (K x B_nic))
    sharp (all-reduce, N > 1, SHARP switches): the fabric reduces: each node sends and
        receives S once: t_bw = max(S / intra, S / (K x B_nic x 0.85)), intra = algbw_nvls
        with NVLS, else a reduce-scatter and all-gather over NVLink
    all-to-all: each GPU sends (n-g)/n S over its share of the NICs (K/g of them) and
        (g-1)/n S over NVLink: t_bw = max((n-g)/n S / (K/g B_nic), (g-1)/n S / B_nvl)

Not modelled (the figures are conservative there): the LL128 protocol, NCCL's tree
correction factors for medium sizes, NVLS for all-gather and reduce-scatter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Iterable

from designer.estimates.collective import CommPath, gpu_servers, main_server_type
from designer.estimates.notes import Note, names, note
from designer.estimates.results import AlgorithmRow, CollectivesBlock, NcclAllreduce, NcclRow, OperationFigures
from designer.model.design import Design
from designer.model.estimates import CommunicationInputs
from designer.model.index import DesignIndex
from designer.model.units import BYTES_PER_GB, S_PER_US, us_to_ms


OPERATIONS = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all")
ALGORITHMS = ("ring", "tree", "nvls", "nvls_tree", "sharp", "p2p")
PROTOCOLS = ("LL", "Simple")

# nccl-tests' default sweep, all_reduce_perf -b 8 -e 8G -f 2: 8 B to 8 GiB, doubling.
CURVE_SIZES = tuple(8 * 2**k for k in range(31))

# ---------------------------------------------------------------- constants [TUNE]
# Latencies in microseconds, per protocol (LL, Simple).
BASE_LAT_US: dict[str, dict[str, float]] = {"ring": {"LL": 6.6, "Simple": 8.4}, "tree": {"LL": 6.8, "Simple": 0.0}}
NVLINK_HOP_US: dict[str, dict[str, float]] = {"ring": {"LL": 0.6, "Simple": 3.4}, "tree": {"LL": 0.6, "Simple": 28.0}}
NET_HOP_US: dict[str, dict[str, float]] = {"ring": {"LL": 2.7, "Simple": 14.0}, "tree": {"LL": 5.0, "Simple": 28.0}}
# NVLS, NVLS tree and CollNet run the Simple protocol only: one figure each
NVLINK_HOP_SIMPLE_US: dict[str, float] = {"nvls": 23.0, "nvls_tree": 23.0, "collnet": 3.7}
NET_HOP_SIMPLE_US: dict[str, float] = {"nvls": 18.0, "nvls_tree": 14.0, "collnet": 31.0}
NET_OVERHEAD_US: dict[str, float] = {"LL": 1.0, "Simple": 3.0}  # per inter-node ring step, Intel host; x3 for Simple
COLLNET_ARITY_US = 0.4  # per GPU of a node, CollNet Direct's serialisation
# Bandwidth refinements [TUNE].
LL_SHARE_RING_ALLREDUCE = 1 / 4
LL_SHARE_RING_OTHER = 1 / 3
LL_SHARE_TREE = 1 / 3.8
TREE_EFFICIENCY = 0.92
SHARP_EFFICIENCY = 0.85  # CollNet on Hopper (``minCompCap >= 90``)

# NVLink SHARP needs NVLink 4 or later behind NVSwitches [NVLS].
NVLS_INTERCONNECTS = ("NVLink 4", "NVLink 5")
# Switches with in-network reduction [Q2].
SHARP_SWITCHES = {"nvidia-qm9700": "Quantum-2, SHARPv3", "nvidia-q3400": "Quantum-X800, SHARPv4"}


@dataclass(frozen=True)
class NcclSystem:
    """What NCCL sees: ``nodes`` NVLink domains of ``gpus_per_node`` GPUs, each with
    ``nics_per_node`` NICs of ``nic_gbytes_s`` (line rate, one direction)."""

    nodes: int
    gpus_per_node: int
    nics_per_node: int
    nic_gbytes_s: float
    nvlink_gbytes_s: float  # per GPU, one direction, line rate (0: unpublished)
    nvls: bool
    sharp: bool
    oversubscription: float = 1.0
    nic_efficiency: float = 0.94
    nvlink_efficiency: float = 370.0 / 450.0
    nvls_efficiency: float = 275.0 / 450.0
    scale_up_link: str | None = None  # what joins a node's GPUs ("NVLink", "HCCS"; None: unnamed)

    @property
    def ranks(self) -> int:
        return self.nodes * self.gpus_per_node

    @property
    def b_nvl(self) -> float:
        return self.nvlink_gbytes_s * self.nvlink_efficiency

    @property
    def b_nic(self) -> float:
        """Per NIC, what NCCL reaches through the fabric."""
        return self.nic_gbytes_s * self.nic_efficiency / max(1.0, self.oversubscription)

    @property
    def net_gbytes_s(self) -> float:
        """A node's NICs together."""
        return self.nics_per_node * self.b_nic

    @property
    def nvls_algbw(self) -> float:
        return self.nvlink_gbytes_s * self.nvls_efficiency


# ---------------------------------------------------------------- bus bandwidth factors [PERF]


def bus_factor(operation: str, n: int) -> float:
    """busbw / algbw for ``operation`` over ``n`` ranks."""
    if n <= 1:
        return 1.0
    return 2 * (n - 1) / n if operation == "all_reduce" else (n - 1) / n


def algorithms(system: NcclSystem, operation: str) -> list[str]:
    """The algorithms NCCL can run ``operation`` with on ``system``."""
    if operation == "all_to_all":
        return ["p2p"]
    if operation != "all_reduce":
        return ["ring"]
    names = ["ring", "tree"]
    if system.nvls and system.nodes == 1 and system.gpus_per_node > 1:
        names.append("nvls")
    if system.nvls and system.nodes > 1:
        names.append("nvls_tree")
    if system.sharp and system.nodes > 1:
        names.append("sharp")
    return names


def default_algorithms(system: NcclSystem, operation: str) -> list[str]:
    """The algorithms NCCL runs ``operation`` with by default: all but in-network reduction
    (SHARP, NCCL's CollNet), which needs the SHARP plugin and NCCL_COLLNET_ENABLE=1 [Q2]."""
    return [a for a in algorithms(system, operation) if a != "sharp"]


def expected_busbw(system: NcclSystem, operation: str, size: float) -> tuple[float | None, float | None]:
    """(busbw with NCCL's default algorithms, busbw with SHARP enabled) of ``operation`` at
    ``size``; the second None when SHARP does not run it on ``system``. The one source of the
    figures the proposal's collectives and the POC plan state (``operation_block``,
    ``designer/poc/plan.py``)."""
    default = row(system, operation, size, only=default_algorithms(system, operation))["busbw_gbytes_s"]
    if "sharp" not in algorithms(system, operation):
        return default, None
    return default, row(system, operation, size)["busbw_gbytes_s"]


def _protocols(algorithm: str) -> tuple[str, ...]:
    return PROTOCOLS if algorithm in ("ring", "tree") else ("Simple",)


# ---------------------------------------------------------------- latency [TUNE]


def latency_us(system: NcclSystem, operation: str, algorithm: str, protocol: str) -> float:
    nodes, g, n = system.nodes, system.gpus_per_node, system.ranks
    log2_nodes = int(math.log2(nodes)) if nodes > 1 else 0
    if algorithm == "ring":
        steps = 2 * (n - 1) if operation == "all_reduce" else n - 1
        inter = (2 * nodes if operation == "all_reduce" else nodes - 1) if nodes > 1 else 0
        intra_lat = NVLINK_HOP_US["ring"][protocol]
        if nodes > 1:
            intra_lat = max(intra_lat, NET_OVERHEAD_US[protocol])
        return BASE_LAT_US["ring"][protocol] + (steps - inter) * intra_lat + inter * NET_HOP_US["ring"][protocol]
    if algorithm == "tree":
        return BASE_LAT_US["tree"][protocol] + 2 * (
            (g - 1) * NVLINK_HOP_US["tree"][protocol] + log2_nodes * NET_HOP_US["tree"][protocol])
    if algorithm == "nvls":
        return NVLINK_HOP_SIMPLE_US["nvls"]
    if algorithm == "nvls_tree":
        return NVLINK_HOP_SIMPLE_US["nvls_tree"] + 2 * log2_nodes * NET_HOP_SIMPLE_US["nvls_tree"]
    if algorithm == "sharp":
        if system.nvls:  # NCCL's NVLS algorithm across nodes, the fabric reducing between them
            return NVLINK_HOP_SIMPLE_US["nvls"] + NET_HOP_SIMPLE_US["nvls"]
        # CollNet Direct
        return (2 * (min(1, g - 1) * NVLINK_HOP_SIMPLE_US["collnet"] + (g - 1) * COLLNET_ARITY_US)
                + NET_HOP_SIMPLE_US["collnet"])
    if algorithm == "p2p":
        # Assumed (NCCL publishes no model for it): the sends to every peer overlap, so one
        # ring Simple base latency and one hop over the slowest link.
        hop = NET_HOP_US["ring"]["Simple"] if nodes > 1 else NVLINK_HOP_US["ring"]["Simple"]
        return BASE_LAT_US["ring"]["Simple"] + hop
    raise ValueError(algorithm)


# ---------------------------------------------------------------- bandwidth


def bandwidth_seconds(system: NcclSystem, operation: str, algorithm: str, protocol: str, size: float) -> float:
    """The time a message of ``size`` bytes spends on the wire (no latency). Infinity when
    a link it needs has no bandwidth."""
    nodes, g, n = system.nodes, system.gpus_per_node, system.ranks
    b_nvl, net = system.b_nvl * BYTES_PER_GB, system.net_gbytes_s * BYTES_PER_GB
    if (g > 1 and b_nvl <= 0) or (nodes > 1 and net <= 0):
        return math.inf
    moved = bus_factor(operation, n) * size  # bytes each rank moves, the busbw numerator
    if algorithm == "ring":
        if nodes == 1:
            busbw = b_nvl
        elif g == 1:
            busbw = net
        else:
            busbw = min(net, g / (g - 1) * b_nvl)
        if protocol == "LL":
            busbw *= LL_SHARE_RING_ALLREDUCE if operation == "all_reduce" or nodes > 1 else LL_SHARE_RING_OTHER
        return moved / busbw
    if algorithm == "tree":
        t_inter = 2 * (nodes - 1) / nodes * size / net if nodes > 1 else 0.0
        t_intra = 2 * size / b_nvl if g > 1 else 0.0
        t = max(t_inter, t_intra) / TREE_EFFICIENCY
        return t / LL_SHARE_TREE if protocol == "LL" else t
    nvls = system.nvls_algbw * BYTES_PER_GB
    if nvls <= 0 and (algorithm in ("nvls", "nvls_tree") or (algorithm == "sharp" and system.nvls)):
        return math.inf  # no NVLink SHARP bandwidth (unpublished NVLink, or a script's efficiency of 0)
    if algorithm == "nvls":
        return size / nvls
    if algorithm == "nvls_tree":
        return max(size / nvls, 2 * (nodes - 1) / nodes * size / net)
    if algorithm == "sharp":
        if system.nvls:
            t_intra = size / nvls
        else:
            t_intra = 2 * (g - 1) / g * size / b_nvl if g > 1 else 0.0
        return max(t_intra, size / (net * SHARP_EFFICIENCY))
    if algorithm == "p2p":
        t_net = (n - g) / n * size / (net / g) if nodes > 1 else 0.0
        t_nvl = (g - 1) / n * size / b_nvl if g > 1 else 0.0
        return max(t_net, t_nvl)
    raise ValueError(algorithm)


def time_s(system: NcclSystem, operation: str, algorithm: str, protocol: str, size: float) -> float:
    if system.ranks <= 1:
        return 0.0
    return latency_us(system, operation, algorithm, protocol) * S_PER_US + bandwidth_seconds(
        system, operation, algorithm, protocol, size)


def best(system: NcclSystem, operation: str, size: float,
         only: Iterable[str] | None = None) -> tuple[str, str, float] | None:
    """(algorithm, protocol, seconds) NCCL's model picks for ``size``; None when no time is finite."""
    allowed = set(only) if only is not None else None
    choices = []
    for index, algorithm in enumerate(algorithms(system, operation)):
        if allowed is not None and algorithm not in allowed:
            continue
        for protocol in _protocols(algorithm):
            t = time_s(system, operation, algorithm, protocol, size)
            if math.isfinite(t):
                choices.append((t, index, algorithm, protocol))
    if not choices:
        return None
    t, _index, algorithm, protocol = min(choices)
    return algorithm, protocol, t


def row(system: NcclSystem, operation: str, size: float, only: Iterable[str] | None = None) -> NcclRow:
    """One line of an nccl-tests table: size, the algorithm chosen, time, algbw, busbw."""
    pick = best(system, operation, size, only)
    if pick is None or system.ranks <= 1:
        return {"size_bytes": int(size), "algorithm": None, "protocol": None, "time_us": None,
                "algbw_gbytes_s": None, "busbw_gbytes_s": None}
    algorithm, protocol, t = pick
    algbw = size / t / BYTES_PER_GB
    return {
        "size_bytes": int(size),
        "algorithm": algorithm,
        "protocol": protocol,
        "time_us": round(t / S_PER_US, 3),
        "algbw_gbytes_s": round(algbw, 3),
        "busbw_gbytes_s": round(algbw * bus_factor(operation, system.ranks), 3),
    }


def curve(system: NcclSystem, operation: str, sizes: Iterable[float] = CURVE_SIZES,
          only: Iterable[str] | None = None) -> list[NcclRow]:
    allowed = None if only is None else list(only)
    return [row(system, operation, size, allowed) for size in sizes]


def by_algorithm(system: NcclSystem, operation: str, size: float) -> list[AlgorithmRow]:
    """Each algorithm at ``size`` (its fastest protocol), as NCCL_ALGO=<name> would run it."""
    out: list[AlgorithmRow] = []
    for algorithm in algorithms(system, operation):
        line = row(system, operation, size, only=[algorithm])
        out.append({"algorithm": line["algorithm"], "protocol": line["protocol"], "time_us": line["time_us"],
                    "algbw_gbytes_s": line["algbw_gbytes_s"], "busbw_gbytes_s": line["busbw_gbytes_s"]})
    return out


# ---------------------------------------------------------------- the report's block


def _peak(points: list[NcclRow]) -> float | None:
    peaks = [p["busbw_gbytes_s"] for p in points if p["busbw_gbytes_s"] is not None]
    return max(peaks) if peaks else None


def operation_block(system: NcclSystem, operation: str, message_bytes: float) -> OperationFigures:
    """NCCL's pick (SHARP included where the fabric offers it) and, beside it, the same
    figures with NCCL's default algorithms (``*_without_sharp``: what a run without the SHARP
    plugin and NCCL_COLLNET_ENABLE=1 reaches, the POC plan's pass figure); the two are the same
    when SHARP does not run the operation."""
    points = curve(system, operation)
    default = default_algorithms(system, operation)
    sharp = len(default) < len(algorithms(system, operation))
    at_message = row(system, operation, message_bytes)
    return {
        "algorithms": algorithms(system, operation),
        "at_message": at_message,
        "by_algorithm": by_algorithm(system, operation, message_bytes),
        "peak_busbw_gbytes_s": _peak(points),
        "curve": points,
        "peak_busbw_without_sharp_gbytes_s": _peak(curve(system, operation, only=default)) if sharp else _peak(points),
        "at_message_without_sharp": row(system, operation, message_bytes, only=default) if sharp else at_message,
    }


def nccl_allreduce(system: NcclSystem | None, message_bytes: float) -> NcclAllreduce:
    """The all-reduce of ``message_bytes`` as NCCL would run it (the ``allreduce`` block's
    ``nccl`` key): the algorithm and protocol chosen, time in ms, algbw and busbw."""
    if system is None or system.ranks <= 1:
        return NcclAllreduce(algorithm=None, protocol=None, time_ms=None if system is None else 0.0,
                             algbw_gbytes_s=None, busbw_gbytes_s=None)
    line = row(system, "all_reduce", message_bytes)
    return NcclAllreduce(
        algorithm=line["algorithm"],
        protocol=line["protocol"],
        time_ms=None if line["time_us"] is None else round(us_to_ms(line["time_us"]), 4),
        algbw_gbytes_s=line["algbw_gbytes_s"],
        busbw_gbytes_s=line["busbw_gbytes_s"],
    )


def collectives_block(system: NcclSystem | None, message_bytes: float) -> CollectivesBlock:
    """The report's ``collectives`` block (None figures when there is nothing to estimate)."""
    if system is None:
        return {"gpus": 0, "operations": {}}
    return {
        "gpus": system.ranks,
        "nodes": system.nodes,
        "gpus_per_node": system.gpus_per_node,
        "nics_per_node": system.nics_per_node,
        "nic_gbytes_s": round(system.nic_gbytes_s, 3),
        "nic_efficiency": system.nic_efficiency,
        "nic_achieved_gbytes_s": round(system.b_nic, 3),
        "nvlink_gbytes_s": round(system.nvlink_gbytes_s, 3),
        "nvlink_efficiency": round(system.nvlink_efficiency, 6),
        "nvlink_achieved_gbytes_s": round(system.b_nvl, 3),
        "nvls": system.nvls,
        "nvls_efficiency": round(system.nvls_efficiency, 6),
        "sharp": system.sharp,
        "oversubscription": round(system.oversubscription, 3),
        "message_bytes": message_bytes,
        # one NVLink domain: every collective stays on it; the NIC figures above do not enter
        "crosses_scale_out": system.nodes > 1,
        "scale_up_link": system.scale_up_link,
        "operations": {op: operation_block(system, op, message_bytes) for op in OPERATIONS},
    }


def system_notes(system: NcclSystem | None, sharp_switches: list[str]) -> list[Note]:
    """The collective model's assumptions, as notes."""
    if system is None:
        return []
    notes = [note("collectives.model", nic_efficiency=system.nic_efficiency,
                  nic_achieved_gbytes_s=round(system.nic_gbytes_s * system.nic_efficiency, 1),
                  nvlink_efficiency=system.nvlink_efficiency, nvlink_achieved_gbytes_s=round(system.b_nvl, 1))]
    if system.nvls:
        notes.append(note("collectives.nvls", nvls_algbw_gbytes_s=round(system.nvls_algbw, 1)))
    else:
        notes.append(note("collectives.no_nvls"))
    if system.sharp:
        notes.append(note("collectives.sharp", switches=names(sharp_switches)))
    else:
        notes.append(note("collectives.no_sharp"))
    notes.append(note("collectives.all_to_all"))
    return notes


# ---------------------------------------------------------------- the design's system


def _nvls_capable(interconnect: str | None) -> bool:
    text = interconnect or ""
    return "NVSwitch" in text and any(generation in text for generation in NVLS_INTERCONNECTS)


def cluster_system(design: Design, index: DesignIndex, path: CommPath,
                   compute_fabric: str | None) -> tuple[NcclSystem | None, list[str]]:
    """The design's ``NcclSystem`` (None without GPU servers) and the SHARP-capable switch
    types of its compute fabric. The GPU server type holding the most GPUs sets the NICs,
    as in ``collective.cluster_path``; the NIC rate is the slowest type's per-GPU share.
    """
    inputs: CommunicationInputs = design.estimates.communication
    counts = gpu_servers(index)
    if not counts or path.gpus <= 0:
        return None, []
    types = [index.device_types[slug] for slug in counts]
    main = main_server_type(index, counts)
    ports = [g for g in main.ports_with_role("compute")]
    nics_per_server = sum(g.count for g in ports)
    gpus = path.gpus
    # the path's nodes are the NVLink domains already (``collective.collective_nodes``)
    domain = max(1, min(path.gpus_per_node, gpus))
    nodes = max(1, gpus // domain)
    nics_per_gpu = nics_per_server / main.gpu_count if main.gpu_count else 0.0
    nics = round(nics_per_gpu * domain)
    # the per-NIC line rate such that the NICs carry the slowest type's per-GPU share
    nic_gbytes_s = path.node_fabric_gbytes_s * domain / nics if nics else 0.0
    nvls_detected = all(_nvls_capable(t.gpus.interconnect if t.gpus else None) for t in types)
    switches = sorted({index.type_of(d).slug for d in design.devices
                       if compute_fabric is not None and d.fabric == compute_fabric
                       and index.type_of(d).kind == "switch"})
    sharp_types = [s for s in switches if s in SHARP_SWITCHES]
    sharp_detected = bool(switches) and len(sharp_types) == len(switches)
    system = NcclSystem(
        nodes=nodes,
        gpus_per_node=domain,
        nics_per_node=nics,
        nic_gbytes_s=nic_gbytes_s,
        nvlink_gbytes_s=path.intra_gbytes_s,
        nvls=inputs.nvls if inputs.nvls is not None else nvls_detected,
        sharp=inputs.sharp if inputs.sharp is not None else sharp_detected,
        oversubscription=path.oversubscription,
        nic_efficiency=inputs.nic_efficiency,
        nvlink_efficiency=inputs.nvlink_efficiency,
        nvls_efficiency=inputs.nvls_efficiency,
        scale_up_link=path.scale_up_link,
    )
    return system, sharp_types
