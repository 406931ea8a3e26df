"""Late entries to a Swiss (C.04.2 Art. 2.3-2.4).

A player who joins after round k is paired from round k+1 on. The rounds
missed score zero unless the event's rules say otherwise (the setting
``late_entry_missed``: ``ZPB``, or ``HPB`` for half a win's points); they are
written into those rounds as bye rows, so the crosstable and the tie-breaks
see them as unplayed rounds.

The newcomer gets the start number their rating, title and name give them
(Art. 2.2), and the others move down, until round 4 is paired; from then on
start numbers no longer change (Art. 2.3) and the newcomer takes the next free
number.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Bye, ByeRequest, Player, Round, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.tpn import initial_order

__all__ = ["RENUMBER_UNTIL", "enter_late", "renumbered", "missed_rounds_note", "room_for_late_entry"]

#: Start numbers may change until this round has been paired (C.04.2 Art. 2.3).
RENUMBER_UNTIL = 4


def enter_late(tournament: Tournament, *newcomers: Player) -> tuple[Tournament, list[int]]:
    """The tournament with ``newcomers`` entered after the last paired round, and their start numbers.

    >>> from arbiter_cli.core.model import Game, Settings
    >>> t = Tournament(Settings(name="x", system="swiss", rounds=5, seed=1, initial_colour="white"),
    ...                (Player(start_number=1, name="A", rating=2000), Player(start_number=2, name="B", rating=1800)),
    ...                (Round(1, (Game(1, 2, 1),)),))
    >>> after, numbers = enter_late(t, Player(start_number=3, name="C", rating=1900))
    >>> numbers, [p.name for p in after.players], after.rounds[0]
    ([2], ['A', 'C', 'B'], Round(number=1, games=(Game(white=1, black=3, board=1, result=None, note=None),), \
byes=(Bye(player=2, kind=<ByeKind.ZPB: 'ZPB'>),)))
    """
    paired = tournament.last_round
    kind = ByeKind(tournament.settings.late_entry_missed)
    first = len(tournament.players) + 1
    players = [p.model_copy(update={"start_number": first + i, "entered_round": paired + 1 if paired else None})
               for i, p in enumerate(newcomers)]
    numbers = [p.start_number for p in players]
    rounds = tuple(replace(r, byes=(*r.byes, *(Bye(n, kind) for n in numbers))) for r in tournament.rounds)
    after = replace(tournament, players=(*tournament.players, *players), rounds=rounds)
    if paired >= RENUMBER_UNTIL:
        return after, numbers
    order = initial_order(after.players, tournament.settings.starting_rank)
    mapping = {p.start_number: i for i, p in enumerate(order, start=1)}
    return renumbered(after, mapping), [mapping[n] for n in numbers]


def renumbered(tournament: Tournament, mapping: dict[int, int]) -> Tournament:
    """Every start number changed by ``mapping``: players, rounds, requested byes, forbidden pairs,
    virtual points and group A's last player."""
    players = tuple(sorted((p.model_copy(update={"start_number": mapping[p.start_number]})
                            for p in tournament.players), key=lambda p: p.start_number))
    rounds = tuple(Round(r.number,
                         tuple(replace(g, white=mapping[g.white], black=mapping[g.black]) for g in r.games),
                         tuple(replace(b, player=mapping[b.player]) for b in r.byes))
                   for r in tournament.rounds)
    byes = tuple(ByeRequest(b.round, mapping[b.start_number], b.kind) for b in tournament.byes)
    # A player no longer in the event (removed) leaves the forbidden pairs and virtual points.
    avoid = tuple(replace(a, players=tuple(mapping[p] for p in a.players if p in mapping)) for a in tournament.avoid
                  if sum(p in mapping for p in a.players) >= 2)
    virtual = tuple(replace(v, start_number=mapping[v.start_number]) for v in tournament.virtual
                    if v.start_number in mapping)
    settings = tournament.settings
    if settings.baku_group_a is not None:  # group A's last player stays the same player (C.04.7)
        settings = settings.model_copy(update={"baku_group_a": mapping.get(settings.baku_group_a)})
    return replace(tournament, settings=settings, players=players, rounds=rounds, byes=byes, avoid=avoid,
                   virtual=virtual)


def room_for_late_entry(planned: int | None, paired: int) -> None:
    """A late entry needs a round still to be paired (C.04.2 2.4; a team Swiss's team, C.04.6, alike)."""
    if planned is not None and paired >= planned:
        raise Refused(("the round is" if planned == 1 else f"all {planned} rounds are") + " paired; a late entry "
                      "could not play")


def missed_rounds_note(paired: int, kind: str, who: str = "") -> str:
    """What a late entry after round ``paired`` means: ``late entry: paired from round 5; rounds 1-4
    scored as ZPB`` (``who``: `` of 2 teams``)."""
    missed = "round 1" if paired == 1 else f"rounds 1-{paired}"
    return f"late entry{who}: paired from round {paired + 1}; {missed} scored as {kind}"

