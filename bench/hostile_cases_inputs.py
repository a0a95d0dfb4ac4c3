"""Cases of bench/hostile.py: what a game's files may hold: template escapes and bombs, absurd drawing values, Markdown, images, SVG and fonts."""
from __future__ import annotations

import base64
import io
import struct

from hostile import A, R
from hostile_corpus import (
    CARDS,
    FONT,
    FRAME,
    GAME,
    PREVIEW,
    QUICK,
    RULEBOOK,
    RULES,
    case,
    chunk,
    edit,
    frame,
    icon,
    image_on_knight,
    own_font,
    png,
    png_claiming,
    put,
    rulebook,
    svg,
    zeros_z,
    zipped,
)

# escape: the template sandbox -----------------------------------------------------------------------------------------
ESCAPES = {
    "cycler's globals": "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
    "joiner's globals": "{{ joiner.__init__.__globals__ }}",
    "namespace's globals": "{{ namespace.__init__.__globals__ }}",
    "lipsum's globals": "{{ lipsum.__globals__['os'] }}",
    "self's context": "{{ self._TemplateReference__context }}",
    "a card's class": "{{ text(card.__class__.__init__.__globals__|string, 5, 5, 50, 5) }}",
    "the face's mro": "{{ text(face.__class__.__mro__|string, 5, 5, 50, 5) }}",
    "a drawing helper's globals": "{{ text(text.__globals__|string, 5, 5, 50, 5) }}",
    "a drawing helper's bound object": "{{ text(text.__self__|string, 5, 5, 50, 5) }}",
    "a helper partial's func": "{{ text(table.func.__globals__|string, 5, 5, 50, 5) }}",
    "a helper partial's args": "{{ text(table.args[0].__dict__|string, 5, 5, 50, 5) }}",
    "the attr filter": "{{ text(''|attr('__class__')|string, 5, 5, 50, 5) }}",
    "the attr filter, escaped": "{{ text(()|attr('\\x5f\\x5fclass\\x5f\\x5f')|string, 5, 5, 50, 5) }}",
    "map by attribute": "{{ text([text]|map(attribute='__globals__')|list|string, 5, 5, 50, 5) }}",
    "str.format reaching a class": "{{ text('{0.__class__.__mro__}'.format(''), 5, 5, 50, 5) }}",
    "str.format reaching globals": "{{ text('{0.__globals__}'.format(text), 5, 5, 50, 5) }}",
    "str.format_map": "{{ text('{x.__class__}'.format_map({'x': ''}), 5, 5, 50, 5) }}",
    "a format filter": "{{ text('%s'|format(''.__class__), 5, 5, 50, 5) }}",
    "subclasses": "{{ ''.__class__.__base__.__subclasses__() }}",
    "a loop's class": "{% for i in [1] %}{{ text(loop.__class__|string, 5, 5, 50, 5) }}{% endfor %}",
    "the range function's self": "{{ text(range.__self__|string, 5, 5, 50, 5) }}",
    "gi_frame of a generator": "{{ text((card.items()|map('first')).gi_frame|string, 5, 5, 50, 5) }}",
    "an include of /etc/passwd": "{% include '/etc/passwd' %}",
    "an include up and out": "{% include '../../outside/secret.txt' %}",
    "an include inside a name": "{% include 'tiny/../../../outside/secret.txt' %}",
    "an extends of an absolute path": "{% extends '/etc/passwd' %}",
    "an import up and out": "{% import '../secret.txt' as s %}",
    "an image of /etc/passwd": "{{ image('/etc/passwd', 5, 5, 10, 10) }}",
    "an icon named with a path": "{{ icon('/etc/passwd', 5, 5, 5) }}",
    "an image name holding a NUL": "{{ image('art/x\\x00.png', 5, 5, 10, 10) }}",
    "mutating the card's data": "{% do card.update({'name': 'Changed'}) %}{% do card.__setitem__('x', 1) %}",
    "python's str.mro": "{{ text(''.mro|string, 5, 5, 50, 5) }}",
    "a getattr name": "{{ getattr(card, '__class__') }}",
}

for _name, _line in ESCAPES.items():
    case("escape", _name, R(CARDS, "frame.j2"))(lambda ctx, line=_line: frame(ctx, line))


@case("escape", "the template's own reference printed", A(CARDS, "{{ self }} prints a name, no more"))
def _(ctx):
    frame(ctx, "{{ text(self|string, 5, 5, 50, 5) }}")


