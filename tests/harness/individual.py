"""Individual events: a Swiss paired by the Dutch system (with Baku acceleration, forbidden pairs
and pairing by hand) and a round robin (single or double).

The commands drawn: ``new`` (now and then with a starting-rank method, ``--starting-rank``),
registration (``player add``, ``player import``, ``player remove``; now and then with a national
rating, ``--national-rating`` and the ``national_rating`` column), late
entries, withdrawals (one, many with ``--from``, undone with ``player reinstate``), requested byes
(one, many with ``bye --from``) and their cancelling, forbidden pairs, virtual points,
``pair``, hand pairing (``pairing swap``, ``pairing set``, ``pair --from``), ``unpair``,
results one by one and many at once (forfeits, excused ones, the no-show rule's ``--confirm``; by board,
by the players' start numbers, or as a PGN file's games; ``*`` for a game still being played: a Swiss
pairs the next round on it or refuses with the rule, and its real result comes later; a round robin
refuses it),
corrections before and after ``finalize``, ``finalize`` (also ``--after-round K --yes``),
``prizes.toml`` edits, and carrying on from an export's import (see :mod:`harness.common`).
"""

from __future__ import annotations

import os
from typing import ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from harness import views
from harness.common import SETTINGS, UNSET, RoundCommands
from harness.draw import GAME_RESULTS, RESULTS, UNFINISHED, csv_cell, k_factors, pick, ratings, titles
from harness.files import names, round_rows, rows, settings
from harness.model import canonical
from arbiter_cli.ratings.fide_list import ListRecord, txt_lines
from arbiter_cli.store.rating_lists import DATA_DIR_VARIABLE

__all__ = ["SwissMachine", "RoundRobinMachine"]


