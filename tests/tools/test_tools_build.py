"""tools/build_site.py and tools/serve.py, on small inputs."""

from __future__ import annotations

import hashlib
import json
import threading
import urllib.request
import zipfile
from io import BytesIO

import pytest

from tools import build_site
from tools.serve import make_server


def test_fill_replaces_placeholders_and_refuses_unknown_ones():
    assert build_site.fill("a @@X@@ b", {"X": "1"}, "t") == "a 1 b"
    with pytest.raises(SystemExit, match="unfilled placeholder"):
        build_site.fill("a @@Y@@", {"X": "1"}, "t")


def test_patch_lock_sets_the_hash_of_the_shipped_wheel(tmp_path):
    wheel = tmp_path / "micropip-0.11.1-py3-none-any.whl"
    wheel.write_bytes(b"wheel bytes")
    lock = {"packages": {"micropip": {"file_name": wheel.name, "sha256": "0" * 64}}}
    (tmp_path / "pyodide-lock.json").write_text(json.dumps(lock))
    build_site.patch_lock(tmp_path)
    patched = json.loads((tmp_path / "pyodide-lock.json").read_text())
    assert patched["packages"]["micropip"]["sha256"] == hashlib.sha256(b"wheel bytes").hexdigest()


def test_patch_lock_refuses_a_wheel_the_lock_does_not_know(tmp_path):
    (tmp_path / "micropip-9.9-py3-none-any.whl").write_bytes(b"x")
    (tmp_path / "pyodide-lock.json").write_text(json.dumps({"packages": {}}))
    with pytest.raises(SystemExit, match=r"not in pyodide-lock\.json"):
        build_site.patch_lock(tmp_path)


def test_zip_package_is_deterministic_and_holds_only_sources(tmp_path):
    (tmp_path / "a.py").write_text("A = 1\n")
    (tmp_path / "b.py").write_text("B = 2\n")
    (tmp_path / "notes.txt").write_text("no")
    first = build_site.zip_package(tmp_path, "pkg")
    assert first == build_site.zip_package(tmp_path, "pkg")
    names = zipfile.ZipFile(BytesIO(first)).namelist()
    assert names == ["pkg/a.py", "pkg/b.py"]


def test_service_worker_cache_name_follows_the_content(tmp_path):
    (tmp_path / "index.html").write_text("one")
    first = build_site.write_service_worker(tmp_path)
    assert build_site.write_service_worker(tmp_path) == first  # same content, same name
    (tmp_path / "index.html").write_text("two")
    second = build_site.write_service_worker(tmp_path)
    assert second != first and second.startswith("burgle-")
    assets = (tmp_path / "sw.js").read_text()
    assert '"./index.html"' in assets and '"./sw.js"' not in assets


def test_no_cache_server_serves_with_the_right_types(tmp_path):
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    (tmp_path / "m.mjs").write_text("export {}")
    server = make_server(tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        with urllib.request.urlopen(base + "a.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
            assert response.headers["Cache-Control"] == "no-cache"
        with urllib.request.urlopen(base + "m.mjs") as response:
            assert response.headers["Content-Type"] == "text/javascript"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("error", [ConnectionResetError, BrokenPipeError, ValueError])
def test_the_server_reports_errors_but_not_a_browser_that_left_mid_file(tmp_path, capsys, error):
    server = make_server(tmp_path)
    try:
        try:
            raise error("while sending")
        except Exception:
            server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.server_close()
    printed = capsys.readouterr().err
    assert ("while sending" in printed) is (error is ValueError)


def test_the_runtime_snapshot_key_follows_the_runtime_and_our_code(tmp_path):
    """Another engine wheel (or runtime, or ui archive) gives another snapshot key, so a new
    build never restores an old build's snapshot."""
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "assets").mkdir()
    for name in build_site.PYODIDE_FILES:
        (tmp_path / "pyodide" / name).write_text(name)
    (tmp_path / "assets" / "snapshot-worker.mjs").write_text("worker")
    (tmp_path / "engine.whl").write_text("engine 1")
    (tmp_path / "ui.zip").write_text("ui 1")
    first = build_site.write_runtime_module(tmp_path, "./engine.whl", "./ui.zip")
    assert build_site.write_runtime_module(tmp_path, "./engine.whl", "./ui.zip") == first
    module = (tmp_path / "pyodide" / "runtime.mjs").read_text()
    assert f'const SNAPSHOT_KEY = "{first}"' in module
    assert '{"wheel": "./engine.whl", "archive": "./ui.zip"}' in module
    (tmp_path / "engine.whl").write_text("engine 2")
    second = build_site.write_runtime_module(tmp_path, "./engine.whl", "./ui.zip")
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_text("another runtime")
    third = build_site.write_runtime_module(tmp_path, "./engine.whl", "./ui.zip")
    assert len({first, second, third}) == 3


def test_the_first_screen_words_come_from_the_catalogs(tmp_path):
    from ui import first_screen
    from ui.messages import EN
    from ui.messages_fr import FR

    script = tmp_path / "first-screen.js"
    script.write_text('var FIRST = "@@FIRST_SCREEN@@";')
    build_site.write_first_screen(script)
    data = json.loads(script.read_text().removeprefix("var FIRST = ").removesuffix(";"))
    assert data["strings"]["en"]["setup.start"] == EN["setup.start"]
    assert data["strings"]["fr"]["first.continue"] == FR["first.continue"]
    assert "character.hacker.help" not in data["strings"]["en"]  # names only
    assert data["scenarios"] == list(first_screen.SCENARIO_ORDER)
    page = build_site.first_screen_words('<h2 data-first="setup.title"></h2>')
    assert page == f'<h2 data-first="setup.title">{EN["setup.title"]}</h2>'
    with pytest.raises(SystemExit, match=r"no\.such"):
        build_site.first_screen_words('<p data-first="no.such"></p>')
