"""A rulebook's layout does work in proportion to its sections (issue 100): three times the sections, three times the
text laid out, however many pages the contents and a run of headings fill.

The work is counted, not timed: each call of the setter's `lay` (the one function that breaks a text into lines, which
every block's measuring comes down to) during `pnp build`. Laying the contents out again for each page they fill, or
measuring all of a thousand headings in a row again for each page, grows with the square of the sections."""
from __future__ import annotations

from conftest import run_pnp


def _rulebook_game(root, sections: int) -> None:
    """A game of a rulebook alone: half its sections headings in a row (one block, kept together with what follows,
    pages long), the other half each a heading and a line of text; every section an entry of the contents."""
    (root / "data/g").mkdir(parents=True)
    (root / "data/g/game.yaml").write_text("title: Sections\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\n", encoding="utf-8")
    half = sections // 2
    text = "".join(f"## Heading {n}\n\n" for n in range(half))
    text += "".join(f"## Section {n}\n\nWhat section {n} says.\n\n" for n in range(half, sections))
    (root / "data/g/rulebook.md").write_text(text, encoding="utf-8")


def _lays(tmp_path, monkeypatch, sections: int) -> int:
    """How many times the rulebook's build of `sections` sections lays a text into lines."""
    from pnp.render.text_setting import Setter

    root = tmp_path / f"s{sections}"
    _rulebook_game(root, sections)
    calls = [0]
    lay = Setter.lay

    def counted(self, *args, **kwargs):
        calls[0] += 1
        return lay(self, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(Setter, "lay", counted)
        result = run_pnp(root, "build", "g")
    assert result.exit_code == 0, result.stderr
    assert (root / "output/g/g-rulebook.pdf").stat().st_size > 0
    return calls[0]


def test_a_rulebooks_layout_work_grows_in_proportion_to_its_sections(tmp_path, monkeypatch):
    small, large = _lays(tmp_path, monkeypatch, 1_000), _lays(tmp_path, monkeypatch, 3_000)
    assert small >= 1_000  # each section is laid out: the count counts the layout's work
    assert large <= 3.3 * small, (small, large)  # three times the sections: three times the work, not nine
