"""Reading and writing project files.

Loading validates everything and raises one ``DesignLoadError`` that names the file,
the field path and what was expected; it never writes to the input. Saving is
atomic: the new content goes to a temporary file in the same folder, is flushed to
disk and then replaces the old file, so a failed save leaves the previous file intact.
"""

from __future__ import annotations

import gc
import json
import math
import os
import stat
import tempfile
import time
from collections import Counter
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Protocol

from pydantic import TypeAdapter, ValidationError

from designer.errors import DesignerError, DesignLoadError
from designer.model.memory import settle_long_lived
from designer.model.design import FORMAT_VERSION, Design
from designer.model.fast_load import validate_fast
from designer.model.hardware import DeviceType, RackType
# one line naming the field for any pydantic error (the loader's, the catalog's, the import's):
# kept where callers import them from
from designer.model.validation_messages import (  # noqa: F401
    describe_validation_error as describe_validation_error,
    format_field_path as format_field_path,
    validation_error as validation_error,
)


class TypeSource(Protocol):
    """Where the loader finds device and rack types a file does not embed (the catalog)."""

    device_types: Mapping[str, DeviceType]
    rack_types: Mapping[str, RackType]


# ---------------------------------------------------------------- loading


def load_design(path: str | Path, catalog: TypeSource | None = None) -> Design:
    path = Path(path)
    try:
        raw_bytes = path.read_bytes()
    except FileNotFoundError:
        raise DesignLoadError("no such file", file=path, hint="check the path") from None
    except IsADirectoryError:
        raise DesignLoadError("is a folder, not a project file", file=path) from None
    except OSError as exc:
        raise DesignLoadError(f"cannot be read: {exc.strerror}", file=path) from None
    return parse_design(raw_bytes, path, catalog)


def parse_design(raw_bytes: bytes, path: str | Path = "<design>", catalog: TypeSource | None = None) -> Design:
    # The collector would walk the growing design again and again while pydantic builds
    # its objects (about 20 full passes at 16,384 GPUs); the design holds no cycles, so
    # it is off until the design is frozen out of its way (``settle_long_lived``).
    # Frozen before the collector is on again: else its first pass would walk every
    # object of the design once more (they are all in its youngest generation).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        design = validate_fast(raw_bytes)
        if design is None:
            design = _validate_friendly(raw_bytes, path)
        _resolve_types(design, catalog, path)
        check_references(design, path)
        settle_long_lived()
    finally:
        if was_enabled:
            gc.enable()
    return design


def _validate_friendly(raw_bytes: bytes, path: str | Path) -> Design:
    """Decode, check and validate step by step, raising one ``DesignLoadError`` that
    names what is wrong (also returns the design when the fast path only declined)."""
    data = _decode_json(raw_bytes, path)
    _check_format_version(data, path)
    try:
        # strict, as the fast path: a number is a JSON number (not true, not "5"), a count
        # an integer (not 5.0); the text again, as JSON, so that an enum or a tuple reads
        # as the fast path reads it
        return Design.model_validate_json(raw_bytes.decode("utf-8-sig"), strict=True)
    except ValidationError as exc:
        raise _validation_error(exc, data, path) from None


def _decode_json(raw_bytes: bytes, path: str | Path) -> dict[str, Any]:
    expected = "expected a Cluster Designer project (a JSON object with format_version)"
    if not raw_bytes.strip():
        raise DesignLoadError(f"the file is empty; {expected}", file=path)
    try:
        text = raw_bytes.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DesignLoadError(
            f"not a text file (byte 0x{raw_bytes[exc.start]:02x} at offset {exc.start} is not UTF-8); {expected}",
            file=path,
        ) from None
    if "\x00" in text:
        raise DesignLoadError(f"not a text file (it contains NUL bytes); {expected}", file=path)
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise DesignLoadError(
            f"nested too deeply (over {MAX_NESTING} levels of lists and objects); {expected}",
            file=path,
            hint="a project file nests about 6 levels; this one is damaged or not a project",
        ) from None
    except json.JSONDecodeError as exc:
        body = text.rstrip()
        truncated = (
            exc.pos >= len(body) or exc.msg.startswith("Unterminated string") or not body.endswith(("}", "]"))
        )
        what = f"invalid JSON: {exc.msg}"
        if truncated:
            what += "; the JSON ends too early (the file looks truncated)"
        raise DesignLoadError(f"line {exc.lineno}, column {exc.colno}: {what}", file=path) from None
    except ValueError as exc:
        raise DesignLoadError(f"invalid JSON: {exc}", file=path) from None
    if not isinstance(data, dict):
        raise DesignLoadError(f"the top level is a JSON {type(data).__name__}; {expected}", file=path)
    check_nesting(data, path, DesignLoadError)
    return data


