"""Errors a user can act on.

A ``DesignerError`` carries everything a clear message needs: the file, the field
path inside it, what went wrong and how to fix it. The CLI prints it on one line
and exits with code 2; the window shows it in a dialog. Nothing else should escape
to the user as a traceback.
"""

from __future__ import annotations

from pathlib import Path


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
        parts = [p for p in (self.file, self.field) if p]
        text = ": ".join([*parts, self.message])
        if self.hint:
            text += f" ({self.hint})"
        return text


class DesignLoadError(DesignerError):
    """A project file could not be read or is not a valid design."""


class CatalogError(DesignerError):
    """A catalog file could not be read or is not a valid entry."""


class GenerationError(DesignerError):
    """The fabric generator cannot meet the requested inputs."""


class ExportError(DesignerError):
    """An export (PDF, BOM, SVG, GraphML) could not be written."""
