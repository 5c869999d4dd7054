"""The bill of materials as CSV (data) and XLSX (a workbook a buyer can edit).

Both are written from ``build_bom``. The workbook has one sheet per BOM section and a
summary sheet; line totals are formulas (quantity x unit price) and totals are
``=SUM(...)`` formulas, so a changed price or quantity recalculates in Excel.

Text comes partly from the design file (a device type's manufacturer and model), so no text
cell may become a formula: text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is written as a string with Excel's quote prefix (XLSX) or with a leading ``'`` (CSV).
Only the workbook's own formulas (line totals, sums) are formulas.
"""

from __future__ import annotations

import csv
import gc
import io
import sys

from designer.estimates.bom import SECTIONS, Bom
from designer.i18n import Translator
from designer.report.i18n_terms import line_description
from designer.report.incomplete import incomplete_note

# new columns go at the end: scripts read the first eight by position too
CSV_COLUMNS = ("section", "part", "description", "quantity", "unit_price", "total", "currency", "price_source",
               "manufacturer", "part_number", "part_number_note", "spares", "order_quantity")
# the workbook's headers for the ordering columns, by language
ORDERING_HEADERS = {
    "en": ("Manufacturer", "Part number (OPN)", "Part number note"),
    "zh": ("制造商", "订货料号（OPN）", "料号说明"),
}


# a spreadsheet reads a cell that starts with one of these as a formula (OWASP "CSV injection")
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def csv_text(value: object) -> str:
    """A text cell for CSV: a value a spreadsheet would read as a formula gets a leading ``'``."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_TRIGGERS) else text


def xlsx_text(cell, value: object) -> None:
    """Put text into an openpyxl cell as a string, never a formula: openpyxl makes any str that
    starts with ``=`` a formula, and Excel re-reads ``+ - @`` as one when the cell is edited, so
    such text is typed ``s`` and carries the quote prefix (shown as text, kept as text)."""
    if value is None:
        cell.value = None
        return
    text = str(value)
    cell.value = text
    if text.startswith(FORMULA_TRIGGERS):
        cell.data_type = "s"
        cell.quotePrefix = True


def bom_csv(bom: Bom, t: Translator | None = None) -> bytes:
    """One row per BOM line, then one ``TOTAL`` row. In English (the default) the column keys are
    stable English words (scripts read them); with a Chinese ``t`` every word is Chinese, the
    headers too. UTF-8 with a byte-order mark so that Excel shows Chinese text correctly.
    Quantity is what is installed; ``spares`` and ``order_quantity`` (installed + spares) follow at
    the end, and the line total is the order quantity's. Prices of 1,000 and more are whole units.
    The total row says when it leaves out unpriced lines."""
    t = t or Translator("en")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS if not t.is_zh else [t(f"csv_{column}") for column in CSV_COLUMNS])
    for line in bom.lines:
        writer.writerow([csv_text(t(f"bom_{line.section}") if t.is_zh else line.section), csv_text(line.part),
                         csv_text(line_description(t.lang, line)), line.quantity,
                         _money(line.unit_price), _money(line.total), csv_text(_currency(bom.currency, t)),
                         csv_text(_price_source(line, t)), csv_text(maker(line.manufacturer, t)),
                         csv_text(line.part_number), csv_text(part_number_note(line, t)),
                         line.spares, line.order_quantity])
    note = "" if bom.complete else csv_text(incomplete_note(t, [line_description(t.lang,
                                                                                 line) for line in bom.unpriced]))
    writer.writerow([t("grand_total") if t.is_zh else "TOTAL", "", note, "", "", _money(bom.total),
                     csv_text(_currency(bom.currency, t)), "", "", "", "", "",
                     sum(line.order_quantity for line in bom.lines)])
    return out.getvalue().encode("utf-8-sig")


WHOLE_UNITS_FROM = 1000  # at and above this, cents are noise on a bill of materials


def _money(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:.0f}" if abs(value) >= WHOLE_UNITS_FROM else f"{value:.2f}"


def _currency(code: str, t: Translator) -> str:
    return code  # ISO 4217: a code both languages order by


def maker(name: str | None, t: Translator) -> str | None:
    """A manufacturer as the reader sees it: the catalog's "generic" (commodity parts) in words."""
    return t.term("generic") if t.is_zh and name and name.lower() == "generic" else name


def _price_source(line, t: Translator) -> str:
    if not t.is_zh:
        return line.price_source
    key = "source_" + line.price_source.replace(" ", "_")
    if t.has(key):
        return t(key)
    return t("source_unknown") if line.price_source.startswith("unknown") else line.price_source


def part_number_note(line, t: Translator) -> str | None:
    """Why a line has no part number, in ``t``'s language (English: as the BOM wrote it)."""
    if not line.part_number_note:
        return None
    if t.is_zh:
        return t(line.note_key) if line.note_key else t("pn_none_catalog")
    return line.part_number_note


