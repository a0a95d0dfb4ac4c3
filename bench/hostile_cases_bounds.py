"""Cases of bench/hostile.py for issue 74's bounds: art-heavy decks in bounded memory, one processor-time budget per
command, and typesetting whose cost grows with the text (bounds).

Each runs in the bench's child, capped at 1 GiB of address space and 60 s of processor time: before the fixes, the
art deck kept every picture decoded (42 MB each: 24 of them pass the cap), the looping deck spent its face limit on
each of 200 faces (200 s), and the soft-hyphenated text was set in time that grew with its square."""
from __future__ import annotations

from hostile import A, R
from hostile_corpus import CARDS, FRAME, case, frame, put

ART_PX = (2100, 2900)  # a poker card with 3 mm bleed at 600 dpi
LOOPING = "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}"
SOFT = "\u00ad"


def _pictures(ctx, n: int) -> None:
    """A deck of n cards, each with its own 600-dpi art, drawn to cover the card."""
    from PIL import Image, ImageDraw

    put(ctx, "data/tiny/decks/art.yaml", "name: Art\nsize: poker\nfront: tiny/art.j2\nback: tiny/back.j2\ncards_from: art/\n")
    put(ctx, "templates/tiny/art.j2", '{{ image(card.image, -face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fit="cover") }}\n'
                                      '{{ text(card.name, 5, 5, face.w - 10, 8, size=9) }}\n')
    folder = ctx.project / "data/tiny/decks/art"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        img = Image.new("RGB", ART_PX, ((40 * i) % 256, (90 * i) % 256, (150 * i) % 256))
        x, y = (i * 97) % ART_PX[0], (i * 131) % ART_PX[1]
        ImageDraw.Draw(img).ellipse((x - 500, y - 500, x + 500, y + 500), fill=(255 - (40 * i) % 256, 20, 200))
        img.save(folder / f"card-{i:02d}.png", compress_level=1)


@case("bounds", "24 cards of their own 600-dpi art",
      A("build --only cards", "each picture is decoded when drawn, embedded once and let go: the deck fits in far less than the cap"))
def _(ctx):
    _pictures(ctx, 24)


@case("bounds", "200 cards whose template loops on every face",
      R("build --only cards", FRAME, env={"PNP_FACE_SECONDS": "0.5"}))
def _(ctx):
    """Every hero's face loops for its whole limit (0.5 s here): the command's budget (10 s plus 0.025 s a face) stops the
    build after about twenty faces, with one finding at the frame naming the slowest."""
    rows = "".join(f"  - {{id: h{i}, name: Hero {i}, side: red, stars: 1, number: {i}, text: Go.}}\n" for i in range(200))
    put(ctx, "data/tiny/decks/many.yaml", f"name: Many\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards:\n{rows}")
    with (ctx.project / FRAME).open("a", encoding="utf-8") as f:
        f.write(LOOPING + "\n")


@case("bounds", "99,000 characters of soft hyphens, justified", R(CARDS, FRAME))
def _(ctx):
    """Within the text limit; too long for the box even at its smallest size, which is the finding, at once."""
    frame(ctx, '{{ text("' + ("ab" + SOFT) * 33_000 + '", 2, 2, 60, 80, size=9, min_size=4, align="justify") }}')


@case("bounds", "30,000 characters of soft-hyphenated words, justified and fitting",
      A(CARDS, "set in a fraction of a second: a word broken over lines costs what it is long"))
def _(ctx):
    frame(ctx, '{% set t = "' + ("Donau" + SOFT + "dampf" + SOFT + "schiff ") * 1_500 + '" %}{{ text(t[:30000], 2, 2, 59, 84, size=9, min_size=1, align="justify") }}')
