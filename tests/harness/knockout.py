"""A knockout: matches of one or two games, tie-break stages, seeded or drawn brackets.

The commands drawn: registration, withdrawals (the opponent goes through by forfeit), ``pair``,
``unpair``, game results by ``MATCH.GAME`` (a tied match gets its tie-break games by itself), a
whole match forfeited at once (``ROUND MATCH +/-``),
corrections with ``--correct`` and ``--force`` (which changes who went through), ``finalize``
and ``prizes.toml`` edits. A forced correction re-pairs what it changes: the results of later
matches that do not involve the players whose way it changed stay (issue 25, fault 4); those of
the matches it does change may go.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from harness import views
from harness.common import SETTINGS, Registration, RoundCommands
from harness.draw import GAME_RESULTS, csv_cell, pick, ratings, titles
from harness.files import names, round_rows
from robustness._support import run_here

__all__ = ["KnockoutMachine"]


class KnockoutMachine(RoundCommands, Registration):
    kind = "knockout"
    excusable = False

    def settings(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return (*SETTINGS, ("knockout.games_per_match", ("1", "2", "0")),
                ("knockout.tiebreak_stages", ("rapid:2,armageddon", "lower-rating", "armageddon,rapid:2")),
                ("rounds", ("3",)))

    @initialize(data=st.data(), players=st.integers(3, 9))
    def create(self, data: st.DataObject, players: int) -> None:
        stages = pick(data, ("lower-rating", "armageddon", "rapid:2,armageddon", "blitz:1,lower-rating"), "stages")
        self.arbiter("new", self.root, "--name", "Harness Cup", "--system", "knockout", "--games-per-match",
                     data.draw(st.integers(1, 2), label="games"), "--tiebreak-stages", stages,
                     "--seeding", pick(data, ("seeded", "drawn"), "seeding"),
                     "--first-colour", pick(data, ("lot", "seeding"), "first colour"),
                     "--seed", data.draw(st.integers(0, 99), label="seed"))
        lines = ["name,rating,title"]
        for _ in range(players):
            rating, title = data.draw(ratings(), label="rating"), data.draw(titles(), label="title")
            lines.append(f"{csv_cell(self.names.next())},{rating or ''},{title or ''}")
        self.arbiter("-d", self.root, "player", "import", "-", stdin="\n".join(lines) + "\n")

    # ------------------------------------------------------------------ reading the folder

    def games(self, number: int, entered: bool | None = None) -> list[str]:
        """Round ``number``'s games as ``MATCH.GAME`` (only those with or without a result)."""
        return [f"{r['match']}.{r['game']}" for r in round_rows(self.root, number) if r["game"].strip()
                and (entered is None or bool(r["result"].strip()) == entered)]

    def missing(self, number: int) -> list[str]:
        return self.games(number, entered=False)

    def bracket(self) -> dict[str, Any]:
        shown = run_here("-d", self.root, "bracket", "-f", "json")
        return json.loads(shown.out) if shown.code == 0 else {}

    def winners(self) -> dict[tuple[int, int], int | None]:
        """(round, match) -> the start number of who went through (None: not decided)."""
        out = {}
        for index, rnd in enumerate(self.bracket().get("rounds", []), start=1):
            for match in rnd.get("matches", []):
                out[(index, int(match["match"]))] = match.get("winner")
        return out

    # ------------------------------------------------------------------ registration

    def withdrawn(self, name: str, after: int, last: int) -> None:
        """A withdrawal sends the opponent through by forfeit (a match line's forfeit, the program's).
        When the opponent had gone through by the other's withdrawal and now withdraws too, from the
        same round, neither plays it: the match line's forfeit becomes ``-/-``, nobody goes through
        (the program says so: "round 2 match 1 forfeit: -/-: nobody goes through")."""
        self.model.withdrawn[name] = last
        for key, code in views.results(self.root).items():
            if key[-1] == "match" and self.model.results.get(key) in ("+/-", "-/+") and code == "-/-":
                self.model.results[key] = code
        self.model.absorb(self.root)

    # ------------------------------------------------------------------ results

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def enter_a_result(self, data: st.DataObject) -> None:
        number = self.last_round()
        open_games = self.games(number, entered=False)
        if not open_games:
            return
        game = pick(data, open_games, "game")
        code = pick(data, GAME_RESULTS, "result")
        key = views.board_of(self.root, number, game)
        if self.arbiter("-d", self.root, "result", number, game, code).code == 0 and key is not None:
            self.model.enter(key, code)

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def forfeit_a_whole_match(self, data: st.DataObject) -> None:
        """``result ROUND MATCH +/-`` (issue 30): each of the match's own games becomes a forfeit, and the
        bracket's first player (``+/-``) or second (``-/+``) goes through; ``-/-``, a bye, a match with
        results or one a withdrawal forfeited are refused (and change nothing: the machine checks)."""
        number = self.last_round()
        shown = {m["match"]: m for r in self.bracket().get("rounds", [])[number - 1:number] for m in r["matches"]}
        match = pick(data, sorted(shown) or [1], "match")
        code = pick(data, ("+/-", "-/+", "-/-"), "match forfeit")
        had = set(self.games(number, entered=True))
        if self.arbiter("-d", self.root, "result", number, match, code).code != 0:
            return
        assert code != "-/-", "a whole match's -/- was taken"
        held = views.results(self.root)
        for game in self.games(number, entered=True):
            key = views.board_of(self.root, number, game)
            if game.split(".")[0] == str(match) and game not in had and key is not None:
                assert held[key] in ("+/-", "-/+"), (game, held[key])
                self.model.enter(key, held[key])
        through = shown[match]["first" if code == "+/-" else "second"]
        assert self.winners().get((number, match)) == through["start_number"], (match, code)

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def clear_a_whole_match(self, data: st.DataObject) -> None:
        """``result ROUND MATCH none --correct`` (issue 30's trial): every game of the match's own cleared at
        once; refused without --correct, for a bye or a withdrawal's forfeit (the machine checks nothing
        changed then)."""
        number = self.last_round()
        matches = sorted({int(g.split(".")[0]) for g in self.games(number)})
        if not matches:
            return
        match = pick(data, matches, "match")
        correct = ["--correct"] if data.draw(st.booleans(), label="--correct") else []
        keys = {game: views.board_of(self.root, number, game) for game in self.games(number, entered=True)}
        if self.arbiter("-d", self.root, "result", number, match, "none", *correct).code != 0:
            return
        assert correct, "a whole match cleared without --correct"
        held = views.results(self.root)
        for game, key in keys.items():  # cleared, or dropped with them (a tie-break game no longer needed)
            if key is not None and key not in held:
                self.model.results.pop(key, None)

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def enter_every_open_game(self, data: st.DataObject) -> None:
        """Many games at once, in order (a tie-break game added by one line can be given later)."""
        number = self.last_round()
        lines = [(g, pick(data, GAME_RESULTS, f"result of {g}")) for g in self.missing(number)]
        if lines:
            self.enter(number, lines, [])

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def correct_a_result(self, data: st.DataObject) -> None:
        number = data.draw(st.integers(1, self.last_round()), label="round")
        entered = self.games(number, entered=True)
        if not entered:
            return
        game = pick(data, entered, "game")
        code = pick(data, (*GAME_RESULTS, "none"), "result")
        force = ["--force"] if data.draw(st.booleans(), label="--force") else []
        key = views.board_of(self.root, number, game)
        before = self.winners()
        if self.arbiter("-d", self.root, "result", number, game, code, "--correct", *force).code != 0:
            return
        if key is not None:
            self.model.enter(key, code)
            # the match's later games follow its score: the program drops the tie-break games it no
            # longer needs (journal: "game M.G dropped"); those it keeps keep their results
            held = views.results(self.root)
            for other in [k for k in self.model.results if k[0] == number and {k[1], k[2]} == {key[1], key[2]}
                          and k[3] != "match" and int(k[3]) > int(game.split(".")[1]) and k not in held]:
                del self.model.results[other]
        after = self.winners()
        match = int(game.split(".")[0])
        if before.get((number, match)) == after.get((number, match)):
            return
        # who went through changed: the later matches on that player's way are re-paired
        way = {w for w in (before.get((number, match)), after.get((number, match))) if w is not None}
        name = names(self.root)
        affected = {name[w] for w in way if w in name}
        for later in range(number + 1, max((k[0] for k in self.model.results), default=number) + 1):
            hit = [k for k in self.model.results if k[0] == later and ({k[1], k[2]} & affected)]
            for key_ in hit:
                affected |= {key_[1], key_[2]}
                del self.model.results[key_]
        for key_, code_ in views.results(self.root).items():
            if key_[0] > number and {key_[1], key_[2]} & affected:
                self.model.results.setdefault(key_, code_)

    # ------------------------------------------------------------------ pairing

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def play_the_round_and_pair(self, data: st.DataObject) -> None:
        number = self.last_round()
        for _ in range(6):  # a tied match gets its tie-break games one stage at a time
            if not number or not self.games(number, entered=False):
                break
            self.enter_every_open_game(data)
        self.pair()
