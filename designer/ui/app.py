"""Starting the window: ``designer [FILE]`` and ``designer --screenshot OUT.png``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "Cluster Designer"
ORGANIZATION = "ClusterDesigner"


def _check_display() -> None:
    """Qt aborts the process when it cannot open a window; say why, and the fix, first."""
    from designer.errors import DesignerError

    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if not sys.platform.startswith("linux") or platform not in ("", "xcb"):
        return
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        raise DesignerError(
            "no display to open the window on",
            hint="run it on a desktop, or render off-screen with --screenshot OUT.png",
        )
    if os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        missing = _missing_x11_library()
        if missing:
            raise DesignerError(
                f"Qt's X11 window support cannot load {missing}",
                hint="install the X11 libraries Qt needs, e.g. on Debian/Ubuntu: sudo apt-get install "
                "libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 "
                "libxkbcommon-x11-0 libxcb-shape0 libxcb-randr0 libxcb-xinerama0",
            )


def _missing_x11_library() -> str | None:
    """The first system library Qt's X11 plugin cannot load (None: all there)."""
    import ctypes

    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    for library in (qt / "lib" / "libQt6XcbQpa.so.6", qt / "plugins" / "platforms" / "libqxcb.so"):
        if not library.exists():
            continue
        try:
            ctypes.CDLL(str(library))
        except OSError as exc:
            # "libxcb-icccm.so.4: cannot open shared object file: ..."
            return str(exc).split(":")[0].strip() or str(exc)
    return None


def _application(offscreen: bool):
    if offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    else:
        _check_display()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    from PySide6.QtGui import QIcon

    from designer.resources import resources_dir

    app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "cluster-designer.svg")))
    add_cjk_font(app)
    return app


def add_cjk_font(app) -> list[str]:
    """The proposal's Chinese font (Noto Sans SC, ``designer.resources.bundled_cjk_font``)
    made the window's fallback after its own UI font, so that Chinese labels show on a
    machine with no CJK font installed (a Linux desktop or server without fonts-noto-cjk
    showed every Chinese word as empty boxes) and read as the proposal does elsewhere.
    Latin text keeps the system's UI font. Returns the families added ([] without the
    font package, or if Qt cannot read the file)."""
    from PySide6.QtGui import QFontDatabase

    from designer.resources import bundled_cjk_font

    path = bundled_cjk_font()
    if path is None:
        return []
    font_id = QFontDatabase.addApplicationFont(str(path))
    # the variable file's default family (Qt also lists its named "Thin" instance)
    families = QFontDatabase.applicationFontFamilies(font_id)[:1] if font_id >= 0 else []
    if families:
        font = app.font()
        font.setFamilies([*font.families(), *(f for f in families if f not in font.families())])
        app.setFont(font)
    return families


def open_window(path: str | None, catalog, settings=None):
    """The main window on ``path`` (or a blank design); loader errors are raised."""
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow, blank_design

    doc = DesignDocument.open(path, catalog) if path else DesignDocument(blank_design(), catalog)
    return MainWindow(doc, settings)


def open_window_later(path: str | None, catalog, settings=None):
    """The main window at once, on an empty design; ``window.open_in_background(path)``
    then reads the file on a worker (the window paints within a second or two of start
    even at 16,384 GPUs, whose file takes seconds to read and validate)."""
    from designer.model.design import Design
    from designer.model.site import Site
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow, blank_design

    if path is None:
        return MainWindow(DesignDocument(blank_design(), catalog), settings)
    placeholder = Design(name=Path(path).stem, site=Site(rooms=[]))
    return MainWindow(DesignDocument(placeholder, catalog), settings)


