"""Writers (issue 18): a read-only target is refused by every writer that replaces a file,
a symlink is written through to the file it names, and temporary files left by a save
that was killed are removed at the next save."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from designer.errors import DesignerError
from designer.model.io import load_design, save_design, write_atomic

from conftest import DATA, ROOT, file_digest, run_cli

EXAMPLE = ROOT / "resources" / "examples" / "dgx-h100-16-node.json"


def read_only_copy(tmp_path: Path, name: str = "design.json") -> Path:
    path = tmp_path / name
    path.write_bytes(EXAMPLE.read_bytes())
    path.chmod(0o444)
    return path


def assert_refused_read_only(result, path: Path, digest: str) -> None:
    assert result.code == 2, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "read-only" in lines[0] and str(path) in lines[0], result
    assert file_digest(path) == digest
    assert oct(path.stat().st_mode & 0o777) == oct(0o444)


def test_save_refuses_a_read_only_file(tmp_path, catalog):
    # before: replaced without asking (the 0444 file was silently overwritten)
    path = read_only_copy(tmp_path)
    digest = file_digest(path)
    design = load_design(path, catalog)
    design.name = "changed"
    with pytest.raises(DesignerError, match="read-only"):
        save_design(design, path)
    assert file_digest(path) == digest
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_new_force_refuses_a_read_only_file(tmp_path):
    path = read_only_copy(tmp_path, "new.json")
    digest = file_digest(path)
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "2", "--switch", "nvidia-qm9700",
                     "-o", path, "--force")
    assert_refused_read_only(result, path, digest)


@pytest.mark.parametrize("what", ["graphml", "svg", "catalog import"])
def test_exports_and_import_refuse_a_read_only_file(tmp_path, what):
    folder = tmp_path / "out"
    folder.mkdir()
    name, args = {
        "graphml": ("topology.graphml", ("export", EXAMPLE, "--graphml", folder / "topology.graphml")),
        "svg": ("rack-A01.svg", ("export", EXAMPLE, "--svg", folder)),
        "catalog import": ("test-netbox-sn2201.yaml", ("catalog", "import", DATA / "netbox-sn2201.yaml", "-o", folder, "--replace")),
    }[what]
    out = folder / name
    out.write_text("keep me")
    out.chmod(0o444)
    assert_refused_read_only(run_cli(*args), out, file_digest(out))


def test_a_folder_as_target_is_refused(tmp_path):
    (tmp_path / "x.json").mkdir()
    with pytest.raises(DesignerError, match="is a folder"):
        write_atomic(tmp_path / "x.json", b"{}")


def test_a_symlink_is_written_through(tmp_path, catalog):
    # before: the link was replaced by a regular file and the linked file kept the old content
    real = tmp_path / "real" / "design.json"
    real.parent.mkdir()
    real.write_bytes(EXAMPLE.read_bytes())
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    design = load_design(link, catalog)
    design.name = "written through the link"
    save_design(design, link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_design(real, catalog).name == "written through the link"
    assert oct(real.stat().st_mode & 0o777) == oct(0o640)
    assert not [p for p in tmp_path.rglob("*.tmp")]
    # a link to a read-only file is refused like the file
    real.chmod(0o444)
    with pytest.raises(DesignerError, match="read-only"):
        save_design(design, link)


_KILLED_SAVE = """
import os, signal, sys
from designer.model import io
def killed(src, dst):
    os.kill(os.getpid(), signal.SIGKILL)
io.os.replace = killed
io.write_atomic(io.Path(sys.argv[1]), open(sys.argv[2], "rb").read())
"""


def test_temp_files_of_a_killed_save_are_removed_at_the_next_save(tmp_path, catalog):
    # before: 16 of 640 kills left a temp file (up to 3.4 MB) beside the project, never cleaned
    path = tmp_path / "design.json"
    path.write_bytes(EXAMPLE.read_bytes())
    for _ in range(3):
        proc = subprocess.run([sys.executable, "-c", _KILLED_SAVE, str(path), str(EXAMPLE)], capture_output=True)
        assert proc.returncode == -signal.SIGKILL
    strays = sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp"))
    # each killed save already removed the one before it: never more than one left
    assert len(strays) == 1, strays
    # a temp file of another save still at work (a live process) is left alone
    busy = tmp_path / f".design.json.{os.getppid()}.busy.tmp"
    busy.write_text("another writer")
    # one from before temp names carried the process, 20 minutes old
    legacy = tmp_path / ".design.json.abc123.tmp"
    legacy.write_text("old")
    old = time.time() - 1200
    os.utime(legacy, (old, old))
    # and a file of someone else's is never touched
    other = tmp_path / ".other.json.1.x.tmp"
    other.write_text("not ours")
    design = load_design(path, catalog)
    save_design(design, path)
    left = sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp"))
    assert left == sorted([busy.name, other.name]), left
    assert load_design(path, catalog).name == design.name


# A save killed at each step of ``write_atomic``: half-way through writing the temp file,
# at its fsync, at the chmod, at the rename, and after it (the folder's fsync).
_KILL_AT = """
import os, signal, sys, tempfile
from designer.model import io
point = sys.argv[3]
def die(*_a, **_k):
    os.kill(os.getpid(), signal.SIGKILL)