@case("escape", "a card's data as JSON", A(CARDS, "a card's own fields as text, or refused at the line"))
def _(ctx):
    frame(ctx, "{{ text(card|tojson, 5, 5, 50, 5) }}")


@case("escape", "a rulebook reaching a class", R(RULEBOOK, "rulebook.md"))
def _(ctx):
    rulebook(ctx, "# Rules\n\n{{ decks.heroes.__class__.__init__.__globals__ }}\n")


@case("escape", "reference text reaching a class", R("build --only reference", "reference.yaml"))
def _(ctx):
    edit(ctx, "data/tiny/reference.yaml", "Draw, play, pass left; most stars wins.", "\"{{ ''.__class__.__mro__ }}\"")


@case("escape", "a constraint's where reaching a class", R("validate", "game.yaml"), R(QUICK, "game.yaml"))
def _(ctx):
    edit(ctx, GAME, "where: card.count == 1", "where: card.__class__.__init__.__globals__")


# bomb: templates that ask for memory or time --------------------------------------------------------------------------
BIG = "{% set s = 'x' * 99999 %}"
LOOP2 = "{% for i in range(10000) %}{% for j in range(10000) %}"
END2 = "{% endfor %}{% endfor %}"
BOMBS = {
    "ljust": "{% set t = 'x'.ljust(999999999) %}",
    "zfill": "{% set t = '1'.zfill(999999999) %}",
    "a format spec width": "{% set t = '{:>999999999}'.format('x') %}",
    "a nested format width": "{% set t = '{0:{1}}'.format('x', 999999999) %}",
    "a format precision": "{% set t = '{:.999999999f}'.format(1.5) %}",
    "center filter": "{% set t = 'x'|center(999999999) %}",
    "indent filter": "{% set t = 'x\\ny'|indent(999999999) %}",
    "a list times a billion": "{% set t = [0] * 999999999 %}",
    "a tuple times a billion": "{% set t = (0,) * 999999999 %}",
    "bytes times a billion": "{% set t = 'x'.encode() * 999999999 %}",
    "a range listed": "{% set t = range(999999999)|list %}",
    "replace of the empty text": BIG + "{% set t = s|replace('', s) %}",
    "replace with a long text": BIG + "{% set t = s|replace('x', s) %}",
    "join with a long separator": BIG + "{% set t = range(9999)|join(s) %}",
    "str.join with a long separator": BIG + "{% set t = s.join(range(9999)|map('string')) %}",
    "sum of lists": "{% set l = [0] * 99999 %}{% set t = ([l] * 99999)|sum(start=[]) %}",
    "escape amplifying": "{% set t = ('&' * 99999)|e|string|forceescape|forceescape|forceescape %}",
    "urlencode amplifying": "{% set t = ('\\u0100' * 99999)|urlencode %}",
    "a list doubled by itself": "{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}",
    "a dict from keys": "{% set d = {}.fromkeys(range(9999)) %}{% for i in range(9999) %}{% do d.update({}.fromkeys(range(i * 9999, i * 9999 + 9999))) %}{% endfor %}",
    "a set grown": "{% set s = [1]|unique|list %}{% set z = namespace(s=[]) %}{% for i in range(10000) %}{% do z.s.extend(range(10000)) %}{% endfor %}",
    "translate table": BIG + "{% set t = s.translate({120: s}) %}",
    "a number printed past Python's digit limit": "{% set n = (10 ** 100) ** 50 %}{{ text(n|string, 5, 5, 50, 5) }}",
    "a big number squared": "{% set ns = namespace(x=7) %}{% for i in range(30) %}{% set ns.x = ns.x * ns.x %}{% endfor %}",
    "a power tower": "{{ 9 ** (9 ** 9) }}",
    "%c past unicode": "{{ text('%c' % 1114112, 5, 5, 50, 5) }}",
    "division by zero": "{{ text((1 / 0)|string, 5, 5, 50, 5) }}",
    "a nested list printed deep": "{% set ns = namespace(a=[]) %}{% for i in range(20000) %}{% set ns.a = [ns.a] %}{% endfor %}{{ text(ns.a|string, 5, 5, 50, 5) }}",
    "a nested list as JSON": "{% set ns = namespace(a=[]) %}{% for i in range(20000) %}{% set ns.a = [ns.a] %}{% endfor %}{{ text(ns.a|tojson, 5, 5, 50, 5) }}",
    "a nested list pretty-printed": "{% set ns = namespace(a=[]) %}{% for i in range(20000) %}{% set ns.a = [ns.a] %}{% endfor %}{{ ns.a|pprint }}",
    "a list holding itself printed": "{% set l = [] %}{% do l.append(l) %}{{ text(l|string, 5, 5, 50, 5) }}",
    "a list holding itself as JSON": "{% set l = [] %}{% do l.append(l) %}{{ text(l|tojson, 5, 5, 50, 5) }}",
    "a dict holding itself printed": "{% set d = {} %}{% do d.update({'a': d}) %}{{ d }}",
    "a macro calling itself": "{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}",
    "a recursive loop without end": "{% for x in [[1]] recursive %}{{ loop([x]) }}{% endfor %}",
    "a template including itself": "{% include 'tiny/frame.j2' %}",
    "a loop of loops": LOOP2 + END2,
    "a loop of text": BIG + "{% for i in range(10000) %}{{ s }}{% endfor %}",
    "elements past the cap": LOOP2 + "{{ rect(0, 0, 1, 1) }}" + END2,
    "a sorted huge list": "{{ (range(10000)|list * 10)|sort|join(',') }}",
    "lipsum of a million": "{{ lipsum(1000000) }}",
    "wordwrap to one": BIG + "{{ text(s|wordwrap(1), 5, 5, 50, 50) }}",
    "a string split into characters": BIG + "{% set t = s|list %}{% set u = t * 99 %}",
    "unique of huge": "{% set t = (range(10000)|list * 100)|unique|list %}",
}

