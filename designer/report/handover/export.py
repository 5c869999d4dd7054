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


def check_targets(*, cables=None, label_scheme: str = DEFAULT_LABEL_SCHEME, slurm=None, topo=None, dot=None) -> None:
    if cables is not None:
        if Path(cables).suffix.lower() not in CABLE_FORMATS:
            raise ExportError(f"unknown cable schedule format {Path(cables).suffix or '(no extension)'!r}",
                              file=cables, hint="name the file .csv or .xlsx")
        _check_file_target(Path(cables), "cable schedule")
    check_label_scheme(label_scheme)
    for path, what in ((slurm, "Slurm topology"), (topo, "UFM topology"), (dot, "DOT topology")):
        if path is not None:
            _check_file_target(Path(path), what)


def export_handover(index: DesignIndex, catalog: Catalog, *, cables=None, label_scheme: str = DEFAULT_LABEL_SCHEME,
                    slurm=None, topo=None, dot=None) -> list[Path]:
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
