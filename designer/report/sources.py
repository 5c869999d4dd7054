"""Where every part's figures come from: the catalog's source documents per part used.

The proposal's appendix and the window list these; a part without a recorded source
is listed too, so a missing datasheet is visible rather than silently absent.
"""

from __future__ import annotations

from typing import Any

from designer.catalog import Catalog
from designer.estimates.bom import Bom
from designer.model.design import Design


def part_sources(design: Design, bom: Bom, catalog: Catalog) -> list[dict[str, Any]]:
    """One row per part of the bill of materials: slug, name and its sources (title, url)."""
    device_types = {t.slug: t for t in design.device_types}
    rack_types = {t.slug: t for t in design.rack_types}
    cables = {c.slug: c for c in catalog.cabling.cables}
    optics = {o.slug: o for o in catalog.cabling.transceivers}
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for line in bom.lines:
        slug = line.part.split("@", 1)[0]  # cables are priced per stock length: "slug@2m"
        if slug in seen:
            continue
        seen.add(slug)
        entry = device_types.get(slug) or rack_types.get(slug) or cables.get(slug) or optics.get(slug)
        if entry is None:
            continue  # a cable with no catalog product: described by its media, nothing to cite
        name = " ".join(p for p in (getattr(entry, "manufacturer", None), getattr(entry, "model", None)) if p) or slug
        rows.append({
            "part": slug,
            "name": name,
            "sources": [{"title": ref.title, "url": ref.url} for ref in entry.source],
        })
    return rows
