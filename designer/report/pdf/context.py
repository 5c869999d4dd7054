"""Everything a section reads, gathered once: the design, the report, the BOM, words and styles."""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from reportlab.platypus import NextPageTemplate, PageBreak

from designer import __version__
from designer.catalog import Catalog
from designer.catalog.software_stack import design_stack
from designer.errors import ExportError
from designer.estimates.bom import Bom
from designer.model.design import Design
from designer.model.index import DesignIndex
from designer.report.fonts import FontSet, font_set
from designer.i18n import Translator
from designer.report.json_report import RackFigures, Report, report_parts
from designer.report.pdf.document import SectionHeading
from designer.report.pdf.styles import LANDSCAPE, PORTRAIT, Styles, frame_size
from designer.report.product_names import PartNames


LOGO_FORMATS = ("PNG", "JPEG")


def logo_file(project, base_dir: Path | None) -> Path | None:
    """The project's logo file (a relative ``logo`` is relative to ``base_dir``, the project
    file's folder), checked to be a PNG or JPEG image; None when the project names none.
    Raises ExportError naming ``project.logo`` and the fix otherwise."""
    if not project.logo:
        return None
    path = Path(project.logo).expanduser()
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    hint = "choose a PNG or JPEG file in File → Project details…, or clear the logo"
    if not path.is_file():
        raise ExportError("the company logo file does not exist", file=path, field="project.logo", hint=hint)
    try:
        from PIL import Image

        with Image.open(path) as image:
            kind = image.format
            image.verify()
    except Exception:  # noqa: BLE001 - any unreadable image gets the same one-line answer
        raise ExportError("the company logo is not a readable image", file=path, field="project.logo",
                          hint=hint) from None
    if kind not in LOGO_FORMATS:
        raise ExportError(f"the company logo is a {kind} image; the proposal takes PNG or JPEG", file=path,
                          field="project.logo", hint=hint)
    return path


@dataclass
class ProposalContext:
    design: Design
    catalog: Catalog
    index: DesignIndex
    report: Report  # the typed report (``report --json`` is its ``as_dict()``)
    bom: Bom
    t: Translator
    fonts: FontSet
    styles: Styles
    today: _dt.date = field(default_factory=_dt.date.today)
    section_number: int = 0
    internal: bool = False  # the integrator's edition: with the engineering appendix
    poc_check: dict[str, Any] | None = None  # `designer poc check` results: the POC appendix (issue 12)
    logo: Path | None = None  # the company's logo, checked (logo_file)
    cable_schedule: bool = False  # the cable schedule as an appendix (export --cable-schedule)
    cable_label_scheme: str | None = None

    @classmethod
    def prepare(cls, design: Design, catalog: Catalog, lang: str = "en", *, report: Report | None = None,
                bom: Bom | None = None, index: DesignIndex | None = None,
                internal: bool = False, base_dir: Path | None = None, cable_schedule: bool = False,
                cable_label_scheme: str | None = None) -> ProposalContext:
        """``report``: the design's :class:`Report` (``report_parts``), built here when not given;
        ``bom`` is the report's unless given.
        ``base_dir``: the project file's folder, for a relative logo path."""
        try:
            logo = logo_file(design.project, base_dir)
        except ExportError:
            logo = None  # export_documents refuses a bad logo before a PDF; drawings do without it
        index = index or DesignIndex.build(design)
        fonts = font_set(lang)  # before the report: a missing Chinese font fails at once
        t = Translator(lang, chip=design_stack(index.type_of(d) for d in design.devices
                                              if d.device_type in index.device_types).accelerator)
        if report is None:
            report = report_parts(design, index, catalog=catalog)
        return cls(
            design=design,
            catalog=catalog,
            index=index,
            report=report,
            bom=bom if bom is not None else report.bom,  # priced from the report's own cable and optic counts
            t=t,
            fonts=fonts,
            styles=Styles(fonts, t.is_zh),
            internal=internal,
            logo=logo,
            cable_schedule=cable_schedule,
            cable_label_scheme=cable_label_scheme,
        )

    # -- shared bits ------------------------------------------------------------

    @property
    def version(self) -> str:
        return __version__

    @property
    def date_text(self) -> str:
        return self.t.date(self.design.project.date or self.today)

    @cached_property
    def rack_scale_trays(self) -> int | None:
        """The compute trays of the design's GPU systems when every one is a rack-scale system
        (an NVL72: the proposal counts systems and their trays, the Slurm nodes, not "servers");
        None otherwise."""
        gpu = [self.index.type_of(d) for d in self.design.devices if d.device_type in self.index.device_types]
        gpu = [t for t in gpu if t.kind == "server" and t.gpu_count]
        if not gpu or any(t.rack_scale is None for t in gpu):
            return None
        return sum(t.rack_scale.compute_trays for t in gpu)

    def gpu_systems(self) -> str:
        """"8 GPU servers", or "8 rack-scale systems (144 compute trays)"."""
        trays = self.rack_scale_trays
        n = self.report.totals["gpu_servers"]
        if trays is None:
            return self.counted("n_gpu_servers", n)
        return self.counted("n_rack_systems", n, trays=self.t.int(trays))

    @property
    def racks_by_name(self) -> dict[str, RackFigures]:
        return {r["name"]: r for r in self.report.racks}

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

    # -- the customer's words -----------------------------------------------------
    # The customer body names products, not catalog slugs; slugs, check codes, fix hints and
    # catalog provenance are in the engineering appendix.

    @cached_property
    def names(self) -> PartNames:
        """Slug -> product name (``PartNames``: the design's, the BOM's, the catalog's)."""
        return PartNames.of(self.design, self.catalog, ((line.part, line.description) for line in self.bom.lines))

    @cached_property
    def part_names(self) -> dict[str, str]:
        """Catalog slug -> the product name a customer reads, for the slugs a text may hold
        (``customer_words``: names with a hyphen, as slugs are, said otherwise than the slug)."""
        return {slug: name for slug, name in self.names.names.items() if "-" in slug and slug != name}

    @cached_property
    def _slug_pattern(self) -> re.Pattern | None:
        if not self.part_names:
            return None
        alternatives = "|".join(re.escape(slug) for slug in sorted(self.part_names, key=len, reverse=True))
        return re.compile(rf"(?<![\w.-])({alternatives})s?(?![\w-])")

    def customer_words(self, text: str) -> str:
        """``text`` with every catalog slug said as its product name ("16 nvidia-dgx-h100s" ->
        "16 DGX H100")."""
        if not text or self._slug_pattern is None:
            return text
        return self._slug_pattern.sub(lambda m: self.part_names[m.group(1)], text)

    def part_name(self, slug: str) -> str:
        """A part's product name for the customer (``PartNames``: the design's, the BOM's, the
        catalog's entry, a server the workload sizing weighs that the design does not use;
        else its slug)."""
        return self.names(slug)

    def counted(self, key: str, n: int, **params) -> str:
        """``n`` things said with ``key`` ("{count} racks"), or ``key + "_one"`` when n is 1
        ("1 rack"); ``params`` fill the rest ("{count} × {model} servers")."""
        t = self.t
        singular = f"{key}_one"
        return t(singular if n == 1 and t.has(singular) else key, count=t.int(n), **params)

    def incomplete(self, missing, *, titled: bool = False) -> str:
        """``incomplete_note`` with the parts by product name, not slug."""
        from designer.report.incomplete import incomplete_note, part_names

        return incomplete_note(self.t, [self.part_name(name) for name in part_names(missing)], titled=titled)
