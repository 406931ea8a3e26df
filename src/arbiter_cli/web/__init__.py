"""The web floor, above the rendering: ``arbiter serve``'s read-only server of a site's pages
(issue 19). It knows nothing of tournaments: it serves what a page source makes."""
