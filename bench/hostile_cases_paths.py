"""Cases of bench/hostile.py: links and paths for every kind of file pnp reads (read) and writes (write)."""
from __future__ import annotations

import shutil

from hostile import A, R
from hostile_corpus import (
    CARDS,
    DECK,
    FONT,
    FRAME,
    GAME,
    HEAD_ROWS,
    ICON,
    ODS_HEAD,
    PREVIEW,
    QUICK,
    RULEBOOK,
    RULES,
    case,
    cell,
    edit,
    frame,
    icon,
    image_on_knight,
    link,
    ods,
    ods_row,
    own_font,
    put,
    rulebook,
    spies,
    svg,
    xlsx,
    zipped,
)

# read: links and paths leading out, for every kind of file pnp reads ---------------------------------------------------
NOT_FOLLOWED = "the path rule refuses it"

for _name, _rel, _target, _runs in [
    ("deck linked to the user's file", DECK, "secret.yaml", [R("build", DECK), R("validate", DECK), R("list", DECK), R(PREVIEW, DECK)]),
    ("decks/ linked out", "data/tiny/decks", "decks", [R("build", "decks"), R("list", "decks")]),
    ("the game's folder linked out", "data/tiny", "tinydata", [R("build", "data/tiny"), R("list", "data/tiny"), R("validate", "data/tiny")]),
    ("data/ linked out", "data", "data", [R("build", "data"), R("list", "data")]),
    ("game.yaml linked out", GAME, "game.yaml", [R("build", GAME), R("list", GAME), R("bundle tiny --paper letter", GAME)]),
    ("rulebook.md linked out", RULES, "rulebook.md", [R(RULEBOOK, RULES), R("bundle tiny --paper letter", RULES)]),
    ("reference.yaml linked out", "data/tiny/reference.yaml", "reference.yaml", [R("build --only reference", "reference.yaml")]),
    ("tokens.yaml linked out", "data/tiny/tokens.yaml", "tokens.yaml",
     [R("build --only tokens", "tokens.yaml"), R("export tiny --format png --dpi 72 --no-validate", "tokens.yaml")]),
    ("boards.yaml linked out", "data/tiny/boards.yaml", "boards.yaml", [R("build --only boards", "boards.yaml")]),
    ("a template linked out", FRAME, "frame.j2", [R(CARDS, "frame.j2"), R(PREVIEW, "frame.j2"), R("validate", "frame.j2")]),
    ("the game's templates linked out", "templates/tiny", "tinytemplates", [R(CARDS, "tiny/"), R("validate", "tiny/")]),
    ("templates/ linked out", "templates", "templates", [R(CARDS, "templates")]),
    ("an icon linked out", ICON, "icon.svg", [R(CARDS, "hearts.svg"), R(PREVIEW, "hearts.svg")]),
    ("the icons folder linked out", "templates/icons", "icons", [R(CARDS, "icons")]),
    ("pnp.yaml linked out", "pnp.yaml", "pnp.yaml", [R("build --only cards", "pnp.yaml"), R("calibrate --save laser --offset 0.5,0", "pnp.yaml"),
                                                     R("bundle tiny --paper letter", "pnp.yaml")]),
    ("deck linked to /etc/passwd", DECK, "/etc/passwd", [R("build", DECK), R("list", DECK)]),
    ("deck linked to /dev/zero", DECK, "/dev/zero", [R("validate", DECK), R("list", DECK)]),
    ("deck linked to /proc/self/environ", DECK, "/proc/self/environ", [R("validate", DECK)]),
]:
    def _make(ctx, rel=_rel, target=_target):
        link(ctx, rel, target if target.startswith("/") else ctx.outside / target)

    case("read", _name, *_runs)(_make)


@case("read", "a template included from a link out", R(CARDS, "inc.j2"))
def _(ctx):
    link(ctx, "templates/tiny/inc.j2", ctx.outside / "evil.j2")
    frame(ctx, "{% include 'tiny/inc.j2' %}")


