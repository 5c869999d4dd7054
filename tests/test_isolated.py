"""Work in a forked child (designer.ui.isolated): the window's exports and Mark failed run
there, so its UI thread never waits for the interpreter lock. Value and exception come back;
a lost or stopped child says so; a lock a parent thread held is not inherited held."""

from __future__ import annotations

import functools
import os
import signal
import threading

import pytest

from designer.errors import ExportError
from designer.model.index import DesignIndex
from designer.ui import isolated

pytestmark = pytest.mark.skipif(not isolated.fork_available(), reason="no os.fork on this platform")


def test_the_value_is_computed_in_another_process():
    assert isolated.forked(os.getpid) != os.getpid()
    assert isolated.forked(lambda: {"ratio": 1.5, "names": ["a", "b"]}) == {"ratio": 1.5, "names": ["a", "b"]}


def test_what_the_child_writes_is_there_and_its_memory_changes_are_not(tmp_path):
    seen = {"n": 1}

    def work():
        seen["n"] = 2  # the child's copy only
        (tmp_path / "out.txt").write_text("written")
        return seen["n"]

    assert isolated.forked(work) == 2
    assert (tmp_path / "out.txt").read_text() == "written" and seen["n"] == 1


def test_an_exception_is_raised_here_with_its_message():
    def work():
        raise ExportError("cannot write", file="x.pdf", hint="choose another folder")

    with pytest.raises(ExportError) as raised:
        isolated.forked(work)
    assert raised.value.format() == "x.pdf: cannot write (choose another folder)"


def test_a_result_that_cannot_be_sent_back_says_why():
    with pytest.raises(RuntimeError, match="could not be sent back"):
        isolated.forked(lambda: threading.Lock())


def test_a_killed_child_and_a_stopped_one_are_reported():
    with pytest.raises(isolated.ChildLost, match="without a result"):
        isolated.forked(lambda: os.kill(os.getpid(), signal.SIGKILL))
    hold, release = os.pipe()
    try:
        with pytest.raises(isolated.ChildLost, match="stopped"):
            isolated.forked(lambda: os.read(hold, 1), started=isolated.stop)
    finally:
        os.close(hold), os.close(release)


def test_without_fork_the_work_runs_here(monkeypatch):
    monkeypatch.setenv(isolated.NO_FORK_ENV, "1")
    assert isolated.forked(os.getpid) == os.getpid()


@pytest.mark.skipif(not hasattr(functools.cached_property(lambda _s: None), "lock"),
                    reason="cached_property holds no lock on this Python")
def test_a_cached_property_lock_held_by_a_parent_thread_is_fresh_in_the_child(catalog):
    """A worker computing ``DesignIndex.ports`` when the fork comes holds its lock (one for
    all instances in Python 3.11): the child would wait for it forever."""
    from designer.model.io import load_design
    from designer.resources import example_design

    design = load_design(example_design(), catalog)
    lock = DesignIndex.ports.lock
    held, done = threading.Event(), threading.Event()

    def holder():
        with lock:
            held.set()
            done.wait(60)

    thread = threading.Thread(target=holder)
    thread.start()
    held.wait(10)
    children: list[int] = []
    result: list = []
    runner = threading.Thread(target=lambda: result.append(
        isolated.forked(lambda: DesignIndex.build(design).ports is not None, started=children.append)))
    try:
        runner.start()
        runner.join(30)
        assert not runner.is_alive(), "the child waited for a lock its parent's thread held"
        assert result == [True]
    finally:
        for pid in children:
            isolated.stop(pid)
        runner.join(5)
        done.set()
        thread.join()
