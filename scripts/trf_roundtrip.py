"""Round-trip every TRF of ../shared: import, export (TRF-2026 and TRF16), import again.

For each file it checks that the second folder equals the first (every file but the journal) and
that the exported TRF holds the source's games and results; a team file goes through a team folder
(TRF-2026 only), or is named with the line that refuses it. The tests run the real events and every 20th corpus tournament; this script runs all
598 corpus tournaments too (about a minute).

    .venv/bin/python scripts/trf_roundtrip.py [--shared ../shared]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from arbiter_cli.store.team_folder import team_files  # noqa: E402
from arbiter_cli.store.tournament import TournamentFolder  # noqa: E402
from arbiter_cli.lifecycle.standings import points_and_ranks  # noqa: E402
from arbiter_cli.trf.exporter import export_trf  # noqa: E402
from arbiter_cli.trf.importer import TrfUnsupported, import_trf  # noqa: E402
from arbiter_cli.trf.reader import TrfError, TrfFile, decode_trf, parse_trf  # noqa: E402
from arbiter_cli.trf.team import is_team_trf  # noqa: E402
from arbiter_cli.trf.team_folder import export_team_trf, import_team_trf  # noqa: E402

_WINS, _DRAWS = set("1W+"), set("=D")


def _entry(game, numbers):  # type: ignore[no-untyped-def]
    if game.opponent is None:
        kind = {"U": "PAB", "+": "PAB", "1": "PAB", "W": "PAB", "F": "FPB", "H": "HPB", "=": "HPB",
                "D": "HPB"}.get(game.result)
        return None if kind is None else (None, kind)
    outcome = "win" if game.result in _WINS else "draw" if game.result in _DRAWS else (
        "none" if game.result == " " else "loss")
    return numbers[game.opponent], outcome, game.result in "+-"


def games(trf, numbers, last):  # type: ignore[no-untyped-def]
    out = {}
    for player in trf.players:
        if player.tpn in numbers:
            out[numbers[player.tpn]] = {g.round: _entry(g, numbers) for g in player.games
                                        if g.round <= last and _entry(g, numbers) is not None}
    return out


def check(path: Path) -> str | None:
    """None when the file round-trips, else what went wrong."""
    source = parse_trf(decode_trf(path.read_bytes())[0])
    if is_team_trf(source):
        return _check_team(source)
    try:
        first = import_trf(source)
    except TrfUnsupported:
        return "refused"
    folder = TournamentFolder("unused")
    last = first.tournament.last_round
    for version in ("2026", "16"):
        text = export_trf(first.tournament, version, standing=points_and_ranks(first.tournament)).text
        try:
            second = import_trf(parse_trf(text))
        except TrfError as error:
            return f"TRF{version} export does not import again: {error}"
        if folder.files_of(second.tournament) != folder.files_of(first.tournament):
            return f"TRF{version}: the second folder differs"
        ident = {p.tpn: p.tpn for p in parse_trf(text).players}
        if games(parse_trf(text), ident, last) != games(source, first.numbers, last):
            return f"TRF{version}: the games or results differ from the source"
    return None


def _check_team(source: TrfFile) -> str | None:
    """A team file: import, export, import again gives the same team folder; a file the reader
    refuses is 'team refused: ...' (FIDE's sample is, on its line 345)."""
    try:
        first = import_team_trf(source).tournament
    except TrfError as error:
        return f"team refused: {error}"
    try:
        second = import_team_trf(parse_trf(export_team_trf(first, {}).text)).tournament
    except TrfError as error:
        return f"team TRF-2026 export does not import again: {error}"
    return None if team_files(second) == team_files(first) else "team TRF-2026: the second folder differs"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    groups = {
        "realdata": sorted((args.shared / "realdata").rglob("*.trf")),
        "corpus": sorted((args.shared / "corpus/dutch-2026/tournaments").glob("*.trf")),
    }
    failed = 0
    for name, files in groups.items():
        if not files:
            print(f"{name}: no files under {args.shared}", file=sys.stderr)
            return 2
        start = time.perf_counter()
        passed = teams = 0
        for path in files:
            problem = check(path)
            if problem is None:
                passed += 1
            elif problem.startswith("team refused"):
                teams += 1
                print(f"{path.name}: {problem}")
            else:
                failed += 1
                print(f"{path.name}: {problem}")
        print(f"{name}: {passed} of {len(files)} files round-trip"
              + (f", {teams} team {'file' if teams == 1 else 'files'} refused (above)" if teams else "")
              + f" ({time.perf_counter() - start:.1f}s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
