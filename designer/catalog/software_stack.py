"""The accelerator vendor's software stack: one fact per vendor, said by every text.

A GPU (or NPU) server's words about its software — the proposal's "not included" software
line, the acceptance tests, the POC plan's commands and the performance section's notes —
name the vendor's driver, runtime, collective library and that library's test tool. The
vendor is told by the catalog entry's accelerator fields (``gpus.model``, ``gpus.interconnect``;
the report's ``scale_up_link`` is the interconnect's name: "NVLink", "HCCS", "AMD Infinity
Fabric"), never guessed from the server's maker (Supermicro builds both NVIDIA and AMD servers).

Where neither field names a vendor (a generic catalog entry, a test part), the stack is
NVIDIA's: the texts said NVIDIA's words before this module existed, and an NVIDIA design's
report and proposal stay byte-identical.

Sources (read 2026-12-02):

- NVIDIA: NCCL and nccl-tests (github.com/NVIDIA/nccl-tests README: binaries ``all_reduce_perf``,
  ``all_gather_perf``; built against CUDA and NCCL).
- AMD: RCCL ("ROCm Communication Collectives Library") and rccl-tests, the ROCm fork of
  nccl-tests (github.com/ROCm/rccl-tests README: "These tests check both the performance and
  the correctness of RCCL operations", built with HIP against RCCL). AMD's Cluster Validation
  Suite runs the same binaries, ``all_reduce_perf`` and ``all_gather_perf`` among them
  (rocm.docs.amd.com/projects/cvs/en/latest/how-to/test-suites/network/rccl.html). Its
  src/common.cu keeps nccl-tests' arguments (-b, -e, -f, -g) and output table (size, count,
  type, redop, root, time, algbw, busbw, #wrong; "# Avg bus bandwidth"), so ``designer poc
  check`` reads it as nccl-tests'; but its rank lines have no "Group" field (parse.py takes
  both) and it prints no "# Collective test starting" line, so the check tells an all-reduce
  from its busbw / algbw ratio yet cannot tell an all-gather from an all-to-all: the plan's
  RCCL all-gather tests are checked by hand.
  Diagnostics: the ROCm Validation Suite (RVS), "a system validation and diagnostics tool for
  ... stress testing ... AMD GPUs" (rocm.docs.amd.com/projects/ROCmValidationSuite/en/latest).
- Huawei Ascend: the NPU driver and firmware, then CANN (Huawei, "Installing the NPU Driver,
  Firmware, and CANN", hiascend.com/document/detail/en/mindsdk/730/Indexn/indexug/
  mxindexfrug_0009.html; zh "安装NPU驱动固件和CANN"); HCCL and its performance tester HCCL Test,
  source in ``${INSTALL_DIR}/tools/hccl_test``, one binary per operation in ``bin/``
  (``all_reduce_test``, ``all_gather_test``, ...), run as ``mpirun -n <NPUs in all>
  ./bin/all_reduce_test -p <NPUs per node> -b <minbytes> -e <maxbytes> -f <factor> -d fp32 -o sum``
  (-b/-e in K, M, G) (CANN docs, HCCL performance tester, "Compilation" and "Description of
  Command-Line Options", hiascend.com/document/detail/en/canncommercial/800/devaids/hccltool/
  HCCLpertest_16_0003.html and _0005.html). Its output is a table of data_size(Bytes),
  avg_time(us), alg_bandwidth(GB/s) ("data size / time": an algorithm bandwidth, not busbw)
  and check_result ("Result Description", hiascend.com/document/detail/en/CANNCommunityEdition/
  latest/devaids/hccltool/HCCLpertest_16_0006.html): not nccl-tests' table, so the POC plan's
  HCCL tests are checked by hand. Diagnostics: Ascend DMI, ``ascend-dmi --dg --se
  healthCheck,performanceCheck,stressTest -q`` (MindCluster ToolBox user guide, 一键式组合诊断,
  hiascend.com/document/detail/zh/mindcluster/730/toolbox/toolboxug/toolboxug_0165.html).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from designer.model.hardware import DeviceType

Vendor = Literal["nvidia", "amd", "huawei"]


@dataclass(frozen=True)
class SoftwareStack:
    vendor: Vendor
    vendor_name: str  # "NVIDIA", "AMD", "Huawei"
    accelerator: str  # what the vendor calls the chip: "GPU", "NPU"
    runtime: str  # "CUDA", "ROCm", "CANN"
    library: str  # the collective library: "NCCL", "RCCL", "HCCL"
    test_tool: str  # its test tool as its vendor names it: "nccl-tests", "rccl-tests", "HCCL Test"
    all_reduce_binary: str
    all_gather_binary: str
    # the operations whose test output ``designer poc check`` reads (nccl-tests' table, the
    # operation told); the others are checked by hand
    checked_operations: tuple[str, ...]
    # the per-server diagnostics for the burn-in; None where no command is documented here
    diagnostics: str | None
    sources: tuple[str, ...]

    @property
    def is_nvidia(self) -> bool:
        return self.vendor == "nvidia"

    def checked_by_hand(self, operation: str) -> bool:
        return operation not in self.checked_operations

    def software(self, lang: str) -> str:
        """The proposal's "driver, runtime and library" words ("GPU drivers, CUDA and NCCL")."""
        return SOFTWARE[self.vendor][lang]


