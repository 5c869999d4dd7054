"""The bill of materials: every part the design needs, with unit prices and totals.

Every line names the part's manufacturer and its orderable part number (OPN) beside our
slug, from the catalog entry; where the catalog has none, ``part_number_note`` says why.
``complete`` is False while any line has no price (those are ``unpriced_parts``).

Prices come from the design's price list (``estimates.cost.prices``, what the user
entered) or else the catalog's list price (an estimate, marked as such); a part with
neither has an unknown price, counted in the totals as zero and listed as unpriced.
A price in another currency than the project's is never converted (no exchange rate is
assumed): a design price naming another currency leaves its part unpriced (the catalog's
price is not put in its place) and is listed in ``price_list_other_currency``, as a catalog
price in another currency leaves its part unpriced. A design price for a slug that is
neither in the design nor in the catalog prices nothing and is listed in
``price_list_unknown_parts`` (a misspelt slug would else be lost without a word). The
cost of ownership says both (``designer/estimates/tco.py``, notes ``bom.*``).
The report, the PDF, the CSV/XLSX exports and the cost of ownership all read this.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, TypedDict

from designer.catalog import Catalog
from designer.fabric.cable_counts import CableCount, TransceiverCount, cable_summary
from designer.model.design import Design
from designer.model.estimates import DesignPrice
from designer.model.hardware import Price
from designer.model.index import DesignIndex

SECTIONS = ("servers", "switches", "storage", "pdus", "racks", "other", "cables", "transceivers")
_SECTION_OF_KIND = {"server": "servers", "switch": "switches", "storage": "storage", "pdu": "pdus", "other": "other"}


@dataclass
class BomLine:
    section: str
    part: str  # catalog slug (or a media description for cables without a catalog part)
    description: str
    quantity: int
    unit_price: float | None
    price_source: str  # "design" | "catalog estimate" | "catalog" | "unknown"
    manufacturer: str | None = None
    part_number: str | None = None  # the vendor's orderable part number (OPN)
    part_number_note: str | None = None  # why there is none
    spares: int = 0  # spare units ordered on top of ``quantity`` (``project.spares_pct``, rounded up)
    # what the line is, as figures, for a description in another language (report.i18n_terms):
    # a cable's media/speed/length/breakout/top/part number, an optic's catalog entry
    spec: dict[str, Any] = field(default_factory=dict)
    note_key: str | None = None  # the reason as a message key, for a language other than English

    @property
    def order_quantity(self) -> int:
        """What is ordered: the installed ``quantity`` plus the spares."""
        return self.quantity + self.spares

    @property
    def total(self) -> float | None:
        return None if self.unit_price is None else self.unit_price * self.order_quantity

    def as_dict(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "part": self.part,
            "description": self.description,
            "quantity": self.quantity,
            "unit_price": self.unit_price,
            "total": self.total,
            "price_source": self.price_source,
            "manufacturer": self.manufacturer,
            "part_number": self.part_number,
            "part_number_note": self.part_number_note,
            "spares": self.spares,
            "order_quantity": self.order_quantity,
        }


@dataclass
class Bom:
    currency: str
    lines: list[BomLine] = field(default_factory=list)
    spares_pct: float = 0.0  # share of cables and optics ordered as spares, percent
    # the design's price list entries that priced nothing: slugs neither in the design nor in
    # the catalog, and slugs priced in another currency ({slug: currency}; their parts are unpriced)
    price_list_unknown_parts: list[str] = field(default_factory=list)
    price_list_other_currency: dict[str, str] = field(default_factory=dict)

    def section_total(self, section: str) -> float:
        return sum(line.total or 0.0 for line in self.lines if line.section == section)

    @property
    def total(self) -> float:
        return sum(line.total or 0.0 for line in self.lines)

    @property
    def unpriced(self) -> list[BomLine]:
        return [line for line in self.lines if line.unit_price is None]

    def as_dict(self) -> dict[str, Any]:
        return {
            "currency": self.currency,
            "lines": [line.as_dict() for line in self.lines],
            "section_totals": {s: round(self.section_total(s), 2) for s in SECTIONS},
            "total": round(self.total, 2),
            "unpriced_parts": [line.part for line in self.unpriced],
            "complete": self.complete,
            "spares_pct": self.spares_pct,
            "price_list_unknown_parts": list(self.price_list_unknown_parts),
            "price_list_other_currency": dict(self.price_list_other_currency),
        }

    @property
    def complete(self) -> bool:
        """True when every line has a price, so the totals are the whole cost."""
        return not self.unpriced


def design_price_currency(design: Design, price: DesignPrice | Price) -> str:
    """The currency of a design price: the one it names, else the project's. (A ``Price``
    put in the price list by a script has the catalog's "USD" default: named only when set.)"""
    named = price.currency if "currency" in price.model_fields_set else None
    return named or design.project.currency


