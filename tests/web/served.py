"""``arbiter serve`` started in a process of its own, as a venue laptop runs it, for tests that
talk to it as a browser would (issue 19)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

ARBITER = Path(sys.executable).with_name("arbiter")


@dataclass
class Served:
    """A running ``arbiter serve``: its process, its address, and what it said on stderr."""

    process: subprocess.Popen[bytes]
    url: str
    said: list[str] = field(default_factory=list)

    def stop(self, stop: int = signal.SIGINT) -> tuple[int, str]:
        """Ctrl-C (or the signal ``stop``); the exit status and the whole of stderr."""
        if self.process.poll() is None:
            self.process.send_signal(stop)
        code = self.process.wait(timeout=60)
        self._reader.join(timeout=10)
        return code, "".join(self.said)

    _reader: threading.Thread = field(init=False, repr=False)


def command(folder: Path, *options: str) -> list[str]:
    """The command line of ``arbiter -d FOLDER serve OPTIONS``."""
    return [str(ARBITER), "-d", str(folder), "serve", *options]


def start(folder: Path, *options: str) -> Served:
    """Start ``arbiter serve --port 0`` (any free port) on ``folder`` and wait until it listens."""
    process = subprocess.Popen(command(folder, "--port", "0", *options), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=dict(os.environ, NO_COLOR="1", COLUMNS="200"))
    served = Served(process, "")
    listening = threading.Event()

    def read() -> None:
        assert process.stderr is not None
        for raw in process.stderr:
            line = raw.decode(errors="replace")
            served.said.append(line)
            match = re.search(r" at (https?://\S+/) ", line)
            if match and not served.url:
                served.url = match.group(1)
                listening.set()
        listening.set()  # it ended

    served._reader = threading.Thread(target=read, daemon=True)
    served._reader.start()
    listening.wait(timeout=120)  # a guard against a hang, not a measure
    if not served.url:
        process.kill()
        process.wait()
        raise AssertionError(f"arbiter serve did not start ({process.returncode}): {''.join(served.said)}")
    return served
