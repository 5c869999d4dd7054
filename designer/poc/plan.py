"""The POC acceptance test plan of a design: each test with its expected figure and tolerance.

- nccl-tests ``all_reduce_perf`` and ``all_gather_perf`` (``-b 8 -e 8G -f 2``) over one node,
  one scalable unit (32 nodes, NVIDIA's SuperPOD SU) and the whole fabric (a scope of one GPU
  has nothing to measure): the expected busbw is the NCCL model's
  (``designer/estimates/nccl.py``, ``expected_busbw``: the figures the proposal's collectives
  state, ``*_without_sharp`` and with SHARP) at the largest size the run reached, with NCCL's
  default algorithms: SHARP needs the SHARP plugin and NCCL_COLLNET_ENABLE=1, so the pass
  figure leaves it out (a run with it passes all the more). Where the fabric offers SHARP, a
  test also states the figure with it (``expected_busbw_with_sharp_gbytes_s``) and the
  command that enables it: the proposal's peak, to be reached once SHARP is set up.
- perftest ``ib_write_bw`` per link class (each fabric's server port speed): the expected
  bandwidth is the NIC line rate x ``communication.nic_efficiency`` (what NCCL reaches per NIC);
  ``ib_write_lat`` is recorded, with no expected figure (none is published for the design).
- fio aggregate sequential read and write: the storage systems' read / write bandwidth as the
  estimates count it (limited by their storage ports).
- a burn-in list.

The collective tests use the accelerator vendor's tool (``designer/catalog/software_stack.py``):
nccl-tests on NVIDIA; rccl-tests, ROCm's fork of nccl-tests with the same binaries, arguments
and output columns, on AMD (its all-gather output does not name the operation, so that test is
checked by hand); HCCL Test (``all_reduce_test``, ``all_gather_test``) on Huawei Ascend, whose
table (data_size, avg_time, alg_bandwidth, check_result) ``designer poc check`` reads for the
all-reduce (busbw = alg_bandwidth x 2(n-1)/n); its all-gather is checked by hand (``"check":
"by_hand"``). An NVIDIA design's plan is unchanged.

A result passes when it reaches the expected figure less the tolerance (default 10 %, the
plan's ``tolerance``; an acceptance criterion to agree with the customer, not a measurement).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from designer.catalog import Catalog
from designer.catalog.software_stack import SoftwareStack, design_stack
from designer.checks import Checker
from designer.checks.design_rules import storage_bandwidth_gbytes_s
from designer.estimates.collective import cluster_path, compute_oversubscription
from designer.estimates.nccl import NcclSystem, cluster_system
from designer.estimates.nccl import expected_busbw as model_busbw
from designer.estimates.storage import storage_systems
from designer.model.design import Design

SU_NODES = 32  # DGX SuperPOD scalable unit: 32 DGX systems (RA-11333-001)
PLAN_SIZE = 8 * 2**30  # nccl-tests -e 8G
DEFAULT_TOLERANCE = 0.10
RDMA_ROLES = ("compute", "storage")  # the fabrics perftest runs on (not in-band or out-of-band management)

BURN_IN = [
    "dcgmi diag -r 3 on every GPU server (DCGM level-3 diagnostics)",
    "nccl-tests all_reduce_perf -b 8G -e 8G over the whole fabric for 12 h: no #wrong, busbw within the tolerance",
    "ib_write_bw on every compute link (each NIC to its leaf's peer): no link below the tolerance",
    "fio sequential read and write from every GPU server at once for 1 h",
    "cable and optics: error counters (symbol errors, link downed) zero after the burn-in",
]
# the first two burn-in items on the other vendors' stacks (sources: designer/catalog/software_stack.py)
BURN_IN_STACK = {
    "amd": [
        "ROCm Validation Suite (RVS) diagnostics and stress tests on every GPU server (the RVS modules to run "
        "are agreed with the customer)",
        "rccl-tests all_reduce_perf -b 8G -e 8G over the whole fabric for 12 h: no #wrong, busbw within the "
        "tolerance",
    ],
    "huawei": [
        "ascend-dmi --dg --se healthCheck,performanceCheck,stressTest -q on every NPU server (Ascend DMI "
        "diagnosis and stress test)",
        "HCCL Test all_reduce_test -b 8G -e 8G over the whole fabric for 12 h: check_result success, "
        "alg_bandwidth within the tolerance",
    ],
}
# what the plan says of the collective tool where it is not nccl-tests
TOOL_NOTES = {
    "amd": "rccl-tests (github.com/ROCm/rccl-tests), ROCm's fork of nccl-tests: the same binaries, arguments "
           "and output columns (size, time, algbw, busbw, #wrong); its all-gather output does not name the "
           "operation, so that test is checked by hand",
    "huawei": "HCCL Test (CANN ${INSTALL_DIR}/tools/hccl_test, binaries in bin/), as Huawei documents it "
              "(hiascend.com CANN docs, HCCLpertest_16_0005 and _0006): its table is data_size, avg_time, "
              "alg_bandwidth (data size / time, not busbw) and check_result. Save each run with its command line "
              "above the table, as Huawei's result example shows it: { echo \"# <command>\"; <command>; } > FILE. "
              "designer poc check reads the all-reduce (busbw = alg_bandwidth x 2(n-1)/n); the all-gather is "
              "checked by hand",
}


class PocContext:
    """The design's figures the plan and the check need."""

    def __init__(self, design: Design, catalog: Catalog) -> None:
        checker = Checker(design, catalog.cabling)
        ctx = checker.ctx
        analyses = [ctx.fabric_analysis(f.name) for f in design.fabrics]
        path, _notes = cluster_path(design, ctx.index, analyses)
        _ratio, fabric = compute_oversubscription(analyses)
        self.design = design
        self.stack: SoftwareStack = design_stack(ctx.index.type_of(d) for d in design.devices)
        self.system, _sharp = cluster_system(design, ctx.index, path, fabric)
        self.nic_efficiency = design.estimates.communication.nic_efficiency
        self.read_gbytes_s, _gpus, _no_read = storage_bandwidth_gbytes_s(ctx)
        self.write_gbytes_s, _cap, _no_write, _no_cap = storage_systems(ctx)
        self.link_classes = _link_classes(design, ctx)
        self.storage_systems = sum(1 for device in design.devices if ctx.index.type_of(device).kind == "storage")

    def scope_system(self, nodes: int) -> NcclSystem | None:
        if self.system is None:
            return None
        return replace(self.system, nodes=nodes, sharp=self.system.sharp and nodes > 1)


