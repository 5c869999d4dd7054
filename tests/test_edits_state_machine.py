"""The edit API as a Hypothesis state machine (issue 18, "Fault injection and property
tests"): random interleavings of edits, undos and redos on the bundled example and small
generated designs. After every step the incremental findings (the checker updated with
only the change's scopes, as the window does) equal a full check; at the end undo and
redo are byte-exact, and save -> load -> check never exits 2. When a run fails,
Hypothesis shrinks it to the shortest sequence that still fails and prints it.

``make test`` runs a few dozen machines; ``make soak`` (``CD_SOAK=1``) thousands.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from designer.checks import Change as CheckerChange
from designer.checks import Checker, run_checks
from designer.model import edits as E
from designer.model.io import dumps_design, parse_design
from tests.test_edits_property import EXAMPLE, random_edit

SOAK = bool(os.environ.get("CD_SOAK"))
STATS = {"steps": 0, "accepted": 0, "refused": 0, "undos": 0, "redos": 0, "divergences": 0}


def _keys(findings) -> list[str]:
    return sorted(repr(f.sort_key) for f in findings)


@pytest.fixture(scope="module")
def starts(catalog):
    from designer.fabric.generate import GenerateSpec, generate
    from tests.factories import small_design

    generated = dumps_design(generate(GenerateSpec(server="nvidia-dgx-h100", nodes=3, switch="nvidia-qm9700"),
                                      catalog)).encode()
    # small starting points: a full check after every step must stay cheap (the bundled
    # example, 0.3 s a check, is edited by tests/test_edits_property.py)
    starts = [generated, dumps_design(small_design()).encode(),
              dumps_design(small_design(servers_per_rack=1, racks=3)).encode()]
    return [EXAMPLE.read_bytes(), *starts] if SOAK else starts


def test_edit_machine(catalog, starts):
    class EditMachine(RuleBasedStateMachine):
        @initialize(start=st.sampled_from(range(len(starts))))
        def open_design(self, start):
            self.original = starts[start]
            self.design = parse_design(self.original, "<machine>", catalog)
            self.history = E.History(self.design)
            self.checker = Checker(self.design, catalog.cabling)
            self.last = None

        def _recheck(self, change: E.Change) -> None:
            self.last = self.checker.update(CheckerChange(**change.scopes.as_sets()))

        @rule(seed=st.integers(0, 2**32 - 1))
        def edit(self, seed):
            STATS["steps"] += 1
            edit = random_edit(random.Random(seed), self.design)
            try:
                change = self.history.do(edit)
            except E.EditRefused:
                STATS["refused"] += 1
                return
            STATS["accepted"] += 1
            self._recheck(change)

        @precondition(lambda self: bool(self.history.done))
        @rule()
        def undo(self):
            STATS["steps"] += 1
            STATS["undos"] += 1
            self._recheck(self.history.undo())

        @precondition(lambda self: bool(self.history.undone))
        @rule()
        def redo(self):
            STATS["steps"] += 1
            STATS["redos"] += 1
            self._recheck(self.history.redo())

        @invariant()
        def incremental_equals_full(self):
            if self.last is None:
                return
            full = run_checks(self.design, catalog.cabling)
            if _keys(self.last) != _keys(full):
                STATS["divergences"] += 1
            assert _keys(self.last) == _keys(full)

        def teardown(self):
            if not hasattr(self, "design"):
                return
            edited = dumps_design(self.design).encode()
            loaded = parse_design(edited, "<machine edited>", catalog)  # a DesignLoadError here is exit 2
            assert dumps_design(loaded).encode() == edited
            findings = run_checks(loaded, catalog.cabling)
            assert all(f.severity in ("error", "warning", "info") for f in findings)
            done = len(self.history.done)  # (steps the machine undid stay undone)
            self.history.undo_all()
            assert dumps_design(self.design).encode() == self.original, "undo all: not the original bytes"
            for _ in range(done):
                self.history.redo()
            assert dumps_design(self.design).encode() == edited, "redo all: not the edited bytes"

    machine = EditMachine.TestCase
    machine.settings = settings(max_examples=2000 if SOAK else 40, stateful_step_count=30 if SOAK else 15,
                                deadline=None, derandomize=not SOAK, database=None,
                                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    machine("runTest").runTest()
    print(f"\nedit machine: {STATS}")
    assert STATS["accepted"] > 50 and STATS["undos"] > 10 and STATS["divergences"] == 0, STATS
