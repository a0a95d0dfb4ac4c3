"""The fast paths of a build give what a cold build gives: compiled templates, parsed icons and rendered faces kept
across builds are thrown away when what they came from changes, a rebuild rewrites only the files whose bytes change,
and games built in parallel are the bytes and the summary of games built one after the other."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, add_crowd_deck, cold_pdfs, pdfs, run_pnp

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect x="0" y="0" width="10" height="10" fill="#000"/></svg>'
TRIANGLE = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><path d="M0 10 L5 0 L10 10 Z" fill="#000"/></svg>'


def build(project: Path, out: Path, *args: str) -> str:
    result = run_pnp(project, "build", "--out", str(out), *args)
    assert result.exit_code == 0, result.output
    return result.output


def cold_build_output(project: Path, out: Path, *args: str) -> str:
    """What a build in a new process into an empty folder prints (its PDFs stay in `out`)."""
    shutil.rmtree(out, ignore_errors=True)
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "--out", str(out), *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def test_an_edited_template_is_compiled_again(project, tmp_path):
    out = tmp_path / "out"
    build(project, out, "--only", "cards")
    assert any((out / ".pnp-cache/templates").iterdir()), "the build keeps its compiled templates"
    hero = project / "templates/tiny/hero.j2"
    first = pdfs(out)
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("EDITED HERO", 5, 70, 50, 6, size=8) }}\n{% endblock %}'), encoding="utf-8")
    build(project, out, "--only", "cards")
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "cards") != first


def test_a_rulebook_laid_out_again_runs_its_text_compiled_by_the_last_build_unless_the_text_changed(project, tmp_path, monkeypatch):
    """The rulebook's Jinja is compiled once and kept in the build cache, as a template file is; a new process (no kept
    engine) reads it back, and an edited text is compiled anew. An error in kept code is still traced to its line."""
    import jinja2

    from pnp.pipeline import schedule

    compiled = []
    real = jinja2.Environment.compile

    def counting(self, source, *args, **kwargs):
        if isinstance(source, str) and "game of heroes" in source:
            compiled.append(source)
        return real(self, source, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # build in this process, where compiling is counted
    out = tmp_path / "out"

    def rebuild_as_a_new_process() -> str:
        monkeypatch.setattr(schedule, "_KEPT_ENGINE", None)
        return build(project, out, "--only", "rulebook")

    rebuild_as_a_new_process()
    assert len(compiled) == 1
    deck = project / "data/tiny/decks/heroes.yaml"  # the rulebook names the deck: a new name lays it out again
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Heroes", "name: Champions", 1), encoding="utf-8")
    before = pdfs(out)
    rebuild_as_a_new_process()
    assert pdfs(out) != before
    assert len(compiled) == 1, "the unchanged text ran from the kept code"
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "rulebook")

    rulebook = project / "data/tiny/rulebook.md"
    lines = rulebook.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(n for n, line in enumerate(lines, 1) if "game of heroes" in line)
    lines.insert(number, "Bring {{ game.snacks }} to the table.\n")
    rulebook.write_text("".join(lines), encoding="utf-8")
    for _ in range(2):  # compiled anew, then run from the kept code: the error names the same place
        monkeypatch.setattr(schedule, "_KEPT_ENGINE", None)
        result = run_pnp(project, "build", "--out", str(out), "--only", "rulebook")
        assert result.exit_code != 0 and f"data/tiny/rulebook.md:{number + 1}:" in result.output and "snacks" in result.output, result.output
    assert len(compiled) == 2, "the edited text was compiled once"


def test_a_process_that_stays_up_keeps_a_bounded_number_of_compiled_texts(monkeypatch):
    """`pnp watch` sees every version of a rulebook as it is written: the texts it keeps compiled do not grow without end."""
    from conftest import ROOT

    from pnp.layout import templates
    from pnp.layout.fonts import FontBook

    monkeypatch.setattr(templates, "MAX_KEPT_TEXTS", 5)
    layouts = templates.Layouts(ROOT, [ROOT / "templates"], FontBook(ROOT / "pnp/assets/fonts"))
    for n in range(12):
        assert layouts.from_text(f"version {n}: {{{{ 2 * {n} }}}}").render() == f"version {n}: {2 * n}"
        assert len(layouts._texts) <= 5


def test_compiled_templates_are_keyed_by_jinja_and_the_environment(monkeypatch):
    import jinja2

    from pnp.layout.template_cache import environment_key

    env = jinja2.Environment()
    before = environment_key(env)
    assert environment_key(jinja2.Environment(trim_blocks=True)) != before
    monkeypatch.setattr(jinja2, "__version__", "99.0")
    assert environment_key(env) != before


def test_an_icon_edited_between_two_builds_of_one_process_is_drawn_anew(project, tmp_path):
    icons = project / "templates/tiny/icons"
    icons.mkdir(exist_ok=True)
    (icons / "hearts.svg").write_text(SQUARE, encoding="utf-8")  # a game's own icon wins over the bundled one
    out = tmp_path / "out"
    build(project, out, "--only", "cards")
    (icons / "hearts.svg").write_text(TRIANGLE, encoding="utf-8")
    build(project, out, "--only", "cards")  # the same process: the icon parsed for the first build must not be reused
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "cards")


def test_after_one_card_is_edited_only_that_card_is_rendered_and_only_changed_files_are_written(project, tmp_path, monkeypatch):
    from pnp.layout.templates import Layouts

    out = tmp_path / "out"
    before = cold_pdfs(project, tmp_path / "before")
    build(project, out)
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*.pdf")}
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rogue Prime,"), encoding="utf-8")
    after = cold_pdfs(project, tmp_path / "after")
    rendered = []
    real = Layouts.render

    def counting(self, game_layouts, name, context, w, h, bleed, what, *args, **kwargs):
        rendered.append((name, what))
        return real(self, game_layouts, name, context, w, h, bleed, what, *args, **kwargs)

    monkeypatch.setattr(Layouts, "render", counting)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # render in this process, where the count is kept
    build(project, out)
    assert pdfs(out) == after
    card_faces = [what for name, what in rendered if name in ("tiny/hero.j2", "tiny/back.j2", "tiny/twin-back.j2")]
    assert card_faces and {what.rpartition(" ")[0] for what in card_faces} == {"heroes/rogue"}, card_faces  # its front and back, in sheets and figures
    unchanged = {name for name in before if before[name] == after[name]}
    assert "tiny/tiny-cards.pdf" not in unchanged and unchanged, "the edit changes the card sheets and leaves some output as it was"
    for path, stamp in stamps.items():
        name = path.relative_to(out).as_posix()
        assert (path.stat().st_mtime_ns == stamp) == (name in unchanged), f"{name}: rewritten {'though' if name in unchanged else 'and'} its bytes are {'the same' if name in unchanged else 'new'}"


@pytest.mark.parametrize("per_chunk", [1, 2, 500])
def test_a_face_store_read_chunk_by_chunk_gives_back_every_face_it_kept(project, tmp_path, monkeypatch, per_chunk):
    """A face store is written as a header and then its faces in chunks, each pickled on its own (one pickle of a
    10,000-card deck's faces held 9 MB of memo at the top of the build): the next build must find every kept face, the
    last chunk's too, and render the edited card alone."""
    import pnp.pipeline.cache
    from pnp.layout.templates import Layouts

    monkeypatch.setattr(pnp.pipeline.cache, "FACES_PER_CHUNK", per_chunk)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # render in this process, where the count is kept
    out = tmp_path / "out"
    build(project, out, "--only", "cards")
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rogue Prime,"), encoding="utf-8")
    rendered = []
    real = Layouts.render

    def counting(self, game_layouts, name, context, w, h, bleed, what, *args, **kwargs):
        rendered.append(what.rpartition(" ")[0])
        return real(self, game_layouts, name, context, w, h, bleed, what, *args, **kwargs)

    monkeypatch.setattr(Layouts, "render", counting)
    build(project, out, "--only", "cards")
    assert set(rendered) == {"heroes/rogue"}, rendered
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "cards")