for _name, _line in BOMBS.items():
    case("bomb", _name, R(CARDS, "frame.j2"))(lambda ctx, line=_line: frame(ctx, line))


@case("bomb", "a template file of 30 MB", A(CARDS, "a long comment costs reading, no more"))
def _(ctx):
    with (ctx.project / FRAME).open("a") as f:
        f.write("{# " + "x" * 30_000_000 + " #}\n")


@case("bomb", "a template of 2,000,000 tags", R(CARDS, "frame.j2"))
def _(ctx):
    with (ctx.project / FRAME).open("a") as f:
        f.write("{% if card.id == 'nobody' %}" + "{{ 1 }}" * 2_000_000 + "{% endif %}\n")


@case("bomb", "things a template may do within the limits", A(CARDS, "a float printed long, batches of one, a truncate past the end: small results"))
def _(ctx):
    frame(ctx, BIG + "{% set t = '%.100f' % 1e300 %}{% set u = range(10000)|batch(1)|list|map('list')|list|string|length %}"
               "{% set v = s|truncate(999999999, leeway=999999999) %}{{ 9 ** 9 ** 9 }}")


@case("bomb", "ifs nested 5,000 deep", R(CARDS, "frame.j2"))
def _(ctx):
    frame(ctx, "{% if true %}" * 5000 + "x" + "{% endif %}" * 5000)


@case("bomb", "brackets nested 5,000 deep", R(CARDS, "frame.j2"))
def _(ctx):
    frame(ctx, "{{ " + "(" * 5000 + "1" + ")" * 5000 + " }}")


@case("bomb", "a list nested 5,000 deep as written", R(CARDS, "frame.j2"))
def _(ctx):
    frame(ctx, "{{ " + "[" * 5000 + "]" * 5000 + " }}")


@case("bomb", "a rulebook looping", R(RULEBOOK, "rulebook.md", env={"PNP_FACE_SECONDS": "3"}))
def _(ctx):
    rulebook(ctx, "# Rules\n\n" + LOOP2 + END2 + "\n")


@case("bomb", "a rulebook writing a billion characters", R(RULEBOOK, "rulebook.md"))
def _(ctx):
    rulebook(ctx, "# Rules\n\n" + BIG + "{% for i in range(10000) %}{{ s }}{% endfor %}\n")


@case("bomb", "reference text looping", R("build --only reference", "reference.yaml", env={"PNP_FACE_SECONDS": "3"}))
def _(ctx):
    edit(ctx, "data/tiny/reference.yaml", "Draw, play, pass left; most stars wins.", f'"{LOOP2}{END2}"')


@case("bomb", "a constraint's where looping", R("validate", "game.yaml", env={"PNP_FACE_SECONDS": "3"}))
def _(ctx):
    edit(ctx, GAME, "where: card.count == 1", "where: \"range(10000)|select('in', range(10000)|list)|list|length > card.count\"")


@case("bomb", "a constraint's where asking for a billion", R(QUICK, "game.yaml"))
def _(ctx):
    edit(ctx, GAME, "where: card.count == 1", "where: \"'x'.ljust(999999999) == ''\"")


