"""``arbiter standings`` and ``arbiter crosstable``."""

from typing import Annotated, Optional

from arbiter_cli.cli.params import Option
from arbiter_cli.cli.common import FormatOption, GroupOption, HtmlOption, PrintOption, RulesOption, \
    TiebreaksOption, arguments, event
from arbiter_cli.cli.common import check_page
from arbiter_cli.render.output import Format

__all__ = ["standings", "crosstable", "rating_report"]

AfterRoundOption = Annotated[Optional[int], Option("--after-round", help="Default: the last paired round.")]


def standings(
    after_round: AfterRoundOption = None,
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
    group: GroupOption = None,
    rating_change: Annotated[bool, Option(
        "--rating-change", help="Add each player's expected FIDE rating change Δ (B.02) on the list of the "
        "event's rate of play; see 'arbiter rating-report'.")] = False,
) -> None:
    """Print the standings: rank, points, record and the C.07 tie-breaks (a group event: every stage)."""
    check_page(print_, html, fmt)
    with arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        opened = event(group, fmt, print_, html)
        (opened.standings_rated if rating_change else opened.standings)(after_round, tiebreaks, rules)


def crosstable(
    after_round: AfterRoundOption = None,
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
    group: GroupOption = None,
) -> None:
    """Print the crosstable (the square table for a round robin), with rank and tie-breaks (a group
    event: of one stage, --group A)."""
    check_page(print_, html, fmt)
    with arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        event(group, fmt, print_, html).crosstable(after_round, tiebreaks, rules)


def rating_report(
    after_round: AfterRoundOption = None,
    player: Annotated[Optional[int], Option(
        "--player", metavar="ID", show_default=False,
        help="One player's games as B.02 rates them: the opponent's rating, W, D, PD and K × (W − PD).")] = None,
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
    group: GroupOption = None,
) -> None:
    """Each player's expected FIDE rating change (B.02) on the list of the event's rate of play: Ro, K,
    games rated, points, expected score, Δ and Rn. K comes from players.csv's k_factor ('player set-k');
    without one, 10 from 2400, 40 for a junior below 2300, else 20 (marked K*)."""
    check_page(print_, html, fmt)
    with arguments(after_round="--after-round", start_number="--player"):
        event(group, fmt, print_, html).rating_report(after_round, player)
