"""Shared test helpers. GUI tests run headless (QT_QPA_PLATFORM=offscreen)."""

from __future__ import annotations

import hashlib
import io
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(autouse=True)
def _isolated_user_catalog(tmp_path_factory, monkeypatch):
    # Tests must not see (or write) the developer's own imported catalog.
    monkeypatch.setenv("DESIGNER_USER_CATALOG", str(tmp_path_factory.mktemp("user-catalog")))
    # Nor the recovery files of the developer's windows or of another test run on the same machine
    # (QStandardPaths.AppLocalDataLocation is under XDG_DATA_HOME on Linux).
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))


@pytest.fixture(scope="session")
def catalog():
    from designer.catalog import load_catalog

    return load_catalog(include_user=False)


class CliResult:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def __repr__(self) -> str:
        return f"CliResult(code={self.code}, out={self.out[:200]!r}, err={self.err[:400]!r})"


def run_cli(*args: str) -> CliResult:
    """Run ``designer ARGS`` in-process and capture what it prints."""
    from designer.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return CliResult(code, out.getvalue(), err.getvalue())


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(autouse=True)
def _collector_as_it_was():
    """A command run in-process (``run_cli``) sets its process's collector policy (collect
    every 1,000,000 allocations, ``designer.cli.COLLECT_AFTER_ALLOCATIONS``): a command's
    process ends with it, the test process does not. Restored after each test, so that the
    window tests that follow run under the window's own policy, as ``designer FILE`` does.
    Objects a test froze (``gc.freeze()`` after a load, as the window and the analysis
    worker do) stay frozen, as in the window: giving them back to the collector after the
    test (``gc.unfreeze()``, suggested by helper-39's review) made a later collection free
    reference cycles of the finished test's window (undo stacks and their commands, thread
    pools, documents) and crash the test process with a segmentation fault, 3 runs of 3."""
    import gc

    thresholds, enabled = gc.get_threshold(), gc.isenabled()
    yield
    gc.set_threshold(*thresholds)
    if enabled:
        gc.enable()
    else:
        gc.disable()


@pytest.fixture(autouse=True)
def _own_recovery_folder(tmp_path, monkeypatch):
    """Every test writes recovery files (if any) into its own folder: never the user's,
    and never one another suite running at the same time reads or cleans."""
    monkeypatch.setenv("CLUSTER_DESIGNER_RECOVERY_DIR", str(tmp_path / "recovery"))


def example_window(qtbot, catalog, tmp_path, ini: str = "w.ini"):
    """The bundled example saved to ``tmp_path`` and opened in a shown ``MainWindow`` that
    discards changes on close (tests that need the window as ``designer FILE`` opens it)."""
    from designer.model.io import load_design
    from designer.resources import example_design

    return design_window(qtbot, catalog, tmp_path, load_design(example_design(), catalog), ini, "example.json")


def design_window(qtbot, catalog, tmp_path, design, ini: str = "w.ini", name: str = "d.json"):
    """``design`` saved to ``tmp_path`` (as ``name``) and opened in a shown ``MainWindow``
    that discards changes on close."""
    from PySide6.QtCore import QSettings

    from designer.model.io import save_design
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow

    path = tmp_path / name
    save_design(design, path)
    win = MainWindow(DesignDocument.open(path, catalog), QSettings(str(tmp_path / ini), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.prompts.ask_save_changes = lambda title: "discard"
    win.show()
    return win
