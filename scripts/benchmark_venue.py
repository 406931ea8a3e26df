"""The venue's figures (issue 26): on a generated Swiss of N players, how long a result saved from a
phone (``arbiter serve --entry``) or entered on the command line takes to show on the hall screen
(``/hall.html``, as served), and the memory of ``arbiter serve``.

    .venv/bin/python scripts/benchmark_venue.py --players 500 --boards 5

It makes the event in a temporary folder (``arbiter trf generate``, then ``import`` with two more
rounds announced, then ``pair``), adds an arbiter (``arbiter access add -f json``), starts ``arbiter
serve --entry --port 0``, signs in as a phone does, and for each of ``--boards`` boards saves a
result through the sheet's form (then as many through ``arbiter result``), polling the served
``hall.html`` every 50 ms until that board shows it. The time printed is from the moment the save
(or the command) returned to the first served ``hall.html`` that shows the result: the server's
rebuild of the pages. A screen in the hall adds up to its refresh interval (``--refresh``, 10 s by
default) to that. Memory is the server process's resident size (``VmRSS``) and its peak
(``VmHWM``), read from ``/proc``.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

ARBITER = str(Path(sys.executable).with_name("arbiter"))


def run(*args: str) -> str:
    done = subprocess.run([ARBITER, *args], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"arbiter {' '.join(args)} failed: {done.stderr}")
    return done.stdout


class Form(HTMLParser):
    """The hidden fields and selects of the sheet."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "input" and a.get("type") == "hidden" and a.get("name"):
            self.fields[str(a["name"])] = a.get("value") or ""


def memory(pid: int) -> tuple[int, int]:
    """The resident size and its peak of a process, in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
    hwm = int(re.search(r"VmHWM:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
    return rss // 1024, hwm // 1024


def hall_shows(url: str, board: int, result: str) -> bool:
    """Whether the served hall screen's row of ``board`` shows ``result``."""
    page = urllib.request.urlopen(f"{url}hall.html", timeout=30).read().decode()
    match = re.search(rf'<tr><td class="num">{board}</td>(.*?)</tr>', page, re.S)
    return bool(match and f'<td class="center">{result}</td>' in match.group(1))


def wait_for(url: str, board: int, shown: str, since: float) -> float:
    while time.monotonic() - since < 120:
        if hall_shows(url, board, shown):
            return time.monotonic() - since
        time.sleep(0.05)
    raise SystemExit(f"board {board} did not show {shown} within 120 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--boards", type=int, default=5, help="results saved each way")
    options = parser.parse_args()
    where = Path(tempfile.mkdtemp(prefix="venue-"))
    trf = where / "event.trf"
    run("trf", "generate", "-o", str(trf), "--rounds", str(options.rounds), "--players", str(options.players),
        "--seed", "26")
    text = trf.read_text(encoding="utf-8")
    trf.write_text(re.sub(r"^XXR \d+", f"XXR {options.rounds + 2}", text, flags=re.M), encoding="utf-8")
    folder = where / "event"
    run("import", str(trf), str(folder))
    run("-d", str(folder), "pair")
    code = json.loads(run("-d", str(folder), "access", "add", "Ali Arbiter", "--role", "arbiter", "-f", "json"))["code"]
    launched = time.monotonic()
    process = subprocess.Popen([ARBITER, "-d", str(folder), "serve", "--entry", "--port", "0"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = ""
    assert process.stderr is not None
    for line in process.stderr:
        if (found := re.search(r" at (http://\S+/) ", line)):
            url = found.group(1)
            break
    listening = time.monotonic() - launched
    threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()  # type: ignore[union-attr]
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    try:
        opener.open(f"{url}signin?code={code}", timeout=60).read()
        sheet = opener.open(f"{url}entry", timeout=60).read().decode()
        round_number = int(re.search(r'action="/entry/(\d+)"', sheet).group(1))  # type: ignore[union-attr]
        fields = Form(sheet).fields
        empty = [int(k.removeprefix("seen:")) for k, v in fields.items() if k.startswith("seen:") and v == ""]
        rows = []
        for board in empty[:options.boards]:
            form = {"csrf": fields["csrf"], f"seen:{board}": "", f"chosen:{board}": "1-0"}
            before = time.monotonic()
            answer = opener.open(f"{url}entry/{round_number}", urllib.parse.urlencode(form).encode(), timeout=120)
            answer.read()
            saved = time.monotonic()
            rows.append(("phone", board, saved - before, wait_for(url, board, "1-0", saved)))
        for board in empty[options.boards:2 * options.boards]:
            before = time.monotonic()
            run("-d", str(folder), "result", str(round_number), str(board), "0-1")
            saved = time.monotonic()
            rows.append(("command line", board, saved - before, wait_for(url, board, "0-1", saved)))
        rss, peak = memory(process.pid)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
    print(f"{options.players} players, round {round_number} of {options.rounds + 2}; arbiter serve listening after "
          f"{listening:.2f} s (its pages made); arbiter serve: {rss} MB resident, {peak} MB at most")
    print(f"{'entered from':<13} {'board':>5} {'save':>7} {'to the hall screen':>19}")
    for how, board, save, shown in rows:
        print(f"{how:<13} {board:>5} {save:>6.2f}s {shown:>18.2f}s")
    print("(a screen in the hall adds up to its --refresh interval to the last column)")
    os.environ.get("KEEP") or __import__("shutil").rmtree(where)


if __name__ == "__main__":
    main()
