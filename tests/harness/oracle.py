"""The points the standings must show, computed by the harness from the round files alone.

Written from the documented rules, not from arbiter's code:

* an individual event (the docs "tournament.toml" [scoring], "rounds/NN.csv"): each game scores
  from its result code, each bye from its code; a round robin's ``round_robin_withdrawal =
  "half"`` (the default) takes a withdrawn player who played fewer than half of their games out of
  the standings, and their games count for no one;
* a team event (the docs "Team events" 5 and 7): a match forfeit (``+/-``, ``-/+``, ``-/-`` on the
  match line) decides the match whatever its boards hold (won: ``forfeit_win`` on every board,
  lost: ``forfeit_loss``); otherwise the game points are the boards' points (an empty board is a
  forfeit) and the match goes to the team with more game points (a match that one team did not
  come to is lost by it, one neither came to is lost by both); a team bye scores as its code
  (C.04.6 1.4: a PAB is a drawn match unless ``pab = "win"``); a withdrawn team of a round robin
  that played fewer than half its matches leaves the standings and its matches count for nobody.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from harness.files import Row, names, points, round_numbers, round_rows, rows, settings, team_names

__all__ = ["Scoring", "scoring_of", "individual_points", "TeamScore", "team_scores", "annulled_teams", "OUTCOMES",
           "PLAYED"]

#: A result code -> (White's outcome, Black's outcome): W win, D draw, L loss, FW/FL forfeit won/lost.
OUTCOMES = {"1-0": ("W", "L"), "0-1": ("L", "W"), "1/2-1/2": ("D", "D"), "+/-": ("FW", "FL"),
            "-/+": ("FL", "FW"), "-/-": ("FL", "FL"), "0-0": ("L", "L")}
#: Results that are games played over the board (the docs: "A 0-0 is a game played").
PLAYED = frozenset({"1-0", "0-1", "1/2-1/2", "0-0"})


@dataclass(frozen=True)
class Scoring:
    """``[scoring]`` with the documented defaults."""

    win: Fraction
    draw: Fraction
    loss: Fraction
    pab: Fraction
    forfeit_win: Fraction
    forfeit_loss: Fraction
    half_bye: Fraction
    full_bye: Fraction

    def outcome(self, outcome: str) -> Fraction:
        return {"W": self.win, "D": self.draw, "L": self.loss, "FW": self.forfeit_win,
                "FL": self.forfeit_loss}[outcome]

    def bye(self, code: str) -> Fraction:
        return {"PAB": self.pab, "FPB": self.full_bye, "HPB": self.half_bye}.get(code, Fraction(0))


def scoring_of(toml: Mapping[str, Any]) -> Scoring:
    table = toml.get("scoring", {})

    def value(key: str, default: Fraction) -> Fraction:
        return points(table[key]) if key in table else default

    win, draw, loss = value("win", Fraction(1)), value("draw", Fraction(1, 2)), value("loss", Fraction(0))
    return Scoring(win, draw, loss, value("pab", win), value("forfeit_win", win), value("forfeit_loss", Fraction(0)),
                   value("half_bye", draw), value("full_bye", win))


def _round_robin(toml: Mapping[str, Any]) -> bool:
    return str(toml.get("system", "")) in ("round-robin", "double-round-robin")


def _half_rule(toml: Mapping[str, Any]) -> bool:
    return _round_robin(toml) and toml.get("round_robin_withdrawal", "half") == "half"


def _per_entrant(toml: Mapping[str, Any], entrants: int) -> int:
    return (entrants - 1) * (2 if toml.get("system") == "double-round-robin" else 1)


# --------------------------------------------------------------------------- individual events


def _number(text: str) -> int | None:
    return int(text) if text.strip() else None


def individual_points(folder: Path) -> dict[str, Fraction]:
    """Each player's points (by name) after every paired round; the players a round robin's half
    rule takes out of the standings are left out."""
    toml = settings(folder)
    score = scoring_of(toml)
    players = rows(folder / "players.csv")
    name = names(folder)
    games: list[tuple[int, int, str]] = []
    byes: list[tuple[int, str]] = []
    for number in round_numbers(folder):
        for row in round_rows(folder, number):
            white, black, result = _number(row["white"]), _number(row["black"]), row["result"].strip()
            if white is not None and black is not None:
                games.append((white, black, result))
            elif white is not None and not row["board"].strip():
                byes.append((white, result))
    annulled: set[int] = set()
    if _half_rule(toml):
        for player in players:
            if player["status"] != "withdrawn":
                continue
            tpn = int(player["start_number"])
            played = sum(1 for w, b, r in games if tpn in (w, b) and r in PLAYED)
            if 2 * played < _per_entrant(toml, len(players)):
                annulled.add(tpn)
    total = {tpn: Fraction(0) for tpn in name if tpn not in annulled}
    for white, black, result in games:
        if result not in OUTCOMES or white in annulled or black in annulled:
            continue
        for tpn, outcome in zip((white, black), OUTCOMES[result]):
            total[tpn] += score.outcome(outcome)
    for tpn, code in byes:
        if tpn in total:
            total[tpn] += score.bye(code)
    return {name[tpn]: value for tpn, value in total.items()}


# --------------------------------------------------------------------------- team events


@dataclass(frozen=True)
class TeamScore:
    match_points: Fraction
    game_points: Fraction


@dataclass
class _Match:
    first: int
    second: int
    forfeit: str
    boards: list[Row]


def _team_rounds(folder: Path) -> list[tuple[list[_Match], list[tuple[int, str]]]]:
    out = []
    for number in round_numbers(folder):
        matches: list[_Match] = []
        byes: list[tuple[int, str]] = []
        for row in round_rows(folder, number):
            if not row["match"].strip():
                byes.append((int(row["first"]), row["result"].strip()))
            elif not row["board"].strip():
                matches.append(_Match(int(row["first"]), int(row["second"]), row["result"].strip(), []))
            else:
                matches[-1].boards.append(row)
        out.append((matches, byes))
    return out


def _board_sides(row: Row) -> tuple[str, str] | None:
    """The two sides' outcomes on a board; None while it has no result."""
    first, second, result = row["first"].strip(), row["second"].strip(), row["result"].strip()
    if not first and not second:
        return "FL", "FL"
    if not second:
        return "FW", "FL"
    if not first:
        return "FL", "FW"
    return OUTCOMES.get(result)


