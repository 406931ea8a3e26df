"""``python -m arbiter_cli`` and the ``arbiter`` command start here."""

import gc


def run() -> None:
    """Load the command line and run it.

    The cyclic garbage collector is paused while the modules load: that makes
    tens of thousands of objects and no garbage worth a collection, and the
    collections it would trigger cost about a tenth of a short command's
    start-up. What was loaded is then frozen out of later collections, and the
    command runs with the collector on as usual.
    """
    gc.disable()
    try:
        from arbiter_cli.cli.app import main
    finally:
        gc.freeze()
        gc.enable()
    main()


if __name__ == "__main__":
    run()
