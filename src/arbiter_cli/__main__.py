"""``python -m arbiter_cli`` runs the ``arbiter`` command."""

from arbiter_cli.cli import main

if __name__ == "__main__":
    main()
