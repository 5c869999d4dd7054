"""Autosave to a recovery file while there are unsaved changes; offered on the next
start after a crash; removed on a clean exit."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from designer.model.io import dumps_design, write_atomic


def recovery_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.AppLocalDataLocation)
    return Path(base) / "recovery"


def recovery_path(original: Path | None) -> Path:
    key = hashlib.sha1(str(original.resolve() if original else "untitled").encode()).hexdigest()[:12]
    return recovery_dir() / f"{key}.json"


def write_recovery(design, original: Path | None) -> Path:
    path = recovery_path(original)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, dumps_design(design).encode("utf-8"))
    meta = {"original": str(original) if original else None, "saved_at": time.time()}
    write_atomic(path.with_suffix(".meta"), json.dumps(meta).encode("utf-8"))
    return path


def remove_recovery(original: Path | None) -> None:
    path = recovery_path(original)
    for file in (path, path.with_suffix(".meta")):
        file.unlink(missing_ok=True)


def pending_recoveries() -> list[tuple[Path, dict]]:
    folder = recovery_dir()
    found = []
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            meta_path = path.with_suffix(".meta")
            try:
                meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
            except (OSError, ValueError):
                meta = {}
            found.append((path, meta))
    return found
