"""`pnp preview`'s contact sheet: every card of a deck once, by its front, in rows of eight (pnp.targets.preview).

Each card here is painted one colour over its whole face, its back another, so the sheet shows which faces it holds
and where: its width counts the columns, each colour's place its row."""
from __future__ import annotations

import numpy as np
from conftest import run_pnp
from PIL import Image

BACK = "#000075"  # navy: every card's back, never on a sheet of fronts
FRONTS = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6", "#bcf60c"]  # nine fronts


def painted_deck(project, deck: str, colours: list[str]) -> Image.Image:
    """A deck of one card a colour, each front that colour and every back navy, previewed at 30 dpi: its contact sheet."""
    (project / "templates/tiny/solid.j2").write_text(
        "{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill=card.bg) }}\n", encoding="utf-8")
    (project / "templates/tiny/solid-back.j2").write_text(
        f"{{{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill='{BACK}') }}}}\n", encoding="utf-8")
    cards = "".join(f"  - {{id: c{n}, bg: '{colour}'}}\n" for n, colour in enumerate(colours, 1))
    (project / f"data/tiny/decks/{deck}.yaml").write_text(
        f"name: {deck.title()}\nsize: poker\nfront: tiny/solid.j2\nback: tiny/solid-back.j2\ncards:\n{cards}", encoding="utf-8")
    result = run_pnp(project, "preview", "tiny", "--deck", deck, "--dpi", "30")
    assert result.exit_code == 0, result.output
    return Image.open(project / f"output/tiny/preview/{deck}-contact.png").convert("RGB")


def where(sheet: Image.Image, colour: str) -> tuple[int, int, int, int] | None:
    """The box of the pixels of `colour` on the sheet (left, top, right, bottom), or None where it is not."""
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)
    hits = np.argwhere(np.abs(np.asarray(sheet, dtype=np.int16) - rgb).max(axis=2) <= 6)
    if len(hits) < 100:
        return None
    (top, left), (bottom, right) = hits.min(axis=0), hits.max(axis=0)
    return int(left), int(top), int(right), int(bottom)


def test_a_contact_sheet_shows_every_cards_front_eight_a_row_and_no_back(project):
    """Nine cards: the first eight in one row, left to right in the deck's order, the ninth alone below the first; the
    backs on no sheet of fronts."""
    sheet = painted_deck(project, "nine", FRONTS)
    boxes = [where(sheet, colour) for colour in FRONTS]
    assert all(boxes), dict(zip(FRONTS, boxes, strict=True))
    first_row, last = boxes[:8], boxes[8]
    assert [b[0] for b in first_row] == sorted(b[0] for b in first_row) and len({b[1] for b in first_row}) == 1, first_row
    assert last[1] > first_row[0][3] and abs(last[0] - first_row[0][0]) <= 1, (first_row[0], last)
    assert where(sheet, BACK) is None


def test_a_deck_of_three_cards_has_a_contact_sheet_three_cards_wide(project):
    """A deck shorter than a row takes no more columns than it has cards: its sheet is three faces wide, not eight
    with five empty places."""
    sheet = painted_deck(project, "three", FRONTS[:3])
    face = Image.open(project / "output/tiny/preview/three/c1-front.png")
    assert face.size == (round(63.5 / 25.4 * 30), round(88.9 / 25.4 * 30))  # a poker card at 30 dpi
    assert 3 * face.width < sheet.width < 4 * face.width, (sheet.size, face.size)
    right = where(sheet, FRONTS[2])[2]
    assert sheet.width - right < face.width / 2, "the third card ends the sheet"


def test_a_preview_with_bleed_shows_3_mm_of_art_past_each_edge_of_the_card(project):
    """`pnp preview --bleed` draws each face with its 3 mm of bleed (the art a shop prints past the cut): a poker card of
    63.5 × 88.9 mm is 69.5 × 94.9 mm at 30 dpi, and the painted colour reaches the image's very edge."""
    painted_deck(project, "one", FRONTS[:1])
    result = run_pnp(project, "preview", "tiny", "--deck", "one", "--dpi", "30", "--bleed")
    assert result.exit_code == 0, result.output
    face = Image.open(project / "output/tiny/preview/one/c1-front.png").convert("RGB")
    bled = ((63.5 + 2 * 3) / 25.4 * 30, (88.9 + 2 * 3) / 25.4 * 30)  # 82.1 × 112.1 px: the renderer takes the part pixel
    assert all(abs(side - want) <= 1 for side, want in zip(face.size, bled, strict=True)), (face.size, bled)
    assert where(face, FRONTS[0]) == (0, 0, face.width - 1, face.height - 1)