def offer_recovery(window) -> bool:
    """After a crash: offer the newest recovery file. True when one was restored."""
    from designer.model.io import load_design
    from designer.ui import recovery
    from designer.ui.document import DesignDocument

    from designer.ui import language

    pending = recovery.pending_recoveries(drop_stale=True)
    if not pending:
        return False
    path, meta = max(pending, key=lambda item: item[1]["saved_at"])
    original = meta["original"]
    if not window.prompts.ask_restore(original):
        recovery.remove_files(path)
        return False
    try:
        design = load_design(path, window.catalog)
    except Exception as exc:  # noqa: BLE001 - a damaged recovery file is not worth a crash at start-up
        # said, and kept aside for the user (never offered again)
        kept = recovery.set_aside(path)
        t = language.current()
        detail = exc.format() if hasattr(exc, "format") else str(exc)
        window.prompts.show_error(t("error.restore"), t("error.restore_detail", detail=detail,
                                                         kept=str(kept) if kept else "-"))
        return False
    # restored work is unsaved work until the user saves it; it keeps writing its own file
    window.set_document(DesignDocument(design, window.catalog, Path(original) if original else None, unsaved=True,
                                       recovery_key=recovery.key_of(path)))
    return True


def _wait_until(app, done, limit_s: float = 120.0) -> None:
    """Turn the event loop until ``done()`` (a big fabric's topology is laid out on a worker)."""
    import time

    from PySide6.QtCore import QEventLoop

    deadline = time.monotonic() + limit_s
    while not done() and time.monotonic() < deadline:
        app.processEvents(QEventLoop.AllEvents | QEventLoop.WaitForMoreEvents, 50)


def screenshot(out: str, path: str | None, view: str, catalog, *, lang: str = "en", dock: str | None = None) -> int:
    """Render the window off-screen to ``out``. ``lang`` and ``dock`` ("estimates" raises
    that dock over the findings) are for documentation and checking the translation;
    the command line uses the defaults."""
    from designer.errors import DesignerError

    import tempfile

    from PySide6.QtCore import QSettings

    from designer.ui import language

    app = _application(offscreen=True)
    # the default layout, not whatever the user last arranged
    scratch = tempfile.TemporaryDirectory()
    settings = QSettings(f"{scratch.name}/screenshot.ini", QSettings.IniFormat)
    settings.setValue(language.SETTING, lang)
    window = open_window(path, catalog, settings)
    window.resize(1600, 1000)
    window.show()
    window.doc.wait_for_analysis()
    if dock == "estimates":
        window.estimates_dock.raise_()
        window.estimates.refresh()
    if view == "floor":
        window.tabs.setCurrentWidget(window.floor)
        window.floor.fit()
    elif view.startswith("rack:"):
        name = view.split(":", 1)[1]
        if name not in window.doc.index.racks:
            raise DesignerError(f'no rack named "{name}"', hint="use --view rack:NAME with a rack of the design")
        window.open_rack(name)
    elif view == "topology":
        window.tabs.setCurrentWidget(window.topology)
        _wait_until(app, lambda: bool(window.topology.switch_items) or not window.doc.design.links)
    else:
        raise DesignerError(f'unknown view "{view}"', hint="use floor, rack:NAME or topology")
    app.processEvents()
    image = window.grab()
    if image.isNull() or not image.save(out):
        raise DesignerError("could not write the picture", file=out)
    print(f"wrote {out} ({image.width()} x {image.height()})")
    window.doc.undo_stack.setClean()
    window.close()
    scratch.cleanup()
    return 0


def run_app(args) -> int:
    from designer.catalog import load_catalog

    catalog = load_catalog(args.catalog)
    if getattr(args, "screenshot", None):
        return screenshot(args.screenshot, args.file, args.view, catalog, lang=getattr(args, "lang", None) or "en")
    app = _application(offscreen=False)
    window = open_window_later(args.file, catalog)
    window.show()
    if args.file:
        # a big file takes seconds to read: the window is up meanwhile, recovery after
        window.open_in_background(args.file, on_done=lambda _ok: offer_recovery(window))
    else:
        offer_recovery(window)
    return app.exec()
