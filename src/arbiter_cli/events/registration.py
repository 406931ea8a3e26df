"""Registering players: what an individual event, a knockout and a group event share.

Each of them keeps its players in ``players.csv`` and reads it as an individual
:class:`~arbiter_cli.core.model.Tournament` (a knockout's folder and a group event's top folder
read their settings and players so), so ``player add|import|list|remove|withdraw|update-ratings``
are written once, here; the kind supplies its folder (:meth:`Registration.registration_folder`).
``player add --fide-id`` and ``player import`` fill players from the loaded rating lists
(:mod:`arbiter_cli.store.rating_lists`, :mod:`arbiter_cli.lifecycle.listed_players`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from arbiter_cli.core.csv_input import read_rows
from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Tournament
from arbiter_cli.core.words import count
from arbiter_cli.events.base import Event
from arbiter_cli.store.tournament import TournamentFolder

if TYPE_CHECKING:
    from arbiter_cli.ratings.fide_list import ListRecord

__all__ = ["Registration"]


class Registration(Event):
    """The player commands of the events whose players are registered one by one."""

    def registration_folder(self) -> TournamentFolder:
        """The folder as the registration reads it."""
        raise NotImplementedError  # pragma: no cover - each kind gives its folder

    def not_a_stage(self) -> None:
        """A group event's stage takes its players from the event, when the groups start: none joins
        or leaves it by hand (a withdrawal goes in the stage)."""
        if self.group_stage:
            what = "the final" if self.group_stage == "final" else f"group {self.group_stage}"
            raise Refused(f"this is {what} of a group event: its players are the event's, dealt when the groups "
                          "start; register players in the event's folder before that (a withdrawal: 'arbiter player "
                          "withdraw' here)")

    @contextmanager
    def registration(self, *, exclusive: bool, check: bool = True) -> Iterator[tuple[TournamentFolder, Tournament]]:
        """The folder and its registration, under its lock."""
        folder = self.registration_folder()
        with (self.writing(folder) if exclusive else self.reading(folder)):
            yield folder, folder.load(check=check)

    def player_add(self, name: str | None, rating: int | None, details: dict[str, object],
                   member: int | None) -> None:
        from arbiter_cli.lifecycle.registration import add_player
        from arbiter_cli.store.club import club_of, load_club

        self.not_a_stage()
        home = club_of(self.path)
        if home is not None and details.get("k_factor") is not None:
            from arbiter_cli.lifecycle.k_factors import club_rated

            club_rated(home.name, "a K factor")
        listed = None
        with self.registration(exclusive=True) as (folder, tournament):
            if home is not None and details.get("national_id") is not None:
                raise BadArgument("a club tournament's players are the club's members: give --member",
                                  field="national_id")
            if (details.get("fide_id") is not None or details.get("national_id") is not None) and home is None:
                name, rating, details, listed = self._listed(tournament, name, rating, details)
            registered = add_player(tournament, name, rating, details, member=member,
                                    members=(lambda: load_club(home)) if home is not None else None,
                                    where=(self.path.resolve().name, home.name if home else ""))
            folder.save(tournament, registered.tournament, self.caller.command, registered.changes)
        for note in registered.notes:
            self.caller.say(note)
        player = registered.tournament.by_number[registered.numbers[0]]
        if listed is not None:
            label, record, given = listed
            rating_type = tournament.settings.rating_type
            shown = ", ".join(str(v) for v in (record.fide_title, record.federation, record.birth_year) if v)
            national = f", national {record.national_rating}" if record.national_rating else ""
            self.caller.say(f"from {label}: {record.name}{', ' + shown if shown else ''}, "
                            f"{rating_type.value} {record.rating(rating_type) or 'unrated'}{national}")
            if given:
                self.caller.say("given, and kept over the list's: " + ", ".join(
                    f"{key} {value} (the list's: {'none' if old is None else old})"
                    for key, (value, old) in given.items()))
        self.caller.say(f"added {player.name} as start number {registered.numbers[0]}")

    def _listed(self, tournament: Tournament, name: str | None, rating: int | None, details: dict[str, object]
                ) -> tuple[str | None, int | None, dict[str, object],
                           tuple[str, ListRecord, dict[str, tuple[object, object]]] | None]:
        """``player add --fide-id``: the fields not given, from the loaded lists (and, when the
        player was found in them, the lists' name, the record and the fields given over it)."""
        from arbiter_cli.lifecycle.listed_players import dated_after_start, listed_fields, overridden
        from arbiter_cli.store.rating_lists import listing, open_lists

        given = {"name": name, "rating": rating, **details}
        with open_lists() as index:
            lists = listing(index)
            fields, record = listed_fields(given, lists, tournament.settings.rating_type)
        filled_name, filled_rating = fields.pop("name"), fields.pop("rating")
        found = None
        late = dated_after_start(lists, tournament) if record is not None else None
        if late:
            self.caller.say(late)
        if lists is not None and record is not None:
            by_national = given.get("fide_id") is None and lists.national_label
            found = (lists.national_label if by_national else lists.label, record,
                     overridden(given, record, tournament.settings.rating_type))
        return (filled_name if isinstance(filled_name, str) else None,
                filled_rating if isinstance(filled_rating, int) else None, fields, found)

    def player_import(self, source: str) -> None:
        from arbiter_cli.lifecycle.registration import IMPORT_COLUMNS, import_players
        from arbiter_cli.store.club import club_of

        self.not_a_stage()
        label, text = self.caller.read_text(source)
        rows = read_rows(text, label, (*IMPORT_COLUMNS, "national_id"), required=("name", "fide_id", "national_id"))
        home = club_of(self.path)
        filled = 0
        with self.registration(exclusive=True) as (folder, tournament):
            if home is None and any(fields.get("fide_id") or fields.get("national_id") for _, fields in rows):
                rows, filled, lists = self._listed_rows(tournament, rows, label)
            elif any(fields.get("national_id") for _, fields in rows):
                raise BadArgument("a club tournament's players are the club's members: 'arbiter player add "
                                  "--member ID'", source=label, field="national_id")
            rows = [(line, {k: v for k, v in fields.items() if k != "national_id"}) for line, fields in rows]
            registered = import_players(tournament, rows, label, club_name=home.name if home is not None else None)
            folder.save(tournament, registered.tournament, self.caller.command, registered.changes)
        for note in registered.notes:
            self.caller.say(note)
        if filled:
            self.caller.say(f"{count(filled, 'player')} filled in from {lists}")
        self.caller.say(f"imported {count(len(registered.numbers), 'player')}; {len(registered.tournament.players)} "
                        "registered")

    def _listed_rows(self, tournament: Tournament, rows: list[tuple[int, dict[str, str]]], label: str
                     ) -> tuple[list[tuple[int, dict[str, str]]], int, str]:
        """``player import``: each row with a FIDE ID, its blank cells from the loaded lists."""
        from arbiter_cli.lifecycle.listed_players import dated_after_start, listed_rows
        from arbiter_cli.store.rating_lists import listing, open_lists

        with open_lists() as index:
            lists = listing(index)
            filled_rows, filled = listed_rows(rows, lists, tournament.settings.rating_type, label)
        late = dated_after_start(lists, tournament) if filled else None
        if late:
            self.caller.say(late)
        return filled_rows, filled, lists.label if lists is not None else ""

    def player_list(self) -> None:
        from arbiter_cli.render.views import players_view

        with self.registration(exclusive=False) as (_, tournament):
            self.caller.show(players_view(tournament))

    def player_remove(self, start_number: int) -> None:
        from arbiter_cli.lifecycle.registration import remove_player

        self.not_a_stage()
        with self.registration(exclusive=True) as (folder, tournament):
            after, player, changes = remove_player(tournament, start_number)
            folder.save(tournament, after, self.caller.command, changes)
        self.caller.say(f"removed {player.name}; {count(len(after.players), 'player')} registered")
        for change in changes[1:]:  # what went with them (a forbidden pair they were in)
            self.caller.say(f"{change.change}: {change.old} -> {change.new or 'removed'}")

    def player_update_ratings(self, force: bool) -> None:
        from arbiter_cli.lifecycle.listed_players import update_ratings
        from arbiter_cli.render.lists import rating_changes_view
        from arbiter_cli.store.rating_lists import listing, open_lists

        self.not_a_stage()
        with self.registration(exclusive=True) as (folder, tournament):
            with open_lists() as index:
                lists = listing(index)
                update = update_ratings(tournament, lists, force=force)
            if update.changes:
                folder.save(tournament, update.tournament, self.caller.command, update.changes)
        for note in update.notes:
            self.caller.say(note)
        self.caller.show(rating_changes_view(f"{tournament.settings.name}: ratings from "  # none: [] for a script
                                             f"{lists.label if lists else 'the list'}", update.rows))
        if not update.changes:
            self.caller.say(f"no rating, title or federation differs from {lists.label if lists else 'the list'}; "
                            "nothing changed")
            return
        self.caller.say(f"updated {count(len(update.changes), 'field')} of "
                        f"{count(len({row['start_number'] for row in update.rows}), 'player')}")

    def player_withdraw(self, start_number: int, after_round: int | None) -> None:
        from arbiter_cli.lifecycle.withdrawals import withdraw_player

        with self.registration(exclusive=True) as (folder, tournament):
            after, player, last, changes = withdraw_player(tournament, start_number, after_round)
            folder.save(tournament, after, self.caller.command, changes)
        self.caller.say(f"{player.name} withdrawn after round {last}" if last else
                        f"{player.name} withdrawn before round 1" + ("" if after.rounds else ": on the list, never paired"))
        for change in changes[1:]:
            self.caller.say(f"{change.change}: {change.old} dropped")
        for rnd in after.rounds[last:]:
            for game in rnd.games:
                if start_number in game.players and game.result is None:
                    self.caller.say(f"note: round {rnd.number} board {game.board} waits for its forfeit: arbiter "
                                    f"result {rnd.number} {game.board} {'-/+' if game.white == start_number else '+/-'}")
