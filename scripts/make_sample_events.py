#!/usr/bin/env python3
"""Rebuild sample_events/ through the arbiter command itself.

Every sample is written by real ``arbiter`` commands, so it passes the same
validation as any event. Results are drawn from a seeded generator, so the
files are the same on every run except for the journal's timestamps.

    python scripts/make_sample_events.py             # every sample
    python scripts/make_sample_events.py club-lyon   # only the club
    python scripts/make_sample_events.py groups16-in-progress   # only the group stage
"""

from __future__ import annotations

import csv
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_events"

PLAYERS = [
    # name, rating, title, federation, sex, birth
    ("Aydin, Selin", 2312, "WIM", "TUR", "w", "1998-03-14"),
    ("Berger, Johann", 2405, "FM", "AUT", "m", "1987-11-02"),
    ("Castro, Lucia", 2188, "", "ESP", "w", "2003-06-21"),
    ("Dlamini, Sipho", 2251, "CM", "RSA", "m", "1995-01-30"),
    ("Eriksen, Nils", 2477, "IM", "NOR", "m", "1979-09-09"),
    ("Fontaine, Claire", 2096, "WFM", "FRA", "w", "2006-12-05"),
    ("Gupta, Arjun", 2533, "GM", "IND", "m", "1991-04-17"),
    ("Horvat, Marko", 2251, "FM", "CRO", "m", "1983-08-08"),
    ("Ivanova, Daria", 2140, "WCM", "BUL", "w", "2008-02-11"),
    ("Jansen, Pieter", 1987, "", "NED", "m", "1969-05-26"),
]


def arbiter(*args: object, stdin: str | None = None) -> str:
    result = subprocess.run([sys.executable, "-m", "arbiter_cli", *map(str, args)], input=stdin,
                            capture_output=True, text=True, check=False, cwd=SAMPLES)
    if result.returncode != 0:
        sys.exit(f"arbiter {' '.join(map(str, args))} failed: {result.stderr.strip()}")
    return result.stdout


def register(folder: Path, players: list[tuple]) -> None:
    lines = ["name,rating,title,federation,sex,birth_date"]
    lines += [f"\"{n}\",{r},{t},{f},{s},{b}" for n, r, t, f, s, b in players]
    arbiter("-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n")


def play(folder: Path, rnd: int, rng: random.Random, skip: set[int] = frozenset(),  # type: ignore[assignment]
         group: str | None = None) -> None:
    stage = ("--group", group) if group else ()
    boards = json.loads(arbiter("-d", folder, "pairings", rnd, "--format", "json", *stage))
    lines = []
    for board in boards:
        if board["black"] is None or board["board"] in skip:
            continue
        lines.append(f"{board['board']} {rng.choices(['1-0', '1/2-1/2', '0-1'], [38, 36, 26])[0]}")
    arbiter("-d", folder, "result", rnd, "--from", "-", *stage, stdin="\n".join(lines) + "\n")


def fresh(name: str) -> Path:
    """A relative path (the journal records the commands as typed in sample_events/)."""
    if (SAMPLES / name).exists():
        shutil.rmtree(SAMPLES / name)
    return Path(name)