def _price(design: Design, slug: str, catalog_price: Price | None,
           looked_up: set[str] | None = None) -> tuple[float | None, str]:
    """(unit price, its source) of ``slug``; ``looked_up`` collects the price list keys asked for."""
    if looked_up is not None:
        looked_up.add(slug)
    override = design.estimates.cost.prices.get(slug)
    if override is not None and override.amount is not None:
        currency = design_price_currency(design, override)
        if currency != design.project.currency:
            # never convert silently, and never put the catalog's price in place of the user's
            return None, f"unknown (design price is in {currency})"
        return override.amount, "design"
    if catalog_price is not None and catalog_price.amount is not None:
        if catalog_price.currency != design.project.currency:
            # never convert silently: a price in another currency is not this design's price
            return None, f"unknown (catalog price is in {catalog_price.currency})"
        return catalog_price.amount, "catalog estimate" if catalog_price.estimate else "catalog"
    return None, "unknown"


NO_DEVICE_PN = "no part number in the catalog entry's sources"
NO_PART = "no catalog part serves this line's links (see CABLE_NO_PART)"
NO_LENGTH_PN = "no part number published for this length"
NO_FLAT_PN = "no flat-top variant published for this length"
# each reason's message key (designer/report/i18n_proposal.py), so a proposal says it in its language
NOTE_KEYS = {NO_DEVICE_PN: "pn_none_device", NO_PART: "pn_none_part", NO_LENGTH_PN: "pn_none_length",
             NO_FLAT_PN: "pn_none_flat", "commodity cord made to length; no vendor part number": "pn_none_commodity"}
# spares are ordered for the parts that are installed by the hundred and fail or get damaged
# on site: cables and optics. Devices are not spared by a percentage (a cold-spare switch is
# a line of its own in the design).
SPARED_SECTIONS = ("cables", "transceivers")


def spares_for(quantity: int, pct: float) -> int:
    """Spare units for ``quantity`` installed at ``pct`` percent, rounded up (3 % of 10 is 1)."""
    if pct <= 0 or quantity <= 0:
        return 0
    return math.ceil(quantity * pct / 100 - 1e-9)


class Ordering(TypedDict):
    """How a BomLine is ordered: manufacturer, part number and (when there is none) the reason."""

    manufacturer: str | None
    part_number: str | None
    part_number_note: str | None


def _ordering(entry: Any, part_number: str | None) -> Ordering:
    """manufacturer, part_number and (when there is none) the reason, for a BomLine."""
    note = None if part_number else (getattr(entry, "part_number_note", None) or NO_DEVICE_PN)
    return Ordering(manufacturer=getattr(entry, "manufacturer", None), part_number=part_number,
                    part_number_note=note)


def _merge(lines: list[BomLine]) -> list[BomLine]:
    """One line per orderable item: lines of a section with the same manufacturer, part number
    and unit price (two stock lengths sold as one OPN) become one line."""
    out: list[BomLine] = []
    seen: dict[tuple[str, str | None, str | None, float | None], BomLine] = {}
    for line in lines:
        key = (line.section, line.manufacturer, line.part_number, line.unit_price)
        first = seen.get(key) if line.part_number else None
        if first is None:
            seen[key] = line
            out.append(line)
        else:
            first.quantity += line.quantity
    return out


