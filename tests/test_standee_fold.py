"""A standee folds over between its two halves: each half's art must stop at the fold, or, folded, one half shows a
strip of the other's colour along its top edge. Held on a game of one standee (25 × 40 mm) whose front is flat red
and back flat blue, exported and built in process, its pages rendered at 300 dpi and read across the fold.

Expected values come from the strip as docs/components.md describes it (W × (2H + 20 mm + 2 × bleed): a 10 mm base
tab, the back, the fold band of twice the bleed, the front, a 10 mm tab) and from the file itself: a PDF's trim box
and bleed, the PNG manifest's trim and bleed. An export draws art further past the trim than it folds with (so
rounding never shows paper), which is where the front's red once ran 1 mm onto the back (12 px at 300 dpi).
"""
from __future__ import annotations

import csv

import numpy as np
import pytest
from conftest import render_page, run_pnp
from PIL import Image

DPI = 300
PX_PER_MM = DPI / 25.4
H = 40.0  # the standee's height: each half's
TAB = 10.0  # the base tab under each half (docs/components.md)
GAME = {
    "data/fold/game.yaml": "title: Fold\nplayers: {min: 1, max: 2}\n",
    "data/fold/tokens.yaml": ("tokens:\n  - {id: hero, name: Hero, shape: rectangle, size: 25 x 40, standee: true,\n"
                              "     front: fold/half.j2, back: fold/half.j2}\n"),
    "templates/fold/half.j2": ('{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, '
                               'fill=("#ff0000" if face.side == "front" else "#0000ff")) }}\n'),
}


@pytest.fixture
def game(tmp_path):
    for name, text in GAME.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _made(root, *args: str) -> None:
    result = run_pnp(root, *args)
    assert result.exit_code == 0, result.output


def _colours(image: Image.Image) -> dict[str, np.ndarray]:
    """Each pixel's colour as a mask: the front's red, the back's blue (as a CMYK file prints them too, or the ink saver's
    light tints of them), the fold line's grey."""
    r, g, b = np.asarray(image.convert("RGB"), dtype=int).transpose(2, 0, 1)
    spread = np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)
    return {"front": r - np.maximum(g, b) > 20, "back": b - np.maximum(r, g) > 20, "grey": (spread < 24) & (np.maximum(r, g) < 200)}


def _across_fold(image: Image.Image, strip_top_px: float, left_px: float, right_px: float, bleed_mm: float) -> None:
    """Every column of the strip's width, read down across the fold (TAB + H + bleed below the strip's top): no
    front colour above it and no back colour below it, by more than a pixel; the back's colour reaching it and the
    front's starting at it, to the pixel, where the dashed fold line leaves a gap; the fold line drawn on it; and
    across each half, its colour out to the file's sides, which are the bleed's edges."""
    fold = strip_top_px + (TAB + H + bleed_mm) * PX_PER_MM
    top = int(fold - 3 * PX_PER_MM)
    colours = _colours(image)
    window = {name: mask[top:int(fold + 3 * PX_PER_MM), round(left_px) + 1:round(right_px) - 1] for name, mask in colours.items()}
    rows = np.arange(window["back"].shape[0])[:, None] + top
    back_ends = np.where(window["back"], rows + 1, 0).max(axis=0)  # each column's last blue row's bottom edge
    front_starts = np.where(window["front"], rows, 1 << 30).min(axis=0)
    assert back_ends.max() <= fold + 1 and front_starts.min() >= fold - 1, (fold, back_ends.max(), front_starts.min())
    assert back_ends.max() >= fold - 1 and front_starts.min() <= fold + 1, (fold, back_ends.max(), front_starts.min())
    grey = rows[:, 0][window["grey"].any(axis=1)]
    assert grey.size and all(abs(y + 0.5 - fold) <= 1.5 for y in grey), (fold, grey)
    _halves_meet({name: mask[:, round(left_px) + 1:round(right_px) - 1] for name, mask in colours.items()}, bleed_mm)
    middles = {"back": fold - (bleed_mm + H / 2) * PX_PER_MM, "front": fold + (bleed_mm + H / 2) * PX_PER_MM}
    assert all(colours[half][round(y)].all() for half, y in middles.items())  # each half's art out to the file's edges, its bleed


def _halves_meet(colours: dict[str, np.ndarray], bleed_mm: float) -> None:
    """The back's blue and the front's red each run a half's height and a bleed past each of its two folds (the one
    between the halves and its tab's), the one ending where the other begins."""
    blue, red = (np.flatnonzero(colours[name].any(axis=1)) for name in ("back", "front"))
    run = (H + 2 * bleed_mm) * PX_PER_MM
    assert abs(blue[-1] + 1 - blue[0] - run) <= 1 and abs(red[-1] + 1 - red[0] - run) <= 1, (run, blue[0], blue[-1], red[0], red[-1])
    assert 0 <= red[0] - (blue[-1] + 1) <= 1  # at most a row where the two blend


def test_a_backs_art_stops_at_the_fold_where_the_front_leaves_its_bleed_paper(game):
    """A front drawn to its trim alone leaves the band between the fold and its trim paper: the back's blue, drawn a
    bleed past its trim, still stops at the fold (the middle of the band of twice the bleed), so no blue lies on the
    front's side to show along its top edge once folded. Read from `--format png`'s image, its bleed and trim as
    manifest.csv names them."""
    (game / "templates/fold/half.j2").write_text(
        '{% if face.side == "front" %}{{ rect(0, 0, face.w, face.h, fill="#ff0000") }}'
        '{% else %}{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#0000ff") }}{% endif %}\n', encoding="utf-8")
    _made(game, "export", "fold", "--format", "png")
    (row,) = list(csv.DictReader((game / "output/fold/png/manifest.csv").open(encoding="utf-8")))
    bleed = float(row["bleed_mm"])
    colours = _colours(Image.open(game / "output/fold/png" / row["file"]))
    fold = (bleed + TAB + H + bleed) * PX_PER_MM  # the strip's top is a bleed into the image
    blue, red = (np.flatnonzero(colours[name].any(axis=1)) for name in ("back", "front"))
    assert abs(blue[-1] + 1 - fold) <= 1, (fold, blue[-1])
    assert abs(red[0] - (fold + bleed * PX_PER_MM)) <= 1, (fold, red[0])  # the front's red from its trim, a bleed past the fold


