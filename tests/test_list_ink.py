"""`pnp list` reports the ink each output of the last build costs, as the build reported it (issue 66)."""
from __future__ import annotations

import json
import re

from conftest import run_pnp


def test_list_reports_each_outputs_ink_as_the_build_did(project):
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--only", "tokens")
    assert result.exit_code == 0, result.output + result.stderr
    said = {m[1]: float(m[2]) for m in re.finditer(r"(tiny-[\w-]+\.pdf)\s.*?ink ([\d.]+) pages", result.output + result.stderr)}
    listed = run_pnp(project, "list", "tiny", "--format", "json")
    assert listed.exit_code == 0, listed.output
    inks = {o["file"]: o["ink"] for o in json.loads(listed.output)[0]["ink"]}
    assert {"tiny-cards.pdf", "tiny-tokens.pdf"} <= set(inks), inks
    for name, ink in inks.items():
        assert name in said and abs(said[name] - ink) < 0.05 + 1e-9, (name, ink, said)
    (project / "output" / "tiny" / "tiny-tokens.pdf").write_bytes(b"%PDF-1.4 changed by hand")
    again = {o["file"] for o in json.loads(run_pnp(project, "list", "tiny", "--format", "json").output)[0]["ink"]}
    assert "tiny-tokens.pdf" not in again and "tiny-cards.pdf" in again  # a file changed since the build has no figure of it


def test_list_prints_each_pdfs_ink_to_the_tenth_of_a_page_as_the_build_line_did(project):
    """docs/commands.md: `pnp list` gives the ink each PDF of the last build costs, as the build reported it; the build
    line says it to one decimal (`ink 3.2 pages`), and so does the list's `ink` line for that file."""
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    said = re.search(r"tiny-cards\.pdf\s.*?  ink (\d+\.\d) pages", result.output)
    assert said, result.output
    listed = run_pnp(project, "list", "tiny")
    assert listed.exit_code == 0, listed.output
    (line,) = [line for line in listed.output.splitlines() if line.split()[:2] == ["ink", "tiny-cards.pdf"]]
    assert line.split()[2:] == [said[1], "pages"], (line, said[1])
