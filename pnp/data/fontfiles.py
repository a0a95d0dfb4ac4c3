"""A project's own fonts (fonts/fonts.yaml and the files it names), checked as the project's games are read.

A font is registered deep inside a render, where a missing, linked-out or
damaged file could only surface as "internal error". Here each file the
project's fonts.yaml names is found, kept inside fonts/, bounded in size and
read as TrueType once, and every problem is an error at the line naming it.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path

from pnp.core.assets import BUNDLED_FONTS
from pnp.core.errors import Finding, Loc, PnpError, did_you_mean, error
from pnp.core.files import KnownByStatus, LeavesFolder, Refused, file_sha256, inside
from pnp.data.located import LocDict
from pnp.data.source import load_yaml

MAX_FONT_BYTES = 40_000_000  # the largest TrueType families (Noto Sans CJK) are about 20 MB a style

# CSS's generic families, which every reader has: an SVG's text that names one is drawn in this bundled family, unwarned.
GENERIC_FAMILIES = {"serif": "noto-serif", "sans-serif": "noto-sans", "monospace": "noto-sans", "cursive": "noto-sans", "fantasy": "noto-sans",
                    "system-ui": "noto-sans", "ui-sans-serif": "noto-sans", "ui-serif": "noto-serif", "ui-monospace": "noto-sans"}
SVG_FALLBACK_FAMILY = "noto-sans"  # an SVG's text in a font the project does not have is drawn in this bundled family

_READ = KnownByStatus()  # a process that stays up reads a font again only when its file changed


def font_file_findings(fonts_dir: Path, root: Path, rel, spared: dict[str, list[Finding]] | None = None) -> list[Finding]:
    """An error for every file of the project's `fonts_dir`/fonts.yaml that cannot be used (`rel` names files); the
    project's, so no game's: each game it stops says it (pnp.data.project.Project.load_game). With `spared`, the errors
    of a family that only a game's font role could use (not a fallback, the condensed family or one of pnp's own, which
    every game may draw with) go there by family instead: a game none of whose roles names it is not stopped by it
    (`game_font_findings`), and no game draws with it (pnp.layout.fonts.FontBook's `leave_out`)."""
    from pnp.data.schema import FontsFile, check_shape  # the schema (pydantic) only where a fonts.yaml is checked

    spec_path = fonts_dir / "fonts.yaml"
    if not spec_path.is_file():
        return []
    shown = rel(spec_path)
    try:
        inside(spec_path, fonts_dir, root)
        spec = load_yaml(spec_path, shown)
    except Refused as exc:
        return [error(exc.code, exc.advice(shown, "the project's fonts/ folder"), Loc(shown))]
    except PnpError as exc:
        return list(exc.findings)
    checked, found = check_shape(FontsFile, spec, shown, what="fonts/fonts.yaml")
    if checked is None:
        return found
    found += _unknown_families(spec, family_names([BUNDLED_FONTS]) | set(checked.families), shown)
    families = spec.get("families")
    always = family_names([BUNDLED_FONTS]) | {checked.condensed or ""} | ({checked.fallback} if isinstance(checked.fallback, str) else set(checked.fallback))
    for family, files in families.items() if isinstance(families, LocDict) else ():
        for style, file in files.items() if isinstance(files, LocDict) else ():
            problem = _font_problem(fonts_dir, root, str(file))
            if problem:
                said = error("font-file", f"font file '{file}' of family '{family}' ({style}) {problem}", files.loc_of(style))
                (spared.setdefault(str(family), []) if spared is not None and str(family) not in always else found).append(said)
    return found


def game_font_findings(spared: dict[str, list[Finding]], roles) -> list[Finding]:
    """The findings of the families `font_file_findings` spared, for one game: errors where one of its font roles
    (game.yaml's `fonts`) names the family, else warnings, as the family is left out of the game's fonts."""
    used = {str(family) for family in roles.values()} if isinstance(roles, dict) else set()
    return [said if family in used else replace(said, severity="warning", message=f"{said.message} (no font role uses family '{family}': it is left out)")
            for family, found in sorted(spared.items()) for said in found]


def _unknown_families(spec: LocDict, known: set[str], shown: str) -> list[Finding]:
    """An error at each `fallback` or `condensed` family that neither pnp nor this fonts.yaml has."""
    found = []
    for key in ("fallback", "condensed"):
        named = spec.get(key) or []
        for family in [named] if isinstance(named, str) else named:
            if family not in known:
                found.append(error("font-family-unknown", f"{key} names '{family}', which is no family here{did_you_mean(family, sorted(known))}: "
                                   "use one of pnp's families or one this file lists", spec.loc_of(key) if isinstance(spec, LocDict) else Loc(shown)))
    return found


def font_role_findings(roles, families: frozenset[str], slug: str) -> list[Finding]:
    """An error at each font role of a game's game.yaml (`fonts: {body: …}`) that names no family pnp or the project has."""
    found = []
    for role, family in roles.items() if isinstance(roles, LocDict) else ():
        if str(family) not in families:
            found.append(error("font-family-unknown", f"font role '{role}' names '{family}', which is no family{did_you_mean(str(family), sorted(families))}: "
                               "use one of pnp's families or one fonts/fonts.yaml lists", roles.loc_of(role), game=slug))
    return found


def _font_problem(fonts_dir: Path, root: Path, file: str) -> str | None:
    """What keeps one font file from being used, or None."""
    path = fonts_dir / file
    try:
        if "\0" in file:
            raise LeavesFolder(path, fonts_dir)
        real = inside(path, fonts_dir, root)
    except Refused as exc:
        return exc.reason("the project's fonts/ folder")
    try:
        if not real.is_file():
            return "is missing: put the .ttf or .otf file in fonts/ or correct its name in fonts.yaml"
        size = real.stat().st_size
    except OSError as exc:  # a name too long for a file, say
        return f"cannot be read ({exc.strerror or exc}): correct its name in fonts.yaml"
    if size > MAX_FONT_BYTES:
        return f"is {size:,} bytes, over the {MAX_FONT_BYTES:,} byte limit: use a subset of the font"
    from pnp.data.otf import NotConvertible

    try:
        _READ.get(real, _read_truetype)
    except NotConvertible as exc:  # a sound file of a kind pnp does not read: what it is and what to use instead
        return str(exc)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc}): check you may read it"
    except Exception as exc:  # reportlab's reader fails on a damaged file in many ways (TTFError, struct.error, IndexError)
        said = (str(exc).splitlines() or [type(exc).__name__])[0]  # a reader's bare assert says nothing
        return f"is not a usable font ({said[:120]}): use a .ttf or a static .otf, re-downloaded"
    return None


