"""The fast way a project file is read: pydantic's core validates the bytes itself, and a
saved design's links a chunk at a time. ``designer.model.io`` calls it first and reads the
file step by step, with its messages, whenever it declines (returns None)."""

from __future__ import annotations

import copy
import re
from operator import attrgetter
from typing import Any, NamedTuple

from pydantic import TypeAdapter, ValidationError
from pydantic_core import SchemaValidator

from designer.model.design import FORMAT_VERSION, Design
from designer.model.link import Link

# Each ``"format_version": <value>`` key in the file, with the start of its value.
_FORMAT_VERSION_KEY = re.compile(rb'"format_version"\s*:\s*([^\s,}\]]*)')
_KEY = b'"format_version"'


def format_versions(raw_bytes: bytes) -> list[bytes]:
    """The start of each ``"format_version": <value>`` key's value in the file:
    ``_FORMAT_VERSION_KEY.findall`` (the same values), the key's text looked for with
    ``bytes.find`` and the pattern tried only where it stands: a third of the regular
    expression's scan of the whole file (12 ms of a 16,384-GPU design's 11 MB)."""
    found: list[bytes] = []
    start = raw_bytes.find(_KEY)
    while start >= 0:
        match = _FORMAT_VERSION_KEY.match(raw_bytes, start)
        if match is None:
            start = raw_bytes.find(_KEY, start + 1)
        else:
            found.append(match.group(1))
            start = raw_bytes.find(_KEY, match.end())
    return found


def validate_fast(raw_bytes: bytes) -> Design | None:
    """The design straight from the bytes (pydantic's own JSON parser, no Python dicts
    in between, no separate nesting walk), or None when anything is not plainly right:
    then the friendly path reads the file again and says what is wrong. The fast path
    accepts only what the friendly path accepts: its format version must be a plain
    positive integer this program reads (JSON ``true`` or ``"1"`` would pass pydantic's
    lax integer), and any failure of the parser (a byte-order mark, deep nesting, a lone
    surrogate, NaN) or of validation falls back."""
    versions = format_versions(raw_bytes)
    if not versions or any(not v.isdigit() or v.startswith(b"0") for v in versions):
        return None
    if any(int(v) > FORMAT_VERSION for v in versions):
        return None
    try:
        split = split_links(raw_bytes)
        if split is None:
            design = Design.model_validate_json(raw_bytes, strict=True)
        else:
            head, block = split
            design = Design.model_validate_json(head, strict=True)
            design.links = validate_link_block(block)
    except (ValidationError, ValueError, RecursionError):
        return None
    if design.format_version != int(versions[-1]):
        # the key twice, one spelled with an escape the sniff does not read: the friendly
        # path judges the version pydantic read
        return None
    return design


# The links block as ``dumps_design`` writes it: one link per line.
_LINKS_OPEN = b'\n  "links": [\n'
_LINKS_CLOSE = b"\n  ]"
# links are validated about this many bytes at a time (4,000 or so of a generated design's)
CHUNK_BYTES = 1 << 19
# where one item of the block ends and the next begins, as the saver writes it
_ITEM_BREAK = b",\n"


def _patterns_taken_out(schema: Any, field: tuple[str, str] | None,
                        taken: dict[tuple[str, str], dict[str, Any]]) -> None:
    """Remove each text pattern from ``schema`` (a copy of a core schema, changed in place),
    filing the text schema it stood in, pattern and all, by its (dataclass, field)."""
    if isinstance(schema, dict):
        if schema.get("type") == "dataclass-args":
            for item in schema["fields"]:
                _patterns_taken_out(item["schema"], (schema["dataclass_name"], item["name"]), taken)
            return
        if schema.get("type") == "str" and "pattern" in schema:
            if field is None or field in taken:
                raise ValueError(f"a text pattern outside a field, or two in one: {field}")
            taken[field] = dict(schema)
            del schema["pattern"]
        for value in schema.values():
            _patterns_taken_out(value, field, taken)
    elif isinstance(schema, list):
        for value in schema:
            _patterns_taken_out(value, field, taken)


# Where a link's texts are read from: the fields whose patterns the chunks skip (any other
# pattern in the schema and the links are validated with their patterns).
_TEXT_FIELDS = {("LinkEnd", "device"): ("a.device", "b.device"), ("LinkEnd", "port"): ("a.port", "b.port"),
                ("Link", "fabric"): ("fabric",), ("Link", "cable_id"): ("cable_id",)}