def main() -> None:
    SAMPLES.mkdir(exist_ok=True)

    folder = fresh("rr10-finished")
    arbiter("new", folder, "--name", "Autumn Invitational 2026", "--system", "round-robin",
            "--place", "Izmir", "--federation", "TUR", "--start-date", "2026-10-03",
            "--end-date", "2026-10-11", "--chief-arbiter", "IA Demir, Ayse", "--time-control", "90+30",
            "--tiebreaks", "DE,SB,WIN,KS", "--seed", "2026")
    register(folder, PLAYERS)
    rng = random.Random(11)
    for rnd in range(1, 10):
        arbiter("-d", folder, "pair")
        play(folder, rnd, rng)

    folder = fresh("rr10-in-progress")
    arbiter("new", folder, "--name", "Club Championship 2026", "--system", "round-robin",
            "--place", "Ankara", "--start-date", "2026-11-02", "--time-control", "60+30",
            "--seed", "77")
    register(folder, PLAYERS)
    rng = random.Random(12)
    for rnd in range(1, 6):
        arbiter("-d", folder, "pair")
        play(folder, rnd, rng, skip={3} if rnd == 5 else set())

    folder = fresh("double-rr6-ready")
    arbiter("new", folder, "--name", "Winter Six 2026", "--system", "double-round-robin",
            "--place", "Bursa", "--start-date", "2026-12-05", "--time-control", "15+10",
            "--rating-type", "rapid", "--seed", "6")
    register(folder, PLAYERS[:6])
    rng = random.Random(13)
    for rnd in range(1, 5):
        arbiter("-d", folder, "pair")
        play(folder, rnd, rng)
    folder = fresh("swiss32-in-progress")
    arbiter("new", folder, "--name", "Ege Open 2026", "--system", "swiss", "--rounds", "7",
            "--place", "Izmir", "--federation", "TUR", "--start-date", "2026-11-20",
            "--time-control", "90+30", "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--seed", "32")
    rng = random.Random(32)
    first = ["Ahmet", "Elif", "Mehmet", "Zeynep", "Can", "Deniz", "Ece", "Emre", "Selin", "Kerem",
             "Aylin", "Burak", "Ceren", "Onur", "Derya", "Mert"]
    last = ["Yilmaz", "Kaya", "Demir", "Sahin", "Celik", "Arslan", "Dogan", "Aydin"]
    open_players = [(f"{last[i % 8]}, {first[i // 2 % 16]}", rng.randint(1500, 2450), "", "TUR",
                     rng.choice("mw"), f"{rng.randint(1960, 2012)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}")
                    for i in range(32)]
    register(folder, open_players)
    for rnd in range(1, 6):
        arbiter("-d", folder, "pair")
        play(folder, rnd, rng, skip={2, 5, 9, 14} if rnd == 5 else set())
    club()
    swiss_open_prizes()
    knockout()


#: The prize fund of the finished Swiss open: place prizes, and categories read from the players' data.
OPEN_PRIZES = """split = "shared"
currency = "EUR"
places = [1000, 600, 400, 200, 100]

[[category]]
name = "Best woman"
amounts = [150, 75]
sex = "F"

[[category]]
name = "U1800"
amounts = [100, 50]
rating_max = 1799

[[category]]
name = "Best junior"
amounts = [100]
born_from = 2008

[[category]]
name = "Best unrated"
amounts = [50]
unrated = true

[[category]]
name = "Best of Karsiyaka SK"
amounts = [50]
club = "Karsiyaka SK"
"""