@pytest.mark.parametrize("how, pdf", [
    (("--vendor", "offset"), "output/fold/vendor-offset/fold-tokens-hero.pdf"),
    (("--format", "pod"), "output/fold/pod/fold-tokens-hero.pdf"),
])
def test_a_print_shops_standee_strip_changes_colour_at_its_fold(game, how, pdf):
    """A print shop's file of the standee: one page a copy, its trim box the whole strip, its bleed the trim box's
    inset (an offset printer's 3 mm, the print-on-demand record's 1/8 in). The front's red and the back's blue meet
    at the fold line, within a pixel at 300 dpi."""
    import pypdfium2 as pdfium

    _made(game, "export", "fold", *how)
    doc = pdfium.PdfDocument(str(game / pdf))
    try:
        _, page_h = doc[0].get_size()
        left, _, right, top = doc[0].get_trimbox()
    finally:
        doc.close()
    pt = DPI / 72
    _across_fold(render_page(game / pdf, 0, DPI), (page_h - top) * pt, left * pt, right * pt, left / 72 * 25.4)


def test_a_print_services_standee_image_changes_colour_at_its_fold(game):
    """`--format png`: the standee's image is its strip with the bleed manifest.csv names all round (1/8 in by
    default), at the manifest's dpi."""
    _made(game, "export", "fold", "--format", "png")
    (row,) = list(csv.DictReader((game / "output/fold/png/manifest.csv").open(encoding="utf-8")))
    assert (row["dpi"], row["trim_mm"]) == (str(DPI), f"25 x {2 * H + 2 * TAB + 2 * float(row['bleed_mm']):g}")
    image = Image.open(game / "output/fold/png" / row["file"]).convert("RGB")
    bleed = float(row["bleed_mm"])
    _across_fold(image, bleed * PX_PER_MM, bleed * PX_PER_MM, image.width - bleed * PX_PER_MM, bleed)



def test_the_game_crafters_standee_image_changes_colour_at_its_fold(game):
    """The Game Crafter's image of the standee (its own writer's one image per face): the strip with the shop's 1/8 in
    bleed all round, at its 300 dpi."""
    _made(game, "export", "fold", "--vendor", "thegamecrafter")
    image = Image.open(game / "output/fold/vendor-thegamecrafter/tokens/hero/hero.png").convert("RGB")
    bleed = 25.4 / 8
    assert image.size == (round((25 + 2 * bleed) * PX_PER_MM), round((2 * H + 2 * TAB + 4 * bleed) * PX_PER_MM))
    _across_fold(image, bleed * PX_PER_MM, bleed * PX_PER_MM, image.width - bleed * PX_PER_MM, bleed)

@pytest.mark.parametrize("how, bleed, reach", [(("--bleed",), 3.0, None), ((), 1.0, 5), (("--ink-saver",), 1.0, 5)])
def test_a_built_standee_is_half_red_half_blue_each_its_height_and_a_bleed_at_each_fold(game, how, bleed, reach):
    """`pnp build`'s token sheet: tokens bleed 1 mm, 3 mm with --bleed (docs/components.md). The strip is laid out
    symmetric about its fold, so the back's blue and the front's red run the same length, each half's height and a
    bleed at each of its folds, and meet there with no paper and no overlap: also where a template's art reaches
    `reach` mm past the trim, further than the bleed (each half is cut at its folds, not the art), and in ink-saver
    tints."""
    if reach is not None:
        half = game / "templates/fold/half.j2"
        half.write_text(half.read_text(encoding="utf-8").replace("face.bleed", str(reach)), encoding="utf-8")
    _made(game, "build", "fold", "--only", "tokens", *how)
    (pdf,) = (game / "output/fold").glob("fold-tokens*.pdf")
    _halves_meet(_colours(render_page(pdf, 0, DPI)), bleed)


def test_a_clipped_group_is_its_box_as_much_as_its_children():
    """pnp.layout.elements.Clipped: two groups drawing the same children cut to other boxes draw differently, so they
    are not equal (a face is drawn once and placed wherever an equal one goes), and a group sent to another process
    or hashed into a face's digest keeps its box."""
    import pickle

    from pnp.layout.elements import Clipped, Face, Group, Text, face_digest

    group = Group(0.0, 10.0, 0.0, 1.0, (Text(0.0, 0.0, ()),))
    upper, lower = Clipped(group, (0.0, 0.0, 25.0, 51.0)), Clipped(group, (0.0, 51.0, 25.0, 51.0))
    assert upper != lower and [upper] != [lower] and upper != group and group != upper  # a list compares its items by ==
    assert upper == Clipped(group, (0.0, 0.0, 25.0, 51.0)) and {upper: 1}[Clipped(group, (0.0, 0.0, 25.0, 51.0))] == 1
    assert len({upper, lower, group}) == 3
    assert pickle.loads(pickle.dumps(lower)).clip == lower.clip and lower._replace(x=2.0).clip == lower.clip
    face = lambda el: Face(25.0, 102.0, 1.0, (el,), frozenset())  # noqa: E731
    assert face_digest(face(upper)) != face_digest(face(lower))
