"""The single-file program for Linux and macOS: a POSIX shell header (launcher.sh) with pnp's frozen folder appended.

PyInstaller's own one-file program unpacks everything it carries (about
180 MB) into a new temporary folder on every start and removes it at exit,
and no option of PyInstaller 6 keeps that folder (`--runtime-tmpdir` only
moves it). So pnp is frozen as a folder (`--onedir`, which starts as fast as
an installed pnp) and the one file is a shell header with that folder
appended as a gzipped tar, as `makeself` does: the header needs only
/bin/sh, tail, tar with gzip, ls, mkdir and mktemp, which every Linux and
macOS has, where a launcher of our own in C would have to be compiled for
each system. On the first start the header unpacks the folder into the
user's cache, in a folder named by the payload's digest; every later start
execs it from there (launcher.sh says how it stays safe on a shared machine).

The payload is written in a fixed order with fixed times and owners, so the
same frozen folder always makes the same bytes, and the same digest.
This module imports nothing of PyInstaller's: tests build programs from a
folder of their own.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import os
import tarfile
from pathlib import Path

LAUNCHER = Path(__file__).resolve().parent / "launcher.sh"
MARKER_LAST = ".pnp-payload-end"  # the payload's last member, which the launcher looks for: the tar was read whole
DIGEST_CHARS = 16  # of the payload's SHA-256, in hex: names its folder in the user's cache


def payload(folder: Path) -> bytes:
    """The frozen folder as a gzipped tar: its members in name order, each with the same time and owner and a mode that
    no one but its owner may write, then MARKER_LAST, so the same folder always gives the same bytes."""
    data = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=data, mtime=0, compresslevel=9) as packed, \
            tarfile.open(fileobj=packed, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for path in sorted(_members(folder)):
            info = tar.gettarinfo(folder / path, path)
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            info.mode = 0o755 if info.isdir() or info.mode & 0o100 else 0o644
            if info.isfile():
                with open(folder / path, "rb") as f:
                    tar.addfile(info, f)
            else:
                tar.addfile(info)
        tar.addfile(tarfile.TarInfo(MARKER_LAST))
    return data.getvalue()


def _members(folder: Path):
    for top, dirs, files in os.walk(folder):
        for name in dirs + files:
            yield str((Path(top) / name).relative_to(folder))


def launcher(packed: bytes) -> bytes:
    """packaging/launcher.sh with the payload's digest and the byte at which the payload starts filled in."""
    text = LAUNCHER.read_text().replace("@DIGEST@", hashlib.sha256(packed).hexdigest()[:DIGEST_CHARS])
    width = 12  # the offset is padded to a fixed width, so filling it in does not move the payload
    header = text.replace("@SKIP@", " " * width).encode()
    return text.replace("@SKIP@", str(len(header) + 1).ljust(width)).encode()


def write_program(folder: Path, program: Path) -> None:
    """The one file: the launcher, then the frozen folder's payload."""
    packed = payload(folder)
    program.parent.mkdir(parents=True, exist_ok=True)
    program.write_bytes(launcher(packed) + packed)
    program.chmod(0o755)
