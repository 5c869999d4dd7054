"""``designer [FILE]``: the window, opened without a command."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.cli.parser import _catalog_option
from designer.errors import DesignerError


def _run_window(args: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="designer", description="Open the Cluster Designer window.")
    parser.add_argument("file", nargs="?", help="project file to open")
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help="render the window off-screen with FILE and VIEW, write the picture and exit")
    parser.add_argument("--view", default="floor", metavar="VIEW", help="floor, rack:NAME or topology (default floor)")
    _catalog_option(parser)
    parsed = parser.parse_args(args)
    if parsed.file is not None and not Path(parsed.file).exists():
        raise DesignerError("no such file", file=parsed.file, hint="check the path")
    # Qt is imported only when the window is wanted: the commands run without it.
    from designer.ui.app import run_app

    return run_app(parsed)
