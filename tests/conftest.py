"""Shared fixtures: a private copy of the test project, running the CLI, reading and rasterising PDFs."""
from __future__ import annotations

import shutil
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
TEST_PROJECT = Path(__file__).resolve().parent / "project"
MM = 72 / 25.4


@pytest.fixture(autouse=True)
def _no_network(monkeypatch):
    """No test may reach a network: pnp is a local tool."""

    def refuse(*args, **kwargs):
        raise OSError("network access is disabled in tests")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.fixture
def project(tmp_path) -> Path:
    """A private copy of tests/project (the tiny game) that a test may change."""
    dest = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, dest, ignore=shutil.ignore_patterns("output"))
    return dest


def run_pnp(root: Path, *args: str):
    """Run the CLI in `root`; returns click's Result (exit_code, output = stdout, stderr)."""
    from pnp.cli import main

    runner = CliRunner()
    return runner.invoke(main, ["--root", str(root), *args], catch_exceptions=False)


def render_page(pdf: Path, index: int, dpi: int = 100):
    """Page `index` of `pdf` as an RGB PIL image at `dpi`."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        page.close()
        return image
    finally:
        doc.close()
