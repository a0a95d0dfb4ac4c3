"""The line `pnp build` prints for each file it writes: its path, its pages as the PDF holds them, and its size on disk
in KB of 1,024 bytes, rounded, as a file manager shows it."""
from __future__ import annotations

import pikepdf
from conftest import run_pnp


def test_a_built_files_line_gives_its_pages_and_its_size_on_disk_in_kb(project):
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    sheet = project / "output/tiny/tiny-cards.pdf"
    line = next(line for line in result.output.splitlines() if line.startswith("output/tiny/tiny-cards.pdf  "))
    with pikepdf.open(sheet) as pdf:
        pages = len(pdf.pages)
    kb = round(sheet.stat().st_size / 1024)
    assert abs(sheet.stat().st_size / 1000 - kb) >= 1  # a size whose thousands and KB differ: this test tells them apart
    assert f"  {pages} pages  " in line and f"  {kb} KB" in line, (line, pages, kb)
