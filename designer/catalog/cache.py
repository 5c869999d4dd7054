"""The bundled catalog's files as parsed data, kept between runs (issue 17).

Every command reads the catalog that ships with the program: 38 YAML files, about 0.03 s
of parsing with libyaml and 0.02 s of importing PyYAML, in each process. The data they
parse to is the same as long as the files are, so it is kept as one JSON file in the
user's cache folder, named by a digest of the files' names and bytes and of the code
that reads them (``yaml_reader.py``): an edited, added or removed catalog file, or a
changed reader, makes another digest, and the files are parsed again. What is cached is
the data after the reader's checks; each entry is still validated as it is added.

The cache only saves time: a missing, unreadable or damaged cache file is parsed anew, a
folder that cannot be written to is left alone, and data that JSON would not give back
exactly (a YAML date, a number as a mapping key) is not cached.
``DESIGNER_CATALOG_CACHE`` names another folder, or ``off`` for none.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

# the layout of a cache file; a change makes every digest new
CACHE_FORMAT = 1
PREFIX = "bundled-"
STALE_AFTER_S = 30 * 24 * 3600  # another digest's file, unused this long, is removed


def cache_dir() -> Path | None:
    """Where the cache is (None: off)."""
    override = os.environ.get("DESIGNER_CATALOG_CACHE")
    if override == "off":
        return None
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):
            return None  # no home folder to be found (a container's arbitrary user): no cache
    return Path(base) / "cluster-designer" / "catalog"


def read_bundled(paths: list[Path], *, cached: bool = True) -> list[Any]:
    """The parsed data of each of the bundled files ``paths`` (``yaml_reader.parse_yaml``
    with libyaml), from the cache when it holds exactly these files (``cached=False``:
    parsed, and the cache written anew)."""
    try:
        raws = [path.read_bytes() for path in paths]
    except OSError:
        from designer.catalog.yaml_reader import read_yaml

        return [read_yaml(path, bundled=True) for path in paths]  # its error names the file
    digest = _digest(paths, raws, _reader())
    folder = cache_dir()
    if folder is not None and cached:
        found = _read(folder / f"{PREFIX}{digest}.json", digest, len(paths))
        if found is not None:
            return found
    from designer.catalog.yaml_reader import parse_yaml

    data = [parse_yaml(raw, path, bundled=True) for path, raw in zip(paths, raws)]
    if folder is not None:
        _write(folder, digest, data)
    return data


def _reader() -> bytes:
    """What the parsed data also depends on: the reader's source (its checks), else, where
    the program ships as bytecode only (the packaged build), the program's version."""
    try:
        return Path(__file__).with_name("yaml_reader.py").read_bytes()
    except OSError:
        from designer import __version__

        return f"version {__version__}".encode()


def _digest(paths: list[Path], raws: list[bytes], reader: bytes) -> str:
    digest = hashlib.sha256(f"{CACHE_FORMAT}\0".encode())
    digest.update(hashlib.sha256(reader).digest())
    for path, raw in zip(paths, raws):
        digest.update(f"{path.name}\0{len(raw)}\0".encode())
        digest.update(raw)
    return digest.hexdigest()[:32]


def _read(path: Path, digest: str, count: int) -> list[Any] | None:
    try:
        cached = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if (not isinstance(cached, dict) or cached.get("format") != CACHE_FORMAT or cached.get("digest") != digest
            or not isinstance(cached.get("files"), list) or len(cached["files"]) != count):
        return None
    try:
        os.utime(path)  # in use: kept when another installation updates the folder
    except OSError:
        pass
    files: list[Any] = cached["files"]
    return files


def _write(folder: Path, digest: str, data: list[Any]) -> None:
    try:
        text = json.dumps({"format": CACHE_FORMAT, "digest": digest, "files": data}, ensure_ascii=False,
                          allow_nan=False)
    except (TypeError, ValueError):
        return  # a value JSON has no word for (a YAML date): parsed each time
    if json.loads(text)["files"] != data:
        return  # JSON would give back something else (a number as a mapping key)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, folder / f"{PREFIX}{digest}.json")
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        # the catalog as it was before an update, unused for a month (another installation
        # sharing the folder writes its own file, and keeps it by using it: ``_read`` touches it)
        stale = time.time() - STALE_AFTER_S
        for old in folder.glob(f"{PREFIX}*.json"):
            if old.name != f"{PREFIX}{digest}.json" and old.stat().st_mtime < stale:
                old.unlink(missing_ok=True)
    except OSError:
        return  # a folder that cannot be written to: no cache, the same catalog
