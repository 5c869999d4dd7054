"""A command run as its own process (``designer.cli.run``) ends holding its design and
analyses instead of freeing them one by one (issue 17: about 25 ms of a 16,384-GPU
``report``); ``main`` called in-process keeps nothing, so a test run or a window that
calls it does not grow."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

from designer.cli import common, main

EXAMPLE = Path(__file__).parents[1] / "resources/examples/dgx-h100-16-node.json"


def test_main_in_process_keeps_nothing():
    before = len(common._HELD_TO_EXIT)
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["report", "--json", str(EXAMPLE)]) == 0
        assert main(["check", str(EXAMPLE)]) in (0, 1)
    assert len(common._HELD_TO_EXIT) == before == 0


def test_a_command_process_holds_its_design_to_the_exit_and_prints_the_same():
    script = ("import sys, io, contextlib\n"
              "from designer.cli import common, main\n"
              "common.process_ends_after_command()\n"
              "out = io.StringIO()\n"
              "with contextlib.redirect_stdout(out):\n"
              "    main(['report', '--json', sys.argv[1]])\n"
              "held = [type(o).__name__ for o in common._HELD_TO_EXIT]\n"
              "sys.stdout.write(repr(held) + '\\n' + out.getvalue())\n")
    held = subprocess.run([sys.executable, "-c", script, str(EXAMPLE)], capture_output=True, text=True, check=True)
    kinds, _, printed = held.stdout.partition("\n")
    assert kinds == "['Design', 'DesignIndex', 'Checker', 'Report']"
    plain = subprocess.run([sys.executable, "-m", "designer", "report", "--json", str(EXAMPLE)],
                           capture_output=True, text=True, check=True)
    assert printed == plain.stdout
