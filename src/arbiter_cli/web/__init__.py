"""The web floor, above the rendering: ``arbiter serve``'s server of a site's pages (issue 19) and
result entry from the browser (issue 26). It knows nothing of tournaments: it serves what a page
source makes, and enters results through the Gate and the Desk of :mod:`arbiter_cli.core.venue`."""
