"""Label sheets and cutting machines, read from the PDFs and SVGs a build writes (the PDFs' objects as pdfplumber
reports them, read through pdfium once per run: conftest.pdfium_reader).

Expected positions are Avery's published 5160 template (Letter; 1 × 2⅝ in labels,
3 across, 10 down, top margin ½ in, left 3⁄16 in, 2¾ in and 1 in between slot
origins), the counts are the game's YAML, and each cut line is matched with what
the PDF prints for that piece."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from pdfplumber.utils import crop_to_bbox, extract_text

ROOT = Path(__file__).resolve().parents[1]
PT = 25.4 / 72
IN = 25.4
PRINTABLE_MM = 4.23


def build(out: Path, *args: str) -> None:
    """`pnp build germ-tycoon ARGS` into `out`, in this process (conftest.run_pnp)."""
    from conftest import run_pnp

    result = run_pnp(ROOT, "build", "germ-tycoon", "--out", str(out), "-q", *args)
    assert result.exit_code == 0, result.output + result.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    build(out, "--only", "labels")
    build(out, "--only", "labels", "--only", "tokens", "--cutter", "silhouette")
    build(out, "--only", "tokens", "--cutter", "print-shop")
    return out / "germ-tycoon"


def boxes_mm(page) -> list[tuple[float, float, float, float]]:
    return [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in page.rects + page.curves]


def test_5160_calibration_page_has_the_published_slots(built, pdfium_reader):
    outlines = boxes_mm(pdfium_reader.pages(built / "germ-tycoon-labels.pdf")[-1])
    expected = [(3 / 16 * IN + c * 2.75 * IN, 0.5 * IN + r * IN) for r in range(10) for c in range(3)]
    assert len(outlines) == 30
    for x, y in expected:
        near = [b for b in outlines if abs(b[0] - x) < 0.2 and abs(b[1] - y) < 0.2]
        assert near, f"no slot outline at {x:.2f}, {y:.2f} mm"
        x0, y0, x1, y1 = near[0]
        assert abs(x1 - x0 - 2.625 * IN) < 0.2 and abs(y1 - y0 - IN) < 0.2


def test_each_label_names_its_deck_or_set_with_the_datas_count_inside_its_slot(built, pdfium_reader):
    game = ROOT / "data" / "germ-tycoon"
    wanted = {}
    for deck in sorted((game / "decks").glob("*.yaml")):
        data = yaml.safe_load(deck.read_text())
        wanted[data["name"]] = f"{sum(c.get('count', 1) for c in data['cards'])} cards"
    for s in yaml.safe_load((game / "tokens.yaml").read_text())["tokens"]:
        wanted[s["name"]] = f"{sum(i.get('count', 1) for i in s['items']) if 'items' in s else s.get('count', 1)} pieces"
    slots = [(3 / 16 * IN + c * 2.75 * IN, 0.5 * IN + r * IN) for r in range(10) for c in range(3)]
    page = pdfium_reader.pages(built / "germ-tycoon-labels.pdf", [1])[0]
    in_slots = [crop_to_bbox(page.chars, (x / PT, y / PT, (x + 2.625 * IN) / PT, (y + IN) / PT)) for x, y in slots]  # pdfplumber's crop
    texts = [extract_text(chars) for chars in in_slots]
    assert sum(len(chars) for chars in in_slots) == len(page.chars)  # nothing outside a slot
    for name, count in wanted.items():
        label = [t for t in texts if name in t.splitlines()]
        assert label, f"no label names {name}"
        said = re.search(r"\d+ (cards|pieces)", label[0])
        assert said and said.group(0) == count, f"{name}: label says {said and said.group(0)}, the data {count}"


def test_label_pages_have_no_marks_or_outlines(built, pdfium_reader):
    """A label's own frame keeps 2 mm inside its die cut (a line on the cut would show wherever the printer shifts the
    sheet), and no mark lies outside the slots."""
    page = pdfium_reader.pages(built / "germ-tycoon-labels.pdf", [1])[0]
    slots = [(3 / 16 * IN + c * 2.75 * IN, 0.5 * IN + r * IN) for r in range(10) for c in range(3)]
    drawn = boxes_mm(page) + [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in page.lines]
    assert drawn, "the labels draw their frames"
    for x0, y0, x1, y1 in drawn:
        assert any(x + 1.5 < x0 and x1 < x + 2.625 * IN - 1.5 and y + 1.5 < y0 and y1 < y + IN - 1.5 for x, y in slots), (x0, y0, x1, y1)


def test_labels_are_drawn_in_the_games_palette_and_fonts(built):
    """A label looks like its game: its template fills with the game's palette (the token sets' own tints, the title
    band in the accent) and sets its title in the game's title font."""
    import pdfplumber

    spec = yaml.safe_load((ROOT / "data" / "germ-tycoon" / "game.yaml").read_text())
    with pdfplumber.open(built / "germ-tycoon-labels.pdf") as pdf:
        page = pdf.pages[0]
        fills = ["#" + "".join(f"{round(v * 255):02x}" for v in o["non_stroking_color"]) for o in page.rects + page.curves
                 if o.get("fill") and isinstance(o.get("non_stroking_color"), (tuple, list)) and len(o["non_stroking_color"]) == 3]
        fonts = {ch["fontname"].split("+")[-1].replace("-", "").lower() for ch in page.chars}
        labels = sum(1 for ch in page.chars if ch["text"] == "·")  # 'deck · 20 cards', one a label
    tints = {str(v).lower()[:7] for k, v in spec["palette"].items() if k not in ("paper", "ink", "muted")}
    assert spec["palette"]["accent"].lower() in fills
    assert sum(1 for f in fills if f in tints) >= 2 * labels, fills  # each label's band and frame corner in a colour of the game
    assert any(spec["fonts"]["title"].replace("-", "") in f for f in fonts), fonts


