"""Cases of bench/hostile.py for issue 74's bounds: art-heavy decks in bounded memory, one processor-time budget per
command, and typesetting whose cost grows with the text (bounds).

Each runs in the bench's child, capped at 1 GiB of address space and 60 s of processor time: before the fixes, the
art deck kept every picture decoded (42 MB each: 24 of them pass the cap), in a build and in every export; six
35-Mpx pictures (105 MB each decoded, under the 50-Mpx limit) did the same; a rulebook of photographic figures was
held whole once a Platypus pass and several times more as it was saved; the looping deck spent its face limit on
each of 200 faces (200 s), and the soft-hyphenated text was set in time that grew with its square."""
from __future__ import annotations

from hostile import A, R
from hostile_corpus import CARDS, FRAME, case, frame, put

ART_PX = (2100, 2900)  # a poker card with 3 mm bleed at 600 dpi
LOOPING = "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}"
SOFT = "\u00ad"


def _pictures(ctx, n: int, size: tuple[int, int] = ART_PX, grain: float = 0.0) -> None:
    """A deck of n cards, each with its own 600-dpi art (or pictures of `size`), drawn to cover the card; with `grain`,
    that much noise blended in, as a photograph or a painting has (its PNG several megabytes)."""
    from PIL import Image, ImageDraw

    put(ctx, "data/tiny/decks/art.yaml", "name: Art\nsize: poker\nfront: tiny/art.j2\nback: tiny/back.j2\ncards_from: art/\n")
    put(ctx, "templates/tiny/art.j2", '{{ image(card.image, -face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fit="cover") }}\n'
                                      '{{ text(card.name, 5, 5, face.w - 10, 8, size=9) }}\n')
    folder = ctx.project / "data/tiny/decks/art"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        img = Image.new("RGB", size, ((40 * i) % 256, (90 * i) % 256, (150 * i) % 256))
        x, y = (i * 97) % size[0], (i * 131) % size[1]
        ImageDraw.Draw(img).ellipse((x - 500, y - 500, x + 500, y + 500), fill=(255 - (40 * i) % 256, 20, 200))
        if grain:
            img = Image.blend(img, Image.effect_noise(size, 60).convert("RGB"), grain)
        img.save(folder / f"card-{i:02d}.png", compress_level=1)


@case("bounds", "24 cards of their own 600-dpi art",
      A("build --only cards", "each picture is decoded when drawn, embedded once and let go: the deck fits in far less than the cap"))
def _(ctx):
    _pictures(ctx, 24)


EXPORT = "export tiny --deck art --dpi 72 --no-validate --format "
WHY_EXPORT = "an export draws each picture as a build does, and writes each image as it is made: the deck fits in far less than the cap"


@case("bounds", "24 cards of their own 600-dpi art, exported", *(A(EXPORT + f, WHY_EXPORT) for f in ("png", "tts", "pod", "pcio", "vtt", "sprites")))
def _(ctx):
    _pictures(ctx, 24)


@case("bounds", "six 35-Mpx pictures", A("build --only cards", "a 35-Mpx picture (under the 50-Mpx limit) is decoded, embedded and let go"))
def _(ctx):
    _pictures(ctx, 6, (5000, 7000))


@case("bounds", "a rulebook of 6 photographic figures", A("build --only rulebook", "a figure's picture goes to a file past a threshold, as a card's"))
def _(ctx):
    """Each figure a picture of its own with grain (about 5 MB in the PDF): a 30 MB rulebook, each figure embedded once a
    Platypus pass (the processor-time cap and the clock's, on a loaded machine, allow a few)."""
    _pictures(ctx, 6, grain=0.04)
    (ctx.project / "data/tiny/decks/art.yaml").unlink()  # the pictures only, as a rulebook's own art
    (ctx.project / "data/tiny/decks/art").rename(ctx.project / "data/tiny/figures")
    figures = "".join(f"## Figure {i}\n\n![Figure {i}](data/tiny/figures/card-{i:02d}.png \"60\")\n\n" for i in range(6))
    put(ctx, "data/tiny/rulebook.md", "# Figures\n\n" + figures)


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
