"""Pictures for the docs, drawn by pnp from small projects: `python bench/doc_pictures.py [NAME ...]`.

Each picture is a project of a few lines built into a temporary folder, a page of its PDF rasterised by pdfium and
cropped, and written to docs/images/NAME.png; run it again after changing what a picture shows. (The earlier
vocabulary pictures of docs/layouts.md were made by hand from the same kind of project; new ones belong here.)
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"

GAME = """\
    title: Seams
    players: {min: 1, max: 4}
    stamps: false
    palette: {ink: "#222222", paper: "#ffffff", sea: "#cfe6f5", land: "#e3ecd9", hill: "#efe0c0"}
    """
# A flat-top hex map wider than a Letter page: its one seam runs down one column of hexes, between a column's corners
# and its labels (the balanced cut, 165 mm across, would run where two columns overlap and cut both).
GRID_SEAMS_BOARD = """\
    boards:
      - id: map
        name: Island
        size: 330 x 180
        template: seams/map.j2
        hexes:
          "3,2": {fill: land}
          "4,2": {fill: land}
          "4,3": {fill: hill, label: Peak}
          "5,3": {fill: land}
          "9,4": {fill: land}
          "10,3": {fill: land}
          "10,4": {fill: hill}
          "11,4": {fill: land}
    """
GRID_SEAMS_TEMPLATE = """\
    {{ rect(0, 0, face.w, face.h, fill="sea") }}
    {{ hexgrid(5, 5, 18, 8, 20, fill="sea", cells=board.hexes) }}
    """


def project(folder: Path, files: dict[str, str]) -> Path:
    """A project holding one game `seams` made of `files` (paths from the project folder) and its game.yaml."""
    for rel, text in {"data/seams/game.yaml": GAME, **files}.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def build(root: Path, *args: str) -> Path:
    """Build game `seams` in `root`; the folder its PDFs are in."""
    subprocess.run([sys.executable, "-m", "pnp", "--root", str(root), "build", "seams", "-q", *args], check=True, cwd=ROOT)
    return root / "output" / "seams"


def page_image(pdf: Path, index: int, dpi: int):
    """Page `index` of `pdf` as a PIL image at `dpi`."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def grid_seams(folder: Path):
    """The map's two Letter tiles side by side, each cropped to the board it shows: tile A1 ends at its dashed cut
    line, which runs down column 9 clear of its labels; tile A2 shows that column whole."""
    root = project(folder, {"data/seams/boards.yaml": GRID_SEAMS_BOARD, "templates/seams/map.j2": GRID_SEAMS_TEMPLATE})
    pdf = build(root, "--only", "boards") / "seams-boards.pdf"
    dpi = 60
    first, second = page_image(pdf, 1, dpi), page_image(pdf, 2, dpi)
    px = dpi / 25.4
    top, bottom = round(44 * px), round(231 * px)  # the 180 mm board, centred down the page above the footer
    a = first.crop((round(19 * px), top, round(197 * px), bottom))  # the 170 mm tile, centred across the page
    b = second.crop((round(19 * px), top, round(197 * px), bottom))
    from PIL import Image

    out = Image.new("RGB", (a.width + b.width + 12, a.height), "white")
    out.paste(a, (0, 0))
    out.paste(b, (a.width + 12, 0))
    return out


PICTURES = {"vocabulary-grid-seams": grid_seams}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"pictures to draw: {', '.join(PICTURES)} (all by default)")
    names = parser.parse_args().names or list(PICTURES)
    unknown = [name for name in names if name not in PICTURES]
    if unknown:
        parser.error(f"no picture named {', '.join(unknown)}: the pictures are {', '.join(PICTURES)}")
    for name in names:
        with tempfile.TemporaryDirectory() as folder:
            image = PICTURES[name](Path(folder))
        path = IMAGES / f"{name}.png"
        image.save(path, optimize=True)
        print(f"{path.relative_to(ROOT)}: {image.width} × {image.height} px")


if __name__ == "__main__":
    main()
