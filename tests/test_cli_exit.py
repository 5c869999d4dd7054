"""The program's entry (``designer.cli.run``): a command ends without the interpreter's
teardown, so what it prints must already be out, whole, with the command's exit code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from designer.resources import example_design
from tests.conftest import run_cli

DESIGNER = [sys.executable, "-m", "designer"]
# the standard streams buffered, as a user's are (some machines set PYTHONUNBUFFERED)
BUFFERED = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*DESIGNER, *args], capture_output=True, text=True, timeout=120, env=BUFFERED)


def test_a_command_prints_all_it_prints_in_process():
    done = _run("report", "--json", str(example_design()))
    assert done.returncode == 0, done.stderr
    assert done.stdout == run_cli("report", "--json", example_design()).out
    assert json.loads(done.stdout)["totals"]["gpus"] == 128
    # printed a line at a time (held in the stream's buffer until the exit flushes it)
    done = _run("catalog", "list")
    assert done.returncode == 0, done.stderr
    assert done.stdout == run_cli("catalog", "list").out and "nvidia-dgx-h100" in done.stdout


def test_exit_codes_survive(tmp_path: Path):
    # a design with an error: ``check`` exits 1, and says so on its way out
    design = json.loads(example_design().read_text())
    design["links"].append({"a": {"device": "no-such-device", "port": "p1"}, "b": dict(design["links"][0]["b"])})
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(design))
    done = _run("check", str(broken))
    assert done.returncode == 1
    assert "no-such-device" in done.stdout + done.stderr
    # input that cannot be used: 2, one message, no traceback
    done = _run("report", str(tmp_path / "missing.json"))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "missing.json" in done.stderr


def test_a_file_a_command_writes_is_whole(tmp_path: Path):
    target, workbook = tmp_path / "bom.csv", tmp_path / "cables.xlsx"
    done = _run("export", str(example_design()), "--bom", str(target), "--cables", str(workbook))
    assert done.returncode == 0, done.stderr
    in_process = tmp_path / "bom-in-process.csv"
    assert run_cli("export", example_design(), "--bom", in_process).code == 0
    assert target.read_bytes() == in_process.read_bytes()
    from openpyxl import load_workbook

    assert load_workbook(workbook).active.max_row > 100  # a zip closed whole: one row per cable


def test_a_reader_that_stops_early_is_no_error():
    # ``designer report --json ... | head -c 1``: the pipe closes before the output is out
    reader = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.buffer.read(1)"],
                              stdin=subprocess.PIPE)
    writer = subprocess.run([*DESIGNER, "report", "--json", str(example_design())], stdout=reader.stdin,
                            stderr=subprocess.PIPE, text=True, timeout=120, env=BUFFERED)
    assert reader.stdin is not None
    reader.stdin.close()
    reader.wait(timeout=30)
    assert writer.returncode == 0
    assert "Exception ignored" not in writer.stderr and "Traceback" not in writer.stderr


def test_output_that_cannot_be_written_is_said():
    """Review by helper-41: ``designer check ... > /dev/full`` ended with exit code 1 (which
    ``check`` gives a design with errors) and no word."""
    full = Path("/dev/full")
    if not full.exists():
        import pytest

        pytest.skip("no /dev/full here")
    with full.open("w") as out:
        done = subprocess.run([*DESIGNER, "catalog", "list"], stdout=out, stderr=subprocess.PIPE, text=True,
                              timeout=120, env=BUFFERED)
    assert done.returncode == 2
    assert "error: the output could not be written" in done.stderr and "Traceback" not in done.stderr