def build_bom(
    design: Design,
    catalog: Catalog,
    index: DesignIndex | None = None,
    cabling_rows: tuple[list[CableCount], list[TransceiverCount]] | None = None,
    spares_pct: float | None = None,
) -> Bom:
    """``cabling_rows``: the (cables, transceivers) rows of ``cable_summary`` when the
    caller already has them (counting every cable of a big design takes a second).
    ``spares_pct``: spare cables and optics in percent (else the project's ``spares_pct``, else
    none), added to each such line's order quantity and total."""
    index = index or DesignIndex.build(design)
    spares_pct = spares_pct if spares_pct is not None else (design.project.spares_pct or 0.0)
    bom = Bom(currency=design.project.currency, spares_pct=spares_pct)
    looked_up: set[str] = set()
    counts: dict[str, int] = {}
    for device in design.devices:
        counts[device.device_type] = counts.get(device.device_type, 0) + 1
    for slug, quantity in sorted(counts.items(),
                                 key=lambda kv: (SECTIONS.index(_SECTION_OF_KIND[index.device_types[kv[0]].kind]),
                                                 kv[0])):
        device_type = index.device_types[slug]
        price, source = _price(design, slug, device_type.list_price, looked_up)
        bom.lines.append(BomLine(_SECTION_OF_KIND[device_type.kind], slug,
                                 f"{device_type.manufacturer} {device_type.model}", quantity, price, source,
                                 **_ordering(device_type, device_type.part_number)))
    racks: dict[str, int] = {}
    for rack in design.racks:
        racks[rack.rack_type] = racks.get(rack.rack_type, 0) + 1
    for slug, quantity in sorted(racks.items()):
        rack_type = index.rack_types[slug]
        price, source = _price(design, slug, rack_type.list_price, looked_up)
        bom.lines.append(BomLine("racks", slug, f"{rack_type.manufacturer} {rack_type.model}", quantity, price, source,
                                 **_ordering(rack_type, rack_type.part_number)))
    cables, transceivers = cabling_rows if cabling_rows is not None else cable_summary(index, catalog.cabling)
    products = {c.slug: c for c in catalog.cabling.cables}
    for row in cables:
        part = row["part"] or f"{row['media'].lower()}-{row['speed_gbps']:g}g"
        product = products.get(row["part"]) if row["part"] else None
        length_key = f"{row['length_m']:g}"
        top = row.get("top")
        flat = top in ("flat", "flat-to-finned")
        kind = "breakout " if row["breakout"] else ""
        description = f"{row['media']} {kind}cable {row['speed_gbps']:g}G, {length_key} m"
        part_number = product.part_numbers.get(length_key) if product is not None else None
        if part_number:
            description += f" ({part_number.split(' ')[0]})"
        if flat:
            description += f", {top}"
        spec = {"kind": "cable", "media": row["media"], "speed_gbps": row["speed_gbps"], "length_m": row["length_m"],
                "breakout": row["breakout"], "top": top, "part_number": part_number}
        price_key = f"{part}@{length_key}m" + (f"/{top}" if flat else "")
        price, source = _price(design, price_key, None, looked_up)
        if price is None and source == "unknown":  # no price for the length (one in another currency stays)
            price, source = _price(design, part, product.list_price if product else None, looked_up)
        if product is None:
            ordering = Ordering(manufacturer=None, part_number=None, part_number_note=NO_PART)
        else:
            ordering = _ordering(product, product.part_number_at(row["length_m"], top))
            if ordering["part_number"] is None and product.part_number_note is None:
                ordering["part_number_note"] = NO_FLAT_PN if flat else NO_LENGTH_PN
        bom.lines.append(BomLine("cables", price_key, description, row["count"], price, source, **ordering,
                                 spec=spec))
    optics = {t.slug: t for t in catalog.cabling.transceivers}
    for optic in transceivers:
        part = optic["part"] or optic["type"]
        module = optics.get(optic["part"]) if optic["part"] else None
        description = (f"{module.manufacturer or ''} {module.model or module.slug}".strip() if module
                       else optic["type"])
        price, source = _price(design, part, module.list_price if module else None, looked_up)
        ordering = (_ordering(module, module.orderable_part_number) if module is not None
                    else Ordering(manufacturer=None, part_number=None, part_number_note=NO_PART))
        bom.lines.append(BomLine("transceivers", part, description, optic["count"], price, source, **ordering,
                                 spec={"kind": "transceiver", "module": module, "type": optic["type"]}))
    bom.lines = _merge(bom.lines)
    bom.price_list_unknown_parts, bom.price_list_other_currency = _price_list_findings(
        design, catalog, index, looked_up)
    for line in bom.lines:
        line.note_key = NOTE_KEYS.get(line.part_number_note or "")
        if line.section in SPARED_SECTIONS:
            line.spares = spares_for(line.quantity, spares_pct)
    return bom


def _price_list_findings(design: Design, catalog: Catalog, index: DesignIndex,
                         looked_up: set[str]) -> tuple[list[str], dict[str, str]]:
    """The price list entries that priced nothing: (slugs neither in the design nor in the
    catalog, {slug: currency} of the entries in another currency than the project's that this
    design's parts asked for)."""
    prices = design.estimates.cost.prices
    if not prices:
        return [], {}
    known = {*catalog.device_types, *catalog.rack_types, *index.device_types, *index.rack_types,
             *(c.slug for c in catalog.cabling.cables), *(t.slug for t in catalog.cabling.transceivers)}
    unknown = []
    other: dict[str, str] = {}
    for slug, price in prices.items():
        # a cable's price may be per length and top ("<part>@<length>m[/<top>]")
        if slug not in looked_up and slug not in known and slug.split("@", 1)[0] not in known:
            unknown.append(slug)
        elif slug in looked_up and price.amount is not None:
            currency = design_price_currency(design, price)
            if currency != design.project.currency:
                other[slug] = currency
    return sorted(unknown), dict(sorted(other.items()))
