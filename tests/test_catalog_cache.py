"""The bundled catalog's parsed data kept between runs (``designer.catalog.cache``): the
same data as parsing the files, parsed again whenever a file or the reader changes, and
never a reason for a command to fail."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from designer.catalog import _yaml_files
from designer.catalog.cache import PREFIX, STALE_AFTER_S, read_bundled
from designer.catalog.yaml_reader import read_yaml
from designer.resources import catalog_dir


@pytest.fixture()
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DESIGNER_CATALOG_CACHE", str(folder))
    return folder


def _files(folder: Path) -> list[Path]:
    return list(_yaml_files(folder))


def test_the_cached_data_is_the_parsed_data(cache):
    files = _files(catalog_dir())
    parsed = [read_yaml(path, bundled=True) for path in files]
    assert read_bundled(files) == parsed  # cold: parsed, then written
    written = list(cache.glob(f"{PREFIX}*.json"))
    assert len(written) == 1
    assert json.loads(written[0].read_text())["files"] == parsed
    assert read_bundled(files) == parsed  # warm: from the file


def test_a_warm_cache_reads_no_yaml_and_gives_the_same_catalog(cache):
    script = ("import sys, hashlib; from designer.catalog import load_catalog; c = load_catalog(include_user=False); "
              "print('yaml' in sys.modules); "
              "print(hashlib.sha256(repr(sorted((k, v.model_dump()) for k, v in c.device_types.items())).encode()"
              ").hexdigest(), len(c.cabling.cables), len(c.rack_types))")

    def run(setting: str) -> list[str]:
        env = dict(os.environ, DESIGNER_CATALOG_CACHE=setting)
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.split("\n", 1)

    off_yaml, off_catalog = run("off")
    cold_yaml, cold_catalog = run(str(cache))
    warm_yaml, warm_catalog = run(str(cache))
    assert (off_yaml, cold_yaml, warm_yaml) == ("True", "True", "False")
    assert off_catalog == cold_catalog == warm_catalog


def test_an_edited_file_is_parsed_again(cache, tmp_path):
    folder = tmp_path / "catalog"
    shutil.copytree(catalog_dir(), folder)
    files = _files(folder)
    before = read_bundled(files)
    entry = next(p for p in files if p.name != "cabling.yaml")
    text = entry.read_text()
    assert "\nmodel: " in text
    entry.write_text(text.replace("\nmodel: ", "\nmodel: Edited ", 1))
    after = read_bundled(files)
    changed = after[files.index(entry)]
    assert changed["model"].startswith("Edited ")
    assert changed != before[files.index(entry)]
    # the old files' cache stays while in use (another installation may share the folder),
    # and goes once unused for a month
    written = sorted(cache.glob(f"{PREFIX}*.json"), key=lambda f: f.stat().st_mtime)
    assert len(written) == 2
    month_ago = time.time() - STALE_AFTER_S - 60
    os.utime(written[0], (month_ago, month_ago))
    entry.write_text(text.replace("\nmodel: ", "\nmodel: Edited again ", 1))
    read_bundled(files)
    left = {f.name for f in cache.glob(f"{PREFIX}*.json")}
    assert written[0].name not in left and written[1].name in left and len(left) == 2


def test_a_changed_cache_file_is_parsed_anew_and_rewritten(cache, monkeypatch):
    """A cache file changed by hand (its digest still matching) that the entries refuse:
    the files are parsed again, the catalog is the shipped one, the cache is rewritten."""
    import designer.catalog as catalog_module

    files = _files(catalog_dir())
    parsed = read_bundled(files)
    (written,) = cache.glob(f"{PREFIX}*.json")
    damaged = json.loads(written.read_text())
    n = next(i for i, f in enumerate(files) if f.name != "cabling.yaml")
    damaged["files"][n]["u_height"] = "forty"
    written.write_text(json.dumps(damaged))
    monkeypatch.setattr(catalog_module, "_BUNDLED", None)
    catalog = catalog_module.load_catalog(include_user=False)
    assert catalog.get(parsed[n]["slug"]).u_height == parsed[n]["u_height"]
    assert json.loads(written.read_text())["files"] == parsed


def test_no_home_folder_is_no_cache(monkeypatch):
    from designer.catalog import cache as cache_module

    monkeypatch.delenv("DESIGNER_CATALOG_CACHE", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def homeless() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(cache_module.Path, "home", staticmethod(homeless))
    assert cache_module.cache_dir() is None
    files = _files(catalog_dir())
    assert read_bundled(files) == [read_yaml(path, bundled=True) for path in files]


def test_a_damaged_cache_file_is_parsed_anew(cache):
    files = _files(catalog_dir())
    parsed = read_bundled(files)
    (written,) = cache.glob(f"{PREFIX}*.json")
    for damage in (b"{not json", b'{"format": 1, "digest": "x", "files": []}', b"[]"):
        written.write_bytes(damage)
        assert read_bundled(files) == parsed
    assert json.loads(written.read_text())["files"] == parsed, "written whole again"


def test_a_folder_that_cannot_be_written_to_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("DESIGNER_CATALOG_CACHE", str(blocker / "cache"))
    files = _files(catalog_dir())
    assert read_bundled(files) == [read_yaml(path, bundled=True) for path in files]


def test_data_json_would_change_is_not_cached(cache, tmp_path):
    dated = tmp_path / "dated.yaml"
    dated.write_text("slug: x\nretrieved: 2025-01-01\n")
    keyed = tmp_path / "keyed.yaml"
    keyed.write_text("slug: y\nspeeds: {100: a}\n")
    for path, value in ((dated, dt.date(2025, 1, 1)), (keyed, {100: "a"})):
        data = read_bundled([path])
        assert list(data[0].values())[1] == value
        assert not list(cache.glob(f"{PREFIX}*.json"))
