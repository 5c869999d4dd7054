"""The customer proposal as a PDF (reportlab platypus), in English or Simplified Chinese.

``proposal_pdf(design, catalog, lang)`` returns the PDF's bytes; the caller writes them
atomically. Sections live in ``sections/``, drawings (shared with the SVG export) in
``designer.report.drawings``.
"""

from __future__ import annotations

import io

from designer.catalog import Catalog
from designer.estimates.bom import Bom
from designer.model.design import Design
from designer.model.index import DesignIndex
from designer.report.json_report import Report
from designer.report.pdf.context import ProposalContext
from designer.report.pdf.document import PageText, ProposalDocument
from designer.report.pdf.sections import (
    bom,
    cables,
    costs,
    cover,
    delivery,
    elevations,
    engineering,
    facility,
    findings,
    floor,
    inputs,
    performance,
    poc,
    sources,
    summary,
    topology,
)

# The order of the proposal; each contributes a numbered section (the cover the title and contents).
# The customer edition ends with scope, delivery and sign-off. The integrator's edition (``internal``,
# ``designer export --internal``) adds the appendices of what the customer body leaves out:
# the catalog sources behind every part (provenance) and the engineering notes (check codes,
# fixes, slugs, unknown figures, price sources).
SECTIONS = (cover, summary, inputs, floor, elevations, topology, facility, findings, bom, costs, performance, delivery,
            poc, cables)  # poc: only with `designer poc check --pdf` results; cables: only with --cable-schedule
SECTION_KEYS = ("sec_summary", "sec_inputs", "sec_floor", "sec_elevations", "sec_topology", "sec_facility",
                "sec_findings", "sec_bom", "sec_costs", "sec_performance", "sec_delivery")
INTERNAL_SECTIONS = (sources, engineering)
INTERNAL_KEYS = ("sec_sources", "sec_engineering")
APPENDIX_KEYS = ("sec_sources", "sec_engineering")


def build_story(ctx: ProposalContext) -> list:
    story: list = []
    for section in SECTIONS + (INTERNAL_SECTIONS if ctx.internal else ()):
        story += section.build(ctx)
    return story


def render(ctx: ProposalContext) -> bytes:
    t, design = ctx.t, ctx.design
    buffer = io.BytesIO()
    footer = f"{t('proposal')} · {t('revision')} {design.project.revision} · {ctx.date_text}"
    header = f"{design.project.company} · {design.name}" if design.project.company else design.name
    doc = ProposalDocument(
        buffer,
        t=t,
        fonts=ctx.fonts,
        text=PageText(header_left=header, footer_left=footer),
        title=f"{t('proposal')}: {design.name}",
        author=design.project.author or "",
        subject=design.project.customer or "",
    )
    doc.multiBuild(build_story(ctx))
    return buffer.getvalue()


def proposal_pdf(design: Design, catalog: Catalog, lang: str = "en", *, report: Report | None = None,
                 bom: Bom | None = None, index: DesignIndex | None = None, internal: bool = False,
                 base_dir=None, cable_schedule: bool = False) -> bytes:
    return render(ProposalContext.prepare(design, catalog, lang, report=report, bom=bom, index=index,
                                          internal=internal, base_dir=base_dir, cable_schedule=cable_schedule))
