"""Runs the ``arbiter`` script (the path given first) with ``arbiter serve`` showing the
stand-in site of ``tests/fixture_site.py`` instead of ``arbiter publish``'s site.

``python tests/web/serve_fixture.py .venv/bin/arbiter -d FOLDER serve --port 0``: everything
else is the real command, its Ctrl-C handling included. Once ``site_pages`` is merged, the
tests start the ``arbiter`` script itself (see ``served.py``).
"""

import runpy
import sys
from pathlib import Path


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import fixture_site

    from arbiter_cli.cli import serve

    serve.site_pages = fixture_site.site_pages
    script = sys.argv[1]
    sys.argv = [script, *sys.argv[2:]]
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
