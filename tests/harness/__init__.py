"""The stateful property harness (issue 25): random command sequences through every kind of event,
the folder checked after every step. "The folder never lies" (the docs, "When something goes wrong"),
between commands as well as inside one.

The invariants, and where each is checked:

=====  ==================================================================  ========================
 I1    every command fails with one clear error line (the robustness rule)  machine.error_rule
 I2    a refused command (non-zero exit) changes nothing on disk            machine.HarnessMachine.arbiter
 I3    a command killed at any moment of its change leaves the folder       kills
       before or after it (``verify`` passes on what it leaves)
 I4    the journal agrees with the files: only appended, a row for each     journal
       change and no row for no change, each result row is the round file's
 I5    ``verify`` passes (and names no hand edit)                           consistency
 I6    ``pairings`` shows every round file as it is                         consistency
 I7    ``standings`` shows the points computed from the round files         consistency, oracle
 I8    the folder holds what was asked: requested byes, results, withdrawals, model
       status; a requested bye goes to whom asked for it when its round is   common.EventCommands.pair
       paired
 I9    ``export`` then ``import`` gives the same standings, tie-breaks,     roundtrip
       byes, withdrawals and status, or a loss that export warns of by name
       and that is on the documented list
 I10   ``trf standings`` on the export equals ``standings``                 roundtrip
 I11   no output (``-o``, ``--html``, ``publish``, ``trf ... -o``) lands on  outputs,
       a file or folder the event owns; ``publish`` never writes outside    machine.HarnessMachine.reader
       its OUTDIR
 I12   a finalised event with a prize list stores it in ``final/``          common.final_prize_list
 I13   a club's stored ratings are what a rebuild makes                    club
 I14   (long run) bbpPairings and gacrux pair each round ``pair`` made      engines
       as it did
 I15   ``team card`` and ``team boards`` agree on each player's games and   team.cards_and_boards
       points
 I16   the access list lets in whom it was asked to: ``access list``,       access,
       each code signing in through the Gate, a removed or replaced         machine.manage_access
       one not, no code kept in the folder
 I17   ``rating-report`` and ``standings --rating-change`` show the B.02    rating_change
       change the harness computes from ``players.csv`` and the rounds
 I18   a setting ``settings set`` took is what ``settings`` shows          common.EventCommands
                                                                            .change_a_setting
=====  ==================================================================  ========================

The modules: :mod:`~harness.machine` (the base state machine: running a command as a step, the
violations), :mod:`~harness.common` (the commands every event kind shares), one module per kind
(:mod:`~harness.individual`: Swiss and round robin, :mod:`~harness.team`: team Swiss and team
round robin, :mod:`~harness.knockout`, :mod:`~harness.groups`, :mod:`~harness.club`), one per
concern checked (above; :mod:`~harness.access`: the access lists), :mod:`~harness.files` and :mod:`~harness.views` (the harness's own reading
of the files), :mod:`~harness.draw` (what is drawn). ``test_the_folder_never_lies.py`` is the CI
sample; ``scripts/harness_long.py`` the long run; docs/harness.md the whole story.
"""
