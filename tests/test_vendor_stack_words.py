"""Designs on another vendor's accelerators speak that vendor's software stack
(designer/catalog/software_stack.py): Huawei Ascend (CANN, HCCL, HCCL Test), AMD Instinct
(ROCm, RCCL, rccl-tests); an NVIDIA design still says CUDA, NCCL, nccl-tests and NVLink.

The designs are made as a user makes them, with ``designer new`` (in-process). Where a non-NVIDIA
text still names NCCL or nccl-tests it is NVIDIA's own figure or model, said as NVIDIA's and
cited (``ATTRIBUTED``): nothing else may name them."""

from __future__ import annotations

import io
import json
import re

import pytest
from pypdf import PdfReader

from conftest import run_cli
from designer.catalog.software_stack import AMD, HUAWEI, NVIDIA, design_stack, stack_for
from designer.model.io import load_design
from designer.poc.check import check_results
from designer.poc.parse import parse_nccl
from designer.poc.plan import PocContext
from designer.report.pdf import proposal_pdf

DESIGNS = {
    # Huawei publishes no power or weight for the Atlas 800T A2; Supermicro none for the AS-8125GS-TNMR2
    "ascend": ["--server", "huawei-atlas-800t-a2", "--server-max-kw", "5.5", "--server-weight-kg", "60",
               "--nodes", "4", "--switch", "nvidia-sn5600"],
    "amd": ["--server", "supermicro-as-8125gs-tnmr2", "--server-max-kw", "10", "--server-weight-kg", "100",
            "--nodes", "4", "--switch", "nvidia-sn5600"],
    "nvidia": ["--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700"],
}
FORBIDDEN = ("CUDA", "NCCL", "nccl-tests", "NVLink")
# NVIDIA's figures and model, said as NVIDIA's with their source (whitespace removed, as _flat does)
ATTRIBUTED = re.compile(r"NVIDIA'sNCCL|NVIDIA的NCCL|nccl-testsissue\d+|nccl-tests'definition|nccl-tests的定义")


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stacks")
    out = {}
    for name, args in DESIGNS.items():
        path = folder / f"{name}.json"
        result = run_cli("new", *args, "-o", path)
        assert result.code == 0, result
        out[name] = path
    return out


@pytest.fixture(scope="module")
def designs(files, catalog):
    return {name: load_design(path, catalog) for name, path in files.items()}


@pytest.fixture(scope="module")
def proposals(designs, catalog):
    texts = {}
    for name, design in designs.items():
        for lang in ("en", "zh"):
            reader = PdfReader(io.BytesIO(proposal_pdf(design, catalog, lang)))
            texts[name, lang] = _flat("\n".join(page.extract_text() for page in reader.pages))
    return texts


@pytest.fixture(scope="module")
def plans(files):
    out = {}
    for name, path in files.items():
        text, as_json = run_cli("poc", "plan", path), run_cli("poc", "plan", "--json", path)
        assert text.code == 0 and as_json.code == 0, (text, as_json)
        out[name] = (text.out, json.loads(as_json.out))
    return out


def test_the_vendor_is_told_by_the_accelerator_fields(designs, catalog):
    assert stack_for("Huawei Ascend 910B (NPU)", "HCCS") is HUAWEI
    assert stack_for("AMD Instinct MI300X (192 GB HBM3, 750 W OAM)", "AMD Infinity Fabric (XGMI), full mesh") is AMD
    assert stack_for("NVIDIA H100 SXM5", "NVLink 4 (4x NVSwitch)") is NVIDIA
    assert stack_for("GPU", None) is NVIDIA  # a generic entry keeps the words it had
    for name, stack in (("ascend", HUAWEI), ("amd", AMD), ("nvidia", NVIDIA)):
        design = designs[name]
        types = {t.slug: t for t in design.device_types}
        assert design_stack(types[d.device_type] for d in design.devices) is stack