# draw: drawing helpers given absurd values ---------------------------------------------------------------------------
DRAWS = {
    "a rectangle of NaN": ("{{ rect(0, 0, 'nan'|float, 5) }}", "refuse"),
    "a rectangle of infinity": ("{{ rect(0, 0, 'inf'|float, 5, fill='red') }}", "refuse"),
    "a rectangle of 1e308": ("{{ rect(0, 0, 1e308, 1e308, fill='red') }}", "refuse"),
    "text of size 0": ("{{ text('hello', 5, 5, 20, 5, size=0) }}", "refuse"),
    "text of size 1e9": ("{{ text('hello', 5, 5, 20, 5, size=1e9, min_size=1e9) }}", "refuse"),
    "text in a box of 1e-300": ("{{ text('hello world ' * 500, 5, 5, 1e-300, 1e-300) }}", "refuse"),
    "text in a negative box": ("{{ text('hello', 5, 5, -20, -5) }}", "refuse"),
    "text of 99,999 characters in a tiny box": ("{{ text('word ' * 19999, 5, 5, 10, 5, min_size=0.1) }}", "refuse"),
    "a leading of 0": ("{{ text('a b c d e f', 5, 5, 5, 5, leading=0) }}", "either"),
    "a billion icons in a row": ("{{ repeat(1000000000, 'star', 5, 20, 5) }}", "refuse"),
    "icons in a row, negative": ("{{ repeat(-5, 'star', 5, 20, 5) }}", "refuse"),
    "an icon of size 1e300": ("{{ icon('star', 5, 5, 1e300) }}", "refuse"),
    "a fill of 100,000 characters": ("{{ rect(0, 0, 5, 5, fill='#' ~ 'f' * 99990) }}", "refuse"),
    "a fill naming a file": ("{{ rect(0, 0, 5, 5, fill='url(file:///etc/passwd)') }}", "refuse"),
    "a radius of a billion": ("{{ rect(0, 0, 5, 5, fill='red', radius=1e9) }}", "either"),
    "a stroke of a billion": ("{{ rect(0, 0, 5, 5, stroke='red', stroke_width=1e9) }}", "either"),
    "a dash of zeros": ("{{ line(0, 0, 50, 50, dash=[0, 0]) }}", "refuse"),
    "a dash of ten thousand lengths": ("{{ line(0, 0, 50, 50, dash=range(10000)|list) }}", "refuse"),
    "a table of 10,000 rows": ("{{ table(0, 0, range(10000)|map('string')|map('list')|list, [5], [1]) }}", "refuse"),
    "a track of a billion": ("{{ track(1, 1000000000, 0, 0, 50, 50) }}", "refuse"),
    "a path of 100,000 points": ("{{ path(range(50000)|map('string')|list) }}", "refuse"),
    "an alignment that is no alignment": ("{{ text('x', 5, 5, 20, 5, align='justify;evil') }}", "refuse"),
    "a font that is a path": ("{{ text('x', 5, 5, 20, 5, font='../../outside/Mine') }}", "refuse"),
    "an image fit that is no fit": ("{{ image('art/ok.png', 5, 5, 10, 10, fit='../../etc') }}", "refuse"),
}

for _name, (_line, _expect) in DRAWS.items():
    def _make(ctx, line=_line):
        put(ctx, "art/ok.png", png(20, 20))
        frame(ctx, line)

    _run = R(CARDS, "frame.j2") if _expect == "refuse" else A(CARDS, "drawn as asked (lines on top of each other, a stroke past the face), clipped to the face")
    case("draw", _name, _run)(_make)


# markdown: the rulebook --------------------------------------------------------------------------------------------
def _md(text: str):
    return lambda ctx: rulebook(ctx, text)