def _link_validators() -> tuple[Any, list[tuple[tuple[attrgetter[Any], ...], SchemaValidator]]]:
    """The validator of a chunk of links, and per text field where its texts are and the
    validator of a list of them.

    Why: pydantic's core tries a field's pattern on every text it reads, and at 16,384 GPUs
    that was a third of validating the links (180 of 465 ms), though 64,220 links name only
    6,048 devices, 143 ports and 3 fabrics. The chunks are validated with the same schema
    without the patterns, then each distinct text once with its field's own text schema
    (pattern and all): a link is refused exactly when its own schema would refuse it (a
    pattern only refuses; the texts it is tried on are the ones the link stores, after
    ``strip_whitespace``, which gives the same text again)."""
    whole = TypeAdapter(list[Link])
    schema = copy.deepcopy(whole.core_schema)
    taken: dict[tuple[str, str], dict[str, Any]] = {}
    try:
        _patterns_taken_out(schema, None, taken)
    except ValueError:
        return whole, []
    if set(taken) != set(_TEXT_FIELDS):
        return whole, []  # a field this reading does not know: every pattern where it stands
    checks = [(tuple(attrgetter(path) for path in _TEXT_FIELDS[field]),
               SchemaValidator({"type": "list", "items_schema": text}))
              for field, text in taken.items()]
    return SchemaValidator(schema), checks


_LINK_LIST, _TEXT_CHECKS = _link_validators()


class LinkBlock(NamedTuple):
    """Where the links block's text is: ``data[start:end]`` (not copied: 10 MB at 16,384
    GPUs, 8 ms to copy)."""

    data: bytes
    start: int
    end: int


def split_links(raw_bytes: bytes) -> tuple[bytes, LinkBlock] | None:
    """The file with an empty links list, and the text of its links block (the array's
    items); None when the file is not laid out as this program writes it (then it is
    validated whole).

    Why: pydantic's core parses the bytes it validates into its own tree first; for the
    whole 16,384-GPU design that tree took 67 MB at the peak (the design itself takes 20),
    for half a megabyte of links at a time 2 MB (issue 17: ``report`` peak RSS). The split
    is safe: the key must occur once in the file (a second ``"links"`` key, or a value
    spelled so, and the file is validated whole); a ``links`` block nested in any other
    object makes the head fail (no other model has a ``links`` field, none takes free-form
    keys), and so does a closing bracket that is not the block's own."""
    start = raw_bytes.find(_LINKS_OPEN)
    if start < 0 or raw_bytes.count(b'"links"') != 1:
        return None
    body = start + len(_LINKS_OPEN)
    end = raw_bytes.find(_LINKS_CLOSE, body)
    if end < 0:
        return None
    head = raw_bytes[: body - 1] + b"]" + raw_bytes[end + len(_LINKS_CLOSE):]
    if b"\\u" in head:
        # an escape could spell a second key ("l\u0069nks"); the saver writes none
        return None
    return head, LinkBlock(raw_bytes, body, end)


def validate_link_block(block: LinkBlock) -> list[Link]:
    """The links of a block's text, validated about ``CHUNK_BYTES`` at a time, each chunk
    cut where a line ends in a comma; ValueError when a chunk holds no item (an empty
    element between two commas, or blank lines after the last one: read alone, such a
    chunk is an empty array). A comma after the last item fails the last chunk.

    A cut is safe: a raw line break occurs only between JSON tokens (never in a string),
    so the comma before it separates two items of the array or two parts of one item;
    cut inside an item, both halves fail. Each chunk is read as an array of its own, and
    the chunks with the commas between them are the block's text: so the links read are
    the array's, in its order, exactly when every chunk holds at least one item. (Cut at
    offsets, not by lines: splitting 87,000 lines and joining them again cost 40 ms at
    16,384 GPUs.)"""
    data, position, end = block
    view = memoryview(data)
    links: list[Link] = []
    while position < end:
        cut = data.find(_ITEM_BREAK, position + CHUNK_BYTES, end) if position + CHUNK_BYTES < end else -1
        stop = cut if cut >= 0 else end
        items = _LINK_LIST.validate_json(b"[" + view[position:stop] + b"]", strict=True)
        if not items:
            raise ValueError("links: a chunk holds no item")
        links.extend(items)
        position = cut + len(_ITEM_BREAK) if cut >= 0 else end
    for paths, check in _TEXT_CHECKS:
        texts: set[str | None] = set()
        for path in paths:
            texts.update(map(path, links))
        texts.discard(None)
        check.validate_python(list(texts), strict=True)
    return links
