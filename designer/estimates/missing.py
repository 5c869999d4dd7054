"""The parts a total leaves out: the bill-of-materials lines without a price.

An unpriced part counts as zero in every sum, so a total it belongs to is a lower
bound, never the figure. Wherever the estimates compute a total they say whether it
is ``complete`` and, when not, which parts are missing (``missing_parts``), so the
report, the window and the proposal can mark it as incomplete instead of stating a
partial sum as the whole.
"""

from __future__ import annotations

from designer.estimates.bom import Bom
from designer.estimates.results import MissingPart


def missing_parts(bom: Bom) -> list[MissingPart]:
    """The unpriced lines of ``bom`` as the report lists them: part, description, section,
    quantity and why the price is missing (its ``price_source``)."""
    return [
        MissingPart(
            part=line.part,
            description=line.description,
            section=line.section,
            quantity=line.quantity,
            price_source=line.price_source,
        )
        for line in bom.unpriced
    ]