MARKDOWN = {
    "lists 20,000 deep": ("# Rules\n\n" + "".join("  " * i + "- a\n" for i in range(20000)), "refuse"),
    "quotes 100,000 deep": ("# Rules\n\n" + ">" * 100_000 + " deep\n", "either"),
    "brackets 50,000 deep": ("# Rules\n\n" + "[" * 50_000 + "x" + "](y)" * 50_000 + "\n", "either"),
    "images inside images": ("# Rules\n\n" + "![" * 20_000 + "x" + "](a.png)" * 20_000 + "\n", "either"),
    "underscores 20,000 deep": ("# Rules\n\n" + "_a " * 20_000 + "x" + " a_" * 20_000 + "\n", "refuse"),
    "strong 10,000 deep": ("# Rules\n\n" + "**a " * 10_000 + "x" + " a**" * 10_000 + "\n", "refuse"),
    "a table of 20,000 columns": ("# Rules\n\n" + "|a" * 20_000 + "|\n" + "|-" * 20_000 + "|\n" + "|b" * 20_000 + "|\n", "refuse"),
    "a table of 100,000 rows": ("# Rules\n\n|a|b|\n|-|-|\n" + "|x|y|\n" * 100_000, "refuse"),
    "900,000 characters of prose": ("# Rules\n\n" + "\n\n".join(" ".join(["draw", "play", "score", "token", "card"] * 16) for _ in range(2250)), "accept"),
    "a heading of a million characters": ("# " + "x" * 1_000_000 + "\n", "refuse"),
    "a word of 4 MB": ("# Rules\n\n" + "x" * 4_000_000 + "\n", "refuse"),
    "a million headings": ("# Rules\n\n" + "## h\n" * 1_000_000, "refuse"),
    "an unclosed code fence of 3 MB": ("# Rules\n\n```\n" + "code line\n" * 300_000, "refuse"),
    "100,000 link definitions": ("# Rules\n\n[x][l5]\n\n" + "".join(f"[l{i}]: http://example.org/{i}\n" for i in range(100_000)), "refuse"),
    "a file of 60 MB": ("# Rules\n\n" + "word " * 12_000_000, "refuse"),
    "raw HTML": ("# Rules\n\n<script>alert(1)</script>\n\n<div onclick='x'>d</div> <img src=\"/etc/passwd\">\n", "accept"),
    "a javascript link": ("# Rules\n\n[click](javascript:alert(1)) and [file](file:///etc/passwd) and <file:///etc/passwd>\n", "accept"),
    "a figure of a card that is not there": ("# Rules\n\n![x](card:heroes/nobody)\n", "warned"),
    "a figure of a card up and out": ("# Rules\n\n![x](card:../../outside/x)\n", "warned"),
    "a figure a billion mm wide": ('# Rules\n\n![x](card:heroes/knight "1000000000")\n', "warned"),
    "a figure NaN mm wide": ('# Rules\n\n![x](board:town "nan")\n', "warned"),
    "a figure of a directory": ("# Rules\n\n![x](decks)\n", "refuse"),
    "NUL and control characters": ("# Rules\n\nA\x00B\x07C\x1bD\u202eE\n", "accept"),
    "lone surrogates": (b"# Rules\n\n\xed\xa0\x80 x\n", "refuse"),
    "a Jinja syntax error": ("# Rules\n\n{% if %}\n", "refuse"),
    "a Jinja undefined": ("# Rules\n\n{{ nothing.at.all }}\n", "refuse"),
}

for _name, (_text, _expect) in MARKDOWN.items():
    def _make(ctx, text=_text):
        put(ctx, RULES, text)

    _run = (R(RULEBOOK, "rulebook.md") if _expect == "refuse" else
            A(RULEBOOK, {"accept": "printed as the characters written (raw HTML off; control characters stripped)",
                         "either": "markup past what markdown-it nests is text: printed as written",
                         "warned": "a located warning, and an empty frame or the column's width in its place"}[_expect]))
    if _name == "a javascript link":
        _run = A(RULEBOOK, "a link that is no web address prints as text, never as a PDF action (checked in the PDF)")
    case("markdown", _name, _run)(_make)


# image: what image() is given ----------------------------------------------------------------------------------------
def _jpeg_claiming(width: int, height: int, marker: bytes = b"\xff\xc0") -> bytes:
    from PIL import Image

    data = io.BytesIO()
    Image.new("RGB", (8, 8), "blue").save(data, "JPEG", progressive=marker == b"\xff\xc2")
    raw = bytearray(data.getvalue())
    sof = raw.index(marker)
    raw[sof + 5: sof + 9] = struct.pack(">HH", height, width)
    return bytes(raw)


def _webp_claiming(width: int, height: int) -> bytes:
    from PIL import Image

    data = io.BytesIO()
    Image.new("RGB", (8, 8), "green").save(data, "WEBP", lossless=True)
    raw = bytearray(data.getvalue())
    at = raw.index(b"VP8L") + 9  # 14-bit width-1 and height-1 after the signature byte
    bits = (width - 1) | ((height - 1) << 14) | (int.from_bytes(raw[at:at + 4], "little") & ~((1 << 28) - 1))
    raw[at:at + 4] = bits.to_bytes(4, "little")
    return bytes(raw)


def _saved(fmt: str, size=(20, 20), mode="RGB", **kw) -> bytes:
    from PIL import Image

    data = io.BytesIO()
    Image.new(mode, size, "red" if mode == "RGB" else 0).save(data, fmt, **kw)
    return data.getvalue()