def svg_shapes(path: Path):
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("viewBox").split()[:2] == ["0", "0"] and root.get("width").endswith("mm")
    return root, [(el.tag.replace(ns, ""), el.attrib) for el in root.iter() if el.tag.replace(ns, "") in ("rect", "circle", "polygon", "path")]


def test_silhouette_marks_sit_inside_the_printable_area(built, pdfium_reader):
    """Read through pdfium as pdfplumber reports the objects (conftest.pdfium_reader)."""
    for pdf_name in ("germ-tycoon-tokens-silhouette.pdf", "germ-tycoon-labels-silhouette.pdf"):
        for page in pdfium_reader.pages(built / pdf_name, [1]):
            w, h = page.width * PT, page.height * PT
            filled = [r for r in page.rects if r["fill"] and abs(r["width"] * PT - 5) < 0.05 and abs(r["height"] * PT - 5) < 0.05]
            assert filled, f"{pdf_name}: no 5 mm registration square"
            sq = filled[0]
            assert abs(sq["x0"] * PT - 10) < 0.05 and abs(sq["top"] * PT - 10) < 0.05
            arms = [r for r in page.rects if r["fill"] and abs(max(r["width"], r["height"]) * PT - 20) < 0.05]
            assert len(arms) == 4
            for r in [sq, *arms]:
                assert r["x0"] * PT >= PRINTABLE_MM and r["top"] * PT >= PRINTABLE_MM
                assert r["x1"] * PT <= w - PRINTABLE_MM and r["bottom"] * PT <= h - PRINTABLE_MM


def test_each_cut_path_lies_on_the_piece_it_cuts(built, pdfium_reader):
    """The sheets' outlines and marks read through pdfium as pdfplumber reports them (conftest.pdfium_reader)."""
    # the two-sided sets' file and the one-sided sets' file (docs/components.md), each with its sheets' cut files
    svgs = [(svg, pdf) for pdf in ("germ-tycoon-tokens-silhouette.pdf", "germ-tycoon-tokens-one-sided-silhouette.pdf")
            for svg in sorted(built.glob(pdf.removesuffix(".pdf") + "-sheet-*.svg"))]
    assert svgs
    seen = set()
    for svg, pdf in svgs:
        page = pdfium_reader.pages(built / pdf)[int(svg.stem.rsplit("-", 1)[1]) - 1]
        root, shapes = svg_shapes(svg)
        assert [float(v) for v in root.get("viewBox").split()[2:]] == pytest.approx([page.width * PT, page.height * PT], abs=0.01)
        drawn = boxes_mm(page)
        marks_x = {round(ln["x0"] * PT, 2) for ln in page.lines if ln["x0"] == ln["x1"]}
        marks_y = {round(ln["top"] * PT, 2) for ln in page.lines if ln["top"] == ln["bottom"]}
        for tag, a in shapes:
            seen.add(tag)
            if tag == "circle":
                cx, cy, r = (float(a[k]) for k in ("cx", "cy", "r"))
                box = (cx - r, cy - r, cx + r, cy + r)
            elif tag == "polygon":
                pts = [tuple(map(float, p.split(","))) for p in a["points"].split()]
                box = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
            else:
                x, y, w, h = (float(a[k]) for k in ("x", "y", "width", "height"))
                # a rectangle's cut is its crop marks' lines: each edge on one
                for v in (x, x + w):
                    assert any(abs(v - m) < 0.1 for m in marks_x), f"{svg.name}: cut edge x={v:.2f} mm has no crop mark"
                for v in (y, y + h):
                    assert any(abs(v - m) < 0.1 for m in marks_y), f"{svg.name}: cut edge y={v:.2f} mm has no crop mark"
                continue
            # a circle's or hexagon's cut is the outline its face prints
            assert any(all(abs(p - q) < 0.1 for p, q in zip(box, d, strict=True)) for d in drawn), f"{svg.name}: {tag} at {box} prints no outline"
    assert seen == {"rect", "circle", "polygon"}


