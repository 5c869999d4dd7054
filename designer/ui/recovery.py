"""Autosave to a recovery file while there are unsaved changes; offered on the next
start after a crash. It is removed whenever its work stops being unsaved: on save, on
Discard (at exit, or when another design replaces it), on a clean exit, and when undo
returns to the saved state. A file older than the design it stands for was saved after
it, so it is never offered."""

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


STALE_GRACE_S = 1.0


def is_stale(meta: dict) -> bool:
    """The original file was saved after this recovery was written."""
    original = meta.get("original")
    if not original:
        return False
    try:
        # a second's grace: file times come from a coarser clock than time.time() (and some
        # file systems round them up); a save that late would have removed the recovery itself
        return Path(original).stat().st_mtime > float(meta.get("saved_at", 0)) + STALE_GRACE_S
    except (OSError, ValueError, TypeError):
        return False


def pending_recoveries(drop_stale: bool = False) -> list[tuple[Path, dict]]:
    """The recovery files there are. ``drop_stale``: delete (and leave out) those whose
    design was saved after them."""
    folder = recovery_dir()
    found = []
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            meta_path = path.with_suffix(".meta")
            try:
                meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
            except (OSError, ValueError):
                meta = {}
            if drop_stale and is_stale(meta):
                for file in (path, meta_path):
                    file.unlink(missing_ok=True)
                continue
            found.append((path, meta))
    return found
