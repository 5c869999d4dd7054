"""The bill of materials as CSV (data) and XLSX (a workbook a buyer can edit).

Both are written from ``build_bom``. The workbook has one sheet per BOM section and a
summary sheet; line totals are formulas (quantity x unit price) and totals are
``=SUM(...)`` formulas, so a changed price or quantity recalculates in Excel.
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


def bom_csv(bom: Bom) -> bytes:
    """One row per BOM line, then one ``TOTAL`` row. Stable English column keys (scripts read
    them); UTF-8 with a byte-order mark so that Excel shows Chinese text correctly."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for line in bom.lines:
        writer.writerow([line.section, line.part, line.description, line.quantity,
                         _money(line.unit_price), _money(line.total), bom.currency, line.price_source,
                         line.manufacturer or "", line.part_number or "", line.part_number_note or ""])
    writer.writerow(["TOTAL", "", "", "", "", _money(bom.total), bom.currency, "", "", "", ""])
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
            sheet.append([line.part, line.description, line.quantity, line.unit_price, f"=C{row}*D{row}",
                          line.price_source if line.unit_price is not None else t("price_not_published"),
                          line.manufacturer, line.part_number, line.part_number_note])
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
        summary.append([])
        note = t("unpriced_note", count=len(bom.unpriced), parts=", ".join(line.part for line in bom.unpriced))
        summary.append([note])
        summary.cell(summary.max_row, 1).alignment = Alignment(wrap_text=False)
    summary.column_dimensions["A"].width = 34
    summary.column_dimensions["B"].width = 22
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
