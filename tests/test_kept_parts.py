"""What a part of a game's checks keeps and when it answers from it, in process (issue #76 item 1: results.py's
mutants; test_kept_results builds whole games in new processes, which mutmut cannot map). The promise
(pnp.pipeline.results): a part's findings are kept under its key and the digests of the files it read outside the
shared folders, so editing, adding or removing such a file runs it again and editing a template does not; work that
found an error is never kept; the findings read back are the very findings (place, game, template warnings, what makes
one alike an earlier part's); a game's findings list each part's own, one alike an earlier part's once, the template
warnings after them, each once."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.core.errors import Finding, Loc
from pnp.core.files_read import FilesRead
from pnp.core.kept import KeptResults
from pnp.pipeline.cache import CACHE_DIR
from pnp.pipeline.results import Found, Part, findings_of, kept_part, kept_part_findings, results_path


def _finding(message: str, severity: str = "warning", line: int = 3, code: str = "faint") -> Finding:
    return Finding(severity, code, message, Loc("data/g/deck.yaml", line, 5, "Sheet1"), "", "cards", ("c1", "c2"), "de")


class Ctx:
    """As much of a GameContext as kept_part reads: its results, project, game, keeps, reads and template warnings."""

    def __init__(self, root: Path):
        (root / "templates").mkdir(exist_ok=True)
        self.results = KeptResults(root / "kept")
        self.project = SimpleNamespace(root=root, template_dirs=lambda: [root / "templates"], font_dirs=[])
        self.game = SimpleNamespace(slug="g")
        self.engine = SimpleNamespace(keeps=None)
        self.layouts = SimpleNamespace(template_warnings=[])
        self.card_reads = None
        self.files_read = FilesRead()
        self.runs = 0

    def work(self, findings=(), reads=(), warn=()):
        def run():
            self.runs += 1
            self.files_read.update(reads)
            self.layouts.template_warnings.extend(warn)
            return list(findings)
        return run


@pytest.fixture
def ctx(tmp_path) -> Ctx:
    return Ctx(tmp_path)


def test_a_part_is_kept_under_its_key_and_read_back_as_the_very_findings_without_running(ctx):
    found, warned = [_finding("faint text")], [_finding("a template warning", line=9, code="tpl")]
    first = kept_part(ctx, "readable deck a", "k1", ctx.work(found, warn=warned))
    assert (first.findings, first.warnings, first.kept, ctx.runs) == (found, [w.in_game("g") for w in warned], False, 1)
    again = kept_part(ctx, "readable deck a", "k1", ctx.work(found))
    assert (again.findings, again.warnings, again.kept, ctx.runs) == (found, [warned[0].in_game("g")], True, 1)
    assert again.warnings[0].game == "g" and again.findings[0].loc.sheet == "Sheet1"
    kept_part(ctx, "readable deck a", "k2", ctx.work(found))  # another key: another part
    kept_part(ctx, "readable deck b", "k1", ctx.work(found))  # another part's name: its own results
    assert ctx.runs == 3
    assert kept_part_findings(ctx.results, ctx.project, ctx.game, "k3", "readable deck a") is None


def test_work_that_finds_an_error_or_meets_a_template_error_is_never_kept(ctx):
    kept_part(ctx, "checks", "k", ctx.work([_finding("no such field", "error")]))
    kept_part(ctx, "checks", "k", ctx.work([_finding("no such field", "error")]))
    assert ctx.runs == 2
    kept_part(ctx, "checks", "t", ctx.work(warn=[_finding("bad template", "error")]))
    kept_part(ctx, "checks", "t", ctx.work())
    assert ctx.runs == 4
    assert kept_part(ctx, "checks", "t", ctx.work()).kept  # the second run found nothing: kept


def test_an_art_file_the_part_read_runs_it_again_when_edited_added_or_removed_and_a_template_does_not(ctx):
    root = ctx.project.root
    art, template, later = root / "art.png", root / "templates" / "card.j2", root / "late.png"
    art.write_bytes(b"one")
    template.write_text("a")
    work = ctx.work([_finding("x")], reads=[art, template, later])
    kept_part(ctx, "p", "k", work)
    assert kept_part(ctx, "p", "k", work).kept and ctx.runs == 1
    template.write_text("b")  # the shared inputs' key covers the templates: the caller's key changes, not the reads
    assert kept_part(ctx, "p", "k", work).kept and ctx.runs == 1
    art.write_bytes(b"two")
    assert not kept_part(ctx, "p", "k", work).kept and ctx.runs == 2
    assert kept_part(ctx, "p", "k", work).kept and ctx.runs == 2
    later.write_bytes(b"new")  # looked for and absent when judged: its arrival is an edit
    assert not kept_part(ctx, "p", "k", work).kept and ctx.runs == 3
    art.unlink()
    assert not kept_part(ctx, "p", "k", work).kept and ctx.runs == 4


def test_what_makes_a_finding_one_with_an_earlier_parts_is_kept_with_it(ctx):
    one, two = _finding("faint line 4", line=4), _finding("faint line 5", line=5)
    first = kept_part(ctx, "p", "k", lambda: Found.of([("tpl:4", one), ("", two)]))
    assert first.alike == ["tpl:4", ""]
    assert kept_part(ctx, "p", "k", lambda: []).alike == ["tpl:4", ""]
    plain = kept_part(ctx, "q", "k", lambda: [one])
    assert plain.alike == [] and kept_part(ctx, "q", "k", lambda: []).alike == []


def test_a_games_findings_list_each_parts_own_once_a_finding_alike_an_earlier_ones_once_then_the_template_warnings():
    a, b, c, d = (_finding(m, line=i) for i, m in enumerate("abcd", 1))
    w1, w2 = _finding("tpl 1", line=20, code="tpl"), _finding("tpl 2", line=21, code="tpl")
    parts = [Part([a, b], [w1], alike=["line 7", ""]), Part([c, d], [w1, w2], alike=["line 7", "line 8"]), Part([a], [])]
    assert findings_of(parts) == [a, b, d, w1, w2]
    assert findings_of([Part([c], []), Part([c, d], [], alike=["", ""])]) == [c, d]
    assert findings_of([Part([d], [w2]), Part([], [w2])]) == [d, w2]


def test_a_file_looked_for_that_becomes_a_folder_or_a_broken_link_and_one_edited_outside_the_project_run_the_part_again(tmp_path):
    """A file the part looked for and did not find, that is now a folder or a link to nothing, is no longer absent
    (it cannot be read); a file it read by its absolute path outside the project is judged by its bytes as well."""
    (tmp_path / "project").mkdir()
    ctx = Ctx(tmp_path / "project")
    root = ctx.project.root
    folder, link, elsewhere = root / "folder.png", root / "link.png", tmp_path / "fonts" / "Own.ttf"
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(b"one")
    work = ctx.work([_finding("x")], reads=[folder, link, elsewhere])
    kept_part(ctx, "p", "k", work)
    assert kept_part(ctx, "p", "k", work).kept and ctx.runs == 1
    folder.mkdir()
    assert not kept_part(ctx, "p", "k", work).kept and ctx.runs == 2
    assert kept_part(ctx, "p", "k", work).kept and ctx.runs == 2
    link.symlink_to(root / "nowhere.png")  # a link is there, what it names is not
    assert not kept_part(ctx, "p", "k", work).kept and ctx.runs == 3
    elsewhere.write_bytes(b"two")
    assert not kept_part(ctx, "p", "k", work).kept and ctx.runs == 4
    assert kept_part(ctx, "p", "k", work).kept and ctx.runs == 4


def test_a_games_results_lie_in_the_build_caches_results_folder(tmp_path):
    assert results_path(tmp_path, "organ-match") == tmp_path / CACHE_DIR / "results" / "organ-match"


def _deck(cards: dict[str, dict]):
    return SimpleNamespace(id="heroes", name="Heroes", size=(63.5, 88.9), front="f.j2", back=None, back_shows_rules=False, name_field=("name",),
                           source=None, data={"name": "Heroes"},
                           cards=[SimpleNamespace(id=i, count=1, back=None, loc=("d.yaml", n + 2, 3), front=None, fields=f) for n, (i, f) in enumerate(cards.items())])


def test_a_part_that_reads_the_cards_runs_again_when_a_field_it_read_changes_and_not_for_one_it_did_not(ctx):
    ctx.game.decks = {"heroes": _deck({"a": {"name": "Ann", "cost": 1}, "b": {"name": "Bo", "cost": 2}})}
    outer = ctx.card_reads = SimpleNamespace(seen={("other", "x", "y")})

    def work():
        ctx.runs += 1
        ctx.card_reads.add("heroes", "a", "name")  # the part's own record of what it read, apart from the caller's
        return [_finding("faint")]

    assert not kept_part(ctx, "readable tokens", "k", work, cards=True).kept and ctx.card_reads is outer and outer.seen == {("other", "x", "y")}
    assert kept_part(ctx, "readable tokens", "k", work, cards=True).kept
    ctx.game.decks = {"heroes": _deck({"a": {"name": "Ann", "cost": 5}, "b": {"name": "Bob", "cost": 2}})}  # fields it did not read
    assert kept_part(ctx, "readable tokens", "k", work, cards=True).kept and ctx.runs == 1
    ctx.game.decks = {"heroes": _deck({"a": {"name": "Anna", "cost": 5}, "b": {"name": "Bob", "cost": 2}})}
    assert not kept_part(ctx, "readable tokens", "k", work, cards=True).kept and ctx.runs == 2
    ctx.game.decks = {"heroes": _deck({"a": {"name": "Anna", "cost": 5}, "b": {"name": "Bob", "cost": 2}, "c": {"name": "Cy"}})}
    assert not kept_part(ctx, "readable tokens", "k", work, cards=True).kept and ctx.runs == 3  # a card more: the decks' outline


def test_a_part_that_does_not_read_the_cards_is_kept_whatever_they_say(ctx):
    from pnp.data.fields import CardReads

    ctx.game.decks = {"heroes": _deck({"a": {"name": "Ann"}})}
    outer = ctx.card_reads = CardReads()

    def work():
        ctx.runs += 1
        ctx.card_reads.add("heroes", "a", "name")
        return [_finding("x")]

    kept_part(ctx, "checks", "k", work)
    assert outer.seen == {("heroes", "a", "name")} and ctx.card_reads is outer  # its reads are the caller's
    ctx.game.decks = {"heroes": _deck({"a": {"name": "Anna"}, "b": {"name": "Bo"}})}
    assert kept_part(ctx, "checks", "k", ctx.work()).kept and ctx.runs == 1


def test_findings_of_a_part_that_names_nothing_alike_are_each_said():
    a, b = _finding("a", line=1), _finding("b", line=2)
    assert findings_of([Part([a, b], []), Part([b], [])]) == [a, b]
