"""The rulebook: rulebook.md (Jinja facts, then Markdown) typeset with Platypus into a PDF, and a folded booklet.

One module a job: `look` (inks and styles), `geometry` (pages and columns),
`markdown` (the Markdown converter), `figures` (components drawn in the text),
`pages` (the document, cover and furniture), `booklet` (saddle-stitch
imposition) and `build` (the front matter, typesetting and the build entry).
"""
