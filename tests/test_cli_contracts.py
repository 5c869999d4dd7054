"""The import-linter contracts hold the CLI package (issue 18, item 7): it stays Qt-free, it
imports the window only through the one launcher, and nothing below it imports it.

Each case copies the package, adds one import that breaks a rule, and runs ``lint-imports``
on the copy with the project's own contracts; the unchanged copy must pass, so a failure is
the rule's, not the copy's.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

QT_FREE = "The core is Qt-free"
ONE_WAY = "Data flows one way"


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("contracts")
    shutil.copytree(ROOT / "designer", root / "designer", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def _lint(root: Path, module: str | None = None, line: str = "") -> dict[str, bool]:
    """Contract name prefix -> kept, for the copy with ``line`` appended to ``module``."""
    path = root / "designer" / module if module else None
    original = path.read_text(encoding="utf-8") if path else ""
    try:
        if path:
            path.write_text(original + f"\n{line}\n", encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(root)}  # the copy, not the installed package
        lint_imports = Path(sys.executable).with_name("lint-imports")
        proc = subprocess.run([str(lint_imports), "--no-cache"], cwd=root, env=env, capture_output=True, text=True)
    finally:
        if path:
            path.write_text(original, encoding="utf-8")
    text = " ".join(proc.stdout.split())  # contract names are wrapped at the terminal width
    verdicts = {}
    for name in (QT_FREE, ONE_WAY):
        found = re.search(re.escape(name) + r".*? (KEPT|BROKEN)\b", text)
        assert found, proc.stdout + proc.stderr
        verdicts[name] = found.group(1) == "KEPT"
    assert proc.returncode == (0 if all(verdicts.values()) else 1), proc.stdout + proc.stderr
    return verdicts


def test_the_unchanged_copy_keeps_both_contracts(package_copy: Path) -> None:
    assert _lint(package_copy) == {QT_FREE: True, ONE_WAY: True}


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        # the CLI importing Qt itself
        ("cli/common.py", "import PySide6.QtCore", {QT_FREE}),
        # the CLI importing the window anywhere but the launcher: Qt through it, and a sibling layer
        ("cli/commands.py", "from designer.ui import app", {QT_FREE, ONE_WAY}),
        # a core layer importing the CLI on top of it
        ("report/text.py", "import designer.cli.common", {ONE_WAY}),
        # the window importing the CLI beside it
        ("ui/app.py", "import designer.cli.parser", {ONE_WAY}),
    ],
    ids=["cli-imports-qt", "cli-imports-window", "core-imports-cli", "window-imports-cli"],
)
def test_a_forbidden_import_breaks_its_contract(package_copy: Path, module: str, line: str, broken: set[str]) -> None:
    verdicts = _lint(package_copy, module, line)
    assert {name for name, kept in verdicts.items() if not kept} == broken