def test_what_a_build_remembers_of_fitted_and_encoded_texts_is_bounded_and_forgetting_it_prints_the_same_bytes(project, tmp_path, monkeypatch):
    """A game's fitted texts and a drawer's encoded texts are remembered up to a bound, so a 10,000-card deck's titles do
    not pile up (8 MB at 10,000 cards); past the bound a text is worked out again, to the same operators."""
    import pnp.layout.templates
    import pnp.render.draw
    from pnp.render.draw import FaceDrawer

    monkeypatch.setattr(pnp.layout.templates, "FITTED_TEXTS", 2)
    monkeypatch.setattr(pnp.render.draw, "MAX_ENCODINGS", 2)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # everything in this process, where the sizes are seen
    fitted, encoded = [], []
    real_fit, real_encoded = pnp.layout.templates.GameLayouts.set_text, FaceDrawer._encoded

    def fit(self, *args, **kwargs):
        laid = real_fit(self, *args, **kwargs)
        fitted.append(self._fitted.cache_info().currsize)
        return laid

    def encode(self, *args):
        hit = real_encoded(self, *args)
        encoded.append(len(self._encodings))
        return hit

    monkeypatch.setattr(pnp.layout.templates.GameLayouts, "set_text", fit)
    monkeypatch.setattr(FaceDrawer, "_encoded", encode)
    out = tmp_path / "out"
    build(project, out)
    assert len(fitted) > 2 and len(encoded) > 2, "the tiny game fits and encodes more texts than the bounds"
    assert max(fitted) == 2 and max(encoded) == 2
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold")


@pytest.fixture
def two_games(project) -> Path:
    """The tiny game and a second game made of the same data, for builds of more than one game."""
    shutil.copytree(project / "data/tiny", project / "data/twin")
    game = project / "data/twin/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title:", "title: Twin of", 1), encoding="utf-8")
    return project


