"""Errors a user can act on.

A ``DesignerError`` carries everything a clear message needs: the file, the field
path inside it, what went wrong and how to fix it. The CLI prints it on one line
and exits with code 2; the window shows it in a dialog. Nothing else should escape
to the user as a traceback.
"""

from __future__ import annotations

import re
from pathlib import Path

# pydantic's str(ValidationError): a header, then per error a location line and an
# indented "msg [type=..., input_value=..., input_type=...]" line, then a URL line.
_PYDANTIC_HEADER = re.compile(r"(?:^|: )\d+ validation errors? for \S+$")
_PYDANTIC_DETAIL = re.compile(
    r"^\s+(?P<msg>.*?)"
    r"(?: \[type=(?P<type>[^,\]]+)(?:, input_value=(?P<input>.*?))?(?:, input_type=[^\]]*)?\])?$")


def one_line(text: str) -> str:
    """A message as one line: pydantic's multi-line dump becomes "field: message; got
    input", its URL dropped; any other line breaks become "; "."""
    if "\n" not in text and "\r" not in text:
        return text
    lines = [line for line in text.splitlines() if line.strip()]
    out: list[str] = []
    lead = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        bare = line.strip()
        if bare.startswith("For further information visit"):
            i += 1
            continue
        header = _PYDANTIC_HEADER.search(bare)
        if header:
            if header.start() and not out:
                lead = bare[: header.start()] + ": "
            elif header.start():
                out.append(bare[: header.start()])
            i += 1
            continue
        detail = _PYDANTIC_DETAIL.match(line) if line[:1].isspace() else None
        if detail and out:
            message = detail["msg"].replace("Input should be", "expected")
            message = message[:1].lower() + message[1:]
            if detail["input"] and detail["type"] not in ("missing", "extra_forbidden", "unexpected_keyword_argument"):
                given = detail["input"]
                message += f"; got {given if len(given) <= 60 else given[:57] + '...'}"
            out[-1] = f"{out[-1]}: {message}"
        else:
            out.append(bare)
        i += 1
    return lead + "; ".join(out)


class DesignerError(Exception):
    """A problem with the user's input that stops the command (exit code 2)."""

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        field: str | None = None,
        hint: str | None = None,
    ) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.field = field
        self.hint = hint
        super().__init__(self.format())

    def format(self) -> str:
        """One line: file, field path, message, (hint); never a multi-line dump."""
        parts = [p for p in (self.file, self.field) if p]
        text = ": ".join([*parts, one_line(self.message)])
        if self.hint:
            text += f" ({one_line(self.hint)})"
        return text


class DesignLoadError(DesignerError):
    """A project file could not be read or is not a valid design."""


class CatalogError(DesignerError):
    """A catalog file could not be read or is not a valid entry."""


class GenerationError(DesignerError):
    """The fabric generator cannot meet the requested inputs.

    ``key`` and ``figures``: the same refusal as a message key and its raw figures, where a
    window can cause it (the new-design wizard says it in the window's language and names its
    own fields, not the command line's options: ``designer.ui.words_generate``); None where
    only the command line can. The message and hint stay the command line's English."""

    def __init__(self, message: str, *, key: str | None = None, figures: dict[str, object] | None = None,
                 file: str | Path | None = None, field: str | None = None, hint: str | None = None) -> None:
        self.key = key
        self.figures: dict[str, object] = dict(figures or {})
        super().__init__(message, file=file, field=field, hint=hint)


class ExportError(DesignerError):
    """An export (PDF, BOM, SVG, GraphML) could not be written."""
