"""The balance lab (extra ``[lab]``; ``[ray]`` for the Ray backend): tournaments, rule
variant comparisons on paired seeds, ratings and HTML reports, for every game.

``yuletide lab`` is its command line (docs/lab.md). The modules, from the inside out:

* :mod:`.stats` — intervals and tests in pure Python (Wilson, Student t, paired t, Holm,
  chi-square);
* :mod:`.plan` — what a run plays: deals (paired seeds), line-ups, seat rotations,
  variants, each game's content key;
* :mod:`.play` and :mod:`.facts` — playing one game, and what the table may know of it at
  the end (the only code a worker runs);
* the game's own — its facts, their summary and its report sections — is in its room's
  lab part (``lab.py``, declared by the manifest's ``lab``), which :mod:`.facts`,
  :mod:`.analysis` and :mod:`.report` reach through the registry;
* :mod:`.backends` — this process, a spawned process pool, or Ray;
* :mod:`.store`, :mod:`.runner`, :mod:`.progress`, :mod:`.export` — SQLite results as
  they come (resume after Ctrl-C), the progress bar, raw JSON/CSV;
* :mod:`.analysis` and :mod:`.ratings` — summaries of tournaments, comparisons and
  groups; openskill ratings;
* :mod:`.report` — the HTML report with matplotlib plots;
* :mod:`.cli`, :mod:`.commands`, :mod:`.scaling` — the subcommands.

This package imports nothing on import: :mod:`.cli` must load (to build the ``yuletide``
parser) where the lab extra is not installed.
"""