def test_games_built_in_parallel_are_the_bytes_and_the_summary_of_games_built_one_by_one(two_games, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    serial = build(two_games, tmp_path / "serial")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    parallel = build(two_games, tmp_path / "parallel")
    assert parallel.replace(str(tmp_path / "parallel"), str(tmp_path / "serial")) == serial
    assert serial.index("twin/twin-cards.pdf") > serial.index("tiny/tiny-cards.pdf"), "lines follow the games' order"
    assert pdfs(tmp_path / "parallel") == pdfs(tmp_path / "serial")
    assert len(pdfs(tmp_path / "serial")) >= 10


def test_a_game_is_written_while_the_workers_still_render_another(two_games, tmp_path, monkeypatch):
    """With more games than workers, the build writes each game's files as soon as its jobs have ended, while the
    workers render the games left, not all of them once the last is rendered; the bytes and the summary do not change."""
    import time

    from pnp.pipeline import schedule

    shutil.copytree(two_games / "data/tiny", two_games / "data/triplet")
    log = tmp_path / "log"
    real_render, real_finish = schedule._Worker.render, schedule.finish_game

    def note(what: str, slug: str) -> None:
        with log.open("a", encoding="utf-8") as f:  # a file: the workers' records stay in the workers
            f.write(f"{time.monotonic()}\t{what}\t{slug}\n")

    def rendering(self, slug, *args, **kwargs):
        out = real_render(self, slug, *args, **kwargs)
        note("rendered", slug)
        return out

    monkeypatch.setattr(schedule._Worker, "render", rendering)
    monkeypatch.setattr(schedule, "finish_game", lambda project, game, *a, **k: note("written", game.slug) or real_finish(project, game, *a, **k))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    shown = build(two_games, tmp_path / "out")
    events = sorted((float(at), what, slug) for at, what, slug in (line.split("\t") for line in log.read_text(encoding="utf-8").splitlines()))
    first_written = next(i for i, (_, what, _) in enumerate(events) if what == "written")
    assert any(what == "rendered" for _, what, _ in events[first_written:]), "a game was written before the last output was rendered"
    assert sorted(slug for _, what, slug in events if what == "written") == ["tiny", "triplet", "twin"]
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    serial = build(two_games, tmp_path / "serial")
    assert shown.replace(str(tmp_path / "out"), str(tmp_path / "serial")) == serial
    assert pdfs(tmp_path / "out") == pdfs(tmp_path / "serial")


def test_the_checks_read_an_edited_template_anew_though_its_syntax_tree_was_kept(project, tmp_path):
    """The syntax trees kept in the build cache are keyed by their source: a template that starts reading a field is seen to read it."""
    edit = project / "data/tiny/decks/heroes.yaml"
    edit.write_text(edit.read_text(encoding="utf-8").replace("name: Mage,", "name: Mage, mood: calm,"), encoding="utf-8")
    out = tmp_path / "out"
    assert "field 'mood'" in build(project, out, "--only", "cards")
    assert any(p.suffix == ".tree" for p in (out / ".pnp-cache/templates").iterdir()), "the build keeps the trees it parsed"
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{% if card.mood %}{{ text(card.mood, 5, 72, 50, 6, size=8) }}{% endif %}\n{% endblock %}'),
                    encoding="utf-8")
    assert "field 'mood'" not in build(project, out, "--only", "cards")


def _jobs(*kinds: tuple[str, str, float]) -> list[tuple]:
    """(weight, "check" or "render", game, job) tuples as the scheduler groups them."""
    return [(weight, "check" if kind == "check" else "render", game, kind) for game, kind, weight in kinds]


def test_a_game_alone_is_checked_beside_its_heaviest_output():
    """With a core to spare, a game's checks run in a process of their own, beside its card sheets; with none to spare,
    beside the heaviest output, with the lightest; with a game for every core, each game is one process."""
    from pnp.pipeline.schedule import bundled

    one_deck = _jobs(("organ", "check", 3.0), ("organ", "cards", 5.2))
    assert sorted(sorted(j[3] for j in group) for group in bundled(one_deck, 2)) == [["cards"], ["check"]]
    assert bundled(one_deck, 1) == [one_deck]
    whole = _jobs(("organ", "check", 3.0), ("organ", "cards", 5.2), ("organ", "rulebook", 5.0), ("organ", "tokens", 2.0))
    assert [[j[3] for j in group] for group in bundled(whole, 2)] == [["cards"], ["rulebook"], ["check", "tokens"]]
    two_games = _jobs(("organ", "check", 3.0), ("organ", "cards", 5.2), ("trail", "check", 3.0), ("trail", "boards", 3.0))
    assert [{j[2] for j in group} for group in bundled(two_games, 2)] == [{"organ"}, {"trail"}]


@pytest.mark.parametrize(("cores", "results_before_warming"), [(2, 1), (4, 0)])
def test_the_ink_import_waits_for_a_free_core(project, tmp_path, monkeypatch, cores, results_before_warming):
    """One game's cards and checks in two worker processes: this process imports numpy and pdfium for their ink once a
    worker is done, not while both cores render (two groups on two cores); with a core idle from the start, at once.
    The ink is measured all the same."""
    from pnp.pipeline import schedule

    received, warmed_after = [], []
    measure, warm = schedule._measure_ink, schedule.warm_ink

    def counting_measure(results, plans, idle=None):
        received.append(sorted(key[0] for key in results))
        measure(results, plans, idle)

    def recording_warm():
        warmed_after.append(len(received))
        warm()

    monkeypatch.setattr(schedule, "_measure_ink", counting_measure)
    monkeypatch.setattr(schedule, "warm_ink", recording_warm)
    monkeypatch.setattr(schedule, "ink_ready", lambda: False)  # as in a new process: numpy and pdfium not imported yet
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    out = build(project, tmp_path / "out", "--only", "cards", "--deck", "heroes")
    assert sorted(received) == [["check"], ["render"]], "two groups: the checks, and the cards"
    assert warmed_after == [results_before_warming]
    assert "ink " in out and "ink 0.00" not in out


