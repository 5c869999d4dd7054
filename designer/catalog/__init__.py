"""The hardware catalog: bundled entries, the user's imported entries and --catalog files."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterable

from designer.catalog.cabling import Cabling
from designer.catalog.cache import read_bundled
from designer.catalog.entries import parse_entry
from designer.errors import CatalogError
from designer.model.hardware import DeviceType, RackType
from designer.resources import catalog_dir, user_catalog_dir


@dataclass
class Catalog:
    device_types: dict[str, DeviceType] = field(default_factory=dict)
    rack_types: dict[str, RackType] = field(default_factory=dict)
    cabling: Cabling = field(default_factory=Cabling)
    # slug -> the file it came from, for `catalog show` and error messages.
    origins: dict[str, Path] = field(default_factory=dict)
    # what loading had to say (a raw devicetype-library file converted in memory), for the CLI
    warnings: list[str] = field(default_factory=list)

    def add(self, entry: DeviceType | RackType, origin: Path) -> None:
        # Later files win: a user catalog may correct a bundled entry.
        if isinstance(entry, RackType):
            self.device_types.pop(entry.slug, None)
            self.rack_types[entry.slug] = entry
        else:
            self.rack_types.pop(entry.slug, None)
            self.device_types[entry.slug] = entry
        self.origins[entry.slug] = origin

    def get(self, slug: str) -> DeviceType | RackType | None:
        return self.device_types.get(slug) or self.rack_types.get(slug)

    def require(self, slug: str, what: str = "part") -> DeviceType | RackType:
        entry = self.get(slug)
        if entry is None:
            close = _similar(slug, [*self.device_types, *self.rack_types])
            hint = f"did you mean {', '.join(close)}?" if close else "see 'designer catalog list'"
            raise CatalogError(f'unknown {what} "{slug}"', hint=hint)
        return entry

    def require_device(self, slug: str, kinds: tuple[str, ...] = (), what: str = "device") -> DeviceType:
        entry = self.require(slug, what)
        if not isinstance(entry, DeviceType) or (kinds and entry.kind not in kinds):
            actual = "a rack" if isinstance(entry, RackType) else f"a {entry.kind}"
            raise CatalogError(f'"{slug}" is {actual}, not a {" or ".join(kinds) or "device"}')
        return entry


def _similar(slug: str, choices: list[str]) -> list[str]:
    import difflib

    return difflib.get_close_matches(slug, choices, n=3, cutoff=0.6)


def _yaml_files(path: Path) -> Iterable[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
    return [path]


def _is_raw_netbox(data: object) -> bool:
    """A netbox devicetype-library file as upstream has it: names manufacturer, model and
    slug but no ``kind`` (every catalog entry has one)."""
    return isinstance(data, dict) and "kind" not in data and all(data.get(k) for k in ("manufacturer", "model", "slug"))


def load_catalog_files(catalog: Catalog, paths: Iterable[Path], *, bundled: bool = False) -> None:
    """``bundled``: the files shipped with the program (read with the C YAML parser, their
    parsed data kept between runs: ``designer.catalog.cache``)."""
    for root in paths:
        if not root.exists():
            raise CatalogError("no such file or folder", file=root, hint="check the --catalog path")
        files = list(_yaml_files(root))
        if bundled:
            before = (dict(catalog.device_types), dict(catalog.rack_types), catalog.cabling, dict(catalog.origins),
                      list(catalog.warnings))
            try:
                for path, data in zip(files, read_bundled(files)):
                    _add_file(catalog, path, data)
            except CatalogError:
                # a cache file someone changed (its digest still matching) would fail the
                # same way on every run: the files are parsed again and the cache rewritten;
                # a fault of the files themselves raises again here
                catalog.device_types, catalog.rack_types, catalog.cabling, catalog.origins, catalog.warnings = before
                for path, data in zip(files, read_bundled(files, cached=False)):
                    _add_file(catalog, path, data)
            continue
        from designer.catalog.yaml_reader import read_yaml

        for path in files:
            _add_file(catalog, path, read_yaml(path))


def _add_file(catalog: Catalog, path: Path, data: object) -> None:
    """What one catalog file holds (its parsed data), added to ``catalog``."""
    if path.name == "cabling.yaml" or (isinstance(data, dict) and ("cables" in data or "transceivers" in data)):
        _merge_cabling(catalog, data, path)
        return
    if _is_raw_netbox(data):
        from designer.catalog.netbox import add_raw_netbox

        add_raw_netbox(catalog, path)
        return
    catalog.add(parse_entry(data, path), path)


def _merge_cabling(catalog: Catalog, data: object, path: Path) -> None:
    from pydantic import ValidationError

    from designer.model.io import format_field_path

    try:
        extra = Cabling.model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        raise CatalogError(error["msg"], file=path, field=format_field_path(error["loc"], data)) from None
    cables = {c.slug: c for c in catalog.cabling.cables} | {c.slug: c for c in extra.cables}
    optics = {t.slug: t for t in catalog.cabling.transceivers} | {t.slug: t for t in extra.transceivers}
    catalog.cabling = Cabling(cables=list(cables.values()), transceivers=list(optics.values()))


_BUNDLED: Catalog | None = None


def load_catalog(extra_paths: Iterable[str | Path] = (), *, include_user: bool = True) -> Catalog:
    """The bundled catalog, then the user's imported entries, then ``extra_paths``."""
    global _BUNDLED
    if _BUNDLED is None:
        bundled = Catalog()
        load_catalog_files(bundled, [catalog_dir()], bundled=True)
        _BUNDLED = bundled
    catalog = Catalog(
        device_types=dict(_BUNDLED.device_types),
        rack_types=dict(_BUNDLED.rack_types),
        cabling=_BUNDLED.cabling,
        origins=dict(_BUNDLED.origins),
    )
    user_dir = user_catalog_dir()
    if include_user and user_dir.is_dir():
        load_catalog_files(catalog, [user_dir])
    load_catalog_files(catalog, [Path(p) for p in extra_paths])
    return catalog


__all__ = ["Catalog", "load_catalog", "load_catalog_files"]
