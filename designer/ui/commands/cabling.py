"""Cabling by hand: connect two ports, disconnect a cable. Thin wrappers over
``designer.model.edits.links``; media and length come from the generator's cabling
(``designer.fabric.hand_cabling``)."""

from __future__ import annotations

from designer.errors import DesignerError
from designer.fabric.hand_cabling import cabled
from designer.model import edits
from designer.model.link import LinkEnd
from designer.ui import language
from designer.ui.commands.base import DesignCommand, refusal

# the refusal codes of ``edits.links`` the window words itself (``refused.<code>``)
CABLE_REFUSALS = ("same_port", "no_such_device", "no_such_port", "port_taken", "port_split", "speed_mismatch",
                  "cage_mismatch", "no_switch", "role_mismatch", "fabric_mismatch", "fabric_ambiguous",
                  "protocol_mismatch")


def cable_refusal(exc: edits.EditRefused) -> DesignerError:
    """A refused cable in the window's language (roles named in it too)."""
    if exc.code not in CABLE_REFUSALS:
        return refusal(exc)
    t = language.current()
    figures = dict(exc.figures)
    for key in ("role", "fabric_role"):
        if key in figures and t.has(f"role.{figures[key]}"):
            figures[key] = t(f"role.{figures[key]}")
    return DesignerError(t(f"refused.{exc.code}", **figures), field=exc.field)


class ConnectPorts(DesignCommand):
    """Cable port ``a`` to port ``b``: refused with the reason (speed, cage, role, a port
    already used) when it cannot be made; media and length as the generator picks them,
    unless given."""

    def __init__(self, doc, a: LinkEnd | str, b: LinkEnd | str, media: str | None = None,
                 length_m: float | None = None) -> None:
        try:
            edit = edits.connect_ports(a, b, media=media, length_m=length_m, index=doc.index)
            edit = cabled(doc.index, doc.catalog.cabling, edit)
            edit.check(doc.design)
        except edits.EditRefused as exc:
            raise cable_refusal(exc) from None
        super().__init__(doc, "undo.connect", a=str(edit.a), b=str(edit.b))
        self.edit = edit

    def first_apply(self) -> list[edits.Change]:
        # pushed at once: the document's index is the design's as it is now
        changes = [self.edit.apply(self.design)]
        self.edit.index = None  # never kept: by a later redo it would be stale
        return changes


class DisconnectCable(DesignCommand):
    """Delete the cable at a position of the design's links."""

    def __init__(self, doc, position: int) -> None:
        links = doc.design.links
        if not 0 <= position < len(links):
            raise DesignerError(language.current()("refused.no_such_port", port=f"links[{position}]"))
        link = links[position]
        super().__init__(doc, "undo.disconnect", a=str(link.a), b=str(link.b))
        self.edit = edits.disconnect_link(position)
        self.edit.check(doc.design)


def link_position(design, device: str, port: str) -> int | None:
    """Where the cable on ``device:port`` is in the design's links (None: not cabled)."""
    for i, link in enumerate(design.links):
        if (link.a.device == device and link.a.port == port) or (link.b.device == device and link.b.port == port):
            return i
    return None
