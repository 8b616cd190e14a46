"""The built site/, read as files: self-contained, relative, consistent. No browser needed."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib

import pytest

# Files written by us (not vendored runtime code) that the page loads.
OWN_FILES = [
    "index.html",
    "pyscript.toml",
    "manifest.webmanifest",
    "sw.js",
    "assets/style.css",
    "assets/boot.js",
    "assets/icons/icon.svg",
    "ui/main.py",
]
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


@pytest.mark.parametrize("name", OWN_FILES)
def test_own_files_name_no_outside_url_and_no_absolute_path(site_dir, name):
    text = (site_dir / name).read_text().replace(SVG_NAMESPACE, "")
    assert not re.search(r"https?://|//cdn|jsdelivr|unpkg", text), name
    assert not re.search(r"""(?:src|href)\s*=\s*["']/""", text), f"{name}: absolute path"
    assert "@@" not in text, f"{name}: unfilled placeholder"


def test_pyscript_config_points_inside_the_site(site_dir):
    config = tomllib.loads((site_dir / "pyscript.toml").read_text())
    paths = [config["interpreter"], *config["packages"], *config["files"]]
    for path in paths:
        assert path.startswith("./"), path
        assert (site_dir / path).is_file(), path
    assert any(re.search(r"/burgle_engine-[^/]+-py3-none-any\.whl$", p) for p in paths)


def test_the_page_loads_only_local_scripts(site_dir):
    html = (site_dir / "index.html").read_text()
    sources = re.findall(r"""(?:src|href)="([^"]+)\"""", html)
    assert sources, "no src/href found"
    for source in sources:
        assert source.startswith("./"), source
        assert (site_dir / source.split("?")[0]).is_file(), source
    expected = int(re.search(r'data-expected-bytes="(\d+)"', html).group(1))
    assert expected > 10_000_000  # the Python runtime dominates


def test_micropip_wheel_matches_the_patched_lock(site_dir):
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    wheel = site_dir / "pyodide" / entry["file_name"]
    assert wheel.is_file()
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()


def test_service_worker_precaches_every_file_under_a_content_hash_name(site_dir):
    sw = (site_dir / "sw.js").read_text()
    cache = re.search(r'const CACHE = "(burgle-[0-9a-f]{16})";', sw)
    assert cache, "no versioned cache name"
    assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", sw, re.S).group(1))
    files = {"./" + p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    assert set(assets) == (files - {"./sw.js"}) | {"./"}


def test_manifest_makes_the_app_installable(site_dir):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (site_dir / icon["src"]).is_file(), icon["src"]


def test_wheels_carry_bytecode_of_the_browsers_python(site_dir):
    import zipfile

    wheel = next(site_dir.glob("wheels/*/burgle_engine-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "engine/__init__.py" in names
    assert any(re.fullmatch(r"engine/__pycache__/__init__\.cpython-3\d+\.pyc", n) for n in names)