def _gradient_rgba(width: int, height: int) -> bytes:
    from PIL import Image

    grey = Image.linear_gradient("L").resize((width, height))
    data = io.BytesIO()
    Image.merge("RGBA", (grey, grey.rotate(90), grey, grey)).save(data, "PNG")
    return data.getvalue()


def _apng(frames: int, size=(200, 200)) -> bytes:
    from PIL import Image

    data = io.BytesIO()
    images = [Image.new("RGB", size, (i % 255, 0, 0)) for i in range(frames)]
    images[0].save(data, "PNG", save_all=True, append_images=images[1:])
    return data.getvalue()


IMAGES = {
    "a PNG of 64 Mpx, a few KB": ("art/big.png", lambda: png(8000, 8000, "1"), "refuse"),
    "a PNG of 49 Mpx, under the limit": ("art/big.png", lambda: png(7000, 7000, "1"), "accept"),
    "a PNG one pixel wide and 49 million tall": ("art/strip.png", lambda: png(1, 49_000_000, "1"), "either"),
    "a PNG with a text chunk bomb": ("art/z.png", lambda: png_claiming(4, 4, bytes(4 * 13), chunk(b"zTXt", b"k\x00\x00" + zeros_z(200))),
                                     "either"),
    "a PNG with an ICC profile bomb": ("art/icc.png", lambda: png_claiming(4, 4, bytes(4 * 13), chunk(b"iCCP", b"p\x00\x00" + zeros_z(200))),
                                       "either"),
    "a PNG whose pixels unpack to 1 GB": ("art/idat.png", lambda: png_claiming(100, 100, zlib_stream=zeros_z(300)), "either"),
    "a PNG with a bad checksum": ("art/crc.png", lambda: png(20, 20)[:29] + b"\0\0\0\0" + png(20, 20)[33:], "either"),
    "a PNG claiming a 2 GB chunk": ("art/len.png", lambda: png(20, 20)[:33] + b"\x7f\xff\xff\xff" + png(20, 20)[37:], "either"),
    "an RGBA PNG of 49 Mpx": ("art/rgba.png", lambda: _gradient_rgba(7000, 7000), "accept"),
    "an animated PNG of 500 frames": ("art/anim.png", lambda: _apng(500), "accept"),
    "a 16-bit grey PNG": ("art/grey16.png", lambda: _saved("PNG", mode="I;16"), "accept"),
    "a palette PNG with transparency": ("art/pal.png", lambda: _saved("PNG", mode="P", transparency=0), "accept"),
    "a CMYK JPEG": ("art/cmyk.jpg", lambda: _saved("JPEG", mode="CMYK"), "accept"),
    "a JPEG claiming 65,500 px a side": ("art/big.jpg", lambda: _jpeg_claiming(65500, 65500), "refuse"),
    "a progressive JPEG claiming 60,000 px a side": ("art/prog.jpg", lambda: _jpeg_claiming(60000, 60000, b"\xff\xc2"), "refuse"),
    "a WebP claiming 16,000 px a side": ("art/big.webp", lambda: _webp_claiming(16000, 16000), "refuse"),
    "a TIFF named .png": ("art/tiff.png", lambda: _saved("TIFF"), "refuse"),
    "a BMP named .png": ("art/bmp.png", lambda: _saved("BMP"), "refuse"),
    "an SVG named .png": ("art/svg.png", lambda: svg('<rect width="5" height="5"/>').encode(), "refuse"),
    "an empty .png": ("art/empty.png", lambda: b"", "refuse"),
    "a PSD-like file named .jpg": ("art/psd.jpg", lambda: b"8BPS" + bytes(200), "refuse"),
    "an ICO named .png": ("art/ico.png", lambda: _saved("ICO", size=(16, 16)), "refuse"),
    "an image name of 300 characters": ("art/" + "x" * 300 + ".png", None, "refuse"),
    "an image name with a newline": ("art/a\\nb.png", None, "refuse"),
    "an image that is a folder": ("art/dir.png", "dir", "refuse"),
    "an image that is a template": ("templates/tiny/hero.j2", None, "refuse"),
}

for _name, (_rel, _data, _expect) in IMAGES.items():
    def _make(ctx, rel=_rel, data=_data):
        if data == "dir":
            (ctx.project / rel).mkdir(parents=True)
            image_on_knight(ctx, rel)
        else:
            image_on_knight(ctx, rel, data() if data else None)

    _runs = [R(CARDS, "frame.j2"), R(PREVIEW, "frame.j2")] if _expect == "refuse" else [
        A(CARDS, {"accept": "a legal image within the limits", "either": "Pillow reads what it can within its limits, or the file is refused"}[_expect])]
    case("image", _name, *_runs)(_make)