def test_a_kind_of_output_a_game_does_not_have_is_not_rendered_again(project, tmp_path, monkeypatch):
    """A game with no tokens.yaml makes no tokens PDF; a rebuild of unchanged data renders nothing at all, and a
    tokens.yaml put back is built."""
    import pnp.pipeline.schedule as schedule
    from pnp.cli import run_build
    from pnp.core.errors import Report
    from pnp.data.project import Project
    from pnp.outputs.options import Options

    tokens = project / "data/tiny/tokens.yaml"
    kept = tokens.read_text(encoding="utf-8")
    tokens.unlink()
    out = tmp_path / "out"
    rendered = []
    real = schedule.render_output
    monkeypatch.setattr(schedule, "render_output", lambda gctx, plan, job, *more: rendered.append(job.kind) or real(gctx, plan, job, *more))

    def build_here() -> None:  # in this process, so every output rendered is seen
        report = run_build(Project(project), ["tiny"], Options(out=out), ["letter"], report=Report(), quiet=True, workers=1)
        assert not report.errors(), report.sorted()

    build_here()
    assert "tokens" in rendered and not (out / "tiny/tiny-tokens.pdf").exists()
    rendered.clear()
    build_here()
    assert rendered == [], "nothing changed: every output is reused, the tokens output that made no file too"
    tokens.write_text(kept, encoding="utf-8")
    build_here()
    assert "tokens" in rendered and (out / "tiny/tiny-tokens.pdf").is_file()  # the rulebook and reference list the tokens too


def test_a_deck_rendered_by_two_processes_keeps_every_face_and_its_rebuild_renders_the_edited_card_alone(project, tmp_path, monkeypatch):
    """A large deck's second half is rendered by a helper process: its faces must be kept too, or every rebuild after a
    one-card edit renders half the deck again."""
    import pnp.outputs.cards
    from pnp.layout.templates import Layouts

    monkeypatch.setattr(pnp.outputs.cards, "PARALLEL_MIN_CARDS", 2)  # split even the tiny deck across two processes
    monkeypatch.setattr(pnp.outputs.cards, "several_cores", lambda: True)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # the build itself in this process: the deck's split is the only one
    log = tmp_path / "rendered.txt"
    real = Layouts.render

    def logging(self, game_layouts, name, context, w, h, bleed, what, *args, **kwargs):
        with open(log, "a", encoding="utf-8") as f:  # a file: the helper process renders too
            f.write(f"{name}\t{what}\n")
        return real(self, game_layouts, name, context, w, h, bleed, what, *args, **kwargs)

    monkeypatch.setattr(Layouts, "render", logging)
    out = tmp_path / "out"
    build(project, out, "--only", "cards")
    first = log.read_text(encoding="utf-8").splitlines()
    assert any("heroes/rogue" in line for line in first) and any("heroes/knight" in line for line in first)
    log.unlink()
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Rogue,", "name: Rogue Prime,"), encoding="utf-8")
    build(project, out, "--only", "cards")
    again = log.read_text(encoding="utf-8").splitlines()
    assert {line.split("\t")[1].rpartition(" ")[0] for line in again if line.startswith("tiny/hero.j2")} == {"heroes/rogue"}, again
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "cards")


def test_a_loaded_deck_keeps_one_mapping_per_card_with_every_place(project):
    """A card's fields are merged with its deck's defaults; the file's own mapping of each card is then let go, so a
    10,000-card deck is held once, not twice. What was written where must still be known from the merged one."""
    from pnp.data.project import Project

    deck = Project(project).load_game("tiny")[0].decks["heroes"]
    assert list(deck.data["cards"]) == []
    assert deck.data.key_loc("cards").line == 6, "the deck's `cards:` key keeps its place for findings about the list"
    rogue = next(c for c in deck.cards if c.id == "rogue")
    assert (rogue.fields["side"], rogue.fields.loc_of("side").line) == ("blue", 9)  # its own value, on its own line
    knight = next(c for c in deck.cards if c.id == "knight")
    assert (knight.fields["side"], knight.fields.loc_of("side").line) == ("red", 5)  # the deck's default, where the defaults are


def test_checking_a_decks_shape_does_not_copy_its_cards_fields():
    """A card's shape is its id, count and back; its other keys are the template's fields, read from the card's own
    mapping. The check lets them through without keeping a copy (one for every card of a 10,000-card deck)."""
    from pnp.data.schema import CardSpec

    card = CardSpec.model_validate({"id": "rogue", "count": 2, "name": "Rogue", "side": "blue"})
    assert (card.id, card.count, card.back) == ("rogue", 2, None)
    assert not card.model_extra and not hasattr(card, "name")


@pytest.mark.parametrize(("long_from", "here"), [(1, True), (10**6, False)])
def test_a_worker_leaves_a_long_pdfs_ink_to_the_process_that_waits(project, tmp_path, monkeypatch, long_from, here):
    """With more jobs than cores, each worker measures the ink of what it renders, except a PDF long enough to be
    measured in halves: the waiting process measures that one, numpy imported by then, where the worker of the
    build's longest job would import it and measure after rendering. Every PDF gets its figure either way."""
    from pnp.pipeline import schedule

    measured_here = []
    real = schedule.measure_ink
    monkeypatch.setattr(schedule, "measure_ink", lambda plan, rendered, idle=None: measured_here.append(os.getpid()) or real(plan, rendered, idle))
    monkeypatch.setattr(schedule, "PARALLEL_MIN_PAGES", long_from)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    out = build(project, tmp_path / "out")  # the tiny game's five outputs and its checks: more groups than cores
    pdf_lines = [line for line in out.splitlines() if ".pdf  " in line]  # each PDF's summary line
    assert len(pdf_lines) >= 5 and all(" ink " in line for line in pdf_lines), out
    assert bool(measured_here) == here and set(measured_here) <= {os.getpid()}


