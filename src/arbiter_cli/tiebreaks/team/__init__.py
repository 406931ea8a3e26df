"""Team tie-breaks (FIDE C.07 Arts. 11-13), on the core's team model (:mod:`arbiter_cli.core.team`).

=====================================================  =========================================
code                                                   module
=====================================================  =========================================
``MP`` ``GP`` (Art. 11.1), ``MPvGP`` (Art. 13.1)      :mod:`.scores`
``BC`` ``TBR`` ``BBE``                                 :mod:`.boards` (Art. 12)
Arts. 6-10 on a team score: ``BH:MP`` ``SB:GP`` ...    :mod:`.individual` (Art. 13)
``ESB`` ``EMMSB`` ``EMGSB`` ``EGMSB`` ``EGGSB``        :mod:`.extended_sonneborn_berger` (13.2)
``EDE`` ``EDET`` ``EDEB`` ``EDEBT`` ``EDEBB``          :mod:`.extended_direct_encounter` (13.3)
``SSSC``                                               :mod:`.score_strength` (Art. 13.4)
=====================================================  =========================================

A team event is read as an individual event whose players are the teams
(:mod:`.event`), so the individual tie-breaks and the unplayed-round rules of
Arts. 15-16 apply unchanged, in both editions; the codes are read in
:mod:`.codes` and the teams ranked in :mod:`.ranking`.
"""
