"""Live checks: the time from moving one server to refreshed findings."""

from __future__ import annotations

import time

from designer.checks import Change, Checker
from designer.fabric.generate import GenerateSpec, generate


def test_move_one_server_and_refresh(benchmark, bench_catalog, gpus):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", gpus=gpus, switch="nvidia-qm9700"), bench_catalog)
    started = time.perf_counter()
    checker = Checker(design, bench_catalog.cabling)
    benchmark.extra_info["full_check_s"] = round(time.perf_counter() - started, 3)
    node = next(d for d in design.devices if d.device_type == "nvidia-dgx-h100")
    home, home_u = node.rack, node.position_u
    target = next(r.name for r in design.racks if r.name != home and any(
        d.device_type == "nvidia-dgx-h100" for d in design.devices if d.rack == r.name))
    state = {"away": False}

    def move_and_refresh():
        # alternate between the two racks so every round does the same work
        state["away"] = not state["away"]
        node.rack, node.position_u = (target, 34) if state["away"] else (home, home_u)
        return checker.update(Change(racks={home, target}, devices={node.name}))

    findings = benchmark.pedantic(move_and_refresh, rounds=20, iterations=1)
    benchmark.extra_info["gpus"] = gpus
    benchmark.extra_info["findings"] = len(findings)
    assert isinstance(findings, list)