def test_print_shop_puts_the_cut_in_a_cutcontour_separation(built):
    data = (built / "germ-tycoon-tokens-print-shop.pdf").read_bytes()
    import pypdf

    reader = pypdf.PdfReader(built / "germ-tycoon-tokens-print-shop.pdf")
    spaces = reader.pages[0]["/Resources"].get("/ColorSpace", {})
    seps = [[str(p.get_object()) for p in cs] for cs in (v.get_object() for v in spaces.values())]
    assert any(cs[:2] == ["/Separation", "/CutContour"] for cs in seps), f"no CutContour separation in {seps} ({len(data)} bytes)"
    assert not list(built.glob("germ-tycoon-tokens-print-shop-sheet-*.svg"))


def calibration_boxes(root: Path, reader, game: str = "tiny") -> tuple[tuple[float, float], list]:
    pdf_path = next((root / "output" / game).glob(f"{game}-labels*.pdf"))
    page = reader.pages(pdf_path)[-1]
    return (page.width * PT, page.height * PT), boxes_mm(page)


def test_a_sheet_the_designer_measures_prints_its_slots_where_it_says(project, pdfium_reader):
    from conftest import run_pnp

    game_yaml = project / "data" / "tiny" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "labels:\n  sheet: {page: a4, slot: [60, 30], first: [15, 20], pitch: [62, 35], columns: 3, rows: 7}\n")
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    assert result.exit_code == 0, result.output
    (w, h), outlines = calibration_boxes(project, pdfium_reader)
    assert (w, h) == pytest.approx((210, 297), abs=0.05)
    assert len(outlines) == 21
    for r in range(7):
        for c in range(3):
            x, y = 15 + 62 * c, 20 + 35 * r
            assert any(abs(b[0] - x) < 0.2 and abs(b[1] - y) < 0.2 and abs(b[2] - x - 60) < 0.2 and abs(b[3] - y - 30) < 0.2 for b in outlines), (x, y)


def test_the_round_sticker_preset_prints_circles_at_averys_positions(project, pdfium_reader):
    from conftest import run_pnp

    game_yaml = project / "data" / "tiny" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "labels:\n  sheet: '5294'\n")
    assert run_pnp(project, "build", "tiny", "--only", "labels", "-q").exit_code == 0
    _, outlines = calibration_boxes(project, pdfium_reader)
    assert len(outlines) == 12
    for r in range(4):
        for c in range(3):  # Avery 5294: 2½ in circles, first at 0.21 × 0.425 in, 2.75 × 2.515 in apart
            x, y = (0.21 + 2.75 * c) * IN, (0.425 + 2.515 * r) * IN
            assert any(abs(b[0] - x) < 0.2 and abs(b[1] - y) < 0.2 and abs(b[2] - b[0] - 2.5 * IN) < 0.2 for b in outlines), (x, y)


def test_an_unknown_sheet_is_an_error_at_its_place_naming_the_presets(project):
    from conftest import run_pnp

    game_yaml = project / "data" / "tiny" / "game.yaml"
    text = game_yaml.read_text()
    game_yaml.write_text(text + "labels:\n  sheet: '5161'\n")
    line = text.count("\n") + 2
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    assert result.exit_code != 0
    assert re.search(rf"game\.yaml:{line}:\d+: error: .*5161.*5160, L7160", result.output + (result.stderr or "")), result.output
    assert not (project / "output" / "tiny" / "tiny-labels.pdf").exists()


