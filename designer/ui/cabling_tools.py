"""The cabling tools' place in the window (issue 14): the Ports and Cables docks and
Edit → Find (Ctrl+F). ``install`` adds them once, ``bind`` gives them each new
document, ``retranslate`` says them in the window's language; ``main_window`` calls
these three, so its own code stays as it is."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from designer.ui import language


def install(window) -> None:
    window.ports_dock = window._dock("Ports", None, Qt.RightDockWidgetArea)
    window.cables_dock = window._dock("Cables", None, Qt.BottomDockWidgetArea)
    window.tabifyDockWidget(window.inspector_dock, window.ports_dock)
    window.inspector_dock.raise_()
    # the cable list is opened from View (or by Find): at 16,384 GPUs listing 64,000
    # cables takes half a second, which a window that opens should not spend
    window.cables_dock.hide()
    window.cables_view_action = window.cables_dock.toggleViewAction()
    window.menu_view.addAction(window.cables_view_action)
    window.ports_view_action = window.ports_dock.toggleViewAction()
    window.menu_view.addAction(window.ports_view_action)
    window.find_action = window._action(window.menu_edit, "action.find", lambda: open_find(window),
                                        QKeySequence.Find)
    window.find_dialog = None
    window.copy_action = window._action(window.menu_edit, "action.copy", lambda: window.racks.copy_selection(),
                                        QKeySequence.Copy)
    window.paste_action = window._action(window.menu_edit, "action.paste", lambda: window.racks.paste(),
                                         QKeySequence.Paste)


def connect_views(window) -> None:
    """Once the views exist: the elevation's right-click menu."""
    window.racks.device_menu.connect(lambda name, at: device_menu(window, name).exec(at))


def device_menu(window, device: str):
    """What a right-click on a device in the elevation offers (it is selected first)."""
    from PySide6.QtWidgets import QMenu

    t = language.current()
    menu = QMenu(window)
    menu.addAction(t("action.show_ports"), lambda: (window.ports_dock.show(), window.ports_dock.raise_()))
    menu.addSeparator()
    menu.addAction(t("action.copy"), window.racks.copy_selection)
    menu.addAction(t("action.duplicate"), window.duplicate_selection)
    menu.addAction(t("action.delete"), window.delete_selection)
    return menu


def bind(window, doc) -> None:
    from designer.ui.cable_list import CableList
    from designer.ui.lifetime import retire
    from designer.ui.port_panel import PortPanel

    for dock in (window.ports_dock, window.cables_dock):
        old = dock.widget()
        if old is not None:
            retire(old)  # as set_document's own views and panels
    window.ports = PortPanel(doc)
    window.ports_dock.setWidget(window.ports)
    window.ports.status.connect(lambda text: window.statusBar().showMessage(text, 8000))
    window.cable_list = CableList(doc)
    window.cables_dock.setWidget(window.cable_list)
    window.cable_list.reveal.connect(window.reveal)
    window.cable_list.cable_chosen.connect(lambda a, b: window.racks.show_cable(a, b))
    window.cable_list.cable_chosen.connect(lambda a, b: window.floor.show_route(a, b))  # its run on the floor
    window.cable_list.status.connect(lambda text: window.statusBar().showMessage(text, 8000))
    if window.find_dialog is not None:
        window.find_dialog.close()
        window.find_dialog.deleteLater()
        window.find_dialog = None


def retranslate(window) -> None:
    t = language.current()
    window.ports_dock.setWindowTitle(t("dock.ports"))
    window.cables_dock.setWindowTitle(t("dock.cables"))
    for widget in (getattr(window, "ports", None), getattr(window, "cable_list", None), window.find_dialog):
        if widget is not None:
            widget.retranslate()


def open_find(window):
    from designer.ui.find import FindDialog

    if window.find_dialog is None:
        window.find_dialog = FindDialog(window.doc, window)
        window.find_dialog.chosen.connect(lambda kind, name: jump(window, kind, name))
    window.find_dialog.show()
    window.find_dialog.raise_()
    window.find_dialog.activateWindow()
    window.find_dialog.search.setFocus()
    return window.find_dialog


def jump(window, kind: str, name: str) -> None:
    """Show and select what Find found: a rack on the floor plan and in its elevation, a
    device (or a port's device, the port picked in the Ports dock) in its elevation, a
    cable's A end with the cable picked in the list, a finding's first object."""
    doc = window.doc
    if kind == "rack":
        window.open_rack(name)
    elif kind == "device":
        window.reveal("device", name)
    elif kind == "port":
        device, _sep, port = name.rpartition(":")
        window.reveal("device", device)
        window.ports_dock.show()
        window.ports_dock.raise_()
        window.ports.show_device(device)
        window.ports.select_port(port)
    elif kind == "cable":
        position = int(name)
        link = doc.design.links[position]
        window.reveal("device", link.a.device)
        window.cables_dock.show()
        window.cables_dock.raise_()
        window.cable_list.show_link(position)
    elif kind == "finding":
        finding = doc.findings[int(name)]
        window.findings_dock.raise_()
        for obj in finding.objects:
            if obj in doc.index.devices:
                window.reveal("device", obj)
                break
            if obj in doc.index.racks:
                window.open_rack(obj)
                break