def _ships_with_pnp(real: Path, size: int) -> bool:
    """Whether the file is one of the fonts pnp ships, or a copy of one: those are read as TrueType by pnp's own tests
    (tests/test_fonts_shipped.py), so a project that lists them (the repository's own fonts/ is pnp's) is not slowed by
    reading each again on every command."""
    bundled = BUNDLED_FONTS.resolve()
    if real.is_relative_to(bundled):
        return True
    return any(other.stat().st_size == size and file_sha256(other) == file_sha256(real) for other in bundled.rglob("*.ttf"))


def _read_truetype(path: Path) -> None:
    """Raise what reportlab raises on a file it cannot use as TrueType, or an OpenType CFF file once converted
    (pnp.data.otf), so a file that fails fails here, at its line (a font pnp ships is not read: see `_ships_with_pnp`)."""
    if _ships_with_pnp(path, path.stat().st_size):
        return
    from reportlab.pdfbase.ttfonts import TTFontFile  # only a project with its own fonts pays for reportlab here

    from pnp.data.otf import truetype_source

    face = TTFontFile(truetype_source(path))  # a CFF .otf is read as the TrueType font it is converted to
    # the glyphs themselves are read only when a PDF embeds them: a file whose glyph data is garbage parses, and failed
    # (or blanked) every PDF that used it. Its index of glyphs must point into its glyph table, in order, and the
    # printable ASCII glyphs, which any text uses, are embedded once here.
    positions, glyphs = face.glyphPos, face.table.get("glyf", {}).get("length", 0)
    if any(a > b for a, b in pairwise(positions)) or (positions and positions[-1] > glyphs):
        raise ValueError("its index of glyphs points outside its glyph table")
    face.makeSubset([code for code in range(32, 127) if code in face.charToGlyph])


def family_key(name: str) -> str:
    """A font family's name as fonts.yaml and an SVG's `font-family` are matched: case, quotes and the spaces or
    underscores a designer's tool puts between words aside ('Noto Sans', "noto_sans" and noto-sans are one family)."""
    return "-".join(name.strip().strip("'\"").lower().replace("_", " ").split())


def family_names(font_dirs: list[Path]) -> frozenset[str]:
    """The families the fonts.yaml of `font_dirs` name, as written (one that does not read names none here: its finding
    comes from `font_file_findings`)."""
    names: set[str] = set()
    for folder in font_dirs:
        try:
            spec = load_yaml(inside(folder / "fonts.yaml", folder), "fonts/fonts.yaml")
        except (PnpError, LeavesFolder, OSError):
            continue
        families = spec.get("families") if isinstance(spec, dict) else None
        if isinstance(families, dict):
            names.update(str(f) for f in families)
    return frozenset(names)


def font_families(font_dirs: list[Path]) -> frozenset[str]:
    """The `family_key` of every family the fonts.yaml of `font_dirs` name (a folder whose fonts.yaml does not read
    names none here: its finding comes from `font_file_findings`)."""
    return frozenset(family_key(name) for name in family_names(font_dirs))
