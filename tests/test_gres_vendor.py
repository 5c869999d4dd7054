"""gres.conf names NVIDIA device files only for NVIDIA GPUs: AMD GPUs are left to Slurm's RSMI
autodetection, Ascend NPUs are counted only (no Slurm plugin, no device-file source)."""

from __future__ import annotations

from designer.catalog import load_catalog
from designer.fabric.generate import GenerateSpec, generate
from designer.model.index import DesignIndex
from designer.report.handover.scheduler import gres_conf


def _gres(server: str, **spec) -> str:
    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server=server, nodes=4, switch="nvidia-sn5600", **spec), catalog)
    return gres_conf(DesignIndex.build(design))


def test_amd_gpus_autodetected_ascend_counted_nvidia_files():
    amd = _gres("supermicro-as-8125gs-tnmr2", server_max_kw=10.0, server_weight_kg=80.0)
    assert "AutoDetect=rsmi" in amd and "/dev/nvidia" not in amd and "Count=8" in amd
    ascend = _gres("huawei-atlas-800t-a2", server_max_kw=5.5, server_weight_kg=75.0)
    assert "/dev/nvidia" not in ascend and "AutoDetect" not in ascend and "counts only" in ascend
    nvidia = _gres("nvidia-dgx-h100")
    assert "File=/dev/nvidia[0-7]" in nvidia and "AutoDetect" not in nvidia
