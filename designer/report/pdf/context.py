"""Everything a section reads, gathered once: the design, the report, the BOM, words and styles."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any

from reportlab.platypus import NextPageTemplate, PageBreak

from designer import __version__
from designer.catalog import Catalog
from designer.estimates.bom import Bom, build_bom
from designer.model.design import Design
from designer.model.index import DesignIndex
from designer.report.fonts import FontSet, font_set
from designer.report.i18n import Translator
from designer.report.json_report import build_report
from designer.report.pdf.document import SectionHeading
from designer.report.pdf.styles import LANDSCAPE, PORTRAIT, Styles, frame_size


@dataclass
class ProposalContext:
    design: Design
    catalog: Catalog
    index: DesignIndex
    report: dict[str, Any]
    bom: Bom
    t: Translator
    fonts: FontSet
    styles: Styles
    today: _dt.date = field(default_factory=_dt.date.today)
    section_number: int = 0

    @classmethod
    def prepare(cls, design: Design, catalog: Catalog, lang: str = "en", *, report: dict[str, Any] | None = None,
                bom: Bom | None = None, index: DesignIndex | None = None) -> "ProposalContext":
        index = index or DesignIndex.build(design)
        fonts = font_set(lang)
        t = Translator(lang)
        return cls(
            design=design,
            catalog=catalog,
            index=index,
            report=report if report is not None else build_report(design, index, catalog=catalog),
            bom=bom if bom is not None else build_bom(design, catalog, index),
            t=t,
            fonts=fonts,
            styles=Styles(fonts, t.is_zh),
        )

    # -- shared bits ------------------------------------------------------------

    @property
    def version(self) -> str:
        return __version__

    @property
    def date_text(self) -> str:
        return self.t.date(self.design.project.date or self.today)

    @property
    def racks_by_name(self) -> dict[str, dict[str, Any]]:
        return {r["name"]: r for r in self.report["racks"]}

    @property
    def portrait(self) -> tuple[float, float]:
        return frame_size(PORTRAIT)

    @property
    def landscape(self) -> tuple[float, float]:
        return frame_size(LANDSCAPE)

    def start_section(self, key: str, template: str = "portrait") -> list:
        """A new page on ``template`` with the numbered heading of section ``key``."""
        self.section_number += 1
        text = f"{self.section_number}  {self.t(key)}"
        return [NextPageTemplate(template), PageBreak(),
                SectionHeading(text, self.styles.h1, key, self.styles.markup(text))]

    def h2(self, text: str):
        return self.styles.p(text, self.styles.h2)