def swiss_open_prizes() -> None:
    """A finished 6-round Swiss open of 40 players with a prize list that has ties and categories
    (one player withdrawn), finalised: final/prizes.csv and .json beside the standings."""
    folder = fresh("swiss-open-finished-prizes")
    arbiter("new", folder, "--name", "Bornova Open 2026", "--system", "swiss", "--rounds", "6",
            "--place", "Izmir", "--federation", "TUR", "--start-date", "2026-11-27", "--end-date", "2026-11-30",
            "--time-control", "90+30", "--tiebreaks", "BH/C1,BH,SB", "--seed", "40")
    rng = random.Random(40)
    men = ["Ahmet", "Mehmet", "Can", "Emre", "Kerem", "Burak", "Onur", "Mert", "Baris", "Tolga", "Deniz",
           "Murat", "Serkan", "Hakan", "Volkan", "Cem", "Umut", "Efe", "Kaan", "Arda"]
    women = ["Elif", "Zeynep", "Ece", "Selin", "Aylin", "Ceren", "Derya", "Asli", "Nazli", "Pinar", "Esra",
             "Gizem", "Irem", "Melis"]
    last = ["Ozturk", "Koc", "Kurt", "Aksoy", "Polat", "Erdem", "Tekin", "Gunes"]
    lines = ["name,rating,federation,sex,birth_date,club"]
    for i in range(40):
        rating = 0 if i in (37, 38, 39) else rng.randint(1450, 2400)
        woman = i % 3 == 1
        given_name = women[i // 3 % 14] if woman else men[(i - i // 3) % 20]
        lines.append(f"\"{last[i % 8]}, {given_name}\",{rating or ''},TUR,{'w' if woman else 'm'},"
                     f"{rng.randint(1960, 2014)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)},"
                     f"{rng.choice(['Karsiyaka SK', 'Bornova SK', 'Konak SK', ''])}")
    arbiter("-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n")
    for rnd in range(1, 7):
        arbiter("-d", folder, "pair")
        play(folder, rnd, rng)
        if rnd == 4:
            arbiter("-d", folder, "player", "withdraw", "2")
    (SAMPLES / folder / "prizes.toml").write_text(OPEN_PRIZES, encoding="utf-8")
    arbiter("-d", folder, "finalize", "--date", "2026-11-30")


def knockout() -> None:
    """A 24-player knockout (issue 18) in round 2, of the Swiss open's 24 best-rated players: 2-game
    matches, rapid, blitz and Armageddon tie-breaks; round 1 has a match decided by rapid games and
    one by a drawn Armageddon (Black goes through), round 2 a tied match waiting for its rapid games."""
    with open(SAMPLES / "swiss32-in-progress" / "players.csv", newline="", encoding="utf-8") as handle:
        players = [(p["name"], p["rating"], "", p["federation"], p["sex"], p["birth_date"])
                   for p in list(csv.DictReader(handle))[:24]]
    folder = fresh("knockout24-in-progress")
    arbiter("new", folder, "--name", "Ege Cup 2026", "--system", "knockout", "--place", "Izmir", "--federation",
            "TUR", "--start-date", "2026-12-01", "--time-control", "90+30", "--seed", "2412", "--games-per-match",
            "2", "--tiebreak-stages", "rapid:2,blitz:2,armageddon", "--chief-arbiter", "Kaya, Deniz")
    register(folder, [(n, r, "", f, s, b) for n, r, _, f, s, b in players])
    arbiter("-d", folder, "pair")
    for games in (["2.1 1-0", "2.2 1-0", "4.1 0-1", "4.2 1-0", "6.1 =", "6.2 1-0", "8.1 1-0", "8.2 =", "10.1 =",
                   "10.2 =", "12.1 0-1", "12.2 =", "14.1 0-1", "14.2 =", "16.1 0-1", "16.2 1-0"],
                  ["2.3 =", "2.4 1-0", "10.3 =", "10.4 =", "10.5 1-0", "10.6 1-0"], ["10.7 ="]):
        for game in games:  # the tie-break games appear as the ties are entered
            arbiter("-d", folder, "result", 1, *game.split())
    arbiter("-d", folder, "pair")
    for game in ("1.1 0-1", "1.2 1-0", "2.1 1-0", "2.2 1-0", "3.1 =", "4.1 1-0", "4.2 =", "5.1 1-0"):
        arbiter("-d", folder, "result", 2, *game.split())


def club() -> None:
    """A club with two finalised rapid tournaments and a standard one running."""
    folder = fresh("club-lyon")
    arbiter("club", "new", folder, "--name", "Lyon Echecs", "--default-rating", "1500")
    lines = ["name,birth_date,standard,rapid,blitz"]
    lines += [f"\"{n}\",{b},{r},{r - 40},{r - 80}" for n, r, _, _, _, b in PLAYERS[:8]]
    arbiter("-d", folder, "member", "import", "-", stdin="\n".join(lines) + "\n")
    rng = random.Random(21)
    for name, date in (("2026-spring-rapid", "2026-04-12"), ("2026-summer-rapid", "2026-07-05")):
        event = folder / "tournaments" / name
        arbiter("-d", folder, "new", event, "--name", name.replace("-", " ").title(), "--system", "round-robin",
                "--time-control", "rapid", "--start-date", date, "--seed", "8")
        for member in range(1, 7 if name.startswith("2026-spring") else 9):
            arbiter("-d", event, "player", "add", "--member", member)
        rounds = 5 if name.startswith("2026-spring") else 7
        for rnd in range(1, rounds + 1):
            arbiter("-d", event, "pair")
            play(event, rnd, rng)
        arbiter("-d", event, "finalize", "--date", date)
    event = folder / "tournaments" / "2026-autumn-standard"
    arbiter("-d", folder, "new", event, "--name", "Autumn Standard 2026", "--system", "swiss", "--rounds", "5",
            "--time-control", "standard", "--start-date", "2026-10-01", "--seed", "9")
    for member in range(1, 9):
        arbiter("-d", event, "player", "add", "--member", member)
    for rnd in range(1, 3):
        arbiter("-d", event, "pair")
        play(event, rnd, rng)


GROUP_PLAYERS = [
    ("Novak, Tomas", 2498, "IM", "CZE", "m", "1990-02-12"),
    ("Lindqvist, Erik", 2461, "IM", "SWE", "m", "1985-07-30"),
    ("Moreau, Camille", 2433, "WGM", "FRA", "w", "1996-05-04"),
    ("Kowalczyk, Piotr", 2402, "FM", "POL", "m", "2001-10-19"),
    ("Santos, Rafael", 2377, "FM", "POR", "m", "1993-01-08"),
    ("Weber, Anna", 2349, "WIM", "GER", "w", "1999-09-23"),
    ("Okafor, Chidi", 2318, "FM", "NGR", "m", "1988-03-15"),
    ("Petrenko, Olena", 2290, "WFM", "UKR", "w", "2004-12-01"),
    ("Rossi, Marco", 2263, "CM", "ITA", "m", "1979-06-27"),
    ("Haddad, Yasmin", 2231, "", "LBN", "w", "2002-08-09"),
    ("Baker, Thomas", 2204, "", "ENG", "m", "1975-11-11"),
    ("Tanaka, Yuki", 2178, "", "JPN", "w", "2007-04-02"),
    ("Fischer, Lukas", 2150, "", "AUT", "m", "2005-02-28"),
    ("Jensen, Maja", 2117, "", "DEN", "w", "1998-07-07"),
    ("Ortiz, Diego", 2089, "", "ARG", "m", "1969-10-13"),
    ("Virtanen, Aino", 2051, "", "FIN", "w", "2009-01-21"),
]


def groups16() -> None:
    """A group stage of 16 players in 4 groups (the first 2 to a round-robin final): every group
    finished but for one board of group D's last round."""
    folder = fresh("groups16-in-progress")
    os.environ["ARBITER_USER"] = "jdvorak"  # the journal's 'by': the chief arbiter, not whoever rebuilds it
    arbiter("new", folder, "--name", "Spring Masters 2026", "--system", "groups", "--groups", "4", "--advance", "2",
            "--final", "round-robin", "--place", "Prague", "--federation", "CZE", "--start-date", "2026-04-10",
            "--end-date", "2026-04-19", "--chief-arbiter", "IA Dvorak, Jana", "--time-control", "90+30",
            "--seed", "418")
    register(folder, GROUP_PLAYERS)
    arbiter("-d", folder, "pair")
    rng = random.Random(27)
    for group in "ABCD":
        for rnd in range(1, 4):
            play(folder, rnd, rng, {2} if (group, rnd) == ("D", 3) else set(), group=group)


if __name__ == "__main__":
    chosen = sys.argv[1:]
    SAMPLES.mkdir(exist_ok=True)
    if chosen == ["club-lyon"]:
        club()
    elif chosen == ["swiss-open-finished-prizes"]:
        swiss_open_prizes()
    elif chosen == ["knockout24-in-progress"]:
        knockout()
    elif chosen == ["groups16-in-progress"]:
        groups16()
    elif chosen:
        sys.exit("usage: make_sample_events.py [club-lyon | swiss-open-finished-prizes | knockout24-in-progress | "
                 "groups16-in-progress]")
    else:
        main()
        groups16()
    for lock in SAMPLES.rglob(".arbiter.lock"):
        lock.unlink()
    print(f"wrote {', '.join(sorted(p.name for p in SAMPLES.iterdir() if p.is_dir()))}")
