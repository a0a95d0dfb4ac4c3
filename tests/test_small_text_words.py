"""A vendor's small-text refusal names the words as they print (docs/exports.md): a text set on several lines is said
with a space where each line ends, as a reader reads it, not its words run together. Driven through `pnp validate
--vendor` on the tiny project, with no Ghostscript on the path (the text-as-outlines step is then one finding of its
own, and the checks of the faces still run)."""
from __future__ import annotations

import json

from conftest import run_pnp


def test_small_words_on_three_lines_are_said_with_a_space_at_each_line_end(project, monkeypatch, tmp_path):
    """'Narrow words wrap' at 5 pt in a box 9 mm wide sets one word a line; MBPrint prints nothing under 6 pt, and the
    error at the template's line quotes the words as printed."""
    hero = project / "templates/tiny/hero.j2"
    lines = hero.read_text(encoding="utf-8").splitlines()
    end = max(i for i, line in enumerate(lines) if "{% endblock %}" in line)
    lines[end:end] = ['{{ text("Narrow words wrap", 10, 60, 9, 8, size=5) }}']
    hero.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    result = run_pnp(project, "validate", "tiny", "--vendor", "mbprint", "--format", "json")
    small = [f for f in json.loads(result.output) if f["code"] == "vendor-small-text"]
    assert [(f["file"], f["line"], f["message"].split(";")[0]) for f in small] == [
        ("templates/tiny/hero.j2", end + 1, "text 'Narrow words wrap' is set at 5 pt")], small
