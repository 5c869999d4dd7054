"""``designer export``: the PDF proposal, the BOM (CSV/XLSX) and SVG drawings.

All outputs are checked before any work starts (a wrong path fails in a second, not
after a minute of layout), computed from one report and one BOM, and written
atomically: a failure never leaves a partial file behind.
"""

from __future__ import annotations

from typing import Any

import os
from pathlib import Path

from designer.catalog import Catalog
from designer.errors import DesignerError, ExportError
from designer.model.design import Design
from designer.model.io import write_atomic

BOM_FORMATS = (".csv", ".xlsx")


def _check_file_target(path: Path, what: str) -> None:
    if path.is_dir():
        raise ExportError(f"is a folder; the {what} needs a file name", file=path,
                          hint=f"e.g. {path / ('out' + path.suffix)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ExportError("the folder does not exist", file=folder, hint="create it or choose another location")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ExportError(f"cannot write the {what} here: the folder is not writable", file=folder,
                          hint="choose a folder you can write to")
    if path.exists() and not os.access(path, os.W_OK):
        raise ExportError(f"cannot replace the {what}: the file is read-only", file=path,
                          hint="choose another name or make the file writable")


def _check_folder_target(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise ExportError("is a file; --svg needs a folder", file=folder,
                          hint="name a folder (it is created if missing)")
    parent = folder if folder.exists() else folder.parent
    if not parent.is_dir():
        raise ExportError("the folder does not exist", file=parent, hint="create it or choose another location")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ExportError("cannot write SVG files here: the folder is not writable", file=parent,
                          hint="choose a folder you can write to")


def _write(path: Path, content: bytes) -> Path:
    try:
        write_atomic(path, content)
    except ExportError:
        raise
    except DesignerError as exc:
        raise ExportError(exc.message, file=exc.file, hint=exc.hint or "choose another location") from None
    return path


def _emit(path: Path, content: bytes, stdout) -> Path:
    if str(path) == "-":
        stdout(content)
        return path
    return _write(path, content)


def price_list_warnings(materials: Any) -> list[str]:
    """What the price list priced nothing for, in words (the BOM's own findings)."""
    out = []
    if materials.price_list_unknown_parts:
        out.append("the price list names parts neither the design nor the catalog has, so they price nothing: "
                   + ", ".join(materials.price_list_unknown_parts) + " (check the slugs)")
    if materials.price_list_other_currency:
        out.append("prices in another currency than the project's are left out (those parts stay unpriced, "
                   "the totals incomplete): " + ", ".join(
                       f"{slug} ({currency})" for slug, currency in materials.price_list_other_currency.items())
                   + " (give them in the project's currency)")
    return out


def export_documents(
    design: Design,
    catalog: Catalog,
    *,
    pdf: str | Path | None = None,
    lang: str = "en",
    bom: str | Path | None = None,
    svg: str | Path | None = None,
    internal: bool = False,
    stdout=None,
    spares_pct: float | None = None,
    base_dir: str | Path | None = None,
    cable_schedule: bool = False,
    label_scheme: str | None = None,
    warn=None,
) -> list[Path]:
    """Write the requested documents; return their paths in the order written. ``internal``:
    the PDF is the integrator's edition, with the engineering appendix. A PDF or BOM target
    ``-`` is given to ``stdout(content)`` (the CLI's standard output; CSV for a BOM).
    ``spares_pct``: spare cables and optics in percent, instead of the project's
    ``spares_pct``. ``base_dir``: the project file's folder, for a relative company logo path.
    ``cable_schedule``: the PDF ends with the cable schedule (labels by ``label_scheme``).
    ``warn(text)``: told of price-list entries that priced nothing (a slug no part has, a
    price in another currency than the project's), which the proposal's assumptions list."""
    from designer.model.index import DesignIndex
    from designer.report.json_report import report_parts

    pdf_path = Path(pdf) if pdf else None
    bom_path = Path(bom) if bom else None
    svg_dir = Path(svg) if svg else None
    if stdout is None and "-" in (str(pdf), str(bom)):
        raise ExportError("'-' (standard output) is for the command line", hint="name a file")
    if pdf_path is not None and str(pdf_path) != "-":
        _check_file_target(pdf_path, "PDF")
    if bom_path is not None and str(bom_path) != "-":
        if bom_path.suffix.lower() not in BOM_FORMATS:
            raise ExportError(f"unknown bill-of-materials format {bom_path.suffix or '(no extension)'!r}",
                              file=bom_path, hint="name the file .csv or .xlsx")
        _check_file_target(bom_path, "bill of materials")
    if svg_dir is not None:
        _check_folder_target(svg_dir)
    if pdf_path is not None:
        from designer.report.pdf.context import logo_file

        logo_file(design.project, Path(base_dir) if base_dir else None)  # a bad logo fails before any work

    if spares_pct is not None:
        # as if the project said so: the BOM, the CAPEX and every total in the proposal agree
        design = design.model_copy(update={"project": design.project.model_copy(update={"spares_pct": spares_pct})})
    index = DesignIndex.build(design)
    report = report_parts(design, index, catalog=catalog)
    materials = report.bom  # priced from the report's own cable and optic counts, built once
    if warn is not None:
        for text in price_list_warnings(materials):
            warn(text)
    written: list[Path] = []
    ctx = None
    if pdf_path is not None or svg_dir is not None:
        from designer.report.pdf.context import ProposalContext

        # fails here, before anything is written, when --lang zh has no font
        ctx = ProposalContext.prepare(design, catalog, lang, report=report, bom=materials, index=index,
                                      internal=internal, base_dir=Path(base_dir) if base_dir else None,
                                      cable_schedule=cable_schedule, cable_label_scheme=label_scheme)
    if pdf_path is not None:
        from designer.report.pdf import render

        written.append(_emit(pdf_path, render(ctx), stdout))
    if bom_path is not None:
        from designer.report.bom_export import bom_csv, bom_xlsx
        from designer.i18n import Translator

        writer = bom_csv if bom_path.suffix.lower() in (".csv", "") else bom_xlsx
        try:
            content = writer(materials, Translator(lang))
        except OSError as exc:
            # openpyxl writes each sheet to the temporary folder before it zips the workbook:
            # a full disk or a file-size limit stops it there, before our file is touched
            raise ExportError(f"the workbook could not be built: {exc.strerror or exc}; the previous file is "
                              "unchanged", file=bom_path,
                              hint="free space on the disk and in the temporary folder, then export again") from None
        written.append(_emit(bom_path, content, stdout))
    if svg_dir is not None:
        from designer.report.svg_export import write_svgs

        svg_dir.mkdir(exist_ok=True)
        try:
            written += write_svgs(ctx, svg_dir)
        except ExportError:
            raise
        except DesignerError as exc:
            raise ExportError(exc.message, file=exc.file, hint=exc.hint) from None
    return written
