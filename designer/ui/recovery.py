"""Autosave to a recovery file while there are unsaved changes; offered on the next
start after a crash. It is removed whenever its work stops being unsaved: on save, on
Discard (at exit, or when another design replaces it), on a clean exit, and when undo
returns to the saved state. A file older than the design it stands for was saved after
it, so it is never offered.

Each open design has a recovery file of its own (keyed by the document, not by the
path): two windows on one file, or two untitled windows, never share or delete each
other's. Recovery files are validated before use: a ``.meta`` that is not what this
module writes is ignored (the file's own time stands in), a recovery that cannot be
loaded is reported and kept aside as ``*.bad`` (never offered again, never a crash), and
nothing here raises at start-up or exit: a failure to write or remove is returned or
reported, not thrown into a timer slot or ``closeEvent``.
"""

from __future__ import annotations

import json
import math
import os
import time
import uuid
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from designer.model.io import dumps_design, write_atomic


def recovery_dir() -> Path:
    """Where recovery files go: ``$CLUSTER_DESIGNER_RECOVERY_DIR`` if set (tests, several
    installs side by side), else the user's application data folder."""
    chosen = os.environ.get("CLUSTER_DESIGNER_RECOVERY_DIR")
    if chosen:
        return Path(chosen)
    base = QStandardPaths.writableLocation(QStandardPaths.AppLocalDataLocation)
    return Path(base) / "recovery"


def new_key() -> str:
    """A recovery key for a newly opened design."""
    return uuid.uuid4().hex[:16]


def recovery_path(key: str) -> Path:
    return recovery_dir() / f"{key}.json"


def key_of(path: Path) -> str:
    """The key of a recovery file found on disk (so a restored design keeps writing it)."""
    return path.stem


def write_recovery(design, original: Path | None, key: str) -> Path:
    """Write the design's recovery file; raises OSError when it cannot (the caller says so)."""
    path = recovery_path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, dumps_design(design).encode("utf-8"))
    meta = {"original": str(original) if original else None, "saved_at": time.time()}
    write_atomic(path.with_suffix(".meta"), json.dumps(meta).encode("utf-8"))
    return path


def remove_recovery(key: str) -> bool:
    """Delete a design's recovery file. False (never an exception) when it could not be."""
    return remove_files(recovery_path(key))


def remove_files(path: Path) -> bool:
    ok = True
    for file in (path, path.with_suffix(".meta")):
        try:
            file.unlink(missing_ok=True)
        except OSError:
            ok = False
    return ok


def set_aside(path: Path) -> Path | None:
    """A recovery that could not be loaded: renamed ``*.bad`` (kept for the user to look
    at, never offered again). Returns where it went, None when even that failed."""
    target = path.with_suffix(".bad")
    try:
        path.replace(target)
    except OSError:
        return None
    try:
        path.with_suffix(".meta").unlink(missing_ok=True)
    except OSError:
        pass
    return target


STALE_GRACE_S = 1.0


def _meta(path: Path) -> dict:
    """The recovery's ``.meta`` as this module writes it, checked field by field; what is
    missing or malformed is filled in (the recovery file's own time for ``saved_at``)."""
    try:
        raw = json.loads(path.with_suffix(".meta").read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        raw = None
    raw = raw if isinstance(raw, dict) else {}
    original = raw.get("original")
    saved_at = raw.get("saved_at")
    if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool) or not math.isfinite(saved_at):
        try:
            saved_at = path.stat().st_mtime
        except OSError:
            saved_at = 0.0
    return {"original": original if isinstance(original, str) and original else None, "saved_at": float(saved_at)}


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
    """The recovery files there are, each with its checked meta (``original``,
    ``saved_at``). ``drop_stale``: delete (and leave out) those whose design was saved
    after them."""
    folder = recovery_dir()
    found = []
    try:
        paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
    except OSError:
        paths = []
    for path in paths:
        meta = _meta(path)
        if drop_stale and is_stale(meta):
            remove_files(path)
            continue
        found.append((path, meta))
    return found