@pytest.mark.parametrize("name", ["ascend", "amd"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_other_vendors_proposals_do_not_speak_nvidia(proposals, name, lang):
    text = ATTRIBUTED.sub("", proposals[name, lang])
    for word in FORBIDDEN:
        assert word not in text, (name, lang, word, text[max(0, text.find(word) - 150):text.find(word) + 150])


@pytest.mark.parametrize(("name", "lang", "words"), [
    ("ascend", "en", ["NPU driver and firmware, CANN and HCCL", "HCCL all-reduce", "burn-in, HCCL bandwidth",
                      "inside the HCCS domain", "Collective communication (HCCL, estimated with NVIDIA's model)",
                      "NVIDIA's measured figures on NVIDIA hardware"]),
    ("ascend", "zh", ["NPU 驱动与固件、CANN 与 HCCL", "HCCL All-reduce", "老化测试、HCCL 带宽", "集合通信（HCCL，按 NVIDIA 的模型估算）"]),
    ("amd", "en", ["GPU driver, ROCm and RCCL", "RCCL all-reduce", "burn-in, RCCL bandwidth",
                   "half the GPU's bidirectional AMD Infinity Fabric bandwidth"]),
    ("amd", "zh", ["GPU 驱动、ROCm 与 RCCL", "RCCL All-reduce", "老化测试、RCCL 带宽"]),
    ("nvidia", "en", ["GPU drivers, CUDA and NCCL", "NCCL all-reduce", "burn-in, NCCL bandwidth",
                      "as nccl-tests prints it", "Collective communication (NCCL model)", "NVLink"]),
    ("nvidia", "zh", ["GPU 驱动、CUDA 与 NCCL", "NCCL All-reduce", "老化测试、NCCL 带宽", "nccl-tests 输出格式", "NVLink"]),
])
def test_each_proposal_names_its_own_stack(proposals, name, lang, words):
    for word in words:
        assert _flat(word) in proposals[name, lang], (name, lang, word)


@pytest.mark.parametrize("name", ["ascend", "amd"])
def test_other_vendors_poc_plans_do_not_speak_nvidia(plans, name):
    text, plan = plans[name]
    # the plan's one line on its tool says where rccl-tests comes from (a fork of nccl-tests): its source
    body = "\n".join(line for line in text.splitlines() if not line.startswith("collective tests:"))
    for word in (*FORBIDDEN, "dcgmi"):
        assert word not in body, (name, word)
        assert word not in json.dumps([t for t in plan["tests"]] + plan["burn_in"]), (name, word)
    assert plan["collective_tool"]


def test_the_ascend_plan_runs_hccl_test(plans, designs, catalog):
    text, plan = plans["ascend"]
    collectives = [t for t in plan["tests"] if t["kind"] == "nccl"]
    assert collectives and all(t["tool"] == "HCCL Test" for t in collectives)
    # poc check reads the all-reduce; the all-gather's per-NPU data size is not nccl-tests' busbw
    assert {t["operation"] for t in collectives if t.get("check") == "by_hand"} == {"all_gather"}
    # as Huawei documents it: mpirun -n <NPUs> [-f hostfile] ./bin/<binary> -p <NPUs per node> -b -e -f -d -o
    node = next(t for t in collectives if t["id"] == "nccl.all_reduce.node")
    assert node["command"] == "mpirun -n 8 ./bin/all_reduce_test -p 8 -b 8K -e 8G -f 2 -d fp32 -o sum"
    fabric = next(t for t in collectives if t["id"] == "nccl.all_gather.fabric")
    assert fabric["command"] == "mpirun -f hostfile -n 32 ./bin/all_gather_test -p 8 -b 8K -e 8G -f 2 -d fp32 -o sum"
    assert all(t["command_with_sharp"] is None for t in collectives)
    assert "alg_bandwidth" in plan["collective_tool"] and "all-gather is checked by hand" in plan["collective_tool"]
    assert "# <command>" in plan["collective_tool"]  # the file keeps its command line, as Huawei's example
    assert plan["burn_in"][0].startswith("ascend-dmi --dg --se healthCheck,performanceCheck,stressTest -q")
    assert "HCCL Test" in text and "by hand" in text
    # with no result files: the all-reduce tests are missing, the all-gather ones by_hand
    design = designs["ascend"]
    verdicts = check_results(plan, PocContext(design, catalog), [])["results"]
    assert {v["test"]: v["verdict"] for v in verdicts if v["test"].startswith("nccl.")} == {
        "nccl.all_reduce.node": "missing", "nccl.all_reduce.fabric": "missing",
        "nccl.all_gather.node": "by_hand", "nccl.all_gather.fabric": "by_hand"}


def test_the_amd_plan_runs_rccl_tests(plans):
    text, plan = plans["amd"]
    collectives = {t["id"]: t for t in plan["tests"] if t["kind"] == "nccl"}
    assert {t["tool"] for t in collectives.values()} == {"rccl-tests"}
    # the same binaries and arguments as nccl-tests; the all-reduce is read by poc check
    assert collectives["nccl.all_reduce.node"]["command"] == "mpirun -np 8 -N 8 all_reduce_perf -b 8 -e 8G -f 2 -g 1"
    assert "check" not in collectives["nccl.all_reduce.node"]
    assert collectives["nccl.all_gather.node"]["check"] == "by_hand"
    assert plan["burn_in"][1].startswith("rccl-tests all_reduce_perf")
    assert "ROCm Validation Suite" in plan["burn_in"][0]


def test_an_nvidia_plan_is_as_it_was(plans):
    text, plan = plans["nvidia"]
    assert "collective_tool" not in plan
    assert all("tool" not in t and "check" not in t for t in plan["tests"])
    assert plan["burn_in"][0].startswith("dcgmi diag -r 3")
    assert plan["burn_in"][1].startswith("nccl-tests all_reduce_perf")


def test_rccl_tests_rank_lines_are_read():
    """rccl-tests (src/common.cu) prints "#   Rank %2d Pid %6d on %10s device %2d [%s] %s", without
    nccl-tests' Group field; the table is nccl-tests'. A format sample, not a measurement."""
    sample = "\n".join([
        "# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 "
        "validation: 1 graph: 0",
        "#",
        "# Using devices",
        "#   Rank  0 Pid   1001 on      node1 device  0 [0000:05:00.0] AMD Instinct MI300X",
        "#   Rank  1 Pid   1002 on      node1 device  1 [0000:15:00.0] AMD Instinct MI300X",
        "#",
        "#                                                              out-of-place                       in-place",
        "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   "
        "busbw #wrong",
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  "
        "(GB/s)",
        "  8589934592    2147483648     float     sum      -1   100000   85.90   85.90      0   100000   85.90   "
        "85.90      0",
        "# Avg bus bandwidth    : 85.90",
    ])
    result = parse_nccl(sample, "rccl.txt")
    assert result.data["ranks"] == 2 and result.data["nodes"] == 1
    assert result.data["operation"] == "all_reduce"  # busbw / algbw = 2(n-1)/n = 1 at n = 2