def test_a_preview_of_one_card_leaves_its_decks_contact_sheet_whole(project):
    """A deck's contact sheet shows every card of the deck (docs/commands.md): `pnp preview --card c2` writes that card's
    faces and leaves the sheet the whole deck's preview made, its three fronts still on it, not one card's alone."""
    painted_deck(project, "three", FRONTS[:3])
    result = run_pnp(project, "preview", "tiny", "--deck", "three", "--card", "c2", "--dpi", "40")
    assert result.exit_code == 0, result.output
    assert Image.open(project / "output/tiny/preview/three/c2-front.png").size == (round(63.5 / 25.4 * 40), round(88.9 / 25.4 * 40))
    sheet = Image.open(project / "output/tiny/preview/three-contact.png").convert("RGB")
    assert all(where(sheet, colour) for colour in FRONTS[:3]), [where(sheet, colour) for colour in FRONTS[:3]]


def test_a_preview_of_one_single_sided_card_says_one_image(project):
    """A card with no back, previewed alone (`--card`), is one picture: its front. The line says "1 image", in the
    singular, as every other count pnp prints."""
    painted_deck(project, "one", FRONTS[:1])
    deck = project / "data/tiny/decks/one.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("back: tiny/solid-back.j2\n", ""), encoding="utf-8")
    result = run_pnp(project, "preview", "tiny", "--deck", "one", "--card", "c1", "--dpi", "30")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["output/tiny/preview: 1 image at 30 dpi"]


def test_a_preview_again_leaves_no_image_of_a_face_the_deck_no_longer_has(project):
    """The deck's folder shows what prints now: previewed again after its backs were taken away and its third card
    removed, it holds the two fronts alone, and a greyscale preview's images (another view, made by its own command)
    stay; previewing one card alone takes away that card's old back and no other's."""
    painted_deck(project, "three", FRONTS[:3])
    assert run_pnp(project, "preview", "tiny", "--deck", "three", "--dpi", "30", "--simulate", "grey").exit_code == 0
    folder = project / "output/tiny/preview/three"
    deck = project / "data/tiny/decks/three.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("back: tiny/solid-back.j2\n", ""), encoding="utf-8")
    assert run_pnp(project, "preview", "tiny", "--deck", "three", "--card", "c1", "--dpi", "30").exit_code == 0
    assert not (folder / "c1-back.png").exists() and (folder / "c2-back.png").exists()
    deck.write_text(deck.read_text(encoding="utf-8").replace(f"  - {{id: c3, bg: '{FRONTS[2]}'}}\n", ""), encoding="utf-8")
    assert run_pnp(project, "preview", "tiny", "--deck", "three", "--dpi", "30").exit_code == 0
    grey = {f"c{n}-{side}-grey.png" for n in (1, 2, 3) for side in ("front", "back")}
    assert sorted(path.name for path in folder.iterdir()) == sorted({"c1-front.png", "c2-front.png"} | grey)


def test_a_greyscale_preview_again_leaves_no_grey_image_of_a_face_gone_and_the_plain_ones_whole(project):
    """A colour-vision preview (`--simulate grey`) keeps its folder to what prints now as a plain one does, among its own
    images (`<card>-front-grey.png`): after the backs are taken away and the third card removed, previewing one card
    and then the deck leaves the two fronts' grey images alone, and the plain preview's images (another view, made by its
    own command) all stay."""
    painted_deck(project, "three", FRONTS[:3])
    assert run_pnp(project, "preview", "tiny", "--deck", "three", "--dpi", "30", "--simulate", "grey").exit_code == 0
    folder = project / "output/tiny/preview/three"
    deck = project / "data/tiny/decks/three.yaml"
    text = deck.read_text(encoding="utf-8").replace("back: tiny/solid-back.j2\n", "").replace(f"  - {{id: c3, bg: '{FRONTS[2]}'}}\n", "")
    deck.write_text(text, encoding="utf-8")
    for alone in (("--card", "c1"), ()):
        assert run_pnp(project, "preview", "tiny", "--deck", "three", "--dpi", "30", "--simulate", "grey", *alone).exit_code == 0
    plain = {f"c{n}-{side}.png" for n in (1, 2, 3) for side in ("front", "back")}
    assert sorted(path.name for path in folder.iterdir()) == sorted(plain | {"c1-front-grey.png", "c2-front-grey.png"})


def test_a_preview_of_one_deck_writes_that_decks_images_alone(project):
    """`pnp preview --deck three` (its help: only this deck) draws the deck named and no other: the tiny game's heroes get
    no folder and no contact sheet."""
    painted_deck(project, "three", FRONTS[:3])
    folder = project / "output/tiny/preview"
    assert sorted(p.name for p in folder.iterdir()) == ["three", "three-contact.png"]
    assert sorted(p.name for p in (folder / "three").iterdir()) == [f"c{n}-{side}.png" for n in (1, 2, 3) for side in ("back", "front")]
