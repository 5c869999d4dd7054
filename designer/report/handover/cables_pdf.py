"""The cable schedule as PDF: the same rows as the CSV/XLSX (``cables.cable_schedule``), on
landscape A4, one table per rack pair in the schedule's order (racks in room, row, name
order), so an installer takes the pages of the pair of racks in front of them.

``cable_schedule_flowables`` returns the reportlab flowables (heading, intro, a heading
and a table per rack pair) so the proposal can carry the schedule as an appendix with one
line; ``schedule_pdf`` builds a stand-alone document from them. Fonts come from
``designer/report/fonts.py`` (the embedded Noto Sans SC), so Chinese names and the
Chinese headings render; words are in ``i18n_handover``.
"""

from __future__ import annotations

import io
from itertools import groupby

from reportlab.platypus import Flowable, LongTable, SimpleDocTemplate, Spacer

from designer.report.handover.cables import DEFAULT_LABEL_SCHEME, CableRow
from designer.report.handover.i18n_handover import say

# widths in points of landscape A4's 762 pt frame (40 pt margins)
_WIDTHS = (64, 118, 120, 118, 120, 38, 92, 40, 52)
_PDF_MARGIN = 40.0
_CHUNK = 40  # rows per table; about a page


def _end_text(ends) -> str:
    devices = list(dict.fromkeys(e.device for e in ends))
    return " | ".join(f"{d} {'/'.join(e.port for e in ends if e.device == d)}" for d in devices)


def _length(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def cable_schedule_flowables(rows: list[CableRow], styles, *, lang: str = "en", design_name: str = "",
                             scheme: str = DEFAULT_LABEL_SCHEME, heading: bool = True) -> list[Flowable]:
    """Flowables of the schedule; ``styles`` is a ``designer.report.pdf.styles.Styles``
    (the proposal's, or one made by ``schedule_pdf``)."""
    out: list[Flowable] = []
    if heading:
        out.append(styles.p(say(lang, "cables.title"), styles.h1))
    out.append(styles.p(say(lang, "cables.intro", count=len(rows), design=design_name or "-", scheme=scheme)))
    if not rows:
        out.append(styles.p(say(lang, "cables.empty")))
        return out
    header = [say(lang, f"cables.col.{c}") for c in
              ("id", "a_label", "a_end", "b_label", "b_end", "media", "part", "length", "fabric")]
    unplaced = say(lang, "cables.unplaced")
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    wrap = ParagraphStyle("cable_cell", parent=styles.cell, fontSize=6.5, leading=8)

    def cell(value: object, width: float):
        text = "" if value is None else str(value)
        # a plain string is fast but does not wrap: long labels (a splitter's legs) get a Paragraph
        if len(text) * 6.5 * 0.55 > width - 7:
            return Paragraph(styles.markup(text).replace(" | ", " |<br/>"), wrap)
        return styles.cell_value(text)

    def pair(row: CableRow) -> tuple[str, str]:
        return (row.a[0].rack or unplaced, row.b[0].rack or unplaced)

    style = styles.table_style(font_size=6.5)
    for (a_rack, b_rack), group in groupby(rows, key=pair):
        group = list(group)
        title = (say(lang, "cables.pair_same", a=a_rack, count=len(group)) if a_rack == b_rack
                 else say(lang, "cables.pair", a=a_rack, b=b_rack, count=len(group)))
        out.append(styles.p(title, styles.h2))
        head = [styles.cell_value(h) for h in header]
        body = [[cell(v, w) for v, w in zip((
            row.cable_id, " | ".join(row.a_labels), _end_text(row.a), " | ".join(row.b_labels), _end_text(row.b),
            row.media, row.part_number or row.part, _length(row.length_m), row.fabric), _WIDTHS)] for row in group]
        # tables of a page's rows at most: reportlab splits a long table by re-measuring it
        # for every page, which grows with its length
        for start in range(0, len(body), _CHUNK):
            table = LongTable([head, *body[start:start + _CHUNK]], colWidths=_WIDTHS, repeatRows=1)
            table.setStyle(style)
            out.append(table)
    return out


def schedule_pdf(rows: list[CableRow], *, lang: str = "en", design_name: str = "",
                 scheme: str = DEFAULT_LABEL_SCHEME) -> bytes:
    from reportlab.lib.pagesizes import A4, landscape

    from designer.report.fonts import font_set
    from designer.report.pdf.styles import Styles

    fonts = font_set(lang)
    styles = Styles(fonts, lang == "zh")
    out = io.BytesIO()
    title = say(lang, "cables.title") + (f" - {design_name}" if design_name else "")
    doc = SimpleDocTemplate(out, pagesize=landscape(A4), leftMargin=_PDF_MARGIN, rightMargin=_PDF_MARGIN,
                            topMargin=_PDF_MARGIN, bottomMargin=_PDF_MARGIN, title=title,
                            author="Cluster Designer", lang="zh-CN" if lang == "zh" else "en")

    def footer(canv, _doc) -> None:
        canv.saveState()
        canv.setFont(fonts.for_text(title), 7)
        canv.drawRightString(landscape(A4)[0] - _PDF_MARGIN, _PDF_MARGIN / 2, f"{title}  {canv.getPageNumber()}")
        canv.restoreState()

    flowables = cable_schedule_flowables(rows, styles, lang=lang, design_name=design_name, scheme=scheme)
    flowables.insert(1, Spacer(0, 2))
    doc.build(flowables, onFirstPage=footer, onLaterPages=footer)
    return out.getvalue()