def _sheet_title(text: str, used: set[str]) -> str:
    # Excel: at most 31 characters, none of []:*?/\ ; unique
    clean = "".join(ch for ch in text if ch not in "[]:*?/\\")[:31] or "Sheet"
    title, n = clean, 2
    while title in used:
        title = f"{clean[:28]} {n}"
        n += 1
    used.add(title)
    return title


def bom_xlsx(bom: Bom, t: Translator) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill

    money_format = '#,##0.00'
    whole_format = '#,##0'  # 1,000 and more: no cents
    bold = Font(bold=True)
    header_fill = PatternFill("solid", fgColor="DFE8F3")
    book = Workbook()
    summary = book.active
    used: set[str] = set()
    summary.title = _sheet_title(t("summary_sheet"), used)
    summary.append([t("section"), f"{t('line_total')} ({bom.currency})"])
    for cell in summary[1]:
        cell.font, cell.fill = bold, header_fill
    headers = [t("part"), t("description"), t("qty"), f"{t('unit_price')} ({bom.currency})",
               f"{t('line_total')} ({bom.currency})", t("price_source"),
               *ORDERING_HEADERS.get(t.lang, ORDERING_HEADERS["en"]), t("spares"), t("order_qty")]
    for section in SECTIONS:
        lines = [line for line in bom.lines if line.section == section]
        if not lines:
            continue
        sheet = book.create_sheet(_sheet_title(t(f"bom_{section}"), used))
        sheet.append(headers)
        for cell in sheet[1]:
            cell.font, cell.fill = bold, header_fill
        for line in lines:
            row = sheet.max_row + 1
            price_source = _price_source(line, t) if line.unit_price is not None else t("price_not_published")
            for column, text in ((1, line.part), (2, line_description(t.lang, line)), (6, price_source),
                                 (7, maker(line.manufacturer, t)), (8, line.part_number),
                                 (9, part_number_note(line, t))):
                xlsx_text(sheet.cell(row, column), text)
            sheet.cell(row, 3, line.quantity)
            sheet.cell(row, 4, line.unit_price)
            sheet.cell(row, 10, line.spares)
            sheet.cell(row, 11, f"=C{row}+J{row}")  # our formula: order quantity
            sheet.cell(row, 5, f"=D{row}*K{row}")  # our formula: unit price x what is ordered
            big = line.unit_price is not None and abs(line.unit_price) >= WHOLE_UNITS_FROM
            sheet.cell(row, 4).number_format = whole_format if big else money_format
            sheet.cell(row, 5).number_format = whole_format if (line.total or 0) >= WHOLE_UNITS_FROM else money_format
        last = sheet.max_row
        total_row = last + 1
        sheet.cell(total_row, 1, t("grand_total")).font = bold
        total = sheet.cell(total_row, 5, f"=SUM(E2:E{last})")
        total.font, total.number_format = bold, whole_format
        if any(line.unit_price is None for line in lines):
            xlsx_text(sheet.cell(total_row, 6), t("incomplete_short"))
        for column, width in zip("ABCDEFGHIJK", (38, 46, 8, 16, 18, 20, 14, 24, 40, 8, 10)):
            sheet.column_dimensions[column].width = width
        sheet.freeze_panes = "A2"
        ref = sheet.title.replace("'", "''")
        summary.append([sheet.title, f"='{ref}'!E{total_row}"])
        summary.cell(summary.max_row, 2).number_format = whole_format
    last = summary.max_row
    summary.append([t("grand_total"), f"=SUM(B2:B{last})"])
    summary.cell(last + 1, 1).font = bold
    grand = summary.cell(last + 1, 2)
    grand.font, grand.number_format = bold, whole_format
    if bom.spares_pct:
        xlsx_text(summary.cell(summary.max_row + 2, 1), t("spares_note", pct=t.num(bom.spares_pct, 1)))
    if bom.unpriced:
        xlsx_text(summary.cell(last + 1, 3), t("incomplete_short"))
        names = t.list_sep.join(line_description(t.lang, line) for line in bom.unpriced)
        note = t("unpriced_note_one" if len(bom.unpriced) == 1 else "unpriced_note", count=len(bom.unpriced),
                 parts=names)
        xlsx_text(summary.cell(summary.max_row + 2, 1), note)
        summary.cell(summary.max_row, 1).alignment = Alignment(wrap_text=False)
    summary.column_dimensions["A"].width = 34
    summary.column_dimensions["B"].width = 22
    out = io.BytesIO()
    # openpyxl writes each sheet to the temporary folder before zipping the workbook. On a
    # full disk its half-written sheet generators fail again as they are freed, and Python
    # would print that as "Exception ignored ... Traceback": the failure is reported once,
    # by the caller, so those echoes are kept quiet while the writer's objects go.
    failure: OSError | None = None
    hook = sys.unraisablehook
    sys.unraisablehook = lambda _unraisable: None
    try:
        try:
            book.save(out)
        except OSError as exc:
            failure = OSError(exc.errno, exc.strerror)
        if failure is not None:
            del book
            gc.collect()  # only then: a full collection of a 16,384-GPU heap takes a fraction of a second
    finally:
        sys.unraisablehook = hook
    if failure is not None:
        raise failure
    return out.getvalue()
