"""Replay a real Swiss from its TRF through a tournament folder, round by round, as an arbiter would,
with the bulk paths of issue 27: absences and withdrawals from one input per round, the real
pairing by hand, the results from one input. It measures how many commands an event takes, and
that the folder ends with the file's scores.

Each round:

* ``player reinstate`` for each player the no-show rule withdrew who plays in this round (the real
  event kept them: with ``--no-show-rule federation`` a second forfeit withdraws);
* ``player withdraw --from -``: who has no game from this round to the end (``ID AFTER_ROUND``;
  before round 1, ``ID 0``: registered, never present);
* ``bye --from -``: who is absent in this round only (``ID ROUND zero|half``);
* ``pair --from - --force --reason``: the round as it was played (the PAB as ``ID 0``);
* ``result ROUND --from - --excused --confirm``: every board (a forfeit with notice, so that only the
  total of the no-show rule counts, as the replay of issue 27 entered them).

    .venv/bin/python scripts/replay_absences.py ../shared/realdata/french-events/france-rapide-2023__t1.trf /tmp/fr
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import shutil
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

from arbiter_cli.trf.importer import folder_player
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfFile, TrfGame, decode_trf, parse_trf

ARBITER = str(Path(sys.executable).with_name("arbiter"))


class Replay:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.commands: dict[str, int] = {}
        self.seconds = 0.0

    def run(self, *args: object, stdin: str | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
        argv = [str(a) for a in args]
        name = " ".join(a for a in argv[:2] if not a.startswith("-") and not a.isdigit())
        self.commands[name] = self.commands.get(name, 0) + 1
        started = time.perf_counter()
        done = subprocess.run([ARBITER, "-d", str(self.folder), *argv], input=stdin, text=True, capture_output=True,
                              check=False)
        self.seconds += time.perf_counter() - started
        if check and done.returncode != 0:
            raise SystemExit(f"arbiter {' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()}")
        return done


def _players_csv(trf: TrfFile) -> str:
    """The file's players as ``player import`` takes them, each field read as ``arbiter import`` reads it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "title", "rating", "fide_id", "federation", "sex", "birth_date"])
    for source in trf.players:
        p = folder_player(source, source.tpn, Notes())
        writer.writerow([p.name, p.title or "", p.rating or "", p.fide_id or "", p.federation or "", p.sex or "",
                         p.birth_date or ""])
    return out.getvalue()


def _game(games: tuple[TrfGame, ...], number: int) -> TrfGame | None:
    return next((g for g in games if g.round == number), None)


def _pab(game: TrfGame) -> bool:
    """The pairing-allocated bye: ``U``, or a win without an opponent as older files write it (``0000 - +``)."""
    return game.result == "U" or (game.result == "+" and game.opponent is None)


def _code(white: TrfGame, black: TrfGame) -> str:
    pair = (white.result, black.result)
    return {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "1/2", ("+", "-"): "+/-", ("-", "+"): "-/+",
            ("-", "-"): "-/-", ("0", "0"): "0-0"}[pair]