# svg: what an icon holds ---------------------------------------------------------------------------------------------
def _laughs() -> str:
    entities = '<!ENTITY a0 "lol">' + "".join(f'<!ENTITY a{i} "{("&a" + str(i - 1) + ";") * 10}">' for i in range(1, 10))
    return f'<?xml version="1.0"?><!DOCTYPE svg [{entities}]>'


def _use_bomb(levels: int = 9, fan: int = 10) -> str:
    defs = '<g id="u0"><rect width="1" height="1"/></g>' + "".join(
        f'<g id="u{i}">' + f'<use xlink:href="#u{i - 1}"/>' * fan + "</g>" for i in range(1, levels + 1))
    return f"<defs>{defs}</defs><use xlink:href=\"#u{levels}\"/>"


def _embedded(fmt_bytes: bytes, kind: str = "png") -> str:
    return f"data:image/{kind};base64," + base64.b64encode(fmt_bytes).decode()


SVGS = {
    "billion laughs": (svg("<text>&a9;</text>", before=_laughs()), "refuse"),
    "quadratic blowup": (svg("<text>" + "&big;" * 50_000 + "</text>", before=f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY big "{"x" * 50_000}">]>'),
                         "refuse"),
    "a use referring to itself": (svg('<g id="a"><use xlink:href="#a"/></g>'), "svglib"),
    "two uses referring to each other": (svg('<g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g>'), "svglib"),
    "uses fanning out to a billion": (svg(_use_bomb()), "svglib"),
    "a gradient referring to itself": (svg('<defs><linearGradient id="g" xlink:href="#g"/></defs><rect width="5" height="5" fill="url(#g)"/>'), "either"),
    "a pattern holding itself": (svg('<defs><pattern id="p" width="1" height="1"><rect width="1" height="1" fill="url(#p)"/></pattern></defs>'
                                     '<rect width="5" height="5" fill="url(#p)"/>'), "either"),
    "a clip path clipped by itself": (svg('<defs><clipPath id="c" clip-path="url(#c)"><rect width="5" height="5"/></clipPath></defs>'
                                          '<rect width="5" height="5" clip-path="url(#c)"/>'), "either"),
    "an embedded JPEG claiming 60,000 px": (svg(f'<image width="5" height="5" xlink:href="{_embedded(_jpeg_claiming(60000, 60000), "jpeg")}"/>'),
                                            "refuse"),
    "an embedded SVG inside an SVG": (svg(f'<image width="5" height="5" xlink:href="{_embedded(svg(_use_bomb()).encode(), "svg+xml")}"/>'), "either"),
    "an embedded image of garbage": (svg('<image width="5" height="5" xlink:href="data:image/png;base64,!!!!notbase64"/>'), "either"),
    "a viewBox of zeros": (svg('<rect width="5" height="5"/>', 'viewBox="0 0 0 0"'), "either"),
    "a viewBox of NaN": (svg('<rect width="5" height="5"/>', 'viewBox="0 0 nan nan"'), "refuse"),
    "a viewBox of infinity": (svg('<rect width="5" height="5"/>', 'viewBox="0 0 inf 1"'), "refuse"),
    "a width of zero": (svg('<rect width="5" height="5"/>', 'width="0" height="0"'), "either"),
    "a path of 1e308": (svg('<path d="M0 0 L1e308 1e308 L-1e308 1e308 Z"/>'), "either"),
    "a transform of 1e308": (svg('<rect width="5" height="5" transform="scale(1e308) rotate(1e308)"/>'), "either"),
    "text of size 1e9": (svg('<text font-size="1e9">big</text>'), "either"),
    "15,000 elements and 5,000 style rules": (svg("<style>" + "".join(f".c{i} rect {{fill: red}}" for i in range(5000)) + "</style>"
                                                  + '<g class="c1">' + '<rect width="1" height="1"/>' * 15000 + "</g>"), "either"),
    "an svgz named .svg": (__import__("gzip").compress(svg('<rect width="5" height="5"/>').encode()), "refuse"),
    "UTF-16": (svg('<rect width="5" height="5"/>', before='<?xml version="1.0" encoding="UTF-16"?>').encode("utf-16"), "either"),
    "a script and a foreign object": (svg('<script>alert(1)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'
                                          '<rect width="5" height="5"/>'), "accept"),
    "an HTML root": ("<html><body>not svg</body></html>", "refuse"),
    "an empty file": ("", "refuse"),
    "a processing instruction naming a file": (svg('<rect width="5" height="5"/>', before='<?xml-stylesheet href="file:///etc/passwd"?>'), "accept"),
    "a million-character attribute": (svg(f'<rect width="5" height="5" class="{"x" * 1_500_000}"/>'), "either"),
}

