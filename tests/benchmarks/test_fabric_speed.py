"""Fabric engine speed: generation and full analysis, separately, per cluster size."""

from __future__ import annotations

from designer.fabric.generate import GenerateSpec, generate
from designer.model.index import DesignIndex
from designer.report.json_report import build_report

from .conftest import peak_memory_mb


def _spec(gpus: int) -> GenerateSpec:
    return GenerateSpec(server="nvidia-dgx-h100", gpus=gpus, switch="nvidia-qm9700")


def test_generate(benchmark, bench_catalog, gpus):
    design = benchmark.pedantic(generate, args=(_spec(gpus), bench_catalog), rounds=3, iterations=1)
    benchmark.extra_info["gpus"] = gpus
    benchmark.extra_info["links"] = len(design.links)
    benchmark.extra_info["peak_mb"] = round(peak_memory_mb(generate, _spec(gpus), bench_catalog), 1)
    assert sum(1 for d in design.devices if d.device_type == "nvidia-dgx-h100") * 8 == gpus


def test_analyse(benchmark, bench_catalog, gpus):
    design = generate(_spec(gpus), bench_catalog)

    def analyse():
        return build_report(design, DesignIndex.build(design))

    report = benchmark.pedantic(analyse, rounds=3, iterations=1)
    benchmark.extra_info["gpus"] = gpus
    benchmark.extra_info["peak_mb"] = round(peak_memory_mb(analyse), 1)
    assert report["totals"]["gpus"] == gpus
