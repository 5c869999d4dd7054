"""The packaging files that `make test` can check without building (the build itself and its
smoke test are `make package`): the desktop entry claims the project's own MIME type, which
the shared-mime-info XML defines, and the file type detection finds designer's own files."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from designer.catalog import load_catalog
from designer.model.io import dumps_design, load_design
from designer.resources import example_design

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"
MIME_XML = PACKAGING / "cluster-designer-mime.xml"
DESKTOP = PACKAGING / "cluster-designer.desktop"
NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
PROJECT_TYPE = "application/x-cluster-designer+json"


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive (Name[zh_CN])
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def _mime_type() -> ET.Element:
    root = ET.parse(MIME_XML).getroot()
    types = root.findall("m:mime-type", NS)
    assert len(types) == 1
    return types[0]


def test_desktop_entry_claims_only_the_project_type():
    entry = _desktop_entry()
    claimed = [t for t in entry["MimeType"].split(";") if t]
    assert claimed == [PROJECT_TYPE]
    assert entry["Exec"] == "designer %f"
    assert entry["Name[zh_CN]"] and entry["Comment[zh_CN]"]


def test_mime_xml_defines_the_type_as_json_with_its_own_glob_and_magic():
    mime = _mime_type()
    assert mime.get("type") == PROJECT_TYPE
    assert [e.get("type") for e in mime.findall("m:sub-class-of", NS)] == ["application/json"]
    assert [g.get("pattern") for g in mime.findall("m:glob", NS)] == ["*.cdesign.json"]
    comments = {c.get("{http://www.w3.org/XML/1998/namespace}lang"): c.text for c in mime.findall("m:comment", NS)}
    assert comments[None] == "Cluster Designer project" and comments["zh_CN"]


def test_magic_matches_where_designer_writes_the_first_key():
    # the magic looks for "format_version" within the first bytes; the saver must keep it first
    match = _mime_type().find("m:magic/m:match", NS)
    start, end = (int(x) for x in match.get("offset").split(":"))
    saved = dumps_design(load_design(example_design(), load_catalog([])))
    assert saved.find(match.get("value"), start, end + len(match.get("value"))) != -1


@pytest.mark.skipif(not (shutil.which("update-mime-database") and shutil.which("gio")),
                    reason="needs update-mime-database and gio (shared-mime-info, libglib2.0-bin)")
def test_the_desktop_detects_design_files_and_leaves_other_json_alone(tmp_path):
    data = tmp_path / "share"
    (data / "mime" / "packages").mkdir(parents=True)
    shutil.copy(MIME_XML, data / "mime" / "packages")
    subprocess.run(["update-mime-database", str(data / "mime")], check=True, capture_output=True)
    design = dumps_design(load_design(example_design(), load_catalog([])))
    files = {"cluster.cdesign.json": design, "cluster-no-extension": design, "cluster.json": design,
             "settings.json": '{"theme": "dark"}\n'}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")

    def detected(name: str) -> str:
        out = subprocess.run(["gio", "info", "-a", "standard::content-type", str(tmp_path / name)],
                             env={"XDG_DATA_HOME": str(data), "XDG_DATA_DIRS": "/usr/share", "PATH": "/usr/bin:/bin"},
                             capture_output=True, text=True, check=True).stdout
        return out.strip().rsplit(" ", 1)[-1]

    assert detected("cluster.cdesign.json") == PROJECT_TYPE
    assert detected("cluster-no-extension") == PROJECT_TYPE
    # a plain .json stays JSON: the glob decides before magic (spec 0.21, "Recommended checking order")
    assert detected("cluster.json") == "application/json"
    assert detected("settings.json") == "application/json"


def test_smoke_test_refuses_a_missing_executable(tmp_path):
    done = subprocess.run([sys.executable, str(PACKAGING / "smoke_test.py"), str(tmp_path / "designer")],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "make package" in done.stderr and "Traceback" not in done.stderr
