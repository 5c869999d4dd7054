"""The proposal's sections, in order. Each is ``build(ctx) -> list of flowables``.

``software_stack(ctx)``: the design's accelerator software (driver, runtime, collective
library), one fact per vendor (``designer/catalog/software_stack.py``), for every section's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.catalog.software_stack import SoftwareStack, design_stack

if TYPE_CHECKING:
    from designer.report.pdf.context import ProposalContext


def software_stack(ctx: ProposalContext) -> SoftwareStack:
    return design_stack(ctx.index.type_of(device) for device in ctx.design.devices)


def scale_up_link(ctx: ProposalContext) -> str | None:
    """What joins a node's GPUs, as the estimates name it ("NVLink", "HCCS"); None: unnamed."""
    return (ctx.report.estimates.as_dict().get("collectives") or {}).get("scale_up_link")
