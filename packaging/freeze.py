"""Build pnp as a single-file program with PyInstaller: `python packaging/freeze.py` writes dist/pnp (pnp.exe on Windows).

Run it in an environment where pnp and PyInstaller are installed
(`pip install . pyinstaller`). The program carries Python, pnp's libraries,
pnp's fonts, icons, scaffold and serve's page, and pnp's own source files:
the build cache keys compiled templates and kept parses on that source, so
a new version of the program never reuses an older one's cache.

On Linux and macOS the program is pnp frozen as a folder, carried by a
small launcher that unpacks it once into the user's cache
(packaging/single_file.py says why and how); on Windows it is PyInstaller's
one-file program, which unpacks itself into a new temporary folder on every
start.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import PyInstaller.__main__
from PyInstaller.utils.hooks import collect_data_files, collect_submodules
from single_file import write_program  # beside this script, whose folder Python puts first on sys.path

HERE = Path(__file__).resolve().parent

# Libraries pnp imports inside functions (so a command imports only what it needs), which PyInstaller's import scan
# does not follow, and libraries that load their own parts by name.
COLLECTED = ["pnp", "reportlab", "svglib", "coloraide", "uvicorn", "starlette", "markdown_it", "pypdfium2", "pypdfium2_raw",
             "python_calamine", "watchfiles", "pydantic", "httpx", "h11", "anyio", "yaml", "jinja2", "pypdf", "rl_accel", "segno",
             "ezdxf", "pyphen", "bidi", "arabic_reshaper"]

# Libraries installed beside pnp's that pnp never calls: each costs the program its size to download and unpack.
# pypdf imports cryptography if it is there, for encrypted PDFs, which pnp neither reads nor writes (14 MB unpacked).
# setuptools (in every Python 3.11 virtual environment) brings pkg_resources, and PyInstaller then runs their run-time
# hooks, which import them, on every start of the program.
NOT_CARRIED = ["cryptography", "setuptools", "pkg_resources"]


def arguments(dist: Path, work: Path, onefile: bool = True) -> list[str]:
    """PyInstaller's command line: the one-file program (Windows), or the folder the launcher carries."""
    args = ["--onefile" if onefile else "--onedir", "--name", "pnp", "--noconfirm", "--clean", "--distpath", str(dist), "--workpath", str(work),
            "--specpath", str(work), "--console"]
    for package in NOT_CARRIED:
        args += ["--exclude-module", package]
    for package in COLLECTED:
        for module in collect_submodules(package, on_error="ignore"):
            args += ["--hidden-import", module]
    separator = ";" if sys.platform == "win32" else ":"
    for source, target in collect_data_files("pnp", include_py_files=True) + collect_data_files("reportlab") + collect_data_files("coloraide"):
        args += ["--add-data", f"{source}{separator}{target}"]
    return [*args, str(HERE / "pnp-frozen.py")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=HERE.parent / "dist", help="where the program is written (default: dist/)")
    parser.add_argument("--work", type=Path, default=HERE.parent / "build" / "freeze", help="PyInstaller's working folder")
    options = parser.parse_args()
    if sys.platform == "win32":
        PyInstaller.__main__.run(arguments(options.dist, options.work))
        return
    PyInstaller.__main__.run(arguments(options.work / "folder", options.work, onefile=False))
    write_program(options.work / "folder" / "pnp", options.dist / "pnp")


if __name__ == "__main__":
    main()