@pytest.mark.parametrize("ready", [True, False])
def test_a_fork_servers_child_renders_its_heaviest_group_itself(project, tmp_path, monkeypatch, ready):
    """With numpy and pdfium in memory before its workers start (a fork server's child), a build with no more groups
    than cores renders the heaviest one in its own process and the rest in workers; a new process, which imports them
    later, leaves every group to the workers. The PDFs and ink figures are the same either way."""
    from pnp.pipeline import schedule

    here = []  # what ran in this process: a worker's records stay in the worker
    for name in ("render", "check"):
        real = getattr(schedule._Worker, name)
        monkeypatch.setattr(schedule._Worker, name, lambda self, *args, name=name, real=real, **kwargs: here.append(name) or real(self, *args, **kwargs))
    monkeypatch.setattr(schedule, "ink_ready", lambda: ready)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    out = build(project, tmp_path / "out", "--only", "cards", "--deck", "heroes")  # two groups: the checks (heavier here), the cards
    assert here == (["check"] if ready else []), "the heaviest group runs here only in a server's child"
    assert pdfs(tmp_path / "out") == cold_pdfs(project, tmp_path / "cold", "--only", "cards", "--deck", "heroes")
    assert " ink " in out and "ink 0.00" not in out


@pytest.mark.parametrize("ready", [True, False])
def test_a_fork_servers_child_renders_a_group_that_outweighs_the_rest_itself(project, tmp_path, monkeypatch, ready):
    """With more groups than cores, a server's child still renders the heaviest group itself when it weighs as much as
    all the others together (a large deck beside a game's small outputs), and leaves those to one worker; a new process
    leaves every group to the workers. The PDFs and ink figures are the same either way."""
    from pnp.pipeline import schedule

    here = []
    real = schedule._Worker.render
    monkeypatch.setattr(schedule._Worker, "render", lambda self, slug, plan, job, *a, **k: here.append(job.kind) or real(self, slug, plan, job, *a, **k))
    monkeypatch.setattr(schedule, "ink_ready", lambda: ready)
    monkeypatch.setattr(schedule, "CARDS_PER_WEIGHT", 0.01)  # the tiny game's cards weigh more than its other outputs and checks
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    out = build(project, tmp_path / "out")  # five outputs and the checks: more groups than cores
    assert here == (["cards"] if ready else [])
    assert pdfs(tmp_path / "out") == cold_pdfs(project, tmp_path / "cold")
    pdf_lines = [line for line in out.splitlines() if ".pdf  " in line]
    assert len(pdf_lines) >= 5 and all(" ink " in line for line in pdf_lines), out


def test_a_worker_beside_a_server_child_measures_the_ink_of_what_it_rendered(project, tmp_path, monkeypatch):
    """When a server's child renders the heaviest group itself, each worker measures the ink of the PDFs it rendered
    as it ends, and the child measures only its own: the worker done early does not wait for the child to measure
    everything at the end. The figures are the ones a new process gives."""
    from pnp.pipeline import schedule

    log = tmp_path / "measured"
    real = schedule.measure_ink

    def logged(plan, rendered, idle=None):
        with log.open("a") as f:  # a worker's records stay in the worker: the file gathers every process's
            f.write(f"{os.getpid()} {' '.join(name for name, _, _ in rendered.files if name.endswith('.pdf'))}\n")
        return real(plan, rendered, idle)

    monkeypatch.setattr(schedule, "measure_ink", logged)
    monkeypatch.setattr(schedule, "ink_ready", lambda: True)
    monkeypatch.setattr(schedule, "CARDS_PER_WEIGHT", 0.01)  # the cards are the heaviest group: rendered here
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    out = build(project, tmp_path / "out")
    by_process: dict[str, set] = {}
    for line in log.read_text().splitlines():
        pid, *names = line.split()
        by_process.setdefault(pid, set()).update(names)
    here = by_process.pop(str(os.getpid()), set())
    assert here == {"tiny-cards.pdf"}
    assert {"tiny-boards.pdf", "tiny-rulebook.pdf"} <= set().union(*by_process.values())
    monkeypatch.setattr(schedule, "ink_ready", lambda: False)  # as a new process schedules: every group in workers
    new_process = build(project, tmp_path / "cold")
    ink = lambda text: sorted(line.split("  ink ")[1] for line in text.splitlines() if "  ink " in line)  # noqa: E731
    assert ink(out) == ink(new_process) and len(ink(out)) >= 5


