"""Add CPython bytecode for the browser's Python to wheels and zips, in place.

Runs INSIDE Pyodide (tools/precompile.mjs starts it under Node.js), so the bytecode is made
by the very interpreter the page runs. Each `pkg/mod.py` gains `pkg/__pycache__/mod.<tag>.pyc`,
compiled as an unchecked-hash pyc: used as is, whatever the files' times after unpacking,
and the .py stays beside it for tracebacks. Importing then skips compiling (measured: the
engine imports in about half the time). A wheel's RECORD is rewritten to list the new files.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import marshal
import sys
import zipfile

ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def _pyc(source: bytes, path: str) -> bytes:
    """An unchecked-hash pyc of `source` (what py_compile writes, without touching files)."""
    code = compile(source, path, "exec", dont_inherit=True, optimize=0)
    flags = 0b01  # hash-based, check_source = 0
    header = importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
    return header + importlib.util.source_hash(source) + marshal.dumps(code)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def precompile(path: str) -> int:
    with zipfile.ZipFile(path) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    tag = sys.implementation.cache_tag
    names = {info.filename for info, _ in members}
    added: list[tuple[str, bytes]] = []
    for info, data in members:
        name = info.filename
        if not name.endswith(".py") or "/__pycache__/" in name or name.count("/") == 0:
            continue
        folder, module = name.rsplit("/", 1)
        target = f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc"
        if target not in names:
            added.append((target, _pyc(data, name)))
    records = [info.filename for info, _ in members if info.filename.endswith(".dist-info/RECORD")]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members:
            if info.filename in records:
                continue
            archive.writestr(info, data)
        for name, data in added:
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data, zipfile.ZIP_DEFLATED)
        for record in records:  # a wheel: list every file with its hash, RECORD itself last
            lines = [_record_line(i.filename, d) for i, d in members if i.filename != record]
            lines += [_record_line(name, data) for name, data in added]
            text = "\n".join([*lines, f"{record},,", ""]).encode()
            entry = zipfile.ZipInfo(record, ZIP_DATE)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, text, zipfile.ZIP_DEFLATED)
    with open(path, "wb") as handle:
        handle.write(out.getvalue())
    return len(added)


def main(paths: list[str]) -> str:
    counts = [f"{path.rsplit('/', 1)[-1]}: {precompile(path)} pyc" for path in paths]
    return f"precompiled for {sys.implementation.cache_tag}: " + ", ".join(counts)