def starting_rank(data: st.DataObject) -> list[str]:
    """``new``'s starting-rank method (issue 27), now and then, with the federation whose national
    ratings it reads (a TRF names it: 172, NRS records)."""
    method = pick(data, ("FIDE", None, None, "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "TFN"), "starting rank")
    return ["--starting-rank", method, "--federation", "TUR"] if method else []


class IndividualMachine(RoundCommands):
    """What a Swiss and a round robin share."""

    system: ClassVar[str] = "swiss"
    #: Whether the missing results drawn include ``*`` now and then (a Swiss: C.04.2 3.1).
    unfinished: ClassVar[bool] = False

    # ------------------------------------------------------------------ reading the folder

    def players(self) -> dict[int, str]:
        return names(self.root)

    def active(self) -> list[int]:
        return [int(r["start_number"]) for r in rows(self.root / "players.csv") if r["status"] == "active"]

    def missing(self, number: int) -> list[str]:
        """The boards of round ``number`` without a result, or still being played (``*``)."""
        return [r["board"] for r in round_rows(self.root, number)
                if r["black"].strip() and r["result"].strip() in ("", UNFINISHED)]

    def pair(self, extra: list[str] | None = None, stdin: str | None = None, by_hand: bool = False) -> bool:
        """A round paired on a game still being played (a draw for it, its players kept in their score
        group without the PAB: the federation's rule) is none that bbpPairings or gacrux would pair."""
        last = self.last_round()
        held = last > 0 and any(r["result"].strip() == UNFINISHED for r in round_rows(self.root, last))
        if not super().pair(extra, stdin, by_hand):
            return False
        if held:
            self.taint(last + 1)
        return True

    def boards(self, number: int) -> list[str]:
        return [r["board"] for r in round_rows(self.root, number) if r["black"].strip()]

    def register_line(self, data: st.DataObject) -> tuple[str, int | None, str | None, int | None]:
        """A new player's name, rating, title and national rating (issue 27; now and then)."""
        return (self.names.next(), data.draw(ratings(), label="rating"), data.draw(titles(), label="title"),
                data.draw(st.one_of(st.none(), st.none(), ratings()), label="national rating"))

    def registration_csv(self, data: st.DataObject, count: int) -> str:
        """``player import``'s file of ``count`` new players."""
        lines = ["name,rating,title,national_rating"]
        for _ in range(count):
            name, rating, title, national = self.register_line(data)
            lines.append(f"{csv_cell(name)},{rating or ''},{title or ''},{national or ''}")
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------------ registration

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def add_a_player(self, data: st.DataObject) -> None:
        name, rating, title, national = self.register_line(data)
        k = data.draw(k_factors(), label="K")
        extra = [*(["--rating", str(rating)] if rating else []), *(["--title", title] if title else []),
                 *(["--national-rating", str(national)] if national else []),
                 *(["--k", str(k)] if k is not None else [])]
        self.arbiter("-d", self.root, "player", "add", name, *extra)

    @precondition(lambda self: self.started)
    @rule(data=st.data(), count=st.integers(1, 3))
    def import_players(self, data: st.DataObject, count: int) -> None:
        with_k = data.draw(st.booleans(), label="k_factor column")
        lines = ["name,rating,title,national_rating" + (",k_factor" if with_k else "")]
        for _ in range(count):
            name, rating, title, national = self.register_line(data)
            k = data.draw(k_factors(), label="K") if with_k else None
            lines.append(f"{csv_cell(name)},{rating or ''},{title or ''},{national or ''}"
                         + (f",{k if k is not None else ''}" if with_k else ""))
        self.arbiter("-d", self.root, "player", "import", "-", stdin="\n".join(lines) + "\n")

    @precondition(lambda self: self.started and bool(names(self.root)))
    @rule(data=st.data())
    def set_a_k_factor(self, data: st.DataObject) -> None:
        """``player set-k ID K|none``: K for the rating report (a bad K now and then: refused, I1-I2); the
        rating report and ``standings --rating-change`` are then held against the files (I17)."""
        number = pick(data, sorted(self.players()), "player")
        k = data.draw(st.one_of(k_factors(), st.sampled_from(("0", "101", "x"))), label="K")
        self.arbiter("-d", self.root, "player", "set-k", number, "none" if k is None else k)

    # ------------------------------------------------------------------ the rating list

    #: The FIDE list the machine loads (``arbiter lists load``) the first time it registers from it: FIDE
    #: IDs 9001..., the ratings of each rate of play, titles now and then; 9999 is not in it.
    LISTED: ClassVar[tuple[ListRecord, ...]] = tuple(
        ListRecord(9000 + n, f"Listed{n}, Lena", "GER", "F" if n % 3 else "M", ("", "GM", "IM", "WFM")[n % 4],
                   standard_rating=1500 + 73 * n, standard_k=20, rapid_rating=1450 + 61 * n if n % 2 else None,
                   rapid_k=20, blitz_rating=1400 + 55 * n, blitz_k=40, birth_year=1970 + n) for n in range(1, 13))

    def fide_ids(self) -> list[int]:
        """The IDs to register from, loading the list into the machine's own data folder the first time."""
        data = self.work / "data"
        if os.environ.get(DATA_DIR_VARIABLE) != str(data) or not data.is_dir():
            os.environ[DATA_DIR_VARIABLE] = str(data)
            source = self.work / "players_list_foa.txt"
            source.write_text("".join(txt_lines(self.LISTED)), encoding="utf-8")
            self.reader("lists", "load", source, "--date", "2026-05")
        return [record.fide_id or 0 for record in self.LISTED] + [9999]

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def add_a_player_from_the_list(self, data: st.DataObject) -> None:
        """``player add --fide-id N``: every field from the list, a rating or a title given winning."""
        fide_id = pick(data, self.fide_ids(), "FIDE ID")
        rating = data.draw(st.one_of(st.none(), ratings()), label="rating")
        self.arbiter("-d", self.root, "player", "add", "--fide-id", fide_id, *(["--rating", rating] if rating else []))

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def update_the_ratings(self, data: st.DataObject) -> None:
        """``player update-ratings``: refused after round 1 unless ``--force``, which changes ratings the
        pairings already used (the engines' check then leaves those rounds out)."""
        self.fide_ids()
        force = ["--force"] if data.draw(st.booleans(), label="force") else []
        if self.arbiter("-d", self.root, "player", "update-ratings", *force).code == 0 and force:
            self.taint()

    # ------------------------------------------------------------------ byes

    @precondition(lambda self: self.started and bool(names(self.root)))
    @rule(data=st.data())
    def request_a_bye(self, data: st.DataObject) -> None:
        number = pick(data, sorted(self.players()), "player")
        name = self.players()[number]
        planned = int(settings(self.root).get("rounds", 0) or 5)
        round_number = data.draw(st.integers(1, max(planned, 1)), label="round")
        kind = pick(data, ("--half", "--zero"), "kind")
        if self.arbiter("-d", self.root, "bye", number, "--round", round_number, kind).code == 0:
            self.model.request(round_number, name, "HPB" if kind == "--half" else "ZPB")

    @precondition(lambda self: self.started and bool(views.requests(self.root)))
    @rule(data=st.data())
    def cancel_a_bye(self, data: st.DataObject) -> None:
        round_number, name = pick(data, sorted(views.requests(self.root)), "request")
        number = {v: k for k, v in self.players().items()}.get(name)
        if number is not None and self.arbiter("-d", self.root, "bye", "cancel", number, "--round",
                                               round_number).code == 0:
            self.model.cancel(round_number, name)

    @precondition(lambda self: self.started and bool(names(self.root)))
    @rule(data=st.data(), count=st.integers(1, 3))
    def request_byes_from_a_file(self, data: st.DataObject, count: int) -> None:
        """``bye --from -``: several requests at once (``ID ROUND KIND``), all or nothing."""
        planned = int(settings(self.root).get("rounds", 0) or 5)
        lines = [(pick(data, sorted(self.players()), "player"),
                  data.draw(st.integers(1, max(planned, 1)), label="round"),
                  pick(data, ("half", "zero", "HPB", "ZPB"), "kind")) for _ in range(count)]
        players = self.players()
        text = "# absences\n" + "".join(f"{player} {number} {kind}\n" for player, number, kind in lines)
        if self.arbiter("-d", self.root, "bye", "--from", "-", stdin=text).code == 0:
            for player, number, kind in lines:
                self.model.request(number, players[player], "HPB" if kind.upper() in ("HALF", "HPB") else "ZPB")

    # ------------------------------------------------------------------ withdrawals in bulk, and undone

    @precondition(lambda self: self.started and bool(names(self.root)))
    @rule(data=st.data(), count=st.integers(1, 3))
    def withdraw_players_from_a_file(self, data: st.DataObject, count: int) -> None:
        """``player withdraw --from -``: several at once (``ID [AFTER_ROUND]``), all or nothing."""
        last = self.last_round()
        players = self.players()
        chosen = [pick(data, sorted(players), "player") for _ in range(count)]
        lines = [(player, data.draw(st.one_of(st.none(), st.integers(0, last)), label="after round"))
                 for player in chosen]
        text = "".join(f"{player}{'' if after is None else f' {after}'}\n" for player, after in lines)
        if self.arbiter("-d", self.root, "player", "withdraw", "--from", "-", stdin=text).code == 0:
            for player, after in lines:
                self.withdrawn(players[player], last if after is None else after, last)

    @precondition(lambda self: self.started and bool(views.withdrawn(self.root)))
    @rule(data=st.data())
    def reinstate_a_player(self, data: st.DataObject) -> None:
        """``player reinstate``: a withdrawal undone (refused when a later round left the player out)."""
        name = pick(data, sorted(views.withdrawn(self.root)), "withdrawn player")
        number = {v: k for k, v in self.players().items()}.get(name)
        if number is not None and self.arbiter("-d", self.root, "player", "reinstate", number).code == 0:
            self.model.withdrawn.pop(name, None)

    # ------------------------------------------------------------------ results

    def result_lines(self, data: st.DataObject, number: int, boards: list[str]) -> list[tuple[str, str]]:
        def code(board: str) -> str:
            kind = data.draw(st.integers(0, 5), label="forfeit?")
            if kind == 1 and self.unfinished:
                return UNFINISHED
            return pick(data, RESULTS if kind == 0 else GAME_RESULTS, f"result of board {board}")
        return [(board, code(board)) for board in boards]

    entry_forms = ("board", "players", "pgn")

    def seat(self, number: int, board: str) -> tuple[int, int, bool] | None:
        for row in round_rows(self.root, number):
            if row["board"] == board and row["black"].strip():
                return int(row["white"]), int(row["black"]), False
        return None

    def enter(self, number: int, lines: list[tuple[str, str]], options: list[str], form: str = "board") -> bool:
        """Enter ``lines``; with ``--confirm``, the no-show rule withdraws who forfeited."""
        losers = self.forfeit_losers(number, lines)
        before = views.withdrawn(self.root)
        if not super().enter(number, lines, options, form):
            return False
        if "--confirm" in options:
            self.no_shows(before, losers)
        return True

    def no_shows(self, before: dict[str, int], losers: set[str]) -> None:
        """The players the no-show rule withdrew (``--confirm``): who forfeited and is withdrawn now."""
        for name, after in views.withdrawn(self.root).items():
            if name not in before and name in losers:
                self.model.withdrawn[name] = after
                self.model.forget(name)

    def forfeit_losers(self, number: int, lines: list[tuple[str, str]]) -> set[str]:
        who = set()
        for board, code in lines:
            key = views.board_of(self.root, number, board)
            if key is None or canonical(code) not in ("+/-", "-/+", "-/-"):
                continue
            if canonical(code) in ("-/+", "-/-"):
                who.add(key[1])
            if canonical(code) in ("+/-", "-/-"):
                who.add(key[2])
        return who

    def options(self, data: st.DataObject) -> list[str]:
        return [o for o in ("--excused", "--confirm") if data.draw(st.booleans(), label=o)]

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def enter_the_missing_results(self, data: st.DataObject) -> None:
        number = self.last_round()
        missing = self.missing(number)
        if missing:
            self.enter(number, self.result_lines(data, number, missing), self.options(data), self.entry_form(data))

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def enter_or_correct_one_result(self, data: st.DataObject) -> None:
        number = data.draw(st.integers(1, self.last_round()), label="round")
        boards = self.boards(number)
        if not boards:
            return
        board = pick(data, boards, "board")
        code = pick(data, (*RESULTS, "none", UNFINISHED), "result")
        options = [o for o in ("--correct", "--excused", "--confirm") if data.draw(st.booleans(), label=o)]
        key = views.board_of(self.root, number, board)
        losers = self.forfeit_losers(number, [(board, code)])
        before = views.withdrawn(self.root)
        if self.arbiter("-d", self.root, "result", number, board, code, *options).code == 0 and key is not None:
            self.model.enter(key, code)
            if number < self.last_round():
                self.taint()
            if "--confirm" in options:
                self.no_shows(before, losers)


class SwissMachine(IndividualMachine):
    """A Swiss (FIDE Dutch, C.04.3), with Baku acceleration, forbidden pairs and pairing by hand."""

    kind = "individual Swiss"
    unfinished = True

    def settings(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return (*SETTINGS, ("rounds", ("2", "4", "6", "0")), ("tiebreaks", ("BH/C1,BH,SB", "SB,DE,WIN", "XX", "none")),
                ("avoid_same_club_rounds", ("0", "1", "2")), ("max_half_byes", ("0", "1", "none")),
                ("half_byes_closed_last_rounds", ("0", "1")), ("initial_colour", ("white", "black")),
                ("acceleration", ("baku", "none")), ("late_entry_missed", ("HPB", "ZPB", "XPB")))

    @initialize(data=st.data(), players=st.integers(4, 11), rounds=st.integers(3, 5))
    def create(self, data: st.DataObject, players: int, rounds: int) -> None:
        baku = ["--acceleration", "baku"] if data.draw(st.booleans(), label="baku") else []
        colour = pick(data, ("white", "black", "random"), "initial colour")
        self.arbiter("new", self.root, "--name", "Harness Open", "--system", "swiss", "--rounds", rounds,
                     "--seed", data.draw(st.integers(0, 99), label="seed"), "--initial-colour", colour, *baku,
                     *starting_rank(data))
        self.arbiter("-d", self.root, "player", "import", "-", stdin=self.registration_csv(data, players))

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def pair_on_an_unfinished_game(self, data: st.DataObject) -> None:
        """A game of the last round still being played when the next round must be paired (README,
        "Unfinished games"): ``*`` on it, the other results, ``pair`` (or its refusal by the rule), and
        now and then the real result at once."""
        number = self.last_round()
        boards = self.boards(number)
        if not boards:
            return
        held = pick(data, boards, "board still being played")
        lines = [(board, UNFINISHED if board == held else pick(data, GAME_RESULTS, f"result of board {board}"))
                 for board in self.missing(number) if board != held]
        if not self.enter(number, [(held, UNFINISHED), *lines], ["--correct"]):
            return
        self.pair()
        if data.draw(st.booleans(), label="the real result now"):
            key = views.board_of(self.root, number, held)
            code = pick(data, GAME_RESULTS, "the real result")
            if self.arbiter("-d", self.root, "result", number, held, code).code == 0 and key is not None:
                self.model.enter(key, code)
                self.taint()

    @precondition(lambda self: self.started and len(names(self.root)) >= 2)
    @rule(data=st.data())
    def forbid_a_pair(self, data: st.DataObject) -> None:
        players = sorted(self.players())
        first = pick(data, players, "first")
        second = pick(data, [p for p in players if p != first], "second")
        rounds = data.draw(st.sampled_from(([], ["--rounds", "1-2"], ["--rounds", "2-4"])), label="rounds")
        if self.arbiter("-d", self.root, "avoid", first, second, *rounds).code == 0:
            self.taint()

    @precondition(lambda self: self.started and (self.root / "avoid.csv").is_file())
    @rule()
    def lift_a_forbidden_pair(self) -> None:
        if self.arbiter("-d", self.root, "avoid", "remove", "1").code == 0:
            self.taint()

    @precondition(lambda self: self.started and settings(self.root).get("acceleration") == "baku")
    @rule(data=st.data())
    def give_virtual_points(self, data: st.DataObject) -> None:
        player = pick(data, sorted(self.players()) or [1], "player")
        number = data.draw(st.integers(1, 3), label="round")
        value = pick(data, ("0", "0.5", "1", "none"), "points")
        if self.arbiter("-d", self.root, "acceleration", "set", player, number, value).code == 0:
            self.taint()

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def swap_two_players(self, data: st.DataObject) -> None:
        number = self.last_round()
        seated = [int(r["white"]) for r in round_rows(self.root, number)] + \
            [int(r["black"]) for r in round_rows(self.root, number) if r["black"].strip()]
        if len(seated) < 2:
            return
        first = pick(data, seated, "first")
        second = pick(data, [p for p in seated if p != first], "second")
        force = ["--force", "--reason", "arbiter's decision"] if data.draw(st.booleans(), label="force") else []
        if self.arbiter("-d", self.root, "pairing", "swap", number, first, second, *force).code == 0:
            self.hand_paired.add(number)
            self.taint()

    @precondition(lambda self: self.started and self.last_round() > 0)
    @rule(data=st.data())
    def set_a_board(self, data: st.DataObject) -> None:
        number = self.last_round()
        boards = self.boards(number)
        seated = [int(r["white"]) for r in round_rows(self.root, number) if r["black"].strip()] + \
            [int(r["black"]) for r in round_rows(self.root, number) if r["black"].strip()]
        if not boards or len(seated) < 2:
            return
        white = pick(data, seated, "white")
        black = pick(data, [p for p in seated if p != white], "black")
        force = ["--force", "--reason", "wheelchair on board 1"] if data.draw(st.booleans(), label="force") else []
        if self.arbiter("-d", self.root, "pairing", "set", number, pick(data, boards, "board"), white, black,
                        *force).code == 0:
            self.hand_paired.add(number)
            self.taint()

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def pair_by_hand(self, data: st.DataObject) -> None:
        """``pair --from``: the next round as the arbiter writes it."""
        number = self.last_round() + 1
        asked = {who for (r, who) in self.model.requests if r == number}
        players = [p for p in self.active() if self.players().get(p) not in asked]
        order = data.draw(st.permutations(players), label="order")
        lines = [f"{order[i]} {order[i + 1]}" for i in range(0, len(order) - 1, 2)]
        if len(order) % 2:
            lines.append(f"{order[-1]} 0")
        force = ["--force", "--reason", "paired by hand"] if data.draw(st.booleans(), label="force") else []
        self.pair(["--from", "-", *force], stdin="\n".join(lines) + "\n", by_hand=True)


class RoundRobinMachine(IndividualMachine):
    """A round robin (C.05, the Berger tables), single or double."""

    kind = "round robin"
    system = "round-robin"

    def settings(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return (*SETTINGS, ("tiebreaks", ("DE,SB,WIN,KS", "SB", "XX", UNSET)),
                ("round_robin_withdrawal", ("forfeits", "half")), ("numbering", ("lot", "rating")),
                ("rounds", ("3", "9")))

    @initialize(data=st.data(), players=st.integers(3, 8))
    def create(self, data: st.DataObject, players: int) -> None:
        system = pick(data, ("round-robin", "double-round-robin"), "system")
        colour = pick(data, ("white", "black", "random"), "initial colour")
        numbering = pick(data, ("rating", "lot"), "numbering")
        self.arbiter("new", self.root, "--name", "Harness Invitational", "--system", system, "--seed",
                     data.draw(st.integers(0, 99), label="seed"), "--initial-colour", colour, "--numbering",
                     numbering, *starting_rank(data))
        self.arbiter("-d", self.root, "player", "import", "-", stdin=self.registration_csv(data, players))
