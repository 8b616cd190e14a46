"""Assemble the deployable static site in one folder (default: site/).

    python3 tools/build_site.py --engine-wheel DIR --micropip-wheel FILE [--out site]

Contents, all served from the site itself with relative paths (works under any sub-path):
  index.html, pyscript.toml, manifest.webmanifest, sw.js   page, config, app manifest, offline cache
  assets/                                                  CSS, the loading-screen script, icons
  ui/main.py, ui-<hash>.zip                                PyScript entry script; the ui package
  wheels/<hash>/burgle_engine-<version>-py3-none-any.whl  the engine, installed by micropip
  (the zip and the wheel also carry bytecode compiled by Pyodide's Python: tools/precompile.py)
  pyscript/                                                @pyscript/core's dist (no source maps)
  pyodide/                                                 pyodide's runtime files, the micropip
                                                           wheel, and pyodide-lock.json patched
                                                           with that wheel's sha256

Inputs come from `make`: node_modules/ (npm ci), the micropip wheel (pip download), the engine
wheel (pip wheel, from pyproject.toml). Nothing is fetched here.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # ui/ holds the first screen's words (ui/first_screen.py)
    sys.path.insert(0, str(ROOT))

# Files of the npm `pyodide` package that the page loads (the rest are docs, maps, typings).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
CACHE_PREFIX = "burgle-"
TOKEN = "@@{}@@"
# A fixed date for archive members, so that the same sources give the same bytes.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def short_hash(data: bytes, length: int = 12) -> str:
    return hashlib.sha256(data).hexdigest()[:length]


def fill(text: str, values: dict[str, str], where: str) -> str:
    """Replace every @@NAME@@ token; fail if one stays unknown."""
    for name, value in values.items():
        text = text.replace(TOKEN.format(name), value)
    if "@@" in text:
        left = text[text.index("@@") : text.index("@@") + 40]
        raise SystemExit(f"build: unfilled placeholder in {where}: {left!r}")
    return text


def copy_runtime(out: Path, node_modules: Path, micropip_wheel: Path) -> None:
    """PyScript and Pyodide from npm, plus micropip, into out/pyscript and out/pyodide."""
    core = node_modules / "@pyscript" / "core" / "dist"
    pyodide = node_modules / "pyodide"
    for path in (core / "core.js", pyodide / "pyodide.mjs"):
        if not path.is_file():
            raise SystemExit(f"build: {path} is missing; run `npm ci` (make install)")
    shutil.copytree(core, out / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "pyodide" / name)
    shutil.copy2(micropip_wheel, out / "pyodide" / micropip_wheel.name)
    patch_lock(out / "pyodide")


def patch_lock(pyodide_dir: Path) -> None:
    """Give each wheel placed beside pyodide-lock.json its real sha256 in the lock.

    Pyodide fetches lock packages with Subresource Integrity, and its repacked wheels differ
    from PyPI's, so the lock's hash must be that of the wheel we ship.
    """
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    by_file = {entry["file_name"]: name for name, entry in lock["packages"].items()}
    for wheel in sorted(pyodide_dir.glob("*.whl")):
        name = by_file.get(wheel.name)
        if name is None:
            raise SystemExit(f"build: {wheel.name} is not in pyodide-lock.json (version mismatch?)")
        lock["packages"][name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))


def zip_package(source: Path, prefix: str) -> bytes:
    """The *.py files of a package folder as a deterministic zip, under `prefix/`."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(source.glob("*.py")):
            info = zipfile.ZipInfo(f"{prefix}/{path.name}", ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def precompile(archives: list[Path]) -> None:
    """Add bytecode made by Pyodide's own Python (run under Node.js) to wheels and zips."""
    command = ["node", str(ROOT / "tools" / "precompile.mjs"), *map(str, archives)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"build: precompiling failed:\n{result.stdout}{result.stderr}")
    print(result.stdout.strip())


def find_engine_wheel(where: Path) -> Path:
    wheels = sorted(where.glob("burgle_engine-*-py3-none-any.whl")) if where.is_dir() else [where]
    if len(wheels) != 1 or not wheels[0].is_file():
        raise SystemExit(f"build: expected one burgle_engine wheel in {where}, found {wheels}")
    return wheels[0]


def site_files(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*") if p.is_file())


def cold_load_bytes(out: Path) -> int:
    """Roughly what a first visit downloads: the runtime, wheels, ui code, page assets.

    The loading screen shows its progress against this. Lazy PyScript chunks that the page
    never loads (editor, terminal) are left out; small ones it does load are within noise.
    """
    files = [*(out / "pyodide").iterdir(), *(out / "wheels").rglob("*.whl")]
    files += [*out.glob("ui-*.zip"), out / "ui" / "main.py", out / "pyscript.toml"]
    files += [
        out / "assets" / "style.css",
        out / "assets" / "boot.js",
        out / "assets" / "story.css",
        out / "assets" / "story.js",
        out / "pyscript" / "core.js",
    ]
    files += list((out / "pyscript").glob("core-*.js"))
    return sum(p.stat().st_size for p in files if p.is_file())


def write_service_worker(out: Path) -> str:
    """sw.js precaching every file of the build; its cache name holds the build's content hash."""
    digest = hashlib.sha256()
    assets = ["./"]
    for path in site_files(out):
        rel = path.relative_to(out).as_posix()
        if rel == "sw.js":
            continue
        digest.update(rel.encode() + b"\0" + path.read_bytes() + b"\0")
        assets.append("./" + rel)
    cache = CACHE_PREFIX + digest.hexdigest()[:16]
    template = (ROOT / "assets" / "sw.js").read_text()
    values = {"CACHE_NAME": cache}
    text = fill(template.replace('"@@ASSETS@@"', json.dumps(assets, indent=2)), values, "sw.js")
    (out / "sw.js").write_text(text)
    return cache


def write_runtime_module(out: Path, wheel: str, archive: str) -> str:
    """pyodide/runtime.mjs, the interpreter module PyScript loads (it wraps pyodide.mjs).

    Its snapshot key is a hash of everything a runtime snapshot holds or was made by: the
    runtime's files, the engine wheel, the ui archive, and the two modules that make and
    restore it. Another build gets another key, so it never restores this build's snapshot.
    """
    digest = hashlib.sha256()
    inputs = [out / "pyodide" / name for name in PYODIDE_FILES]
    inputs += [out / wheel, out / archive, out / "assets" / "snapshot-worker.mjs"]
    inputs += [ROOT / "assets" / "runtime.mjs"]
    for path in inputs:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    key = digest.hexdigest()[:16]
    template = (ROOT / "assets" / "runtime.mjs").read_text()
    template = template.replace(
        '"@@SNAPSHOT_INPUTS@@"', json.dumps({"wheel": wheel, "archive": archive})
    )
    text = fill(template, {"SNAPSHOT_KEY": key}, "runtime.mjs")
    (out / "pyodide" / "runtime.mjs").write_text(text)
    return key


def icon_symbols(sprite: Path) -> str:
    """The <defs> of the icon sprite (its symbols, without comments), for the page itself:
    a <use> of a symbol in another file makes the browser fetch it anew for every icon the
    board draws (0.3-0.8 ms each in Pyodide), one of the page costs ten times less."""
    text = re.sub(r"<!--.*?-->", "", sprite.read_text(), flags=re.S)
    match = re.search(r"<defs>.*</defs>", text, flags=re.S)
    if match is None:
        raise SystemExit(f"build: {sprite} holds no <defs>")
    return "\n".join(line for line in match.group(0).splitlines() if line.strip())


def first_screen_words(page: str) -> str:
    """The first screen's English words written into the page (`data-first` elements), so
    that it reads right before any script runs; assets/first-screen.js switches language."""
    from ui import first_screen

    english = first_screen.strings()["en"]

    def english_text(match: re.Match[str]) -> str:
        key = match.group(2)
        if key not in english:
            raise SystemExit(f"build: index.html asks for first screen text {key!r}")
        return match.group(1) + html.escape(english[key], quote=False) + match.group(3)

    return re.sub(r'(data-first="([\w.]+)"[^>]*>)(</)', english_text, page)


def write_first_screen(script: Path) -> None:
    """Fill the first screen's script with its choices and words, from ui/ (one source)."""
    from ui import first_screen
    from ui.storage import PREFIX

    data = json.dumps(first_screen.data(PREFIX), ensure_ascii=False, separators=(",", ":"))
    script.write_text(fill(script.read_text().replace('"@@FIRST_SCREEN@@"', data), {}, script.name))


def build(out: Path, engine_wheel: Path, micropip_wheel: Path, node_modules: Path) -> dict:
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)

    copy_runtime(tmp, node_modules, micropip_wheel)

    # The engine wheel and the ui package (one small zip that PyScript unpacks, [files]), both
    # with bytecode from the browser's Python added; then the ui entry script beside them.
    staging = tmp / ".staging"
    staging.mkdir()
    engine_wheel = find_engine_wheel(engine_wheel)
    staged_wheel = staging / engine_wheel.name
    shutil.copy2(engine_wheel, staged_wheel)
    staged_ui = staging / "ui.zip"
    staged_ui.write_bytes(zip_package(ROOT / "ui", "ui"))
    precompile([staged_wheel, staged_ui])

    # Each under a name holding its hash: a changed file gets a new URL, so neither an HTTP
    # cache nor PyScript's package cache can serve a stale one.
    wheel_bytes = staged_wheel.read_bytes()
    wheel_rel = f"wheels/{short_hash(wheel_bytes)}/{engine_wheel.name}"
    (tmp / wheel_rel).parent.mkdir(parents=True)
    (tmp / wheel_rel).write_bytes(wheel_bytes)
    ui_zip = staged_ui.read_bytes()
    ui_rel = f"ui-{short_hash(ui_zip)}.zip"
    (tmp / ui_rel).write_bytes(ui_zip)
    shutil.rmtree(staging)
    (tmp / "ui").mkdir()
    shutil.copy2(ROOT / "ui" / "main.py", tmp / "ui" / "main.py")

    shutil.copytree(
        ROOT / "assets", tmp / "assets", ignore=shutil.ignore_patterns("sw.js", "runtime.mjs")
    )
    snapshot_key = write_runtime_module(tmp, "./" + wheel_rel, "./" + ui_rel)
    write_first_screen(tmp / "assets" / "first-screen.js")
    shutil.copy2(ROOT / "manifest.webmanifest", tmp / "manifest.webmanifest")
    config = fill(
        (ROOT / "pyscript.toml").read_text(),
        {"ENGINE_WHEEL": "./" + wheel_rel, "UI_ARCHIVE": "./" + ui_rel},
        "pyscript.toml",
    )
    (tmp / "pyscript.toml").write_text(config)
    expected = str(cold_load_bytes(tmp))
    page = fill(
        (ROOT / "index.html").read_text(),
        {"EXPECTED_BYTES": expected, "ICONS": icon_symbols(ROOT / "assets" / "icons.svg")},
        "index.html",
    )
    page = first_screen_words(page)
    (tmp / "index.html").write_text(page)
    cache = write_service_worker(tmp)

    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    files = site_files(out)
    return {
        "out": str(out),
        "files": len(files),
        "bytes": sum(p.stat().st_size for p in files),
        "engine_wheel": wheel_rel,
        "ui_archive": ui_rel,
        "cache": cache,
        "snapshot_key": snapshot_key,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine-wheel", type=Path, required=True, help="wheel file or folder")
    parser.add_argument("--micropip-wheel", type=Path, required=True)
    parser.add_argument("--node-modules", type=Path, default=ROOT / "node_modules")
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    info = build(args.out, args.engine_wheel, args.micropip_wheel, args.node_modules)
    print(
        f"site: {info['out']}: {info['files']} files, {info['bytes'] / 1e6:.1f} MB; "
        f"engine {info['engine_wheel']}, ui {info['ui_archive']}, cache {info['cache']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
