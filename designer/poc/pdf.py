"""The proposal with the POC results as its last appendix (``designer poc check ... --pdf OUT``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.catalog import Catalog
from designer.model.design import Design


def poc_proposal_pdf(design: Design, catalog: Catalog, check: dict[str, Any], lang: str = "en") -> bytes:
    from designer.report.pdf import render
    from designer.report.pdf.context import ProposalContext

    ctx = ProposalContext.prepare(design, catalog, lang)
    ctx.poc_check = check
    return render(ctx)


def write_poc_pdf(path: str | Path, design: Design, catalog: Catalog, check: dict[str, Any], lang: str = "en") -> Path:
    """Written atomically, after the target is checked (a folder, a read-only file or a missing
    folder is a clear message, never a traceback)."""
    from designer.report.exports import _check_file_target, _write

    target = Path(path)
    _check_file_target(target, "PDF")
    return _write(target, poc_proposal_pdf(design, catalog, check, lang))