def _link_classes(design: Design, ctx: Any) -> list[dict[str, Any]]:
    """One per fabric: the GPU servers' port speed on it and its link type as perftest names it."""
    out = []
    for fabric in design.fabrics:
        speeds = set()
        for device in design.devices:
            device_type = ctx.index.type_of(device)
            if device_type.kind != "server" or device_type.gpu_count <= 0:
                continue
            for group in device_type.ports_with_role(fabric.role):
                speeds.add(group.speed_gbps)
        if not speeds or fabric.role not in RDMA_ROLES:
            continue
        link_type = "IB" if fabric.protocol == "infiniband" else "Ethernet"
        out.append({"fabric": fabric.name, "role": fabric.role, "link_type": link_type, "speed_gbps": max(speeds)})
    return out


def expected_busbw(system: NcclSystem, operation: str, size: float) -> float | None:
    """The model's busbw with NCCL's default algorithms: SHARP (CollNet) runs only with the
    SHARP plugin and NCCL_COLLNET_ENABLE=1, so the plan does not count on it (a run with it
    passes all the more). None when there is nothing to measure (one GPU, no bandwidth)."""
    return model_busbw(system, operation, size)[0]


def _command(ranks: int, per_node: int, program: str, sharp: bool = False, stack: SoftwareStack | None = None) -> str:
    if stack is not None and stack.vendor == "huawei":
        # HCCL Test as Huawei documents it: mpirun -n <NPUs in all> [-f hostfile] ./bin/<binary>
        # -p <NPUs per node> -b -e (K, M, G) -f <factor> -d <type> -o <op>
        hosts = "-f hostfile " if ranks > per_node else ""
        return f"mpirun {hosts}-n {ranks} ./bin/{program} -p {per_node} -b 8K -e 8G -f 2 -d fp32 -o sum"
    env = "-x NCCL_COLLNET_ENABLE=1 " if sharp else ""
    return f"mpirun -np {ranks} -N {per_node} {env}{program} -b 8 -e 8G -f 2 -g 1"