def test_a_server_child_measures_its_own_pdfs_while_a_worker_is_still_at_work(project, tmp_path, monkeypatch):
    """A server's child that has drawn its own group does not wait idle for the workers before measuring the ink of
    what it drew: its cards are measured while the worker still renders (here: holds on to) the rulebook. The
    figures are a new process's."""
    import time

    from pnp.pipeline import schedule

    parent, measured_here = os.getpid(), tmp_path / "measured-here"
    real_measure, real_render = schedule.measure_ink, schedule._Worker.render

    def measuring(plan, rendered, idle=None):
        out = real_measure(plan, rendered, idle)
        if os.getpid() == parent and any(name == "tiny-cards.pdf" for name, _, _ in rendered.files):
            measured_here.touch()
        return out

    def rendering(self, slug, *args, **kwargs):
        out = real_render(self, slug, *args, **kwargs)
        if os.getpid() != parent and not (tmp_path / "worker").exists():  # the worker holds its first result until the child
            deadline = time.monotonic() + 10  # has measured its cards, or 10 s have passed
            while not measured_here.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            with (tmp_path / "worker").open("a") as f:
                f.write(f"{measured_here.exists()}\n")
        return out

    monkeypatch.setattr(schedule, "measure_ink", measuring)
    monkeypatch.setattr(schedule._Worker, "render", rendering)
    monkeypatch.setattr(schedule, "ink_ready", lambda: True)  # as in a fork server's child
    monkeypatch.setattr(schedule, "CARDS_PER_WEIGHT", 0.01)  # the cards are the heaviest group: rendered here
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    out = build(project, tmp_path / "out")
    assert (tmp_path / "worker").read_text().split()[0] == "True", "the child measured its cards only after the worker was done"
    new_process = cold_build_output(project, tmp_path / "cold")
    ink = lambda text: sorted(line.split("  ink ")[1] for line in text.splitlines() if "  ink " in line)  # noqa: E731
    assert ink(out) == ink(new_process) and len(ink(out)) >= 5


def test_a_server_childs_worker_renders_half_a_decks_faces_before_its_checks_and_the_bytes_do_not_change(project, tmp_path, monkeypatch):
    """A server's child draws a one-deck build's sheets itself and gives the game's checks to its worker. The sheets
    need every face, the checks only need to be done by the end: so the worker renders the deck's last cards first
    (about half), then checks. A rebuild looks the faces up in the face store, so it lends nothing. The PDFs are
    a new process's."""
    from conftest import add_crowd_deck

    from pnp.layout.templates import Layouts
    from pnp.pipeline import schedule

    add_crowd_deck(project, 60)
    log = tmp_path / "log"
    real_render, real_check = Layouts.render, schedule._Worker.check

    def note(line: str) -> None:
        with log.open("a", encoding="utf-8") as f:  # a file: the worker's records stay in the worker
            f.write(f"{os.getpid()}\t{line}\n")

    def rendered(self, game_layouts, name, context, w, h, bleed, what, *args, **kwargs):
        note(f"face\t{what}")
        return real_render(self, game_layouts, name, context, w, h, bleed, what, *args, **kwargs)

    monkeypatch.setattr(Layouts, "render", rendered)
    monkeypatch.setattr(schedule._Worker, "check", lambda self, slug, *a, **k: note("check") or real_check(self, slug, *a, **k))
    monkeypatch.setattr(schedule, "ink_ready", lambda: True)  # as in a fork server's child
    monkeypatch.setattr(schedule, "CARDS_PER_WEIGHT", 0.01)  # the cards outweigh the checks, rebuilt or not: drawn here
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    out = tmp_path / "out"
    build(project, out, "--only", "cards", "--deck", "crowd")
    lines = [line.split("\t", 2) for line in log.read_text(encoding="utf-8").splitlines()]
    worker = [what for pid, *what in lines if pid != str(os.getpid())]
    here = [what for pid, *what in lines if pid == str(os.getpid())]
    faces_there = {w[1].rpartition(" ")[0] for w in worker if w[0] == "face"}
    faces_here = {w[1].rpartition(" ")[0] for w in here if w[0] == "face"}
    split = min(int(name[-3:]) for name in faces_there)
    assert 20 <= split <= 40 and faces_there == {f"crowd/extra{i:03d}" for i in range(split, 60)}, "the worker renders the deck's last cards"
    assert worker[-1] == ["check"] and ["check"] not in worker[:-1], "and checks the game after it"
    assert not any(w[0] == "check" for w in here) and faces_here >= {f"crowd/extra{i:03d}" for i in range(split)}
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "cards", "--deck", "crowd")

    log.unlink()
    deck = project / "data/tiny/decks/crowd.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Extra 45,", "name: Extra Forty-five,"), encoding="utf-8")
    build(project, out, "--only", "cards", "--deck", "crowd")
    faces = [line.split("\t") for line in log.read_text(encoding="utf-8").splitlines() if "\tface\t" in line]
    assert {(pid, what.rpartition(" ")[0]) for pid, _, what in faces} == {(str(os.getpid()), "crowd/extra045")}, faces


