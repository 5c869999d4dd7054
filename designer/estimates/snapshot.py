"""A copy of the checker's context that another thread can read while the UI thread edits.

The estimates panel prices and estimates a big design on a pool thread; meanwhile the UI
thread applies edits and clears the live ``CheckContext``'s caches (``forget``) and refreshes
its index in place (``DesignIndex.refresh_devices``), so a worker reading the live context
could mix figures from before and after an edit, or recompute an analysis on a half-updated
index (issue 18). ``context_snapshot`` is taken on the UI thread at the moment of the request:

- the index's look-up maps are copied (one level: the dicts; the lists they hold are shared,
  because the index replaces a list when it changes and never changes one in place), so an
  in-place refresh of the live index leaves the copy as it was; its cached ``ports``
  resolver is dropped and rebuilt over the copy on first use; the table of resolved links
  is the copy's own, over its own index;
- the caches (rack loads, rack summaries, fabric analyses, grouped fabric links, cable lanes)
  are copied as they stand: their entries are replaced, never changed, when an edit comes,
  so sharing the entries is safe; a fabric analysis the live context does not hold yet is
  computed by the snapshot over its own index, into its own cache.

The design's objects themselves are shared (a deep copy of a 16,384-GPU design costs seconds
on the UI thread); the panel drops a result that an edit overtook and asks again.
"""

from __future__ import annotations

import copy
from functools import cached_property
from typing import Any

from designer.checks.context import CheckContext
from designer.fabric.link_table import LinkTable
from designer.model.index import DesignIndex


def _copy_value(value: Any) -> Any:
    # one level: the index's lists are replaced, never changed in place, once built
    # (``DesignIndex.refresh_devices``), so the copy shares them (copying 32,000 lists held
    # the UI thread 60-100 ms after every edit at 32,768 GPUs)
    if isinstance(value, (dict, list)):
        return copy.copy(value)
    return value


def index_snapshot(index: DesignIndex) -> DesignIndex:
    """The index with its own maps and lists, sharing the design's objects."""
    snap = copy.copy(index)
    cached = {name for name, attr in vars(type(index)).items() if isinstance(attr, cached_property)}
    for name, value in list(vars(index).items()):
        if name in cached:
            del vars(snap)[name]  # built over the copy when first asked for
        else:
            setattr(snap, name, _copy_value(value))
    return snap


def context_snapshot(ctx: CheckContext) -> CheckContext:
    """A context over a snapshot of ``ctx``'s index with copies of its caches."""
    snap = copy.copy(ctx)
    for name, value in list(vars(ctx).items()):
        if isinstance(value, DesignIndex):
            setattr(snap, name, index_snapshot(value))
        elif isinstance(value, (dict, list)):
            setattr(snap, name, copy.copy(value))  # one level: the entries are replaced, never changed
    # its own table of resolved links, over its own index (sharing the live one, the worker
    # cleared it for the UI thread's index and the UI thread for the worker's); the records
    # themselves are never changed, so the copy shares them
    live_links = vars(ctx).get("_links")
    if isinstance(live_links, LinkTable):
        table = LinkTable(snap.index)
        table._rows = dict(live_links._rows) if live_links.index is ctx.index else {}
        snap._links = table
    # geometry is derived from the index: rebuilt over the copy when needed
    if "_geometry" in vars(snap):
        snap._geometry = None
    return snap