@case("read", "a macro file imported from a link out", R(CARDS, "mac.j2"))
def _(ctx):
    link(ctx, "templates/tiny/mac.j2", ctx.outside / "macro.j2")
    frame(ctx, "{% import 'tiny/mac.j2' as m %}{{ m.m() }}")


@case("read", "an image linked out", R(CARDS, "art/hero.png"), R(PREVIEW, "art/hero.png"))
def _(ctx):
    link(ctx, "art/hero.png", ctx.outside / "art.png")
    image_on_knight(ctx, "art/hero.png")


@case("read", "art/ linked out", R(CARDS, "art/hero.png"))
def _(ctx):
    link(ctx, "art", ctx.outside / "art")
    image_on_knight(ctx, "art/hero.png")


@case("read", "an image named by an absolute path", R(CARDS, "frame.j2"))
def _(ctx):
    image_on_knight(ctx, str(ctx.outside / "art.png"))


@case("read", "an image named up and out", R(CARDS, "frame.j2"))
def _(ctx):
    image_on_knight(ctx, "art/../../outside/art.png")


@case("read", "fonts.yaml linked out", R("build --only cards", "fonts.yaml"), R("list", "fonts.yaml"))
def _(ctx):
    own_font(ctx, data=FONT.read_bytes())
    link(ctx, "fonts/fonts.yaml", ctx.outside / "fonts/fonts.yaml")


@case("read", "fonts/ linked out", R("build --only cards", "fonts"), R("validate", "fonts"))
def _(ctx):
    own_font(ctx)
    link(ctx, "fonts", ctx.outside / "fonts")


@case("read", "a font file linked out", R("build --only cards", "fonts.yaml"))
def _(ctx):
    own_font(ctx)
    link(ctx, "fonts/Mine.ttf", ctx.outside / "Mine.ttf")


@case("read", "a font named up and out", R("build --only cards", "fonts.yaml"))
def _(ctx):
    own_font(ctx, "../../outside/Mine.ttf")


@case("read", "a font named by an absolute path", R("validate", "fonts.yaml"))
def _(ctx):
    own_font(ctx, str(ctx.outside / "Mine.ttf"))


for _kind in ("csv", "xlsx", "ods"):
    @case("read", f"a {_kind} sheet linked out", R("build --only cards", "spies.yaml"), R(QUICK, "spies.yaml"), R("list", "spies.yaml"))
    def _(ctx, kind=_kind):
        spies(ctx, f"cards.{kind}")
        link(ctx, f"data/tiny/decks/cards.{kind}", ctx.outside / f"cards.{kind}")


@case("read", "cards_from up and out", R(QUICK, "spies.yaml"), R("list", "spies.yaml"))
def _(ctx):
    spies(ctx, "../../../../outside/cards.csv")


@case("read", "cards_from an absolute path", R(QUICK, "spies.yaml"))
def _(ctx):
    spies(ctx, str(ctx.outside / "cards.csv"))


@case("read", "cards_from a file: address", R(QUICK, "spies.yaml"))
def _(ctx):
    spies(ctx, f"file://{ctx.outside}/cards.csv")


@case("read", "a rulebook figure by an absolute path", R(RULEBOOK, "rulebook.md"))
def _(ctx):
    rulebook(ctx, f"# Rules\n\n![a picture]({ctx.outside}/art.png)\n")


@case("read", "a rulebook figure up and out", R(RULEBOOK, "rulebook.md"))
def _(ctx):
    rulebook(ctx, "# Rules\n\n![a picture](../../../outside/art.png)\n")


@case("read", "a rulebook figure linked out", R(RULEBOOK, "rulebook.md"), R("bundle tiny --paper letter", "rulebook.md"))
def _(ctx):
    link(ctx, "data/tiny/fig.png", ctx.outside / "art.png")
    rulebook(ctx, "# Rules\n\n![a picture](fig.png)\n")


