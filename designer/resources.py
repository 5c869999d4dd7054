"""Where the bundled resources (catalog, examples, translations) are.

In a source checkout they sit in the top-level ``resources/`` folder; a wheel
carries them as ``designer/_resources``. ``DESIGNER_RESOURCES`` overrides both.
"""

from __future__ import annotations

import os
from pathlib import Path


def resources_dir() -> Path:
    override = os.environ.get("DESIGNER_RESOURCES")
    if override:
        return Path(override)
    package = Path(__file__).resolve().parent
    for candidate in (package.parent / "resources", package / "_resources"):
        if (candidate / "catalog").is_dir():
            return candidate
    raise FileNotFoundError("Cluster Designer's resources folder is missing; reinstall the package")


def catalog_dir() -> Path:
    return resources_dir() / "catalog"


def examples_dir() -> Path:
    return resources_dir() / "examples"


def example_design() -> Path:
    return examples_dir() / "dgx-h100-16-node.json"


def user_catalog_dir() -> Path:
    """Entries imported with ``designer catalog import`` land here and load automatically."""
    override = os.environ.get("DESIGNER_USER_CATALOG")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cluster-designer" / "catalog"


# The Chinese font the proposal embeds and the window shows Chinese in: Noto Sans SC (SIL
# Open Font Licence), the variable TrueType file of the ``justmytype-intl-cjk`` package the
# project installs (pyproject.toml).
CJK_FONT_PACKAGE = "justmytype_intl_cjk"
CJK_FONT_FILE = "fonts/ofl/notosanssc/NotoSansSC[wght].ttf"


def bundled_cjk_font() -> Path | None:
    """The variable Noto Sans SC file of the installed font package, or None."""
    try:
        from importlib.resources import files

        path = Path(str(files(CJK_FONT_PACKAGE) / CJK_FONT_FILE))
    except (ImportError, ModuleNotFoundError, TypeError):
        return None
    return path if path.is_file() else None