# A project file nests about 6 levels (design > devices > [i] > port_breakouts > port >
# count); the YAML catalog about as deep. Deeper input is refused before validation, so
# no recursive code (pydantic, json.dumps, the error formatter) meets it.
MAX_NESTING = 64


def check_nesting(data: Any, path: str | Path, error: type[DesignerError], limit: int = MAX_NESTING) -> None:
    """Refuse lists and mappings nested more than ``limit`` deep, naming where."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, dict):
            children: Any = node.items()
        elif isinstance(node, list):
            children = enumerate(node)
        else:
            continue
        if len(loc) >= limit:
            raise error(
                f"nested more than {limit} levels deep",
                file=path,
                field=format_field_path(loc[:4], data) + ("..." if len(loc) > 4 else ""),
                hint="this structure is not part of the format; the file is damaged or not the right kind",
            )
        for key, child in children:
            if isinstance(child, (dict, list)):
                stack.append((child, (*loc, key)))


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows; write a finite number")


def _check_format_version(data: dict[str, Any], path: str | Path) -> None:
    version = data.get("format_version")
    if version is None:
        raise DesignLoadError(
            "missing; expected the file format version (an integer) — is this a Cluster Designer project?",
            file=path,
            field="format_version",
        )
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DesignLoadError(f"expected a positive integer, got {version!r}", file=path, field="format_version")
    if version > FORMAT_VERSION:
        raise DesignLoadError(
            f"made by a newer Cluster Designer; needs version {version} of the file format "
            f"(this program reads up to version {FORMAT_VERSION})",
            file=path,
            field="format_version",
            hint="upgrade Cluster Designer to open it; the file was not changed",
        )


def _validation_error(exc: ValidationError, data: Any, path: str | Path) -> DesignLoadError:
    return validation_error(exc, data, path, DesignLoadError)


def _resolve_types(design: Design, catalog: TypeSource | None, path: str | Path) -> None:
    """Embed catalog types that the file names but does not carry (hand-written files)."""
    embedded_devices = {t.slug for t in design.device_types}
    embedded_racks = {t.slug for t in design.rack_types}
    for i, device in enumerate(design.devices):
        slug = device.device_type
        if slug in embedded_devices:
            continue
        found = catalog.device_types.get(slug) if catalog else None
        if found is None:
            raise DesignLoadError(
                f'unknown device type "{slug}": the file does not embed it and the catalog has no such slug',
                file=path,
                field=f'devices[{i}] "{device.name}".device_type',
                hint="embed the type under device_types, add a catalog with --catalog, or see 'designer catalog list'",
            )
        design.device_types.append(found.model_copy(deep=True))
        embedded_devices.add(slug)
    for i, rack in enumerate(design.racks):
        slug = rack.rack_type
        if slug in embedded_racks:
            continue
        found_rack = catalog.rack_types.get(slug) if catalog else None
        if found_rack is None:
            raise DesignLoadError(
                f'unknown rack type "{slug}": the file does not embed it and the catalog has no such slug',
                file=path,
                field=f'racks[{i}] "{rack.name}".rack_type',
                hint="embed the type under rack_types or see 'designer catalog list'",
            )
        design.rack_types.append(found_rack.model_copy(deep=True))
        embedded_racks.add(slug)


def check_references(design: Design, path: str | Path = "<design>") -> None:
    """Names must be unique and every reference must point at something that exists.

    Problems a user can fix while designing (a device outside its rack, a link to a
    missing port) are findings of the checks, not load errors; only references that
    leave the model meaningless stop loading.
    """
    _unique(path, "site.rooms", [r.name for r in design.site.rooms], "room")
    _unique(path, "racks", [r.name for r in design.racks], "rack")
    _unique(path, "devices", [d.name for d in design.devices], "device")
    _unique(path, "fabrics", [f.name for f in design.fabrics], "fabric")
    _unique(path, "device_types", [t.slug for t in design.device_types], "device type")
    _unique(path, "rack_types", [t.slug for t in design.rack_types], "rack type")

    rooms = {r.name for r in design.site.rooms}
    rack_names = {r.name for r in design.racks}
    fabric_names = {f.name for f in design.fabrics}
    types = {t.slug: t for t in design.device_types}

    for i, rack in enumerate(design.racks):
        if rack.room not in rooms:
            raise DesignLoadError(
                f'rack is in room "{rack.room}", which does not exist',
                file=path,
                field=f'racks[{i}] "{rack.name}".room',
                hint=f"use one of: {_choices(rooms)}" if rooms else "add the room under site.rooms",
            )
        feed_names = [f.name for f in rack.feeds]
        _unique(path, f'racks[{i}] "{rack.name}".feeds', feed_names, "feed")
    for i, device in enumerate(design.devices):
        where = f'devices[{i}] "{device.name}"'
        if device.rack is not None and device.rack not in rack_names:
            raise DesignLoadError(
                f'device is in rack "{device.rack}", which does not exist',
                file=path,
                field=f"{where}.rack",
                hint="add the rack under racks or correct the name",
            )
        if device.fabric is not None and device.fabric not in fabric_names:
            raise DesignLoadError(
                f'fabric "{device.fabric}" does not exist',
                file=path,
                field=f"{where}.fabric",
                hint=f"use one of: {_choices(fabric_names)}" if fabric_names else "add it under fabrics",
            )
        device_type = types[device.device_type]
        for port, breakout in device.port_breakouts.items():
            group = device_type.port_group_of(port)
            if group is None or port not in group.port_names():
                raise DesignLoadError(
                    f'port "{port}" does not exist on {device_type.slug}',
                    file=path,
                    field=f"{where}.port_breakouts",
                )
            if not group.supports(breakout):
                ways = ", ".join(f"{b.count} x {b.speed_gbps:g}G" for b in group.breakout) or "none"
                raise DesignLoadError(
                    f'port "{port}" cannot split into {breakout.count} x {breakout.speed_gbps:g}G '
                    f"(breakouts of {device_type.slug}: {ways})",
                    file=path,
                    field=f"{where}.port_breakouts",
                )
    device_names = {d.name for d in design.devices}
    _unique(path, "stages", [s.name for s in design.stages], "stage")
    for i, stage in enumerate(design.stages):
        where = f'stages[{i}] "{stage.name}"'
        for rack_name in stage.racks:
            if rack_name not in rack_names:
                raise DesignLoadError(f'rack "{rack_name}" does not exist', file=path, field=f"{where}.racks")
        for device_name in stage.devices:
            if device_name not in device_names:
                raise DesignLoadError(f'device "{device_name}" does not exist', file=path, field=f"{where}.devices")
    for i, link in enumerate(design.links):
        if link.fabric is not None and link.fabric not in fabric_names:
            raise DesignLoadError(
                f'fabric "{link.fabric}" does not exist',
                file=path,
                field=f"links[{i}].fabric",
                hint=f"use one of: {_choices(fabric_names)}" if fabric_names else "add it under fabrics",
            )


def _unique(path: str | Path, field: str, names: list[str], what: str) -> None:
    counts = Counter(names)
    for name, count in counts.items():
        if count > 1:
            positions = [i for i, n in enumerate(names) if n == name]
            raise DesignLoadError(
                f'duplicate {what} name "{name}" at positions {", ".join(map(str, positions))}',
                file=path,
                field=field,
                hint="names must be unique; rename all but one",
            )


def _choices(names: set[str], limit: int = 6) -> str:
    shown = sorted(names)[:limit]
    more = len(names) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


# ---------------------------------------------------------------- saving

# Bulky lists are written one item per line: readable, and a diff shows the one
# device or cable that changed.
_ONE_ITEM_PER_LINE = ("racks", "devices", "links")


def dumps_design(design: Design) -> str:
    lines = ["{"]
    fields = list(Design.model_fields)
    for n, key in enumerate(fields):
        value = getattr(design, key)
        comma = "," if n < len(fields) - 1 else ""
        if key in _ONE_ITEM_PER_LINE:
            items = _links_json(value) if key == "links" else None
            if items is None:
                # the whole list in one call into pydantic's core, each item encoded by one shared
                # encoder (json.dumps made an encoder per item: 64,000 at 16,384 GPUs)
                dumped_items = _list_adapter(type(value[0])).dump_python(value, mode="json", exclude_defaults=True) \
                    if value else []
                items = _encode_each(dumped_items)
            if not items:
                lines.append(f'  "{key}": []{comma}')
                continue
            lines.append(f'  "{key}": [')
            lines.extend(f"    {item}{',' if i < len(items) - 1 else ''}" for i, item in enumerate(items))
            lines.append(f"  ]{comma}")
            continue
        if key == "format_version":
            dumped: Any = design.format_version
        elif isinstance(value, list):
            dumped = [item.model_dump(mode="json", exclude_defaults=True) for item in value]
        elif hasattr(value, "model_dump"):
            dumped = value.model_dump(mode="json", exclude_defaults=True)
        else:
            dumped = value
        text = json.dumps(dumped, indent=2, ensure_ascii=False).replace("\n", "\n  ")
        lines.append(f'  "{key}": {text}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
# ``_COMPACT.encode`` makes the C encoder anew on every call; made once, it encodes each of
# 70,000 items of a 16,384-GPU design in two thirds of the time (488 -> 308 ms), with the same
# bytes (the encoder ``JSONEncoder.iterencode`` makes for these settings; no cycles in a dump)
_MAKE_C_ENCODER = getattr(json.encoder, "c_make_encoder", None)  # None where CPython's _json is missing
_C_ENCODER = (_MAKE_C_ENCODER(None, _COMPACT.default, json.encoder.encode_basestring, None, ": ", ", ", False,
                              False, True) if _MAKE_C_ENCODER is not None else None)


def _encode_each(items: list[Any]) -> list[str]:
    """Each item as ``_COMPACT.encode`` writes it."""
    encoder = _C_ENCODER
    if encoder is None:
        return [_COMPACT.encode(item) for item in items]
    join = "".join
    return [join(encoder(item, 0)) if isinstance(item, dict) else _COMPACT.encode(item) for item in items]
# The fields a link's line is written from by ``_links_json``, in the model's order; the
# fast writer is used only while the models have exactly these (a field added to ``Link``
# or ``LinkEnd`` sends every link through pydantic's serializer until it is taught here).
_LINK_FIELDS = ("a", "b", "fabric", "media", "length_m", "cable_id")
_END_FIELDS = ("device", "port")
_OPTIONAL_TEXT = ("fabric", "media")


def _links_json(links: list[Any]) -> list[str] | None:
    """Each link as ``_encode_each`` writes pydantic's ``dump_python(mode="json",
    exclude_defaults=True)`` of it, the text made here from the fields (every optional field's
    default is None, so a field is left out exactly when it is None). 4.5 times faster at
    16,384 GPUs (87,432 links: 0.07 s, against 0.12 s to dump and 0.21 s to encode); the
    serializer still writes any link whose values are not the plain types the file holds
    (a float that is not finite, a subclass of str, a bool). None where the models' fields are not
    the ones this knows."""
    from designer.model.link import Link, LinkEnd

    if tuple(Link.__pydantic_fields__) != _LINK_FIELDS or tuple(LinkEnd.__pydantic_fields__) != _END_FIELDS:
        return None
    if any(Link.__pydantic_fields__[name].default is not None for name in _LINK_FIELDS[2:]):
        return None
    quote = json.encoder.encode_basestring
    isfinite = math.isfinite
    out = []
    adapter = None
    for link in links:
        a, b = link.a, link.b
        fabric, media, length, cable = link.fabric, link.media, link.length_m, link.cable_id
        if type(length) is int:
            length = float(length)  # a stock length (the serializer writes a float field's int as a float)
        if (type(a.device) is not str or type(a.port) is not str or type(b.device) is not str
                or type(b.port) is not str or not (fabric is None or type(fabric) is str)
                or not (media is None or type(media) is str) or not (cable is None or type(cable) is str)
                or not (length is None or (type(length) is float and isfinite(length)))
                or type(link) is not Link or type(a) is not LinkEnd or type(b) is not LinkEnd):
            if adapter is None:
                adapter = _list_adapter(Link)
            out.extend(_encode_each(adapter.dump_python([link], mode="json", exclude_defaults=True)))
            continue
        text = (f'{{"a": {{"device": {quote(a.device)}, "port": {quote(a.port)}}}, '
                f'"b": {{"device": {quote(b.device)}, "port": {quote(b.port)}}}')
        if fabric is not None:
            text += f', "fabric": {quote(fabric)}'
        if media is not None:
            text += f', "media": {quote(media)}'
        if length is not None:
            text += f', "length_m": {length!r}'
        if cable is not None:
            text += f', "cable_id": {quote(cable)}'
        out.append(text + "}")
    return out


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _list_adapter(item_type: type) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(item_type)
    if adapter is None:
        adapter = _ADAPTERS[item_type] = TypeAdapter(list[item_type])  # type: ignore[valid-type]
    return adapter



def save_design(design: Design, path: str | Path) -> None:
    """Write atomically; on any failure the previous file is left as it was."""
    design.format_version = FORMAT_VERSION
    write_atomic(Path(path), dumps_design(design).encode("utf-8"))


def write_atomic(path: Path, content: bytes) -> None:
    """Replace ``path`` with ``content`` atomically; every writer that replaces a file
    (save, ``new``, GraphML, SVG, BOM, PDF, ``catalog import``) goes through here.

    - A read-only target (no write bit, or not writable for this user) is refused, as is
      a folder; nothing is written.
    - A symbolic link is written through: the file it points to gets the new content and
      the link stays a link.
    - Temporary files an earlier save left behind (the process was killed between writing
      and renaming) are removed first.
    """
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise DesignerError("the folder does not exist", file=folder, hint="create it or choose another location")
    check_replaceable(target)
    remove_stray_temps(target)
    try:
        handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, once written and synced
            dir=folder, prefix=f"{_temp_prefix(target)}{os.getpid()}.", suffix=".tmp", delete=False
        )
    except OSError as exc:
        raise DesignerError(f"cannot write in this folder: {exc.strerror}", file=folder) from None
    temp = Path(handle.name)
    try:
        with handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        # Keep the old file's permissions; a new file gets the usual ones (umask).
        os.chmod(temp, target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_umask())
        os.replace(temp, target)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise DesignerError(f"could not be saved: {exc.strerror}; the previous file is unchanged", file=path) from None
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_folder(folder)


def check_replaceable(path: Path) -> None:
    """Refuse a target that is a folder or a write-protected file (also for root, who
    may write anything: a 0444 file is the user saying "do not replace this")."""
    if path.is_dir():
        raise DesignerError("is a folder, not a file", file=path, hint="add a file name")
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise DesignerError(f"cannot be replaced: {exc.strerror}", file=path) from None
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        raise DesignerError(
            "cannot be replaced: the file is read-only",
            file=path,
            hint="choose another name or make the file writable (chmod u+w)",
        )


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


# A temporary file of a writer still at work elsewhere is spared: it names its process,
# and one without a living process (or from before the name carried it) is stale.
_STALE_AFTER_S = 600


def remove_stray_temps(target: Path) -> list[Path]:
    """Delete the temporary files earlier saves of ``target`` left in its folder."""
    folder = target.parent if str(target.parent) else Path(".")
    prefix = _temp_prefix(target)
    removed: list[Path] = []
    try:
        candidates = [p for p in folder.iterdir() if p.name.startswith(prefix) and p.name.endswith(".tmp")]
    except OSError:
        return removed
    for candidate in candidates:
        middle = candidate.name[len(prefix) : -len(".tmp")]
        pid_text = middle.split(".", 1)[0]
        try:
            info = candidate.lstat()
            if not stat.S_ISREG(info.st_mode):
                continue
            if pid_text.isdigit() and "." in middle:
                if int(pid_text) == os.getpid() or _process_alive(int(pid_text)):
                    continue
            elif time.time() - info.st_mtime < _STALE_AFTER_S:
                continue
            candidate.unlink()
            removed.append(candidate)
        except OSError:
            continue
    return removed


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable; not possible on every platform.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
