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
import io

from designer.estimates.bom import SECTIONS, Bom
from designer.report.i18n import Translator

# new columns go at the end: scripts read the first eight by position too
CSV_COLUMNS = ("section", "part", "description", "quantity", "unit_price", "total", "currency", "price_source",
               "manufacturer", "part_number", "part_number_note")
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


def bom_csv(bom: Bom) -> bytes:
    """One row per BOM line, then one ``TOTAL`` row. Stable English column keys (scripts read
    them); UTF-8 with a byte-order mark so that Excel shows Chinese text correctly."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for line in bom.lines:
        writer.writerow([csv_text(line.section), csv_text(line.part), csv_text(line.description), line.quantity,
                         _money(line.unit_price), _money(line.total), csv_text(bom.currency),
                         csv_text(line.price_source), csv_text(line.manufacturer), csv_text(line.part_number),
                         csv_text(line.part_number_note)])
    writer.writerow(["TOTAL", "", "", "", "", _money(bom.total), csv_text(bom.currency), "", "", "", ""])
    return out.getvalue().encode("utf-8-sig")


def _money(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


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
               *ORDERING_HEADERS.get(t.lang, ORDERING_HEADERS["en"])]
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
            price_source = line.price_source if line.unit_price is not None else t("price_not_published")
            for column, text in ((1, line.part), (2, line.description), (6, price_source),
                                 (7, line.manufacturer), (8, line.part_number), (9, line.part_number_note)):
                xlsx_text(sheet.cell(row, column), text)
            sheet.cell(row, 3, line.quantity)
            sheet.cell(row, 4, line.unit_price)
            sheet.cell(row, 5, f"=C{row}*D{row}")  # our formula
            sheet.cell(row, 4).number_format = money_format
            sheet.cell(row, 5).number_format = money_format
        last = sheet.max_row
        total_row = last + 1
        sheet.cell(total_row, 1, t("grand_total")).font = bold
        total = sheet.cell(total_row, 5, f"=SUM(E2:E{last})")
        total.font, total.number_format = bold, money_format
        for column, width in zip("ABCDEFGHI", (38, 46, 8, 16, 18, 20, 14, 24, 40)):
            sheet.column_dimensions[column].width = width
        sheet.freeze_panes = "A2"
        ref = sheet.title.replace("'", "''")
        summary.append([sheet.title, f"='{ref}'!E{total_row}"])
        summary.cell(summary.max_row, 2).number_format = money_format
    last = summary.max_row
    summary.append([t("grand_total"), f"=SUM(B2:B{last})"])
    summary.cell(last + 1, 1).font = bold
    grand = summary.cell(last + 1, 2)
    grand.font, grand.number_format = bold, money_format
    if bom.unpriced:
        note = t("unpriced_note", count=len(bom.unpriced), parts=", ".join(line.part for line in bom.unpriced))
        xlsx_text(summary.cell(summary.max_row + 2, 1), note)
        summary.cell(summary.max_row, 1).alignment = Alignment(wrap_text=False)
    summary.column_dimensions["A"].width = 34
    summary.column_dimensions["B"].width = 22
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