def test_a_box_nets_cut_path_lies_on_the_cut_lines_the_pdf_prints(tmp_path, pdfium_reader):
    build(tmp_path, "--only", "boxes", "--cutter", "silhouette")
    folder = tmp_path / "germ-tycoon"
    svgs = sorted(folder.glob("germ-tycoon-boxes-silhouette-sheet-*.svg"))
    assert svgs
    arcs = 0
    pages = pdfium_reader.pages(folder / "germ-tycoon-boxes-silhouette.pdf")
    for svg in svgs:
        page = pages[int(svg.stem.rsplit("-", 1)[1]) - 1]
        black = [ln for ln in page.lines if ln.get("stroking_color") in ((0,), (0, 0, 0), [0], [0, 0, 0], 0)]
        ends = [((ln["x0"] * PT, ln["top"] * PT), (ln["x1"] * PT, ln["bottom"] * PT)) for ln in black]
        _, shapes = svg_shapes(svg)
        assert {tag for tag, _ in shapes} == {"path"}
        root = ET.parse(svg).getroot()
        for el in root.iter("{http://www.w3.org/2000/svg}path"):
            for x1, y1, x2, y2 in re.findall(r"M([\d.]+),([\d.]+) L([\d.]+),([\d.]+)", el.get("d")):
                xs, ys = sorted((float(x1), float(x2))), sorted((float(y1), float(y2)))
                seg = (xs[0], ys[0], xs[1], ys[1])  # its box: pdfplumber gives a line's box, not its ends' order
                assert any(all(abs(p - q) < 0.1 for p, q in zip(seg, (*e[0], *e[1]), strict=True)) for e in ends), \
                    f"{svg.name}: cut {seg} is on no line the PDF prints"
            arcs += len(re.findall(r" A", el.get("d")))
    assert arcs  # the thumb notch


def test_a_full_page_reference_sheet_still_prints_when_a_cutter_is_named(tmp_path):
    """Organ Match's reference sheet fills a Letter page: a cutting machine's marks must not make the build fail."""
    from conftest import run_pnp

    done = run_pnp(ROOT, "build", "organ-match", "--only", "reference", "--cutter", "silhouette", "--out", str(tmp_path), "-q")
    assert done.exit_code == 0, done.output + done.stderr
    assert list((tmp_path / "organ-match").glob("organ-match-reference*.pdf"))


def test_an_a4_build_prints_its_labels_on_the_a4_sheet_its_calibration_in_the_editions_language(tmp_path, pdfium_reader):
    """With no sheet named in game.yaml, `--paper a4` prints on Avery L7160 (21 labels of 63.5 × 38.1 mm, first at 7.25 ×
    15.15 mm), not on Letter's 5160; the German edition's calibration page says how to check it in German, naming the
    sheet in words any edition reads; and the A4 bundle lists the A4 sheet as the labels' stock."""
    from conftest import run_pnp

    from pnp.data.label_sheets import LabelsSpec

    result = run_pnp(ROOT, "build", "organ-match", "--lang", "de", "--paper", "a4", "--only", "labels", "--out", str(tmp_path), "-q")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = tmp_path / "organ-match" / "organ-match-labels-a4-de.pdf"
    pages = pdfium_reader.pages(pdf)
    assert round(pages[0].width * PT, 1) == 210.0 and round(pages[0].height * PT, 1) == 297.0
    outlines = boxes_mm(pages[-1])
    assert len(outlines) == 21
    for x, y in [(7.25 + c * 66.04, 15.15 + r * 38.1) for r in range(7) for c in range(3)]:
        assert any(abs(b[0] - x) < 0.2 and abs(b[1] - y) < 0.2 and abs(b[2] - b[0] - 63.5) < 0.2 for b in outlines), (x, y)
    line = extract_text(pages[-1].chars)
    assert line.startswith("Probedruck · Avery L7160 · 63,5 × 38,1 mm · 3 × 7 · mit 100 %"), line
    assert LabelsSpec().label_sheet("a4").name == "L7160" and LabelsSpec().label_sheet("letter").name == "5160"
    from types import SimpleNamespace

    from pnp.targets.bundle import stock_of

    game = SimpleNamespace(game=SimpleNamespace(spec=SimpleNamespace(labels=LabelsSpec())))
    assert stock_of(game, "labels", "a4").startswith("Avery L7160") and stock_of(game, "labels", "letter").startswith("Avery 5160")


