"""What every edit shares: the refusal, the scopes it touched, the change it made and its
inverse, batches of edits, and an undo history that needs no Qt."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, TypedDict
from collections.abc import Iterable

from designer.errors import DesignerError

if TYPE_CHECKING:
    from designer.model.design import Design
    from designer.model.link import Link


class EditRefused(DesignerError):
    """An edit that would leave a design the loader refuses (or, with strict rules, one
    that breaks a rack's slots, feeds or a link's ports). Nothing was changed.

    ``field`` is the path of the object and field as the loader names it
    (``racks "A02".room``), ``message`` says what is wrong and ``hint`` how to fix it.
    ``code`` and ``figures`` let a window say the same in its own language.
    """

    exit_code = 2

    def __init__(self, message: str, *, field: str | None = None, hint: str | None = None,
                 code: str = "refused", **figures: Any) -> None:
        super().__init__(message, field=field, hint=hint)
        self.code = code
        self.figures = figures


def refuse(message: str, *, field: str | None = None, hint: str | None = None, code: str = "refused",
           **figures: Any) -> NoReturn:
    raise EditRefused(message, field=field, hint=hint, code=code, **figures)


def _names(values: Iterable[str | None]) -> frozenset[str]:
    return frozenset(v for v in values if v is not None)


class ScopeSets(TypedDict):
    """``Scopes`` as the keyword arguments of ``designer.checks.Change``."""

    racks: set[str]
    rooms: set[str]
    devices: set[str]
    fabrics: set[str]
    links: bool
    design: bool
    everything: bool
    ports: set[str]
    replaced: list[tuple[Link, Link]]


@dataclass(frozen=True)
class Scopes:
    """What an edit touched, in the vocabulary of the incremental checker
    (``designer.checks.engine.Change`` has the same fields): racks whose contents or
    limits changed, rooms whose limits or floor positions changed, devices moved, added or
    removed (their cables are re-judged), ``links``: the cables of ``devices`` changed,
    fabrics to re-analyse, ``design``: design-wide figures, ``everything``: re-check all.

    ``replaced``: cables swapped for new objects with the same ends (a re-route: another
    length or media), as (old, new) pairs — only those cables are judged again, and
    ``ports``: devices whose port rules run again (the ends of those cables) without
    re-judging every cable they have. A move of one server re-routes its 11 cables; naming
    its switches in ``devices`` re-judged their 700 cables and rescanned all 66,000."""

    racks: frozenset[str] = frozenset()
    rooms: frozenset[str] = frozenset()
    devices: frozenset[str] = frozenset()
    fabrics: frozenset[str] = frozenset()
    links: bool = False
    design: bool = False
    everything: bool = False
    ports: frozenset[str] = frozenset()
    replaced: tuple[tuple[Link, Link], ...] = ()

    @classmethod
    def of(cls, racks: Iterable[str | None] = (), rooms: Iterable[str | None] = (),
           devices: Iterable[str | None] = (), fabrics: Iterable[str | None] = (), links: bool = False,
           design: bool = False, everything: bool = False, ports: Iterable[str | None] = (),
           replaced: Iterable[tuple[Link, Link]] = ()) -> Scopes:
        """Scopes from any iterables of names (None entries are dropped)."""
        return cls(_names(racks), _names(rooms), _names(devices), _names(fabrics), links, design, everything,
                   _names(ports), tuple(replaced))

    def merge(self, other: Scopes) -> Scopes:
        return Scopes(self.racks | other.racks, self.rooms | other.rooms, self.devices | other.devices,
                      self.fabrics | other.fabrics, self.links or other.links, self.design or other.design,
                      self.everything or other.everything, self.ports | other.ports,
                      self.replaced + other.replaced)

    def as_sets(self) -> ScopeSets:
        """Keyword arguments for ``designer.checks.Change``."""
        return {"racks": set(self.racks), "rooms": set(self.rooms), "devices": set(self.devices),
                "fabrics": set(self.fabrics), "links": self.links, "design": self.design,
                "everything": self.everything, "ports": set(self.ports), "replaced": list(self.replaced)}


class Edit:
    """One operation on a design.

    ``check(design)`` raises ``EditRefused`` if the edit cannot be made (and changes
    nothing); ``apply(design)`` checks, makes the edit and returns its ``Change``.

    ``strict``: besides the loader's rules (names unique, references that exist, valid
    values), keep what the window promises — devices in free slots within their rack, feeds
    of their rack, cables on existing, free ports. Inverses are not strict: they put back a
    design that existed, findings and all.
    """

    strict: bool = True

    def check(self, design: Design) -> None:
        raise NotImplementedError

    def apply(self, design: Design) -> Change:
        raise NotImplementedError


@dataclass(frozen=True)
class Change:
    """What an applied edit did.

    edit: the operation applied; inverse: the operation that, applied next, gives back the
    design as it was (exactly: a saved file has the same bytes); scopes: what to re-check;
    summary: the change in words (English), e.g. ``rack "A02": room "Hall 1" -> "Hall 2"``.
    """

    edit: Edit
    inverse: Edit
    scopes: Scopes
    summary: str


@dataclass
class Batch(Edit):
    """Several edits as one: applied in order, undone in reverse order. If one is refused,
    those already applied are undone and the refusal is raised."""

    edits: list[Edit] = field(default_factory=list)
    summary: str | None = None
    strict: bool = True

    def check(self, design: Design) -> None:
        # Each part is checked against the design as it is now; ``apply`` checks each
        # again against the design its predecessors leave.
        for edit in self.edits:
            edit.check(design)

    def apply(self, design: Design) -> Change:
        changes = apply_all(design, self.edits)
        return combine(self, changes, self.summary)


def apply_all(design: Design, edits: Iterable[Edit]) -> list[Change]:
    """Apply edits in order; on a refusal undo the ones applied and raise it."""
    changes: list[Change] = []
    try:
        for edit in edits:
            changes.append(edit.apply(design))
    except EditRefused:
        for change in reversed(changes):
            change.inverse.apply(design)
        raise
    return changes


def combine(edit: Edit, changes: list[Change], summary: str | None = None) -> Change:
    scopes = Scopes()
    for change in changes:
        scopes = scopes.merge(change.scopes)
    inverse = Batch([c.inverse for c in reversed(changes)], strict=False)
    return Change(edit, inverse, scopes, summary or "; ".join(c.summary for c in changes))


class History:
    """An undo history over one design, without Qt: what the window's undo stack does,
    for tests and scripts."""

    def __init__(self, design: Design) -> None:
        self.design = design
        self.done: list[Change] = []
        self.undone: list[Change] = []

    def do(self, edit: Edit) -> Change:
        change = edit.apply(self.design)
        self.done.append(change)
        self.undone.clear()
        return change

    def undo(self) -> Change:
        change = self.done.pop()
        reverted = change.inverse.apply(self.design)
        self.undone.append(reverted)
        return reverted

    def redo(self) -> Change:
        reverted = self.undone.pop()
        change = reverted.inverse.apply(self.design)
        self.done.append(change)
        return change

    def undo_all(self) -> None:
        while self.done:
            self.undo()

    def redo_all(self) -> None:
        while self.undone:
            self.redo()
