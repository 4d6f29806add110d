"""``yuletide play`` and ``yuletide replay`` on the Textual table (a terminal on stdout).

The game runs inside the app; when the player leaves (or the game ends and they close
it) the record is saved and a short summary is printed on the normal screen: the
result, where the game was saved, how to resume or watch it, and the command that deals
it again.
"""

from __future__ import annotations

import secrets
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from ..bots.base import ReactionTime
from ..core.registry import new_game
from ..core.registry import replay as replay_record
from ..core.state import ReplayRecord
from .draw import result_text
from .saves import again_command, fresh_path
from .session import LocalSession, ReplaySession, save_record, saved_people
from .transcript import format_outcome


def play_app(
    game_id: str,
    *,
    players: int | None,
    seat: int,
    seed: int | None,
    options: Mapping[str, Any],
    bots: str,
    save: str | None,
    resume: ReplayRecord | None = None,
    resume_path: str | None = None,
    reaction: ReactionTime | None = None,
    reaction_text: str | None = None,
    time_limit: float | None = None,
    mono: bool = False,
    out: TextIO | None = None,
) -> int:
    """Play in the Textual app; the exit code (0, or 1 when the record could not be saved)."""
    from .app import TableApp  # noqa: PLC0415 (Textual loads only when a table is drawn)

    say = out or sys.stdout
    if resume is not None:
        state = replay_record(resume)
        seed = resume.seed
        options = dict(resume.options)
    else:
        if seed is None:
            seed = secrets.randbelow(2**31)  # chosen here, shown once the game has stopped
        state = new_game(game_id, players=players, seed=seed, **dict(options))
    session = LocalSession(
        state, seat, bots=bots, seed=seed, reaction=reaction, time_limit=time_limit
    )
    TableApp(session, mono=mono).run()
    if state.outcome.over:
        model = session.model()  # the result as the table said it (seats counted from 1)
        if model["result"] is not None:
            width = shutil.get_terminal_size().columns
            print(result_text(model["result"], model, width).plain, file=say)
        else:
            print(format_outcome(state.outcome, seat), file=say)
    else:
        print(f"You left after {len(state.history)} actions; the game is not finished.", file=say)
    if resume_path is not None:
        target = Path(resume_path)
        how = "updated in"
    else:
        target = Path(save) if save else fresh_path(state.game_id, seed)
        how = "saved to"
    try:
        save_record(state.record(), target, session.people)
    except OSError as err:
        print(f"yuletide: could not save the game to {target}: {err}", file=say)
        return 1
    print(f"Game {how} {target}", file=say)
    if not state.outcome.over:
        how_to = f"yuletide play {state.game_id} --resume {target} --bots {bots}"
        print(f"  continue it: {how_to}" + (f" --seat {seat + 1}" if seat else ""), file=say)
    print(f"  watch it:    yuletide replay {target}", file=say)
    again = again_command(
        state.game_id,
        players=state.players,
        seed=seed,
        seat=seat,
        bots=bots,
        options=options,
        reaction=reaction_text,
        time_limit=time_limit,
    )
    print(f"  deal it again: {again}", file=say)
    return 0


def replay_app(
    record: ReplayRecord, *, seat: int | None, mono: bool = False, path: str | None = None
) -> int:
    """Step through a saved game in the Textual app (``path``: the file it came from,
    which may say who sat where, so the replay names them)."""
    from .app import ReplayApp  # noqa: PLC0415 (as above)

    people = saved_people(path, record.players) if path is not None else []
    ReplayApp(ReplaySession(record, seat, people), mono=mono).run()
    return 0