if point == "write":
    real = tempfile.NamedTemporaryFile
    def half_then_die(*a, **k):
        handle = real(*a, **k)
        raw_write = handle.file.write
        def write(data):
            raw_write(data[: len(data) // 2])
            handle.file.flush()
            die()
        handle.write = write
        return handle
    io.tempfile.NamedTemporaryFile = half_then_die
elif point == "fsync":
    io.os.fsync = die
elif point == "chmod":
    io.os.chmod = die
elif point == "replace":
    io.os.replace = die
elif point == "after":
    io._fsync_folder = die
io.write_atomic(io.Path(sys.argv[1]), open(sys.argv[2], "rb").read())
"""
KILL_POINTS = ("write", "fsync", "chmod", "replace", "after")
KILL_ROUNDS = 40 if os.environ.get("CD_SOAK") else 2


def test_a_save_killed_at_any_step_leaves_the_old_or_the_new_file_whole(tmp_path, catalog):
    """Fault injection (issue 18): SIGKILL at every step of a save, ``KILL_ROUNDS`` times
    each; the target is always the old file or the new one, whole and loadable, and at most
    one temp file is ever left, removed by the next save."""
    old, new = EXAMPLE.read_bytes(), (DATA / "golden" / "example.report.json").read_bytes()
    path = tmp_path / "design.json"
    path.write_bytes(old)
    kills = partial = 0
    strays_max = 0
    for _ in range(KILL_ROUNDS):
        for point in KILL_POINTS:
            before = path.read_bytes()
            source = tmp_path / "source.json"
            source.write_bytes(new if before == old else old)
            proc = subprocess.run([sys.executable, "-c", _KILL_AT, str(path), str(source), point],
                                  capture_output=True)
            assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()
            kills += 1
            now = path.read_bytes()
            if now not in (before, source.read_bytes()):
                partial += 1
            expected = source.read_bytes() if point == "after" else before
            assert now == expected, point
            strays_max = max(strays_max, sum(1 for p in tmp_path.iterdir() if p.name.endswith(".tmp")))
    assert partial == 0 and strays_max <= 1
    load_design(EXAMPLE, catalog)  # the example (one of the two contents) loads
    save_design(load_design(EXAMPLE, catalog), path)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    print(f"\nkilled saves: {kills} kills, {partial} partial files, at most {strays_max} stray temp file, "
          "none after the next save")


# Every writer under a file-size limit (``RLIMIT_FSIZE``, as a full disk or a quota stops a
# write): one line naming the file, exit 2, the previous file unchanged, no temp file left.
_FSIZE = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails with EFBIG instead of killing us
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
from designer.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _limited(limit: int, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", _FSIZE, str(limit), *args], capture_output=True, text=True,
                          cwd=cwd)


@pytest.mark.parametrize(("what", "args"), [
    ("save (new -o --force)", ["new", "--server", "nvidia-dgx-h100", "--nodes", "16", "--switch", "nvidia-qm9700",
                               "-o", "{target}", "--force"]),
    ("pdf", ["export", "{design}", "--pdf", "{target}"]),
    ("bom xlsx", ["export", "{design}", "--bom", "{target}"]),
    ("graphml", ["export", "{design}", "--graphml", "{target}"]),
])
def test_a_full_disk_is_one_line_and_leaves_the_old_file(tmp_path, what, args):
    design = tmp_path / "design.json"
    design.write_bytes(EXAMPLE.read_bytes())
    suffix = {"pdf": ".pdf", "bom xlsx": ".xlsx", "graphml": ".graphml"}.get(what, ".json")
    target = tmp_path / f"out{suffix}"
    target.write_bytes(b"the previous file")
    argv = [a.format(design=design, target=target) for a in args]
    proc = _limited(4_000, *argv, cwd=tmp_path)
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    lines = [line for line in proc.stderr.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert str(target.name) in lines[0] or str(target) in lines[0], lines[0]
    assert target.read_bytes() == b"the previous file"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_folder_that_takes_no_new_file_is_one_line_and_changes_nothing(tmp_path, monkeypatch):
    """A read-only folder (for a user other than root, whom the kernel lets write
    anywhere: the refusal is simulated where the temp file is made)."""

    from designer.model import io as model_io

    target = tmp_path / "design.json"
    target.write_bytes(b"before")

    def refused(*_a, **_k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(model_io.tempfile, "NamedTemporaryFile", refused)
    with pytest.raises(DesignerError) as err:
        write_atomic(target, b"after")
    assert "cannot write in this folder" in err.value.format() and "\n" not in err.value.format()
    assert target.read_bytes() == b"before"

