"""The Slurm topology/block file's comment names each domain by its own links and chips: an
NVLink domain of GPUs on NVIDIA, an HCCS domain of NPUs on Ascend (it said "NVLink domain
of 16 GPUs" for every vendor)."""

from __future__ import annotations

from designer.fabric.generate import generate
from designer.fabric.generate_spec import GenerateSpec
from designer.model.index import DesignIndex
from designer.report.handover.scheduler import block_conf


def _comment(catalog, server: str, scale_up_gpus: int, **figures) -> str:
    design = generate(GenerateSpec(server=server, switch="nvidia-sn5600", nodes=4, **figures), catalog)
    design.estimates.communication.scale_up_gpus = scale_up_gpus
    text = block_conf(DesignIndex.build(design))
    return text.splitlines()[1]


def test_nvidia_domains_are_nvlink_domains_of_gpus(catalog):
    assert _comment(catalog, "nvidia-dgx-h100", 16) == (
        "# One block per NVLink domain of 16 GPUs (a rack-scale system: its compute trays).")


def test_ascend_domains_are_hccs_domains_of_npus(catalog):
    line = _comment(catalog, "huawei-atlas-800t-a2", 16, server_max_kw=5.6, server_weight_kg=60.0)
    assert line.startswith("# One block per HCCS domain of 16 NPUs")
    assert "NVLink" not in line and "GPU" not in line


def test_amd_domains_are_infinity_fabric_domains(catalog):
    line = _comment(catalog, "supermicro-as-8125gs-tnmr2", 16, server_max_kw=10.0, server_weight_kg=100.0)
    assert line.startswith("# One block per AMD Infinity Fabric domain of 16 GPUs")