for _name, (_data, _expect) in SVGS.items():
    _runs = [R(CARDS, "hearts.svg")] if _expect == "refuse" else [
        A(CARDS, {"accept": "what an icon may hold and pnp leaves out (scripts, stylesheets' links)",
                  "either": "drawn as well as it can be, or refused at the icon",
                  "svglib": "svglib's own limits stop a <use> loop or fan-out (it says so on a line of its own, unlocated)"}[_expect])]
    case("svg", _name, *_runs)(lambda ctx, data=_data: icon(ctx, data))


# font: the project's own fonts ----------------------------------------------------------------------------------------
def _font_damaged(table: bytes, fill: bytes = b"\xff") -> bytes:
    """NotoSans with one table's bytes overwritten."""
    data = bytearray(FONT.read_bytes())
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        entry = 12 + 16 * i
        if data[entry:entry + 4] == table:
            offset, length = struct.unpack(">II", data[entry + 8:entry + 16])
            data[offset:offset + length] = (fill * length)[:length]
    return bytes(data)


def _font_numglyphs(n: int) -> bytes:
    data = bytearray(FONT.read_bytes())
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        entry = 12 + 16 * i
        if data[entry:entry + 4] == b"maxp":
            offset = struct.unpack(">I", data[entry + 8:entry + 12])[0]
            data[offset + 4:offset + 6] = struct.pack(">H", n)
    return bytes(data)


FONTS = {
    "a text file named .ttf": (lambda: b"this is not a font\n" * 10, "refuse"),
    "a font cut to 1,000 bytes": (lambda: FONT.read_bytes()[:1000], "refuse"),
    "a font cut in half": (lambda: FONT.read_bytes()[: len(FONT.read_bytes()) // 2], "refuse"),
    "an empty font": (lambda: b"", "refuse"),
    "a font of 45 MB": (lambda: FONT.read_bytes() + bytes(45_000_000), "refuse"),
    "a CFF font (OTTO)": (lambda: b"OTTO" + FONT.read_bytes()[4:], "refuse"),
    "a font collection (ttcf)": (lambda: b"ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10" + FONT.read_bytes(), "refuse"),
    "a font whose glyphs are garbage": (lambda: _font_damaged(b"glyf"), "refuse"),
    "a font whose glyph index is garbage": (lambda: _font_damaged(b"loca"), "refuse"),
    "a font whose character map is garbage": (lambda: _font_damaged(b"cmap"), "refuse"),
    "a font whose metrics are garbage": (lambda: _font_damaged(b"hmtx"), "either"),
    "a font claiming 65,535 glyphs": (lambda: _font_numglyphs(65535), "refuse"),
    "a zip named .ttf": (lambda: zipped({"a": "b"}), "refuse"),
}

for _name, (_data, _expect) in FONTS.items():
    _runs = [R("build --only cards", "fonts.yaml"), R("validate", "fonts.yaml")] if _expect == "refuse" else [
        A("build --only cards", "reportlab reads the font's glyphs; metrics it takes as given")]
    case("font", _name, *_runs)(lambda ctx, data=_data: own_font(ctx, data=data()))


FONT_YAMLS = {
    "families as a list": "families: [a, b]\n",
    "a family that is a text": "families:\n  mine: Mine.ttf\n",
    "a style that is no style": "families:\n  mine:\n    heavy: Mine.ttf\n",
    "a fallback that is no family": "families:\n  mine:\n    regular: Mine.ttf\nfallback: nothing\n",
    "a file name holding a NUL": "families:\n  mine:\n    regular: \"Mine\\0.ttf\"\n",
    "a file name of 300 characters": "families:\n  mine:\n    regular: " + "m" * 300 + ".ttf\n",
    "invalid YAML": "families: [\n",
}

for _name, _text in FONT_YAMLS.items():
    def _make(ctx, text=_text):
        own_font(ctx, data=FONT.read_bytes())
        put(ctx, "fonts/fonts.yaml", text)

    case("font", "fonts.yaml: " + _name, R("build --only cards", "fonts.yaml"), R("list", "fonts.yaml"))(_make)