def test_labels_keep_inside_the_printer_profiles_margin(tmp_path):
    """Avery 5160's left column starts 4.76 mm from the paper's edge: with a 6.35 mm printer (`--printer`), each label's
    words keep 6.85 mm in (margin and tolerance), and the calibration page's outlines stop there, as the printer would."""
    import shutil

    import numpy as np
    from conftest import render_page, run_pnp

    project = tmp_path / "project"
    shutil.copytree(ROOT / "tests" / "project", project)
    assert run_pnp(project, "calibrate", "--save", "wide", "--margin", "6.35").exit_code == 0
    assert run_pnp(project, "build", "tiny", "--only", "labels", "--printer", "wide", "-q").exit_code == 0
    pdf = next((project / "output" / "tiny").glob("tiny-labels*.pdf"))
    dpi = 150
    edge = int(6.85 * dpi / 25.4)
    for index in (0, 1):  # a label page and the calibration page
        page = np.asarray(render_page(pdf, index, dpi).convert("L"))
        assert page.min() < 128, "the page prints something"
        assert page[:, :edge].min() > 250 and page[:, -edge:].min() > 250 and page[:edge].min() > 250 and page[-edge:].min() > 250, index


def test_a_game_draws_its_labels_with_its_own_template_and_adds_its_own(project):
    """game.yaml `labels: {template: ..., add: [...]}`: every label, the game's own among them, is drawn by the game's
    template, which still sees the contents and counts the data gives."""
    import subprocess

    from conftest import run_pnp

    with (project / "data" / "tiny" / "game.yaml").open("a") as f:
        f.write("labels:\n  template: tiny/label.j2\n  add:\n    - {title: Rules summary, lines: [Roll and move]}\n")
    (project / "templates" / "tiny" / "label.j2").write_text(
        '{{ text("OWN " ~ label.title ~ " / " ~ (label.lines | join(" / ")), 0, 0, face.w, face.h, size=6, edge=true) }}\n')
    result = run_pnp(project, "build", "tiny", "--only", "labels", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = next((project / "output" / "tiny").glob("tiny-labels*.pdf"))
    text = " ".join(subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split())
    assert "OWN Rules summary / Roll and move" in text
    decks = [d for d in (project / "data" / "tiny" / "decks").glob("*.yaml")]
    for deck in decks:
        data = yaml.safe_load(deck.read_text())
        assert f"OWN {data['name']} / " in text and f"{sum(c.get('count', 1) for c in data['cards'])} card" in text


def test_a_label_slot_within_two_mm_of_a_silhouette_mark_stays_empty_on_l7160(project, pdfium_reader):
    """Pieces keep 2 mm off every mark (docs/labels-and-cutters.md), label slots too: Avery L7160's first slot (A4, 63.5 ×
    38.1 mm, its top-left at 7.25, 15.15 mm) starts 0.15 mm below Silhouette's 5 mm square (10 mm in), so it carries no
    label and no cut; every slot the cut file cuts keeps 2 mm off every mark the page prints."""
    from conftest import run_pnp

    result = run_pnp(project, "build", "tiny", "--only", "labels", "--paper", "a4", "--cutter", "silhouette", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    out = project / "output" / "tiny"
    pdf = next(out.glob("tiny-labels*silhouette.pdf"))
    page = pdfium_reader.pages(pdf, [1])[0]
    marks = [(r["x0"] * PT, r["top"] * PT, r["x1"] * PT, r["bottom"] * PT) for r in page.rects
             if r["fill"] and (abs(r["width"] * PT - 5) < 0.05 or abs(max(r["width"], r["height"]) * PT - 20) < 0.05)]
    assert len(marks) == 5, marks  # the square and the two Ls' four arms
    _, shapes = svg_shapes(out / f"{pdf.stem}-sheet-01.svg")
    cuts = [tuple(float(a[k]) for k in ("x", "y", "width", "height")) for tag, a in shapes if tag == "rect"]
    assert cuts and len(cuts) == len(shapes)
    assert all(abs(w - 63.5) < 0.01 and abs(h - 38.1) < 0.01 for _, _, w, h in cuts), cuts
    assert not any(abs(x - 7.25) < 0.01 and abs(y - 15.15) < 0.01 for x, y, _, _ in cuts), "L7160's first slot, 0.15 mm from the square, is cut"
    for x, y, w, h in cuts:
        for mx0, my0, mx1, my1 in marks:
            assert max(mx0 - (x + w), x - mx1, my0 - (y + h), y - my1) >= 2 - 0.01, f"the slot at {x:.2f}, {y:.2f} mm comes within 2 mm of a mark"
    first = crop_to_bbox(page.chars, (7.25 / PT, 15.15 / PT, (7.25 + 63.5) / PT, (15.15 + 38.1) / PT))
    assert page.chars and not first, extract_text(first)