def replay(path: Path, folder: Path, rounds: int | None, rule: str) -> int:
    text, _ = decode_trf(path.read_bytes())
    trf = parse_trf(text)
    held = max(g.round for p in trf.players for g in p.games if g.opponent is not None or _pab(g))
    total = max(trf.total_rounds or held, held)  # the rounds announced; held: those with a game
    last = min(rounds or held, held)
    if folder.exists():
        shutil.rmtree(folder)
    r = Replay(folder)
    subprocess.run([ARBITER, "new", str(folder), "--name", (trf.header.get("012", ("Replay",))[0] or "Replay")[:100],
                    "--system", "swiss", "--rounds", str(total), "--seed", "1", "--initial-colour", "white",
                    "--no-show-rule", rule], check=True, capture_output=True)
    r.commands["new"] = 1
    r.run("player", "import", "-", stdin=_players_csv(trf))
    listed = json.loads(r.run("player", "list", "-f", "json").stdout)
    # the file's numbers -> the folder's start numbers (C.04.2 order), by name and FIDE ID; players alike in
    # both (two of one name, no FIDE ID) in the order of the file
    numbers: dict[tuple[str, str], list[int]] = {}
    for row in sorted(listed, key=lambda row: row["start_number"]):
        numbers.setdefault((row["name"], str(row["fide_id"] or "")), []).append(row["start_number"])
    number = {}
    for source in trf.players:
        player = folder_player(source, source.tpn, Notes())
        number[source.tpn] = numbers[(player.name, str(player.fide_id or ""))].pop(0)
    played = {p.tpn: {g.round for g in p.games if g.opponent is not None or _pab(g)} for p in trf.players}
    # the rounds a player takes part in: a game, the PAB, or a requested bye that scores (a half or full point)
    present = {p.tpn: played[p.tpn] | {g.round for g in p.games if g.result in "HF" and g.opponent is None}
               for p in trf.players}
    reinstated = bye_lines = withdrawal_lines = 0
    for n in range(1, last + 1):
        status = {p["start_number"]: p["status"] for p in json.loads(r.run("player", "list", "-f", "json").stdout)}
        gone = {p.tpn for p in trf.players if status[number[p.tpn]] == "withdrawn"}
        back = [tpn for tpn in sorted(gone) if n in played[tpn]]
        for tpn in back:
            r.run("player", "reinstate", number[tpn])
        reinstated += len(back)
        gone -= set(back)
        leaving = [p.tpn for p in trf.players if p.tpn not in gone and not any(n <= k <= held for k in present[p.tpn])]
        if leaving:
            r.run("player", "withdraw", "--from", "-", stdin="".join(f"{number[t]} {n - 1}\n" for t in leaving))
        gone |= set(leaving)
        withdrawal_lines += len(leaving)
        byes = []
        for p in trf.players:
            g = _game(p.games, n)
            if p.tpn in gone or n in played[p.tpn]:
                continue
            byes.append(f"{number[p.tpn]} {n} {'half' if g is not None and g.result == 'H' else 'zero'}\n")
        if byes:
            r.run("bye", "--from", "-", stdin="".join(byes))
        bye_lines += len(byes)
        games, pab, codes = [], [], []
        for p in trf.players:
            g = _game(p.games, n)
            if g is None:
                continue
            if _pab(g):
                pab.append(f"{number[p.tpn]} 0\n")
            elif g.opponent is not None and (g.colour == "w" or (g.colour is None and p.tpn < g.opponent)):
                # White, or the first of a forfeit written without colours
                opponent = trf.player(g.opponent)
                other = _game(opponent.games, n) if opponent is not None else None
                assert other is not None
                games.append(f"{number[p.tpn]} {number[g.opponent]}\n")
                codes.append(_code(g, other))
        r.run("pair", "--from", "-", "--force", "--reason", "the round as it was played", stdin="".join(games + pab))
        entered = "".join(f"{board} {code}\n" for board, code in enumerate(codes, start=1))
        r.run("result", n, "--from", "-", "--excused", "--confirm", stdin=entered)
    standing = {row["start_number"]: Fraction(str(row["points"]))
                for row in json.loads(r.run("standings", "-f", "json").stdout)}
    # the file's score, but for a requested bye of a round not held yet (counted by some programs)
    ahead = {p.tpn: sum((Fraction(1, 2) if g.result == "H" else Fraction(1)) for g in p.games
                        if g.round > held and g.result in "HF" and g.opponent is None) for p in trf.players}
    differ = [p.name for p in trf.players if last == held and p.points is not None
              and standing[number[p.tpn]] != p.points - ahead[p.tpn]]
    count = sum(r.commands.values())
    used = ", ".join(f"{k} {v}" for k, v in sorted(r.commands.items()))
    print(f"{path.name}: {len(trf.players)} players, {last} of {total} rounds ({held} held) replayed with {count} "
          f"commands ({used}); {bye_lines} requested byes in {r.commands.get('bye', 0)} commands, {withdrawal_lines} "
          f"withdrawals in {r.commands.get('player withdraw', 0)}, {reinstated} players reinstated; "
          f"{r.seconds:.1f} s in arbiter")
    if last == held:
        print(f"scores as in the file: {len(trf.players) - len(differ)} / {len(trf.players)}"
              + (f"; differ: {', '.join(differ[:10])}" if differ else ""))
    verify = r.run("verify", check=False)
    print(verify.stdout.strip().splitlines()[-1] if verify.stdout.strip() else verify.stderr.strip())
    return 1 if differ or verify.returncode else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trf", type=Path)
    parser.add_argument("folder", type=Path, help="the folder to make (removed first if it exists)")
    parser.add_argument("--rounds", type=int, help="replay only this many rounds")
    parser.add_argument("--no-show-rule", default="federation", help="off, fide or federation (default)")
    args = parser.parse_args()
    sys.exit(replay(args.trf, args.folder, args.rounds, args.no_show_rule))


if __name__ == "__main__":
    main()