@case("read", "a rulebook including a file up and out", R(RULEBOOK, "rulebook.md"))
def _(ctx):
    rulebook(ctx, "# Rules\n\n{% include '../../outside/secret.txt' %}\n")


@case("read", "a rulebook including a template linked out", R(RULEBOOK, "inc.j2"))
def _(ctx):
    link(ctx, "templates/tiny/inc.j2", ctx.outside / "evil.j2")
    rulebook(ctx, "# Rules\n\n{% include 'tiny/inc.j2' %}\n")


@case("read", "reference text including a template linked out", R("build --only reference", "inc.j2"))
def _(ctx):
    link(ctx, "templates/tiny/inc.j2", ctx.outside / "secret.txt")
    edit(ctx, "data/tiny/reference.yaml", "Draw, play, pass left; most stars wins.", "\"{% include 'tiny/inc.j2' %}\"")


@case("read", "an icon's image by file: address", R(CARDS, "hearts.svg"))
def _(ctx):
    icon(ctx, svg(f'<image width="5" height="5" xlink:href="file://{ctx.outside}/art.png"/>'))


@case("read", "an icon's image up and out", R(CARDS, "hearts.svg"))
def _(ctx):
    icon(ctx, svg('<image width="5" height="5" xlink:href="../../outside/art.png"/>'))


@case("read", "an icon's image linked out", R(CARDS, "hearts.svg"))
def _(ctx):
    link(ctx, "templates/icons/pic.png", ctx.outside / "art.png")
    icon(ctx, svg('<image width="5" height="5" xlink:href="pic.png"/>'))


@case("read", "an icon's image on the network", A(CARDS, "an address in an icon is never fetched: the image is left out"))
def _(ctx):
    icon(ctx, svg(f'<rect width="5" height="5"/><image width="5" height="5" xlink:href="{ctx.url}/probe.png"/>'))


