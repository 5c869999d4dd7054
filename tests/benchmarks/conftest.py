"""Benchmarks run fully with ``make bench`` (``--benchmark-enable``). Under ``make test``
benchmarks are disabled, so only the smallest size runs once, as a smoke test."""

from __future__ import annotations

import compileall
import tracemalloc
from pathlib import Path

import pytest

SIZES_GPUS = (1024, 4096, 16384, 32768)


# The window is measured at the sizes issue #5 names.
UI_SIZES_GPUS = (1024, 16384, 32768)


def pytest_sessionstart(session):
    """Measure the program as it runs installed: with its modules compiled (pip compiles a
    wheel's modules at install; an editable install under PYTHONDONTWRITEBYTECODE=1 would
    compile them again in every measured process). Only when benchmarks are enabled."""
    if session.config.getoption("benchmark_enable", False):
        compileall.compile_dir(Path(__file__).resolve().parents[2] / "designer", quiet=1)


def pytest_generate_tests(metafunc):
    if "gpus" in metafunc.fixturenames:
        enabled = metafunc.config.getoption("benchmark_enable", False)
        ui = metafunc.module.__name__.endswith(("test_ui_speed", "test_ui_responsive_speed"))
        sizes = UI_SIZES_GPUS if ui else SIZES_GPUS
        metafunc.parametrize("gpus", sizes if enabled else sizes[:1])


def peak_memory_mb(function, *args, **kwargs) -> float:
    """Peak Python heap while ``function`` runs (one extra, traced run)."""
    tracemalloc.start()
    try:
        function(*args, **kwargs)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1e6


@pytest.fixture(scope="session")
def bench_catalog():
    from designer.catalog import load_catalog

    return load_catalog(include_user=False)


# figures a benchmark reports besides its timings, printed at the end of the run
@pytest.fixture()
def report_figure(request):
    """``report_figure(name, value)``: a line in the run's closing summary."""
    store = request.config.__dict__.setdefault("_ui_figures", [])
    return lambda name, value: store.append((name, value))


def pytest_terminal_summary(terminalreporter, config):
    figures = getattr(config, "_ui_figures", [])
    if figures:
        terminalreporter.section("figures: window responsiveness (issue 13), whole processes (issue 17)")
        for name, value in figures:
            terminalreporter.write_line(f"{name:<58} {value}")