def nccl_tests(poc: PocContext) -> list[dict[str, Any]]:
    system = poc.system
    if system is None:
        return []
    scopes = [("node", 1)]
    if system.nodes > SU_NODES:
        scopes.append(("scalable_unit", SU_NODES))
    if system.nodes > 1:
        scopes.append(("fabric", system.nodes))
    tests = []
    stack = poc.stack
    for operation, program in (("all_reduce", stack.all_reduce_binary), ("all_gather", stack.all_gather_binary)):
        for scope, nodes in scopes:
            sized = poc.scope_system(nodes)
            ranks = sized.ranks
            if ranks <= 1:
                continue  # one GPU: no collective to measure
            expected, with_sharp = model_busbw(sized, operation, PLAN_SIZE)
            # SHARP's switch needs NCCL's plugin (NCCL_COLLNET_ENABLE=1): no command is stated for another library
            sharp_command = with_sharp is not None and stack.is_nvidia
            test: dict[str, Any] = {
                "id": f"nccl.{operation}.{scope}",
                "kind": "nccl",
                "operation": operation,
                "scope": scope,
                "nodes": nodes,
                "ranks": ranks,
                "expected_busbw_gbytes_s": expected,
                "expected_busbw_with_sharp_gbytes_s": with_sharp,
                "at_size_bytes": PLAN_SIZE,
                "command": _command(ranks, sized.gpus_per_node, program, stack=stack),
                "command_with_sharp": _command(ranks, sized.gpus_per_node, program, sharp=True) if sharp_command
                else None,
            }
            if not stack.is_nvidia:
                test["tool"] = stack.test_tool
                if stack.checked_by_hand(operation):
                    test["check"] = "by_hand"
            tests.append(test)
    return tests


def perftest_tests(poc: PocContext) -> list[dict[str, Any]]:
    tests = []
    for link in poc.link_classes:
        expected = round(link["speed_gbps"] * poc.nic_efficiency, 3)
        tests.append({"id": f"perftest.ib_write_bw.{link['fabric']}", "kind": "perftest", "test": "ib_write_bw",
                      **link, "expected_gbits_s": expected,
                      "command": "ib_write_bw -d <device> --report_gbits -s 65536 -D 10 [<peer>]"})
        tests.append({"id": f"perftest.ib_write_lat.{link['fabric']}", "kind": "perftest", "test": "ib_write_lat",
                      **link, "expected_us": None, "command": "ib_write_lat -d <device> -s 2 [<peer>]"})
    return tests


def fio_tests(poc: PocContext) -> list[dict[str, Any]]:
    tests = []
    for direction, figure in (("read", poc.read_gbytes_s), ("write", poc.write_gbytes_s)):
        if not figure:
            continue
        tests.append({"id": f"fio.{direction}", "kind": "fio", "rw": direction,
                      "expected_gbytes_s": round(figure, 3),
                      "command": f"fio --client=<hosts> --rw={direction} --bs=1M --direct=1 --numjobs=8 "
                                 f"--size=32G --group_reporting --output-format=json <job>"})
    return tests


def burn_in(poc: PocContext) -> list[str]:
    """The burn-in list. Where every GPU is in one NVLink domain the long all-reduce runs on it
    alone (no byte crosses the scale-out fabric), without a cabled compute fabric there is no
    compute link for ib_write_bw to walk, and without a storage system nothing for fio."""
    items = list(BURN_IN)
    stack = poc.stack
    items[:2] = BURN_IN_STACK.get(stack.vendor, BURN_IN[:2])
    system = poc.system
    if system is not None and system.nodes <= 1:
        link = system.scale_up_link or "scale-up"
        chips = "NPUs" if stack.accelerator == "NPU" else "GPUs"
        passes = ("check_result success, alg_bandwidth within the tolerance (checked by hand)"
                  if stack.checked_by_hand("all_reduce") else "no #wrong, busbw within the tolerance")
        items[1] = (f"{stack.test_tool} {stack.all_reduce_binary} -b 8G -e 8G over all {system.ranks} {chips} for "
                    f"12 h, inside their one {link} domain (no all-reduce crosses the scale-out fabric at this size): "
                    f"{passes}")
    if not any(link["role"] == "compute" for link in poc.link_classes):
        items.remove(BURN_IN[2])
    if not poc.storage_systems:
        items.remove(BURN_IN[3])  # no storage system for fio to read and write
    return items