def test_a_rulebook_reprinted_with_its_headings_on_the_same_pages_is_laid_out_once_and_a_wrong_guess_still_prints_the_right_numbers(project, tmp_path, monkeypatch):
    """The contents' page numbers take two layouts of a rulebook: one to find them, one to draw them. A rebuild starts
    from the last build's numbers, so when an edit moves no heading (a card the rulebook shows is renamed), one drawn
    layout confirms them. When the numbers kept are wrong, the layouts go on until they are right: the PDF is the one a
    cold build prints either way."""
    import json

    import pnp.outputs.rulebook.build as rulebook

    passes = []
    real = rulebook.rl.build_settled
    monkeypatch.setattr(rulebook.rl, "build_settled", lambda *a, **k: passes.append(real(*a, **k)) or passes[-1])
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # every output in this process, so every layout is counted
    out = tmp_path / "out"
    build(project, out, "--only", "rulebook")
    assert passes == [2]
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: \"<Knight>\",", "name: \"<Sir Knight>\","), encoding="utf-8")
    passes.clear()
    build(project, out, "--only", "rulebook")
    assert passes == [1], "the headings did not move: the numbers kept are confirmed by the one drawn layout"
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "rulebook")

    cache = out / ".pnp-cache/tiny.json"
    kept = json.loads(cache.read_text(encoding="utf-8"))
    contents = kept["outputs"]["rulebook"]["stats"]["tiny-rulebook.pdf"]["contents"]
    assert len(contents) == 5 and all(page == 2 for _, _, page, _ in contents), contents  # the five headings, on page 2 after the cover
    for entry in contents:
        entry[2] += 1  # every heading a page later than it is
    cache.write_text(json.dumps(kept), encoding="utf-8")
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: \"<Sir Knight>\",", "name: \"<Dame Knight>\","), encoding="utf-8")
    passes.clear()
    build(project, out, "--only", "rulebook")
    assert passes == [2], "a wrong guess takes another layout"
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold2", "--only", "rulebook")


def test_a_rebuilds_card_sheets_weigh_by_the_faces_they_render_so_its_checks_go_with_them(project, tmp_path, monkeypatch):
    """A server's child runs the heaviest group of jobs itself, and a game's checks go with the lightest output. In a
    cold build a 200-card deck's sheets outweigh the rulebook and the checks together. After one card is edited the
    sheets look up 199 faces kept from the last build and render one: they weigh less than laying out the rulebook
    again, so the checks go with them, where they would otherwise wait behind the rulebook in the worker."""
    from conftest import add_crowd_deck

    from pnp.pipeline import schedule

    add_crowd_deck(project, 200)
    log = tmp_path / "log"
    here = os.getpid()

    def note(what: str) -> None:
        with log.open("a", encoding="utf-8") as f:  # a file: the worker's records stay in the worker
            f.write(f"{'here' if os.getpid() == here else 'worker'} {what}\n")

    render, check = schedule._Worker.render, schedule._Worker.check
    monkeypatch.setattr(schedule._Worker, "render", lambda self, slug, plan, job, *a, **k: note(job.kind) or render(self, slug, plan, job, *a, **k))
    monkeypatch.setattr(schedule._Worker, "check", lambda self, slug, *a, **k: note("checks") or check(self, slug, *a, **k))
    monkeypatch.setattr(schedule, "ink_ready", lambda: True)  # as in a fork server's child
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    out = tmp_path / "out"
    build(project, out, "--only", "cards", "--only", "rulebook")
    assert sorted(log.read_text(encoding="utf-8").splitlines()) == ["here cards", "worker checks", "worker rulebook"]
    log.unlink()
    deck = project / "data/tiny/decks/heroes.yaml"  # the knight is on the cards and in the rulebook
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: \"<Knight>\",", "name: \"<Sir Knight>\","), encoding="utf-8")
    build(project, out, "--only", "cards", "--only", "rulebook")
    assert sorted(log.read_text(encoding="utf-8").splitlines()) == ["here cards", "here checks", "worker rulebook"]
    assert pdfs(out) == cold_pdfs(project, tmp_path / "cold", "--only", "cards", "--only", "rulebook")


def test_a_rulebook_renders_the_fronts_its_figures_and_cover_show_and_no_back(project, tmp_path, monkeypatch):
    """The tiny rulebook's cover fans three heroes and a figure shows the Knight: pictures of fronts. Rendering a back
    there would cost its template and print nothing; the card sheets still render every back."""
    from pnp.layout.templates import GameLayouts

    rendered = []
    real = GameLayouts.render

    def recording(self, name, *args, **kwargs):
        rendered.append(name)
        return real(self, name, *args, **kwargs)

    monkeypatch.setattr(GameLayouts, "render", recording)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # build in this process, where rendering is recorded
    out = tmp_path / "out"
    build(project, out, "--only", "rulebook")
    assert "tiny/hero.j2" in rendered, "the cover and the figure show heroes' fronts"
    assert not {"tiny/back.j2", "tiny/twin-back.j2"} & set(rendered)
    rendered.clear()
    build(project, out, "--only", "cards")
    assert {"tiny/back.j2", "tiny/twin-back.j2"} <= set(rendered)