def _match_played(match: _Match) -> bool:
    """Whether a match counts as played for the half rule (a game over the board, no match forfeit)."""
    return not match.forfeit and any(b["result"].strip() in PLAYED for b in match.boards)


def annulled_teams(folder: Path) -> set[int]:
    """The withdrawn teams of a round robin that played fewer than half their matches (the half rule)."""
    toml = settings(folder)
    if not _half_rule(toml):
        return set()
    teams = rows(folder / "teams.csv")
    rounds = _team_rounds(folder)
    out = set()
    for entry in teams:
        if entry["status"] == "withdrawn":
            number = int(entry["number"])
            played = sum(1 for matches, _ in rounds for m in matches if number in (m.first, m.second)
                         and _match_played(m))
            if 2 * played < _per_entrant(toml, len(teams)):
                out.add(number)
    return out


def team_scores(folder: Path) -> dict[str, TeamScore]:
    """Each team's match and game points (by name) after every paired round; the teams a round
    robin's half rule takes out of the standings are left out."""
    toml = settings(folder)
    team = toml.get("team", {})
    score = scoring_of(toml)
    boards = int(team.get("boards", 0))
    win, draw, loss = (points(team.get(k, d)) for k, d in (("match_win", 2), ("match_draw", 1), ("match_loss", 0)))
    pab_won = team.get("pab", "draw") == "win"
    pab_mp = points(team["pab_match_points"]) if "pab_match_points" in team else (win if pab_won else draw)
    pab_gp = points(team["pab_game_points"]) if "pab_game_points" in team else \
        (score.win if pab_won else score.draw) * boards
    teams = rows(folder / "teams.csv")
    rounds = _team_rounds(folder)
    annulled = annulled_teams(folder)
    mp = {int(t["number"]): Fraction(0) for t in teams if int(t["number"]) not in annulled}
    gp = dict(mp)
    for matches, byes in rounds:
        for match in matches:
            if {match.first, match.second} & annulled:
                continue
            if match.forfeit in OUTCOMES:
                for number, outcome in zip((match.first, match.second), OUTCOMES[match.forfeit]):
                    won = outcome == "FW"
                    mp[number] += win if won else loss
                    gp[number] += (score.forfeit_win if won else score.forfeit_loss) * boards
                continue
            sides = [_board_sides(b) for b in match.boards]
            ours = sum((score.outcome(s[0]) for s in sides if s), Fraction(0))
            theirs = sum((score.outcome(s[1]) for s in sides if s), Fraction(0))
            gp[match.first] += ours
            gp[match.second] += theirs
            if any(s is None for s in sides):
                continue  # a match still being played has no match points yet
            played = any(s[0] in ("W", "D", "L") for s in sides if s) or \
                (any(s[0] == "FW" for s in sides if s) and any(s[1] == "FW" for s in sides if s))
            for number, mine, other in ((match.first, ours, theirs), (match.second, theirs, ours)):
                if mine > other:
                    mp[number] += win
                elif mine < other or not played:
                    mp[number] += loss
                else:
                    mp[number] += draw
        for number, code in byes:
            if number not in mp:
                continue
            if code == "PAB":
                mp[number] += pab_mp
                gp[number] += pab_gp
            elif code == "FPB":
                mp[number] += win
                gp[number] += score.full_bye * boards
            elif code == "HPB":
                mp[number] += draw
                gp[number] += score.half_bye * boards
    name = team_names(folder)
    return {name[n]: TeamScore(mp[n], gp[n]) for n in mp}