def build_plan(design: Design, catalog: Catalog, tolerance: float = DEFAULT_TOLERANCE,
               poc: PocContext | None = None) -> dict[str, Any]:
    poc = poc or PocContext(design, catalog)
    plan: dict[str, Any] = {
        "project": design.name,
        "tolerance": tolerance,
        "tests": [*nccl_tests(poc), *perftest_tests(poc), *fio_tests(poc)],
        "burn_in": burn_in(poc),
    }
    if poc.stack.vendor in TOOL_NOTES:
        plan["collective_tool"] = TOOL_NOTES[poc.stack.vendor]
    return plan


def _nccl_want(test: dict[str, Any], tolerance: float) -> str:
    expected, sharp = test["expected_busbw_gbytes_s"], test.get("expected_busbw_with_sharp_gbytes_s")
    by_hand = test.get("check") == "by_hand"
    if expected is None:
        if by_hand:
            return "recorded, by hand (the model has no figure: a link it needs has no bandwidth)"
        return "recorded (the model has no figure: a link it needs has no bandwidth)"
    if test.get("tool") == "HCCL Test":
        n = test["ranks"]
        if test["operation"] == "all_reduce":
            # nccl-tests' busbw of an all-reduce is algbw x 2(n-1)/n (doc/PERFORMANCE.md); HCCL Test's
            # alg_bandwidth is data size / time over the same per-rank buffer (designer poc check reads it)
            algbw = expected * n / (2 * (n - 1))
            return (f"{'by hand: ' if by_hand else ''}alg_bandwidth >= {algbw * (1 - tolerance):.1f} GB/s (model "
                    f"busbw {expected:.1f} at 8 GiB = alg_bandwidth x 2(n-1)/n, n = {n}), check_result success")
        return (f"by hand: busbw >= {expected * (1 - tolerance):.1f} GB/s (model {expected:.1f} at 8 GiB); HCCL Test "
                "prints alg_bandwidth with data_size per NPU: convert it to busbw before comparing")
    want = f"busbw >= {expected * (1 - tolerance):.1f} GB/s (model {expected:.1f} at 8 GiB"
    if sharp is not None and test.get("tool") is None:
        want += f" with NCCL's default algorithms; {sharp:.1f} with SHARP, NCCL_COLLNET_ENABLE=1"
    elif sharp is not None:
        want += f" without SHARP; {sharp:.1f} with SHARP, where {test['tool']} can use it"
    if by_hand:
        want += "; checked by hand"
    return want + ")"


def format_plan(plan: dict[str, Any]) -> str:
    lines = [f"POC acceptance plan: {plan['project']} (pass at the expected figure less "
             f"{plan['tolerance']:.0%})", ""]
    if plan.get("collective_tool"):
        lines[1:1] = [f"collective tests: {plan['collective_tool']}"]
    for test in plan["tests"]:
        if test["kind"] == "nccl":
            want = _nccl_want(test, plan["tolerance"])
        elif test["kind"] == "perftest":
            want = ("recorded" if test.get("expected_us", 0) is None else
                    f"BW average >= {test['expected_gbits_s'] * (1 - plan['tolerance']):.1f} Gb/s "
                    f"(expected {test['expected_gbits_s']:.1f})")
        else:
            want = f"aggregate >= {test['expected_gbytes_s'] * (1 - plan['tolerance']):.1f} GB/s " \
                   f"(expected {test['expected_gbytes_s']:.1f})"
        lines.append(f"  {test['id']}: {want}")
        lines.append(f"      {test['command']}")
        if test.get("command_with_sharp"):
            lines.append(f"      with SHARP: {test['command_with_sharp']}")
    lines += ["", "burn-in:"] + [f"  - {item}" for item in plan["burn_in"]]
    return "\n".join(lines) + "\n"