def test_while_a_helper_renders_a_decks_last_cards_this_process_inspects_its_own_and_draws_their_sheets(project, tmp_path, monkeypatch):
    """A large deck's last cards are rendered by a helper. Meanwhile this process hashes and inspects the faces it
    rendered and draws the sheet pages that show them alone; it waits for the helper at the first page showing one of
    its cards. The warnings are a cold build's, each once, a card of either part included, and so are the bytes."""
    import concurrent.futures

    import pnp.layout.elements
    import pnp.outputs.cards
    import pnp.render.sheets

    add_crowd_deck(project, 30)  # 9 poker cards a sheet: this process's first 12 fill the first sheet
    hero = project / "templates/tiny/hero.j2"  # cards 2 and 25, one in each part, draw a square 10 mm left of the cut
    hero.write_text(hero.read_text(encoding="utf-8").replace(
        "{% endblock %}", '{% if card.number in (2, 25) %}{{ rect(-10, 0, 5, 5, fill="red") }}{% endif %}\n{% endblock %}'), encoding="utf-8")
    monkeypatch.setattr(pnp.outputs.cards, "PARALLEL_MIN_CARDS", 2)
    monkeypatch.setattr(pnp.outputs.cards, "several_cores", lambda: True)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # the build itself in this process: the deck's split is the only one
    events: list[tuple] = []  # in this process, in order
    real_render, real_result = pnp.outputs.cards.render_cards, concurrent.futures.Future.result
    real_findings, real_digest, real_page = pnp.outputs.cards.render_findings, pnp.layout.elements.face_digest, pnp.render.sheets._page

    def rendering(*args, **kwargs):
        out = real_render(*args, **kwargs)
        events.extend(("render", f"{args[1].id}/{card.id}") for card, *_ in out[0])
        return out

    monkeypatch.setattr(pnp.outputs.cards, "render_cards", rendering)
    monkeypatch.setattr(concurrent.futures.Future, "result", lambda self, *a, **k: events.append(("wait",)) or real_result(self, *a, **k))
    monkeypatch.setattr(pnp.outputs.cards, "render_findings", lambda face, what, *a: events.append(("inspect", what)) or real_findings(face, what, *a))
    monkeypatch.setattr(pnp.layout.elements, "face_digest", lambda face: events.append(("hash",)) or real_digest(face))
    monkeypatch.setattr(pnp.render.sheets, "_page", lambda c, page, *a, **k: events.append(("page", page.label)) or real_page(c, page, *a, **k))
    out = tmp_path / "out"
    shown = build(project, out, "--only", "cards", "--deck", "crowd")
    waited = events.index(("wait",))
    mine = {what for kind, *what in events if kind == "render" for what in what}
    assert mine == {f"crowd/extra{i:03d}" for i in range(len(mine))} and 9 <= len(mine) < 30, "this process renders the deck's first cards"
    assert {e[1] for e in events[:waited] if e[0] == "inspect"} == mine, "and inspects them before it waits"
    assert sum(e == ("hash",) for e in events[:waited]) >= len(mine) + 1, "and hashes their faces and their shared back"
    assert [e[1].rpartition(" · ")[2] for e in events[:waited] if e[0] == "page"] == ["sheet 1 of 4"] * 2, "and draws the sheet they fill, both sides"
    cold = cold_build_output(project, tmp_path / "cold", "--only", "cards", "--deck", "crowd")
    warned = [line for line in shown.splitlines() if "past the 3 mm bleed" in line]
    assert warned == [line for line in cold.splitlines() if "past the 3 mm bleed" in line]
    assert [line.rpartition("[")[2] for line in warned] == ["crowd/extra002]", "crowd/extra025]"], shown
    assert pdfs(out) == pdfs(tmp_path / "cold")
    checked = run_pnp(project, "validate", "tiny")  # validate splits the deck the same way, and says what build said
    assert [line for line in checked.output.splitlines() if "past the 3 mm bleed" in line and "[crowd/" in line] == warned, checked.output


def test_an_error_in_a_card_the_helper_renders_stops_the_sheets_already_begun(project, tmp_path, monkeypatch):
    """The sheets are begun before the helper's cards arrive; when one of them fails to render, no sheet PDF is
    written, the sheets of the last build stay as they were, and the error is the one a one-process build reports."""
    import pnp.outputs.cards

    add_crowd_deck(project, 30)
    out = tmp_path / "out"
    build(project, out, "--only", "cards", "--deck", "crowd")
    before = pdfs(out)
    hero = project / "templates/tiny/hero.j2"  # card 25, rendered by the helper, divides by zero
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{% if card.number == 25 %}{{ 1 // 0 }}{% endif %}\n{% endblock %}"),
                    encoding="utf-8")
    monkeypatch.setattr(pnp.outputs.cards, "PARALLEL_MIN_CARDS", 2)
    monkeypatch.setattr(pnp.outputs.cards, "several_cores", lambda: True)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    result = run_pnp(project, "build", "--out", str(out), "--only", "cards", "--deck", "crowd")
    cold = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "--out", str(tmp_path / "cold"), "--only", "cards", "--deck", "crowd"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    errors = [line for line in result.output.splitlines() if ": error:" in line]
    assert result.exit_code != 0 and errors and errors == [line for line in (cold.stdout + cold.stderr).splitlines() if ": error:" in line], result.output
    assert any("extra025" in line or "hero.j2" in line for line in errors), errors
    assert pdfs(out) == before and not list((tmp_path / "cold").rglob("*.pdf"))


def test_a_cache_written_an_entry_at_a_time_is_the_json_of_the_whole():
    """The build cache is written one top-level entry at a time, so its whole text is never held; the file must be the
    compact, sorted JSON a one-shot dump writes (readers and the cache's own checks parse it)."""
    import json

    from pnp.pipeline.cache import json_parts

    data = {"outputs": {"cards": {"stats": {"é.pdf": {"ink": 1.25, "pages": 2}}}}, "faces": {"d/c": ["a", "", 2]}, "printed": None, "checks": {"key": "k", "findings": []}}
    assert "".join(json_parts(data)) == json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert "".join(json_parts({})) == "{}"
