""".. include:: ../index.md"""

# Not part of the cardgames packages: pdoc documents this module only to give
# the API reference's landing page (index.html.jinja2 beside it) the text of
# docs/index.md.  Build: see docs/index.md.
