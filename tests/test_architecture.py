"""The core stays Qt-free and data flows one way (import-linter contracts in pyproject)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT


def test_import_linter_contracts_hold():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    proc = subprocess.run([str(lint_imports)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Contracts: " in proc.stdout and " broken" in proc.stdout
    assert "0 broken" in proc.stdout


def test_cli_and_core_run_without_loading_qt():
    code = (
        "import sys, designer.cli, designer.model.io, designer.catalog, designer.report.json_report;"
        "import designer.fabric, designer.checks, designer.estimates;"
        "from designer.cli import main; main(['catalog', 'list']);"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))];"
        "assert not bad, bad"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_no_module_outside_ui_imports_pyside():
    offenders = []
    for path in (ROOT / "designer").rglob("*.py"):
        if "ui" in path.relative_to(ROOT / "designer").parts[:1]:
            continue
        text = path.read_text(encoding="utf-8")
        if "PySide6" in text or "shiboken6" in text:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_the_dead_code_the_review_named_is_gone():
    """Issue 18 item 6: ``ecmp_and_hops``, ``route_length_m`` and ``graph.port_speed_gbps`` had
    no caller (``units.w_to_btu_h`` has callers now: the heat rules say BTU/h through it)."""
    import designer.fabric.ecmp as ecmp
    import designer.fabric.graph as graph
    import designer.fabric.routes as routes
    from designer.model import units

    assert not hasattr(ecmp, "ecmp_and_hops")
    assert not hasattr(routes, "route_length_m")
    assert not hasattr(graph, "port_speed_gbps")
    assert units.w_to_btu_h(1000.0) == 3412.0