@case("read", "an icon's external entity (XXE)", R(CARDS, "hearts.svg"))
def _(ctx):
    icon(ctx, svg("<text>&x;</text>", before=f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file://{ctx.outside}/secret.txt">]>'))


@case("read", "an icon's external DTD on the network", A(CARDS, "an external DTD is never fetched"))
def _(ctx):
    icon(ctx, svg('<rect width="5" height="5"/>', before=f'<?xml version="1.0"?><!DOCTYPE svg SYSTEM "{ctx.url}/probe.dtd">'))


@case("read", "an icon's XInclude", A(CARDS, "XInclude is not followed: the icon draws without it"))
def _(ctx):
    icon(ctx, svg(f'<rect width="5" height="5"/><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file://{ctx.outside}/secret.txt" '
                  'parse="text"/>'))


@case("read", "an icon's stylesheet import", A(CARDS, "a stylesheet's @import is not followed"))
def _(ctx):
    icon(ctx, svg(f'<style>@import url("file://{ctx.outside}/secret.txt"); @import url("{ctx.url}/probe.css");</style><rect width="5" height="5"/>'))


@case("read", "a workbook's external entity (XXE)", R(QUICK, "cards.xlsx"))
def _(ctx):
    spies(ctx, "cards.xlsx", zipped(xlsx(HEAD_ROWS + f'<row r="3">{cell("A3", "&x;")}</row>',
                                         before=f'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file://{ctx.outside}/secret.txt">]>')))


@case("read", "an ods sheet's external entity (XXE)", R(QUICK, "cards.ods"))
def _(ctx):
    spies(ctx, "cards.ods", zipped(ods(ODS_HEAD + ods_row("mole", "&x;"),
                                       before=f'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file://{ctx.outside}/secret.txt">]>')))


@case("read", "a template named by an absolute path", R("build", DECK))
def _(ctx):
    edit(ctx, DECK, "back: tiny/back.j2", f"back: {ctx.outside}/evil.j2")


@case("read", "a link that stays inside the project", A("build", "a link inside the project is the project's own file"))
def _(ctx):
    shutil.copy(ctx.project / DECK, ctx.project / "data/shared.yaml")
    link(ctx, DECK, ctx.project / "data/shared.yaml")


@case("read", "a deck that is a dangling link", R("build", DECK), R("list", DECK))
def _(ctx):
    link(ctx, DECK, ctx.project / "nowhere.yaml")


@case("read", "a deck in a loop of links", R("build", DECK), R("list", DECK))
def _(ctx):
    link(ctx, DECK, ctx.project / "data/tiny/decks/loop.yaml")
    link(ctx, "data/tiny/decks/loop.yaml", ctx.project / DECK)


@case("read", "a deck that is a folder", R("build", "villains.yaml"), R("list", "villains.yaml"))
def _(ctx):
    (ctx.project / "data/tiny/decks/villains.yaml").mkdir()


# write: links and paths for every file pnp writes ----------------------------------------------------------------------
def _edit_a_card(ctx) -> None:
    edit(ctx, DECK, "Steal 1 coin", "Steal 2 coins")  # the cards are written again, not kept


REPLACED = "the link at the output's name is replaced by the output, never written through"

for _name, _rel, _runs in [
    ("output/ linked to the user's folder", "output", [R("build", "output"), R(PREVIEW, "output"), R("export tiny --format pod --no-validate", "output"),
                                                       R("bundle tiny --paper letter", "output")]),
    ("output/<game> linked to the user's folder", "output/tiny", [R("build", "output/tiny"), R(PREVIEW, "output/tiny"),
                                                                   R("export tiny --format tts --dpi 72 --no-validate", "output/tiny"),
                                                                   R("bundle tiny --paper letter", "output/tiny"), R("showcase tiny --width 200", "output/tiny")]),
    ("the build cache linked to the user's folder", "output/.pnp-cache", [R("build", ".pnp-cache"), A("validate", "validate writes no cache")]),
    ("the cache's parsed/ linked to the user's folder", "output/.pnp-cache/parsed", [R("build", "parsed")]),
]:
    def _make(ctx, rel=_rel):
        _edit_a_card(ctx)
        link(ctx, rel, ctx.outside / "mine")

    case("write", _name, *_runs)(_make)


@case("write", "the cache's parsed/ linked to the user's own cache", R("build", "parsed"))
def _(ctx):
    _edit_a_card(ctx)
    link(ctx, "output/.pnp-cache/parsed", ctx.outside / "cache")


for _name, _rel, _command in [
    ("a link at the cards PDF's name", "output/tiny/tiny-cards.pdf", "build --only cards"),
    ("a link at the rulebook PDF's name", "output/tiny/tiny-rulebook.pdf", RULEBOOK),
    ("a link at the designer notes' name", "output/tiny/tiny-designer-notes.md", "build --only cards"),
    ("a link at the labels PDF's name", "output/tiny/tiny-labels.pdf", "build --only labels"),
    ("a link at the booklet's name", "output/tiny/tiny-rulebook-booklet.pdf", "build --only rulebook --booklet"),
    ("a link at a cutter file's name", "output/tiny/tiny-cards-sheet-01.svg", "build --only cards --cutter silhouette"),
    ("a link at the changed cards' name", "output/tiny/tiny-changed.pdf", "build --only cards --changed"),
    ("a link at a preview's name", "output/tiny/preview/heroes-knight.png", PREVIEW),
    ("a link at the bundle zip's name", "output/tiny/bundle/tiny-print-and-play-letter.zip", "bundle tiny --paper letter"),
    ("a link at the cache's record", "output/.pnp-cache/tiny.json", "build --only cards"),
    ("a link at the cache's face store", "output/.pnp-cache/tiny.faces", "build --only cards"),
    ("a link at the cache's .gitignore", "output/.pnp-cache/.gitignore", "build --only cards"),
    ("a link at the cache's key check", "output/.pnp-cache/key-check", "build --only cards"),
    ("a link at the cache's digests", "output/.pnp-cache/parsed/file-digests.json", "build --only cards"),
    ("a link at the calibration sheet's name", "output/calibration-letter.pdf", "calibrate"),
    ("a link at an icon sheet's name", "output/icons-star.pdf", "icons star"),
]:
    def _make(ctx, rel=_rel):
        _edit_a_card(ctx)
        link(ctx, rel, ctx.outside / "notes.txt")

    case("write", _name, A(_command, REPLACED))(_make)


for _name, _rel, _command in [
    ("the preview folder linked out", "output/tiny/preview", PREVIEW),
    ("the png export folder linked out", "output/tiny/png", "export tiny --format png --dpi 72 --no-validate"),
    ("the tts export folder linked out", "output/tiny/tts", "export tiny --format tts --dpi 72 --no-validate"),
    ("the pod export folder linked out", "output/tiny/pod", "export tiny --format pod --no-validate"),
    ("the bundle folder linked out", "output/tiny/bundle", "bundle tiny --paper letter"),
    ("the showcase folder linked out", "output/tiny/showcase", "showcase tiny --width 200"),
]:
    def _make(ctx, rel=_rel):
        link(ctx, rel, ctx.outside / "mine")

    case("write", _name, A(_command, "a command's own folder, linked, is replaced by the new folder; the user's is left alone"))(_make)


@case("write", "a link below the --out folder", R("build --only cards --out out", "out/tiny"))
def _(ctx):
    (ctx.folder / "out").mkdir()
    (ctx.folder / "out/tiny").symlink_to(ctx.outside / "mine")


@case("write", "pnp.yaml linked out, saved by calibrate", R("calibrate --save laser --offset 0.5,0", "pnp.yaml"))
def _(ctx):
    link(ctx, "pnp.yaml", ctx.outside / "pnp.yaml")


@case("write", "the stamps record linked out", A("changes tiny", "a record through a link is no record: never read", accept_rc=1),
      A("printed tiny", "the link at the record's name is replaced, never read or written through"))
def _(ctx):
    edit(ctx, GAME, "stamps: false", "stamps: true")
    link(ctx, "output/.pnp-cache/tiny.stamps.json", ctx.outside / "notes.txt")


@case("write", "a new game's folder linked out", R("new newgame", "newgame", refuse_rc=2))
def _(ctx):
    link(ctx, "data/newgame", ctx.outside / "mine")


@case("write", "a new game's templates linked out", R("new newgame", "newgame", refuse_rc=2))
def _(ctx):
    link(ctx, "templates/newgame", ctx.outside / "mine")


@case("write", "the project's .gitignore linked out", A("new newgame", "the project's .gitignore is left alone or replaced, never written through"))
def _(ctx):
    link(ctx, ".gitignore", ctx.outside / "notes.txt")


@case("write", "a dead build's temporary file as a link", A("build --only cards", "a link is never a stale temporary of pnp's: left alone"))
def _(ctx):
    _edit_a_card(ctx)
    link(ctx, "output/tiny/.tiny-cards.pdf.999999-abcd.tmp", ctx.outside / "notes.txt")


@case("write", "output/<game> a file", R("build --only cards", "output/tiny"))
def _(ctx):
    shutil.rmtree(ctx.project / "output/tiny")
    put(ctx, "output/tiny", "not a folder")


@case("write", "output/ a file", R("build --only cards", "output"))
def _(ctx):
    shutil.rmtree(ctx.project / "output")
    put(ctx, "output", "not a folder")


@case("write", "the build cache a file", A("build --only cards", "a cache that cannot be kept costs work, not the build"))
def _(ctx):
    _edit_a_card(ctx)
    shutil.rmtree(ctx.project / "output/.pnp-cache")
    put(ctx, "output/.pnp-cache", "not a folder")


@case("write", "a folder at the cards PDF's name", R("build --only cards", "tiny-cards.pdf"))
def _(ctx):
    _edit_a_card(ctx)
    (ctx.project / "output/tiny/tiny-cards.pdf").unlink()
    (ctx.project / "output/tiny/tiny-cards.pdf").mkdir()

