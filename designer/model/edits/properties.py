"""Setting one field of the design, its settings, a room, rack, feed, device, fabric or
link, and replacing the growth stages.

A value is validated as the model validates it when loading (types, ranges, patterns),
then against the references the loader checks (a rack's room, a device's rack and
fabric, unique names) and, strictly, against the rack's slots and feeds. A rename takes
every reference along (a rack's devices, a device's cables, the growth stages).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Sequence

from designer.model.design import Design
from designer.model.estimates import Stage
from designer.model.link import Link, LinkEnd
from designer.model.rack import Rack
from designer.model.edits import rules
from designer.model.edits.core import Change, Edit, Scopes, refuse
from designer.model.edits.moves import ReplaceLinks, _link_at
from designer.model.edits.objects import check_stages

# where a rename changed references: site ("devices.rack", "stages.racks"...) -> positions (an index,
# or (stage, entry) for the stages; lists once read back from JSON)
Refs = dict[str, list[Any]]

# Fields an object's own edit does not set: lists and sections have edits of their own.
_NOT_SET = {
    "design": {"format_version", "project", "site", "targets", "compliance", "fabrics", "estimates", "stages",
               "racks", "devices", "links", "rack_types", "device_types"},
    "site": {"rooms"},
}
# A rack field that moves it on the floor (or changes its footprint): its room's floor
# and its cables are re-checked.
_RACK_GEOMETRY = {"x_mm", "y_mm", "facing", "room", "rack_type", "row"}
# A device field that changes what its ports are or where its cables end.
_DEVICE_CABLING = {"rack", "position_u", "face", "full_depth", "device_type", "port_breakouts"}
# A device field that changes its ports (their speeds and cages): the cables' far ends too.
_DEVICE_PORTS = {"device_type", "port_breakouts"}


def find_object(design: Design, kind: str, name: Any) -> Any:  # a room, rack, feed, device, link or section
    """The object an edit of ``kind`` named ``name`` addresses (a feed: ``"rack/feed"``;
    a link: its position; settings sections: name None)."""
    lists: dict[str, Sequence[Any]] = {"rack": design.racks, "device": design.devices, "room": design.site.rooms,
                                       "fabric": design.fabrics}
    if kind in lists:
        found = next((o for o in lists[kind] if o.name == name), None)
        if found is None:
            refuse(f'{kind} "{name}" does not exist', field=rules.where(kind, name), hint="it may have been deleted "
                   "or renamed", code=f"no_such_{kind}", **{kind: name})
        return found
    if kind == "feed":
        rack_name, _, feed_name = str(name).partition("/")
        rack = find_object(design, "rack", rack_name)
        found = next((f for f in rack.feeds if f.name == feed_name), None)
        if found is None:
            refuse(f'rack "{rack_name}" has no feed "{feed_name}"', field=f'racks "{rack_name}".feeds',
                   hint=f"use one of: {rules.choices(f.name for f in rack.feeds)}", code="no_such_feed",
                   rack=rack_name, feed=feed_name)
        return found
    if kind == "link":
        return _link_at(design, name)
    sections = {"project": design.project, "targets": design.targets, "compliance": design.compliance,
                "design": design, "site": design.site, "cost": design.estimates.cost,
                "communication": design.estimates.communication, "scaling": design.estimates.scaling,
                "storage_inputs": design.estimates.storage, "workload": design.estimates.workload}
    if kind not in sections:
        refuse(f'there is nothing of kind "{kind}" to edit', field=kind,
               hint=f"use one of: {', '.join(['room', 'rack', 'feed', 'device', 'fabric', 'link', *sections])}",
               code="no_such_kind")
    return sections[kind]


@dataclass
class SetProperty(Edit):
    """Set ``field`` of the object ``kind``/``name`` to ``value``."""

    kind: str
    name: Any
    field: str
    value: Any
    strict: bool = True
    # a rename's inverse: exactly the references the rename changed (None: every one)
    refs: Refs | None = None

    def _where(self) -> str:
        return rules.where(self.kind, self.name)

    def _new_value(self, design: Design) -> tuple[Any, Any, Any]:
        obj = find_object(design, self.kind, self.name)
        where = self._where()
        if self.field in _NOT_SET.get(self.kind, ()):
            refuse(f'{self.field} is not set as one value', field=f"{where}.{self.field}",
                   hint="use the edits that add, delete or set its parts", code="not_settable", field_name=self.field)
        new = rules.validated_field(obj, self.field, value=self.value, where_=where)
        return obj, getattr(obj, self.field), new

    def _link_edit(self, design: Design) -> ReplaceLinks:
        link = _link_at(design, self.name)
        value = self.value
        if self.field in ("a", "b") and isinstance(value, str):
            device, _, port = value.partition(":")
            value = {"device": device, "port": port}  # validated below, refused in the edit's words
        copy = link.model_copy()
        new = rules.validated_field(copy, self.field, value, f"links[{self.name}]")
        return ReplaceLinks([self.name], [link.model_copy(update={self.field: new})], strict=self.strict,
                            verb=f"set {self.field} of")

    def check(self, design: Design) -> None:
        if self.kind == "link":
            self._link_edit(design).check(design)
            return
        obj, old, new = self._new_value(design)
        if new == old:
            return
        where = self._where()
        field = f"{where}.{self.field}"
        if self.field == "name" and self.kind in rules.LISTS:
            rules.unique(self.kind, new, rules.pool(design, self.kind), field)
        if self.kind == "feed":
            rack = find_object(design, "rack", str(self.name).partition("/")[0])
            if self.field == "name" and new in [f.name for f in rack.feeds]:
                refuse(f'rack "{rack.name}" already has a feed "{new}"', field=field,
                       hint="feed names of a rack must be unique; choose another", code="feed_taken", feed=new)
        elif self.kind == "rack":
            self._check_rack(design, obj, new, field)
        elif self.kind == "device":
            moved = obj.model_copy(update={self.field: new})
            index = rules.preview(design, devices=[moved if d is obj else d for d in design.devices])
            rules.device_fits(index, moved, where, self.strict)

    def _check_rack(self, design: Design, rack: Rack, new: Any, field: str) -> None:
        if self.field == "room":
            rules.room_exists(design, new, field)
        elif self.field == "rack_type" and new not in {t.slug for t in design.rack_types}:
            refuse(f'rack type "{new}" is not in the design', field=field,
                   hint=f"use one of: {rules.choices(t.slug for t in design.rack_types)}", code="no_such_type",
                   type=new)
        probe = rack.model_copy(update={self.field: new})
        if self.field == "feeds":
            rules.feed_names_unique(probe, self._where())
        if self.strict and self.field in ("rack_type", "feeds"):
            # the devices in it must still fit its slots and hang on its feeds
            index = rules.preview(design, racks=[probe if r is rack else r for r in design.racks])
            for device in index.devices_by_rack.get(rack.name, []):
                rules.device_fits(index, device, rules.where("device", device.name), True)

    def apply(self, design: Design) -> Change:
        if self.kind == "link":
            change = self._link_edit(design).apply(design)
            return Change(self, change.inverse, change.scopes, change.summary)
        self.check(design)
        obj, old, new = self._new_value(design)
        scopes_before = self._scopes(design, obj)
        setattr(obj, self.field, new)
        refs = None
        if self.field == "name" and new != old:
            refs = rename_references(design, self.kind, self.name, old, new, self.refs)
            scopes = Scopes(everything=True)
        elif self.kind == "rack" and self.field == "room" and new != old:
            scopes = Scopes(everything=True)  # which racks each room holds changed
        else:
            scopes = scopes_before.merge(self._scopes(design, obj))
        renamed = new if self.field == "name" and self.kind in rules.LISTS else self.name
        if self.kind == "feed" and self.field == "name":
            renamed = f"{str(self.name).partition('/')[0]}/{new}"
        inverse = SetProperty(self.kind, renamed, self.field, old, strict=False, refs=refs)
        return Change(self, inverse, scopes, f"{self._where()}: {self.field} {old!r} -> {new!r}")

    def _scopes(self, design: Design, obj: Any) -> Scopes:
        """What this field of ``obj`` touches, as ``obj`` is now (called before and after)."""
        if self.kind == "rack":
            members = [d.name for d in design.devices if d.rack == obj.name] if self.field in _RACK_GEOMETRY else []
            return Scopes.of(racks=[obj.name], rooms=[obj.room] if self.field in _RACK_GEOMETRY else [],
                             devices=members, links=bool(members), design=True)
        if self.kind == "feed":
            return Scopes.of(racks=[str(self.name).partition("/")[0]])
        if self.kind == "device":
            fabrics = [obj.fabric] if self.field in ("fabric", "tier") else []
            devices = [obj.name]
            if self.field in _DEVICE_PORTS:
                # the far ends' findings judge these ports too (a cable's part is judged
                # with its first end): the peers are named, the checker does not guess them;
                # and the fabrics its cables are in count its ports again
                cables = [link for link in design.links if obj.name in (link.a.device, link.b.device)]
                devices += [e.device for link in cables for e in (link.a, link.b)]
                fabrics = [obj.fabric, *fabrics, *(link.fabric for link in cables)]
            return Scopes.of(racks=[obj.rack], devices=devices, fabrics=fabrics,
                             links=self.field in _DEVICE_CABLING, design=True)
        if self.kind == "room":
            return Scopes.of(rooms=[obj.name], racks=[r.name for r in design.racks if r.room == obj.name])
        if self.kind == "fabric":
            return Scopes.of(fabrics=[obj.name], design=True)
        return Scopes(design=True)


def rename_references(design: Design, kind: str, name: Any, old: str, new: str, only: Refs | None = None) -> Refs:
    """Point every reference to ``old`` at ``new`` (``only``: just these positions, as an
    earlier rename returned them); returns the positions changed."""
    changed: Refs = {}

    def chosen(site: str, positions: list[Any]) -> list[Any]:
        if only is not None:
            allowed = {tuple(p) if isinstance(p, list) else p for p in only.get(site, [])}
            positions = [p for p in positions if p in allowed]
        if positions:
            changed[site] = positions
        return positions

    def set_in_place(site: str, items: Sequence[Any], attr: str, where: Callable[[Any], bool] = lambda o: True) -> None:
        for i in chosen(site, [i for i, o in enumerate(items) if getattr(o, attr) == old and where(o)]):
            setattr(items[i], attr, new)

    def stage_lists(site: str, attr: str) -> None:
        hits = chosen(site, [(i, j) for i, s in enumerate(design.stages) for j, n in enumerate(getattr(s, attr))
                             if n == old])
        if hits:
            stages = list(design.stages)
            for i in {i for i, _ in hits}:
                names = list(getattr(stages[i], attr))
                for j in (j for k, j in hits if k == i):
                    names[j] = new
                stages[i] = stages[i].model_copy(update={attr: names})
            design.stages = stages

    def link_fields(site: str, attr: str, value_of: Callable[[Link], str | None],
                    renamed: Callable[[Link], object]) -> None:
        hits = chosen(site, [i for i, l in enumerate(design.links) if value_of(l) == old])
        if hits:
            links = list(design.links)
            for i in hits:
                links[i] = links[i].model_copy(update={attr: renamed(links[i])})
            design.links = links

    if kind == "rack":
        set_in_place("devices.rack", design.devices, "rack")
        stage_lists("stages.racks", "racks")
    elif kind == "device":
        link_fields("links.a", "a", lambda l: l.a.device, lambda l: LinkEnd(device=new, port=l.a.port))
        link_fields("links.b", "b", lambda l: l.b.device, lambda l: LinkEnd(device=new, port=l.b.port))
        stage_lists("stages.devices", "devices")
    elif kind == "room":
        set_in_place("racks.room", design.racks, "room")
    elif kind == "fabric":
        set_in_place("devices.fabric", design.devices, "fabric")
        link_fields("links.fabric", "fabric", lambda l: l.fabric, lambda l: new)
    elif kind == "feed":
        rack = str(name).partition("/")[0]
        set_in_place("devices.feed", design.devices, "feed", lambda d: d.rack == rack)
    return changed


@dataclass
class SetStages(Edit):
    """Replace the growth stages (unique names; every rack and device they name exists)."""

    stages: list[Stage]
    strict: bool = True

    def _validated(self, design: Design) -> list[Stage]:
        stages = [rules.validated(s, f'stages[{i}] "{s.name}"') if self.strict else s
                  for i, s in enumerate(self.stages)]
        check_stages(stages, {r.name for r in design.racks}, {d.name for d in design.devices})
        return stages

    def check(self, design: Design) -> None:
        self._validated(design)

    def apply(self, design: Design) -> Change:
        stages = self._validated(design)
        old = design.stages
        design.stages = list(stages)
        n = len(stages)
        return Change(self, SetStages(old, strict=False), Scopes(design=True),
                      f"set {n} growth stage{'s' if n != 1 else ''}")


def set_property(kind: str, name: Any, field: str, value: Any) -> SetProperty:
    return SetProperty(kind, name, field, value)
