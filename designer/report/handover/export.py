"""``designer export`` hand-over files: check every target first, build every file in
memory, then write each atomically (a failure leaves no partial file).

``HANDOVER_OUTPUTS`` lists the single-file outputs: option name, what it is, the
extensions it accepts (the first is the format for ``-``) and the function that makes it.
A target ``-`` is standard output (one output at a time); ``None`` is not requested.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable

from designer.catalog import Catalog
from designer.errors import ExportError
from designer.model.index import DesignIndex
from designer.report.exports import _check_file_target, _write
from designer.report.handover.cables import DEFAULT_LABEL_SCHEME, check_label_scheme

STDOUT = "-"


@dataclass(frozen=True)
class HandoverOutput:
    key: str  # argparse destination, also the --json summary's "output"
    what: str
    formats: tuple[str, ...]  # accepted extensions, the first for "-"; () = any name


@dataclass
class Job:
    """Everything one export needs besides the targets."""

    index: DesignIndex
    catalog: Catalog
    label_scheme: str = DEFAULT_LABEL_SCHEME
    lang: str = "en"
    su: int | None = None


HANDOVER_OUTPUTS = (
    HandoverOutput("cables", "cable schedule", (".csv", ".xlsx", ".pdf")),
    HandoverOutput("slurm", "Slurm topology", ()),
    HandoverOutput("slurm_block", "Slurm block topology", ()),
    HandoverOutput("gres", "Slurm gres.conf", ()),
    HandoverOutput("k8s_labels", "Kubernetes node labels", (".yaml", ".yml", ".json")),
    HandoverOutput("topo", "UFM topology", ()),
    HandoverOutput("rack_su", "UFM rack-to-SU map", (".csv",)),
    HandoverOutput("dot", "DOT topology", ()),
    HandoverOutput("air", "NVIDIA Air topology", (".json",)),
    HandoverOutput("drawio", "draw.io diagram", (".drawio", ".xml")),
    HandoverOutput("graphml", "GraphML topology", ()),
)
_BY_KEY = {o.key: o for o in HANDOVER_OUTPUTS}
CABLE_FORMATS = _BY_KEY["cables"].formats


def option_name(key: str) -> str:
    return "--" + key.replace("_", "-")


def _format(output: HandoverOutput, target: str) -> str:
    if target == STDOUT or not output.formats:
        return output.formats[0] if output.formats else ""
    return Path(target).suffix.lower()


def check_targets(*, label_scheme: str | None = None, su: int | None = None, **targets) -> None:
    """Refuse a wrong target, format, label scheme or --su before any work."""
    requested = {k: v for k, v in targets.items() if v is not None}
    unknown = set(requested) - set(_BY_KEY)
    if unknown:
        raise ExportError(f"unknown hand-over output {sorted(unknown)[0]}")
    to_stdout = [k for k, v in requested.items() if str(v) == STDOUT]
    if len(to_stdout) > 1:
        raise ExportError(f"{' and '.join(option_name(k) for k in to_stdout)} all name '-' (standard output)",
                          hint="send one output to '-', name files for the others")
    for key, target in requested.items():
        output = _BY_KEY[key]
        if str(target) == STDOUT:
            continue
        if output.formats and Path(target).suffix.lower() not in output.formats:
            raise ExportError(
                f"unknown {output.what} format {Path(target).suffix or '(no extension)'!r}", file=target,
                hint="name the file " + " or ".join(output.formats))
        _check_file_target(Path(target), output.what)
    check_label_scheme(DEFAULT_LABEL_SCHEME if label_scheme is None else label_scheme)
    if su is not None and su < 1:
        raise ExportError(f"--su {su}: scalable units are numbered from 1", field="--su")
    if su is not None and not any(requested.get(k) is not None for k in ("air", "dot")):
        raise ExportError("--su selects the scalable unit of --air or --dot", field="--su",
                          hint="add --air OUT.json or --dot OUT, or leave out --su")


def _cables(job: Job, fmt: str) -> bytes:
    from designer.report.handover.cables import cable_schedule, schedule_csv, schedule_xlsx

    rows = cable_schedule(job.index, job.catalog.cabling, job.label_scheme)
    if fmt == ".pdf":
        from designer.report.handover.cables_pdf import schedule_pdf

        return schedule_pdf(rows, lang=job.lang, design_name=job.index.design.name, scheme=job.label_scheme)
    return schedule_csv(rows) if fmt == ".csv" else schedule_xlsx(rows, job.label_scheme)


def _text(make: Callable[[Job, str], str]) -> Callable[[Job, str], bytes]:
    return lambda job, fmt: make(job, fmt).encode("utf-8")


def _slurm(job: Job, _fmt: str) -> str:
    from designer.report.handover.slurm import topology_conf

    return topology_conf(job.index)


def _slurm_block(job: Job, _fmt: str) -> str:
    from designer.report.handover.scheduler import block_conf

    return block_conf(job.index)


def _gres(job: Job, _fmt: str) -> str:
    from designer.report.handover.scheduler import gres_conf

    return gres_conf(job.index)


def _k8s(job: Job, fmt: str) -> str:
    from designer.report.handover.scheduler import node_labels_text

    return node_labels_text(job.index, as_json=fmt == ".json")


def _topo(job: Job, _fmt: str) -> str:
    from designer.report.handover.ufm import topo_file

    return topo_file(job.index)


def _rack_su(job: Job, _fmt: str) -> bytes:
    from designer.report.handover.scheduler import rack_su_csv

    return rack_su_csv(job.index)


def _dot(job: Job, _fmt: str) -> str:
    from designer.report.handover.ufm import dot_file

    return dot_file(job.index, job.su)


def _air(job: Job, _fmt: str) -> str:
    from designer.report.handover.ufm import air_json

    return air_json(job.index, job.su)


def _drawio(job: Job, _fmt: str) -> str:
    from designer.report.handover.drawio import drawio_file

    return drawio_file(job.index, job.lang)


def _graphml(job: Job, _fmt: str) -> str:
    from designer.report.graphml import graphml_text

    return graphml_text(job.index)


_MAKERS: dict[str, Callable[[Job, str], bytes]] = {
    "cables": _cables, "slurm": _text(_slurm), "slurm_block": _text(_slurm_block), "gres": _text(_gres),
    "k8s_labels": _text(_k8s), "topo": _text(_topo), "rack_su": _rack_su, "dot": _text(_dot), "air": _text(_air),
    "drawio": _text(_drawio), "graphml": _text(_graphml),
}


def build_handover(job: Job, **targets) -> list[tuple[str, str, bytes]]:
    """(key, target, content) per requested output, in ``HANDOVER_OUTPUTS`` order; nothing written."""
    contents = []
    for output in HANDOVER_OUTPUTS:
        target = targets.get(output.key)
        if target is None:
            continue
        try:
            content = _MAKERS[output.key](job, _format(output, str(target)))
        except ExportError as exc:
            raise ExportError(exc.message, file=exc.file or (None if str(target) == STDOUT else target),
                              field=exc.field or option_name(output.key), hint=exc.hint) from None
        contents.append((output.key, str(target), content))
    return contents


def export_handover(index: DesignIndex, catalog: Catalog, *, label_scheme: str | None = None, lang: str = "en",
                    su: int | None = None, **targets) -> list[Path]:
    """Check, build and write every requested file (none to standard output)."""
    label_scheme = DEFAULT_LABEL_SCHEME if label_scheme is None else label_scheme
    check_targets(label_scheme=label_scheme, su=su, **targets)
    job = Job(index, catalog, label_scheme, lang, su)
    built = build_handover(job, **targets)
    if any(target == STDOUT for _, target, _ in built):
        raise ExportError("export_handover writes files only; the CLI sends '-' to standard output")
    return [_write(Path(target), content) for _, target, content in built]


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
