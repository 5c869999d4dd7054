"""Smoke test of the one-dir build: run the built executable as a user would, check each output.

    python packaging/smoke_test.py dist/cluster-designer/designer [OUT_DIR]

Runs, each in a fresh HOME/XDG cache (so the bundle itself makes the proposal's fonts):
``--version``, ``catalog list --json``, ``new`` of a small design, ``report --json`` on it,
a window screenshot (``--screenshot``, Qt off-screen), and a Chinese PDF
(``export --pdf --lang zh``). Each step checks the exit code and the output (parsed JSON,
a PNG of the window's size, a PDF whose fonts are all embedded per ``pdffonts`` when poppler
is installed). Prints one line per step; exits 1 on the first failure, naming the step.
Needs nothing but the standard library, so it can run with any Python 3.11.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

STEP_TIMEOUT_S = 600


class SmokeFailure(Exception):
    pass


def run(exe: Path, args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    try:
        done = subprocess.run([str(exe), *args], env=env, cwd=cwd, capture_output=True, text=True,
                              timeout=STEP_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        raise SmokeFailure(f"designer {' '.join(args)}: no answer in {STEP_TIMEOUT_S} s") from exc
    if done.returncode != 0:
        raise SmokeFailure(f"designer {' '.join(args)}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    if "Traceback" in done.stderr:
        raise SmokeFailure(f"designer {' '.join(args)}: a traceback on stderr\n{done.stderr}")
    return done


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise SmokeFailure(f"{path}: not a PNG")
    return struct.unpack(">II", data[16:24])


def pdf_fonts(path: Path) -> list[dict[str, str]]:
    """pdffonts' table: one dict per font (name, type, emb); [] when poppler is missing."""
    tool = shutil.which("pdffonts")
    if tool is None:
        return []
    out = subprocess.run([tool, str(path)], capture_output=True, text=True, check=True).stdout.splitlines()
    # header, a dashed rule, then rows; the columns are placed by the rule's dashes
    rule = out[1]
    spans, start = [], 0
    for part in rule.split(" "):
        spans.append((start, start + len(part)))
        start += len(part) + 1
    names = ["name", "type", "encoding", "emb", "sub", "uni", "object", "id"]
    rows = []
    for line in out[2:]:
        cells = [line[a:b].strip() for a, b in spans]
        rows.append(dict(zip(names, cells)))
    return rows


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    exe = Path(argv[0]).resolve()
    if not exe.is_file() or not os.access(exe, os.X_OK):
        print(f"error: {exe}: no such executable; build it with make package", file=sys.stderr)
        return 2
    if len(argv) == 2:
        work = Path(argv[1]).resolve()
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
    else:
        work = Path(tempfile.mkdtemp(prefix="cd-smoke-"))
    home = work / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "DESIGNER_"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), XDG_DATA_HOME=str(home / ".local/share"),
               XDG_CONFIG_HOME=str(home / ".config"), QT_QPA_PLATFORM="offscreen")
    design = work / "small.json"
    shot = work / "window.png"
    x11_shot = work / "window-x11.png"
    pdf = work / "proposal-zh.pdf"

    def version() -> str:
        out = run(exe, ["--version"], env, work).stdout.strip()
        if not out.startswith("Cluster Designer "):
            raise SmokeFailure(f"--version printed {out!r}")
        return out

    def catalog() -> str:
        entries = json.loads(run(exe, ["catalog", "list", "--json"], env, work).stdout)
        slugs = {entry.get("slug") for entry in entries} if isinstance(entries, list) else set()
        for needed in ("nvidia-dgx-h100", "nvidia-qm9700"):
            if needed not in slugs:
                raise SmokeFailure(f"catalog list: {needed} missing (the bundled catalog was not found)")
        return f"{len(entries)} entries"

    def new() -> str:
        run(exe, ["new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                  "--name", "Smoke test", "-o", str(design)], env, work)
        data = json.loads(design.read_text(encoding="utf-8"))
        if data.get("format_version") != 1 or not data.get("site", {}).get("rooms"):
            raise SmokeFailure(f"new: {design} has no format_version 1 or no rooms")
        return f"{design.stat().st_size:,} bytes"

    def report() -> str:
        data = json.loads(run(exe, ["report", str(design), "--json"], env, work).stdout)
        if not isinstance(data, dict) or not data:
            raise SmokeFailure("report --json: not a JSON object")
        return f"{len(data)} top-level keys"

    def screenshot() -> str:
        run(exe, [str(design), "--screenshot", str(shot)], env, work)
        width, height = png_size(shot)
        if width < 800 or height < 600:
            raise SmokeFailure(f"screenshot: {width} x {height}, expected the 1600 x 1000 window")
        return f"{width} x {height}, {shot.stat().st_size:,} bytes"

    def qt_plugins() -> str:
        # the off-screen and X11 platform plug-ins are there and every library they need
        # resolves, from the bundle or the system (ldd, with the bundle's folders first as
        # the executable has them); the window itself is only opened off-screen here
        internal = exe.parent / "_internal"
        plugins = internal / "PySide6" / "Qt" / "plugins" / "platforms"
        tool = shutil.which("ldd")
        lib_path = os.pathsep.join(str(p) for p in (internal, internal / "PySide6" / "Qt" / "lib"))
        found = []
        for name in ("libqoffscreen.so", "libqxcb.so"):
            plugin = plugins / name
            if not plugin.is_file():
                raise SmokeFailure(f"Qt plug-in {name} is not in the bundle ({plugins})")
            if tool:
                out = subprocess.run([tool, str(plugin)], capture_output=True, text=True,
                                     env={**env, "LD_LIBRARY_PATH": lib_path}).stdout
                missing = sorted({line.split("=>")[0].strip() for line in out.splitlines() if "not found" in line})
                if missing:
                    raise SmokeFailure(f"{name} needs libraries found neither in the bundle nor on this system: "
                                       f"{', '.join(missing)} (install them before building, see the README)")
            found.append(name)
        return ", ".join(found) + (" (libraries resolve)" if tool else " (ldd not installed: libraries not checked)")

    def x11_window() -> str:
        # the real window on X11 (Qt's xcb platform) in a virtual X server, when one is
        # installed: wait for the window to show the loaded design, picture it, close it
        xvfb, xdotool, grab = shutil.which("Xvfb"), shutil.which("xdotool"), shutil.which("import")
        if not (xvfb and xdotool and grab):
            return "skipped (needs Xvfb, xdotool and ImageMagick's import)"
        read, write = os.pipe()
        server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
                                  pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        app = search = None
        try:
            with os.fdopen(read, "rb") as pipe:
                number = pipe.readline().strip().decode()  # Xvfb writes its display number when ready
            if not number:
                raise SmokeFailure("Xvfb did not start")
            xenv = {**env, "DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb"}
            xenv.pop("WAYLAND_DISPLAY", None)
            app = subprocess.Popen([str(exe), str(design)], env=xenv, cwd=work, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
            # the title carries the design's name once the file is loaded (before: the file's stem)
            search = subprocess.Popen([xdotool, "search", "--sync", "--onlyvisible", "--name", "Smoke test"],
                                      env=xenv, stdout=subprocess.PIPE, text=True)
            while True:
                try:
                    search.wait(timeout=0.5)
                    break
                except subprocess.TimeoutExpired:
                    if app.poll() is not None:
                        raise SmokeFailure(f"the window on X11 ended with exit {app.returncode} before it showed "
                                           f"the design\n{app.communicate()[1]}") from None
            window = search.stdout.read().split()[0]
            title = subprocess.run([xdotool, "getwindowname", window], env=xenv, capture_output=True,
                                   text=True).stdout.strip()
            subprocess.run([grab, "-window", window, str(x11_shot)], env=xenv, check=True, timeout=60)
            width, height = png_size(x11_shot)
            return f"window {title!r}, {width} x {height}, {x11_shot.stat().st_size:,} bytes"
        finally:
            for process in (search, app, server):
                if process is not None and process.poll() is None:
                    process.terminate()
                    try:
                        process.wait(timeout=30)
                    except subprocess.TimeoutExpired:
                        process.kill()
                        process.wait()

    def chinese_pdf() -> str:
        run(exe, ["export", str(design), "--pdf", str(pdf), "--lang", "zh"], env, work)
        head = pdf.read_bytes()[:5]
        if head != b"%PDF-" or pdf.stat().st_size < 10_000:
            raise SmokeFailure(f"export --pdf: {pdf} is not a PDF of some size")
        text_tool = shutil.which("pdftotext")
        if text_tool:
            text = subprocess.run([text_tool, "-l", "1", str(pdf), "-"], capture_output=True, text=True).stdout
            if not any("\u4e00" <= ch <= "\u9fff" for ch in text):
                raise SmokeFailure(f"export --pdf --lang zh: no Chinese text on page 1 of {pdf}")
        fonts = pdf_fonts(pdf)
        if not fonts:
            return f"{pdf.stat().st_size:,} bytes (pdffonts not installed: fonts not checked)"
        not_embedded = [f["name"] for f in fonts if f["emb"] != "yes"]
        if not_embedded:
            raise SmokeFailure(f"export --pdf: fonts not embedded: {', '.join(not_embedded)}")
        if not any("NotoSansSC" in f["name"] for f in fonts):
            raise SmokeFailure(f"export --pdf: Noto Sans SC not used (fonts: {[f['name'] for f in fonts]})")
        return f"{pdf.stat().st_size:,} bytes, fonts embedded: {', '.join(sorted({f['name'] for f in fonts}))}"

    steps = [("version", version), ("catalog list", catalog), ("new", new), ("report --json", report),
             ("Qt plug-ins", qt_plugins), ("screenshot", screenshot), ("X11 window", x11_window),
             ("Chinese PDF", chinese_pdf)]
    try:
        for name, step in steps:
            print(f"smoke: {name}: {step()}", flush=True)
    except SmokeFailure as exc:
        print(f"smoke FAILED: {exc}", file=sys.stderr)
        print(f"(outputs kept in {work})", file=sys.stderr)
        return 1
    print(f"smoke: all {len(steps)} steps passed; outputs in {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
