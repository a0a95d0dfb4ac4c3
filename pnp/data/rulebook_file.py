"""Which rulebook file a game's edition prints: rulebook.md, or in another language rulebook.<lang>.md.

An edition without its own file prints the source's, with a warning, so a translation under way still builds; a
rulebook that lies outside the project's data (a link a downloaded game planted) is refused at its place and none is
printed. `Game.rulebook_rel` names the file chosen here in findings and on `pnp serve`'s page.
"""
from __future__ import annotations

from pathlib import Path
from typing import Protocol

from pnp.core.errors import Loc, PnpError, warning
from pnp.data.languages import Edition
from pnp.data.source import read_bytes, stands_at


class Project(Protocol):
    """What is asked of the project (pnp.data.project.Project, which imports this module): a file's name as findings
    say it, and the refusal of one outside its data."""

    def rel(self, path: Path) -> str: ...

    def inside_data(self, path: Path, rel: str, where: str = ...) -> Path: ...


def edition_rulebook(project: Project, gdir: Path, edition: Edition, slug: str, findings: list) -> Path | None:
    """The rulebook file `edition` of the game in `gdir` prints, None when it has none or it is refused; what is said of
    it goes into `findings`."""
    rulebook = _inside_data(project, _chosen(project, gdir, edition, slug, findings), slug, findings)
    if rulebook is None or not stands_at(rulebook):
        return None
    if not rulebook.is_file():  # a link to nowhere (a pipe or device is refused above): an error as reading it says, not no rulebook
        findings.extend(_as_the_games(_refusal_reading(project, rulebook), slug))
        return None
    return rulebook


def _chosen(project: Project, gdir: Path, edition: Edition, slug: str, findings: list) -> Path:
    """rulebook.md, or in another edition rulebook.<lang>.md; the source's, with a warning, while that is missing."""
    source = gdir / "rulebook.md"
    if edition.source or not stands_at(source):
        return source
    own = gdir / f"rulebook.{edition.lang}.md"
    if stands_at(own):
        from pnp.data.translations import stale_sections  # another edition's alone: a plain build compares no sections
        findings += stale_sections(project, source, edition.lang, slug)  # a section translated from an older text
        return own
    findings.append(warning("translation-missing", f"no rulebook.{edition.lang}.md: the '{edition.lang}' edition prints the source rulebook; "
                            f"translate rulebook.md into rulebook.{edition.lang}.md", Loc(project.rel(source)), game=slug))
    return source


def _inside_data(project: Project, rulebook: Path, slug: str, findings: list) -> Path | None:
    """The rulebook, or None with the error when it lies outside the project's data."""
    if stands_at(rulebook):
        try:
            project.inside_data(rulebook, project.rel(rulebook))
        except PnpError as exc:
            findings.extend(_as_the_games(exc.findings, slug))
            return None
    return rulebook


def _refusal_reading(project: Project, rulebook: Path) -> list:
    """What reading `rulebook` says where it cannot be read (pnp.data.source.read_bytes' words)."""
    try:
        read_bytes(rulebook, project.rel(rulebook))
    except PnpError as exc:
        return exc.findings
    return []


def _as_the_games(found: list, slug: str) -> list:
    """Findings of the project's file layer as game `slug`'s."""
    return [f.__class__(f.severity, f.code, f.message, f.loc, slug, f.component) for f in found]
