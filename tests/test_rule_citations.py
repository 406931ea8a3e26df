"""The articles the program cites to people, and the rule codes it writes, are the Handbook's."""

from __future__ import annotations

from arbiter_cli.lifecycle import settings
from arbiter_cli.render.site import parts
from arbiter_cli.trf.exporter import SYSTEM_CODES
from arbiter_cli.core.model import System


def test_c07_articles_in_the_site_legend_are_the_2024_and_2026_numbering() -> None:
    """C.07 (2024): PS is Art. 7.5, REP 7.6, AOB 8.2, FB 8.3."""
    legend = parts._INDIVIDUAL
    assert "(Art. 7.5)" in legend["PS"] and "(Art. 7.6)" in legend["REP"]
    assert "(Art. 8.2)" in legend["AOB"] and "(Art. 8.3)" in legend["FB"]


def test_pab_setting_cites_c041_article_3() -> None:
    assert "C.04.1 Art. 3" in settings._ABOUT["scoring.pab"]


def test_double_round_robin_exports_fides_swapped_cycle_as_record_192() -> None:
    """ETT26: FIDE_DOUBLEROUNDROBIN is the first cycle with its last two rounds swapped, which is how
    a double round robin is paired here (pairing.berger.double_schedule)."""
    assert SYSTEM_CODES[System.DOUBLE_ROUND_ROBIN] == "FIDE_DOUBLEROUNDROBIN"
