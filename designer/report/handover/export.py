"""``designer export --cables / --slurm / --topo / --dot``: check every target first, build
every file in memory, then write each atomically (a failure leaves no partial file)."""

from __future__ import annotations

from pathlib import Path

from designer.catalog import Catalog
from designer.errors import ExportError
from designer.model.index import DesignIndex
from designer.report.exports import _check_file_target, _write
from designer.report.handover.cables import DEFAULT_LABEL_SCHEME, check_label_scheme

CABLE_FORMATS = (".csv", ".xlsx")


def check_targets(*, cables=None, label_scheme: str | None = None, slurm=None, topo=None, dot=None) -> None:
    if cables is not None:
        if Path(cables).suffix.lower() not in CABLE_FORMATS:
            raise ExportError(f"unknown cable schedule format {Path(cables).suffix or '(no extension)'!r}",
                              file=cables, hint="name the file .csv or .xlsx")
        _check_file_target(Path(cables), "cable schedule")
    check_label_scheme(DEFAULT_LABEL_SCHEME if label_scheme is None else label_scheme)
    for path, what in ((slurm, "Slurm topology"), (topo, "UFM topology"), (dot, "DOT topology")):
        if path is not None:
            _check_file_target(Path(path), what)


def export_handover(index: DesignIndex, catalog: Catalog, *, cables=None, label_scheme: str | None = None,
                    slurm=None, topo=None, dot=None) -> list[Path]:
    label_scheme = DEFAULT_LABEL_SCHEME if label_scheme is None else label_scheme
    check_targets(cables=cables, label_scheme=label_scheme, slurm=slurm, topo=topo, dot=dot)
    contents: list[tuple[Path, bytes]] = []
    if cables is not None:
        from designer.report.handover.cables import cable_schedule, schedule_csv, schedule_xlsx

        rows = cable_schedule(index, catalog.cabling, label_scheme)
        path = Path(cables)
        content = schedule_csv(rows) if path.suffix.lower() == ".csv" else schedule_xlsx(rows, label_scheme)
        contents.append((path, content))
    if slurm is not None:
        from designer.report.handover.slurm import topology_conf

        contents.append((Path(slurm), topology_conf(index).encode("utf-8")))
    if topo is not None:
        from designer.report.handover.ufm import topo_file

        contents.append((Path(topo), topo_file(index).encode("utf-8")))
    if dot is not None:
        from designer.report.handover.ufm import dot_file

        contents.append((Path(dot), dot_file(index).encode("utf-8")))
    return [_write(path, content) for path, content in contents]


def _known_export_file(relative: Path) -> bool:
    from designer.report.handover.netbox import CSV_FILES, DEVICE_TYPES_DIR

    return relative.name in CSV_FILES or relative.parts[:1] == (DEVICE_TYPES_DIR,)


def check_netbox_target(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise ExportError("is a file; --netbox needs a folder", file=folder,
                          hint="name a folder (it is created if missing)")
    parent = folder.parent if str(folder.parent) else Path(".")
    if not parent.is_dir():
        raise ExportError("the folder does not exist", file=parent, hint="create it or choose another location")
    if folder.is_dir():
        strangers = [p for p in folder.rglob("*") if p.is_file() and not _known_export_file(p.relative_to(folder))]
        if strangers:
            raise ExportError(f"holds files that are not a NetBox export ({strangers[0].name} among them)",
                              file=folder, hint="name an empty or new folder; a previous export is replaced whole")


def write_netbox(index: DesignIndex, catalog: Catalog, folder: str | Path) -> list[Path]:
    """Every file into a new folder beside the target, then swapped in whole: a failure
    leaves the previous export (or nothing) in place, never half of one."""
    import shutil
    import tempfile

    from designer.report.handover.netbox import netbox_files

    folder = Path(folder)
    check_netbox_target(folder)
    files = netbox_files(index, catalog.cabling)
    parent = folder.parent if str(folder.parent) else Path(".")
    try:
        staging = Path(tempfile.mkdtemp(dir=parent, prefix=f".{folder.name}."))
    except OSError as exc:
        raise ExportError(f"cannot write here: {exc.strerror}", file=parent,
                          hint="choose a folder you can write to") from None
    try:
        for relative, content in files.items():
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        old = None
        if folder.exists():
            old = parent / f".{folder.name}.old-{staging.name}"
            folder.rename(old)
        staging.rename(folder)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise ExportError(f"could not be written: {exc.strerror}; nothing was changed", file=folder) from None
    return [folder / relative for relative in files]
