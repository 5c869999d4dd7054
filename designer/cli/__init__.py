"""The ``designer`` command.

``designer [FILE]`` opens the window; ``designer COMMAND ...`` runs a core function
and prints its result. Exit codes: 0 fine, 1 the design has errors (``check``),
2 the input could not be used (the message says why; never a traceback).
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from designer.cli.commands import _HANDLERS
from designer.cli.common import _print_json, process_ends_after_command
from designer.cli.parser import build_parser
from designer.cli.window import _run_window
from designer.errors import DesignerError

COMMANDS = ("catalog", "check", "report", "schema", "new", "export", "poc")


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if not _is_command(args_list):
            return _run_window(args_list)
        args = build_parser(json_errors=_wants_json(args_list)).parse_args(args_list)
        _collect_rarely()
        if args.command is None:
            build_parser().print_help()
            return 0
        handler = _HANDLERS[args.command]
        return handler(args)
    except DesignerError as exc:
        print(f"error: {exc.format()}", file=sys.stderr)
        if _wants_json(args_list):
            _print_json({"error": _error_json(exc)})
        return exc.exit_code
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def run() -> NoReturn:
    """The program's entry (the ``designer`` script, ``python -m designer``, the packaged
    executable): ``main`` on the command line, then the exit.

    A command's process ends without freeing its heap: once its output is written and
    flushed, nothing is left to do but return the memory, and the interpreter's teardown
    would free every object one by one (about 0.04 s of a 16,384-GPU ``report``, a
    million objects). Every file a command writes is closed before its handler returns
    (``write_atomic``, the exports), so only the standard streams are flushed here. The
    window (``designer [FILE]``) exits normally: Qt tears down its objects and saves its
    settings."""
    args = sys.argv[1:]
    if _is_command(args):
        process_ends_after_command()
    code = main(args)
    if not _is_command(args):
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except BrokenPipeError:
            pass  # a reader that stopped early (``| head``): as ``main`` takes it, no error
        except (OSError, ValueError) as exc:
            # output that could not be written (a full disk): said, and not exit code 1,
            # which ``check`` gives a design with errors
            if stream is sys.stdout:
                reason = getattr(exc, "strerror", None) or str(exc)
                try:
                    print(f"error: the output could not be written: {reason}", file=sys.stderr, flush=True)
                except (OSError, ValueError):
                    pass
                code = 2
    os._exit(code)


# Commands whose --json errors are JSON on standard output. ``check``, ``report`` and ``poc``
# keep an empty standard output on an error (their contract; the message is on stderr).
JSON_ERROR_COMMANDS = ("new", "export", "catalog")


def _wants_json(args: list[str]) -> bool:
    """``--json`` given to ``new``, ``export`` or ``catalog``: an error is JSON too (on
    standard output, as the result would have been; the one-line message still goes to
    standard error)."""
    if "--json" not in args or not _is_command(args):
        return False
    rest = list(args)
    while rest[:1] == ["--catalog"] and len(rest) >= 2:
        rest = rest[2:]
    return rest[:1] != [] and rest[0] in JSON_ERROR_COMMANDS


def _error_json(exc: DesignerError) -> dict:
    return {"message": exc.message, "file": exc.file, "field": exc.field, "hint": exc.hint,
            "exit_code": exc.exit_code, "text": exc.format()}


# A command runs once and exits: its objects (the design, its analyses) live until then
# and hold almost no reference cycles, so the cyclic collector's passes over them are
# wasted work (1-2 s of a 16,384-GPU report). It still runs, just rarely; reference
# counting frees everything else as it goes. At 200,000 its 14 youngest-generation passes
# of a 16,384-GPU report took 0.05 s and freed 163 objects; at 1,000,000 they take 1 ms
# (the checks' link records are made in a burst between them). What cycles a command
# leaves: networkx's max-flow graphs, freed where they are made (``fabric.bisection``).
COLLECT_AFTER_ALLOCATIONS = 1_000_000


def _collect_rarely() -> None:
    _young, middle, oldest = gc.get_threshold()
    gc.set_threshold(COLLECT_AFTER_ALLOCATIONS, middle, oldest)


def _is_command(args: list[str]) -> bool:
    rest = list(args)
    while rest[:1] == ["--catalog"] and len(rest) >= 2:
        rest = rest[2:]
    if not rest:
        return False
    return rest[0] in COMMANDS or rest[0] in ("-h", "--help", "--version")
