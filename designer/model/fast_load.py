"""The fast way a project file is read: pydantic's core validates the bytes itself, and a
saved design's links a chunk at a time. ``designer.model.io`` calls it first and reads the
file step by step, with its messages, whenever it declines (returns None)."""

from __future__ import annotations

import re

from pydantic import TypeAdapter, ValidationError

from designer.model.design import FORMAT_VERSION, Design
from designer.model.link import Link

# Each ``"format_version": <value>`` key in the file, with the start of its value.
_FORMAT_VERSION_KEY = re.compile(rb'"format_version"\s*:\s*([^\s,}\]]*)')


def validate_fast(raw_bytes: bytes) -> Design | None:
    """The design straight from the bytes (pydantic's own JSON parser, no Python dicts
    in between, no separate nesting walk), or None when anything is not plainly right:
    then the friendly path reads the file again and says what is wrong. The fast path
    accepts only what the friendly path accepts: its format version must be a plain
    positive integer this program reads (JSON ``true`` or ``"1"`` would pass pydantic's
    lax integer), and any failure of the parser (a byte-order mark, deep nesting, a lone
    surrogate, NaN) or of validation falls back."""
    versions = _FORMAT_VERSION_KEY.findall(raw_bytes)
    if not versions or any(not v.isdigit() or v.startswith(b"0") for v in versions):
        return None
    if any(int(v) > FORMAT_VERSION for v in versions):
        return None
    try:
        split = split_links(raw_bytes)
        if split is None:
            design = Design.model_validate_json(raw_bytes)
        else:
            head, link_lines = split
            design = Design.model_validate_json(head)
            design.links = validate_link_lines(link_lines)
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
LINKS_PER_CHUNK = 4096
_LINK_LIST = TypeAdapter(list[Link])


def split_links(raw_bytes: bytes) -> tuple[bytes, list[bytes]] | None:
    """The file with an empty links list, and the lines of its links block; None when the
    file is not laid out as this program writes it (then it is validated whole).

    Why: pydantic's core parses the bytes it validates into its own tree first; for the
    whole 16,384-GPU design that tree took 67 MB at the peak (the design itself takes 20),
    for 4,096 links at a time 2 MB (issue 17: ``report`` peak RSS). The split is safe: a
    raw line break only occurs between JSON tokens, so the lines are the array's text; the
    key must occur once in the file (a second ``"links"`` key, or a value spelled so, and
    the file is validated whole); a ``links`` block nested in any other object makes the
    head fail (no other model has a ``links`` field, none takes free-form keys), and so
    does a closing bracket that is not the block's own."""
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
    return head, raw_bytes[body:end].split(b"\n")


def validate_link_lines(lines: list[bytes]) -> list[Link]:
    """The links of a block's lines, validated ``LINKS_PER_CHUNK`` at a time; ValueError
    when the lines are not one JSON array's items (each chunk but the last must end in the
    comma that separates it from the next)."""
    links: list[Link] = []
    last = len(lines) - 1
    for first in range(0, len(lines), LINKS_PER_CHUNK):
        chunk = b"\n".join(lines[first:first + LINKS_PER_CHUNK]).rstrip()
        if first + LINKS_PER_CHUNK <= last:
            if not chunk.endswith(b","):
                raise ValueError("links: a chunk does not end between two items")
            chunk = chunk[:-1]
        elif chunk.endswith(b","):
            raise ValueError("links: a comma after the last item")
        if not chunk.strip() and len(lines) > LINKS_PER_CHUNK:
            # an empty element between two commas, or blank lines after the last one
            raise ValueError("links: a chunk holds no item")
        links.extend(_LINK_LIST.validate_json(b"[" + chunk + b"]"))
    return links
