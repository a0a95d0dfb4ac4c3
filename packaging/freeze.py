"""Build pnp as a single-file program with PyInstaller: `python packaging/freeze.py` writes dist/pnp (pnp.exe on Windows).

Run it in an environment where pnp and PyInstaller are installed
(`pip install . pyinstaller`). The program carries Python, pnp's libraries,
pnp's fonts, icons, scaffold and serve's page, and pnp's own source files:
the build cache keys compiled templates and kept parses on that source, so
a new version of the program never reuses an older one's cache.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import PyInstaller.__main__
from PyInstaller.utils.hooks import collect_data_files, collect_submodules

HERE = Path(__file__).resolve().parent

# Libraries pnp imports inside functions (so a command imports only what it needs), which PyInstaller's import scan
# does not follow, and libraries that load their own parts by name.
COLLECTED = ["pnp", "reportlab", "svglib", "coloraide", "uvicorn", "starlette", "markdown_it", "pypdfium2", "pypdfium2_raw",
             "python_calamine", "watchfiles", "pydantic", "httpx", "h11", "anyio", "yaml", "jinja2", "pypdf", "rl_accel", "segno",
             "ezdxf", "pyphen", "bidi", "arabic_reshaper"]

# Libraries installed beside pnp's that pnp never calls: the one-file program unpacks everything it carries on every
# start, so each costs every command its size. pypdf imports cryptography if it is there, for encrypted PDFs, which
# pnp neither reads nor writes (14 MB unpacked).
NOT_CARRIED = ["cryptography"]


def arguments(dist: Path, work: Path) -> list[str]:
    """PyInstaller's command line for the one-file program."""
    args = ["--onefile", "--name", "pnp", "--noconfirm", "--clean", "--distpath", str(dist), "--workpath", str(work),
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
    PyInstaller.__main__.run(arguments(options.dist, options.work))


if __name__ == "__main__":
    main()