NVIDIA = SoftwareStack(
    vendor="nvidia", vendor_name="NVIDIA", accelerator="GPU", runtime="CUDA", library="NCCL",
    test_tool="nccl-tests", all_reduce_binary="all_reduce_perf", all_gather_binary="all_gather_perf",
    checked_operations=("all_reduce", "all_gather"), diagnostics="dcgmi diag -r 3",
    sources=("https://github.com/NVIDIA/nccl-tests",),
)
AMD = SoftwareStack(
    vendor="amd", vendor_name="AMD", accelerator="GPU", runtime="ROCm", library="RCCL",
    test_tool="rccl-tests", all_reduce_binary="all_reduce_perf", all_gather_binary="all_gather_perf",
    checked_operations=("all_reduce",), diagnostics=None,
    sources=("https://github.com/ROCm/rccl-tests",
             "https://rocm.docs.amd.com/projects/cvs/en/latest/how-to/test-suites/network/rccl.html",
             "https://rocm.docs.amd.com/projects/ROCmValidationSuite/en/latest"),
)
HUAWEI = SoftwareStack(
    vendor="huawei", vendor_name="Huawei", accelerator="NPU", runtime="CANN", library="HCCL",
    test_tool="HCCL Test", all_reduce_binary="all_reduce_test", all_gather_binary="all_gather_test",
    # poc check reads HCCL Test's all-reduce (alg_bandwidth is data size per NPU over time, nccl-tests'
    # algbw); its all-gather's per-NPU data size is not defined against nccl-tests' busbw: by hand
    checked_operations=("all_reduce",),
    diagnostics="ascend-dmi --dg --se healthCheck,performanceCheck,stressTest -q",
    sources=("https://www.hiascend.com/document/detail/en/mindsdk/730/Indexn/indexug/mxindexfrug_0009.html",
             "https://www.hiascend.com/document/detail/en/canncommercial/800/devaids/hccltool/HCCLpertest_16_0005.html",
             "https://www.hiascend.com/document/detail/en/CANNCommunityEdition/latest/devaids/hccltool/"
             "HCCLpertest_16_0006.html",
             "https://www.hiascend.com/document/detail/zh/mindcluster/730/toolbox/toolboxug/toolboxug_0165.html"),
)
STACKS: dict[Vendor, SoftwareStack] = {"nvidia": NVIDIA, "amd": AMD, "huawei": HUAWEI}

# "driver, runtime and collective library", as the vendor's install guides name them (sources above)
SOFTWARE: dict[Vendor, dict[str, str]] = {
    "nvidia": {"en": "GPU drivers, CUDA and NCCL", "zh": "GPU 驱动、CUDA 与 NCCL"},
    "amd": {"en": "GPU driver, ROCm and RCCL", "zh": "GPU 驱动、ROCm 与 RCCL"},
    "huawei": {"en": "NPU driver and firmware, CANN and HCCL", "zh": "NPU 驱动与固件、CANN 与 HCCL"},
}


def vendor_of(gpu_model: str | None, interconnect: str | None) -> Vendor:
    """The accelerator vendor told by the catalog's accelerator fields; NVIDIA where they name none."""
    words = f"{gpu_model or ''} {interconnect or ''}".lower()
    if "ascend" in words or "hccs" in words or "huawei" in words:
        return "huawei"
    if "instinct" in words or "infinity fabric" in words or "xgmi" in words or words.startswith("amd "):
        return "amd"
    return "nvidia"


def stack_for(gpu_model: str | None, interconnect: str | None) -> SoftwareStack:
    return STACKS[vendor_of(gpu_model, interconnect)]


def stack_for_link(scale_up_link: str | None) -> SoftwareStack:
    """From the report's ``scale_up_link`` ("NVLink", "HCCS", "AMD Infinity Fabric")."""
    return stack_for(None, scale_up_link)


def stack_for_type(device_type: DeviceType | None) -> SoftwareStack:
    gpus = device_type.gpus if device_type is not None else None
    return stack_for(gpus.model if gpus else None, gpus.interconnect if gpus else None)


def design_stack(device_types: Iterable[DeviceType]) -> SoftwareStack:
    """The stack of a design's GPU servers: ``device_types`` one per device of the design (in
    its order); the type holding the most GPUs decides, as the estimates' main GPU type does."""
    gpus: dict[str, int] = {}
    types: dict[str, DeviceType] = {}
    for device_type in device_types:
        if device_type.gpu_count:
            gpus[device_type.slug] = gpus.get(device_type.slug, 0) + device_type.gpu_count
            types[device_type.slug] = device_type
    if not gpus:
        return NVIDIA
    return stack_for_type(types[max(gpus, key=lambda slug: gpus[slug])])
