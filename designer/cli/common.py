"""What the commands share: standard input and output, JSON printing, and loading the
catalog and the design named on the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from designer.json_text import dumps_indented
from designer.errors import DesignerError


def _print_json(value: Any) -> None:
    # one string, one write: json.dump to the stream wrote 153,826 pieces for a 16,384-GPU
    # report (0.4 s of a 3 s run); the same characters as json.dumps(indent=2), faster
    sys.stdout.write(dumps_indented(value) + "\n")


STDIO = "-"

# What a command's process ends holding (``run`` exits with ``os._exit``): a command run
# through ``run`` hands its design and analyses here rather than freeing them one by one on
# its way out (about 25 ms of a 16,384-GPU ``report``: a quarter of a million objects).
# ``main`` called in-process (the tests, the window) keeps nothing.
_HELD_TO_EXIT: list[object] = []
_process_ends_after_command = False


def hold_to_exit(*objects: object) -> None:
    """Keep ``objects`` until the process ends, where the command ends the process."""
    if _process_ends_after_command:
        _HELD_TO_EXIT.extend(objects)


def process_ends_after_command() -> None:
    """Called by ``run`` before the command: its process ends when the command returns."""
    global _process_ends_after_command
    _process_ends_after_command = True


def _read_stdin() -> bytes:
    stream = sys.stdin
    if stream is None:
        raise DesignerError("no standard input to read", file=STDIO, hint="name a file instead of '-'")
    return stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode("utf-8")


def _base_dir(file: str) -> Path | None:
    """The project file's folder (relative paths in it, e.g. the company logo, are read
    from there); none for a design read from standard input."""
    return None if file == STDIO else Path(file).parent


def _write_stdout(content: bytes) -> None:
    """One file to standard output, as bytes where the stream takes them."""
    if hasattr(sys.stdout, "buffer"):
        sys.stdout.flush()
        sys.stdout.buffer.write(content)
        sys.stdout.buffer.flush()
    else:
        sys.stdout.write(content.decode("utf-8", errors="replace"))


def load_catalog_warned(paths):
    """The catalog, its loading warnings (raw devicetype-library files converted) on stderr."""
    from designer.catalog import load_catalog

    catalog = load_catalog(paths)
    for warning in catalog.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return catalog


def _load(args: argparse.Namespace):
    from designer.model.io import load_design

    catalog = load_catalog_warned(args.catalog)
    if args.file == STDIO:
        from designer.model.io import parse_design

        return parse_design(_read_stdin(), "<stdin>", catalog), catalog
    return load_design(args.file, catalog), catalog
