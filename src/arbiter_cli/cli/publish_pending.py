"""Stands in for ``arbiter_cli.cli.publish.site_pages`` (``arbiter publish``'s site, issue 19) until
it is merged; ``cli/serve.py`` then imports the real one, and this module goes."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from arbiter_cli.core.errors import Refused

__all__ = ["site_pages"]


def site_pages(folder: Path) -> Mapping[str, bytes]:
    """The site of ``arbiter publish`` (not in this build yet)."""
    raise Refused("arbiter serve shows the pages of 'arbiter publish', which this build does not have yet")
