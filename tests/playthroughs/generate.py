"""Golden playthroughs: one seeded trajectory of every game, as text a reviewer can read.

For every game at two player counts (one where the game has only one), a game played
from a fixed seed by a seeded random choice among the legal actions, written down as
every consumer sees it: at the top the encoding (its citation, the action numbers and
the observation layout); then at each step the action taken, and for every seat (and the
spectator) what changed in its view (each top-level key whose value changed, as JSON),
its legal actions, the new events as it saw them with the table model's log line for
each, and the table model's prompt; every seat's text rendering at the deal, wherever a
phase first begins and at the end, with the end's full table result. The first
``DETAILED`` steps and the end are written in full; the actions between, one a line (the
conformance suite and the replay tests cover every step of every game).

`make playthroughs` writes them (``python tests/playthroughs/generate.py``);
``tests/test_playthroughs.py`` regenerates each in memory and fails, printing the diff,
on any difference. So a change to what players, clients or agents see shows as a diff
of these files, reviewed like code (OpenSpiel's ``integration_tests/playthroughs``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yuletide
from yuletide.core import Rng
from yuletide.core.schema import layout_table
from yuletide.rl.encodings import encoding

HERE = Path(__file__).parent
SEED = 2026
#: Steps written in full; after them only each action, then the end in full.
DETAILED = 100


def counts(game_id: str) -> list[int]:
    """The two player counts a game is played at: its smallest and its default (or its
    largest where the default is the smallest); one where it has only one."""
    cls = yuletide.game_class(game_id)
    low = cls.min_players
    high = cls.default_players if cls.default_players != low else cls.max_players
    return [low] if high == low else [low, high]


def cases() -> list[tuple[str, int]]:
    return [(g, n) for g in yuletide.games() for n in counts(g)]


def path_of(game_id: str, players: int) -> Path:
    return HERE / f"{game_id}-{players}p.txt"


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _text(state: yuletide.State, view: dict[str, Any]) -> str:
    return yuletide.spec(state.game_id).text.render(view)


def _table(game_id: str, view: dict[str, Any], legal: list[str], seat: int | None) -> Any:
    from yuletide import table

    return table.build(game_id, view, legal, seat)


def _describe(game_id: str, event: dict[str, Any], seat: int | None) -> Any:
    from yuletide import table

    return table.describe(game_id, event, seat)


def _who(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat {seat}"


def _indent(text: str, by: str = "    ") -> list[str]:
    return [by + line if line else by.rstrip() for line in text.splitlines()]


def _prompt(model: Any) -> list[str]:
    prompt = model.get("prompt") or {}
    out = [f"  prompt: {prompt.get('text', '')}"]
    for a in prompt.get("actions", []):
        refs = " ".join(a.get("refs", []))
        group = a.get("group") or ""
        out.append(
            f"    - [{group}] {a.get('label')} -> {' ; '.join(a.get('send', []))}"
            + (f" (refs {refs})" if refs else "")
        )
    for f in prompt.get("forms", []):
        out.append(f"    form: {_json(f)}")
    waiting = prompt.get("waiting_for") or []
    if waiting:
        out.append(f"    waiting for: {_json(waiting)}")
    return out


def _header(game_id: str, players: int) -> list[str]:
    cls = yuletide.game_class(game_id)
    enc = encoding(game_id, players)
    out = [
        f"# Playthrough: {cls.title} ({game_id}), {players} player"
        f"{'s' if players > 1 else ''}, seed {SEED}, default options",
        "# Regenerate with `make playthroughs`; tests/test_playthroughs.py checks it.",
        "# Actions: a seeded random choice among the legal actions of the seats to act.",
        "",
        f"## Encoding {enc.citation}: observation size {enc.size},"
        f" {enc.num_actions} action numbers",
        "",
        "### Action numbers",
        "",
    ]
    out += [f"{i:4d} {enc.notation(i)}" for i in range(enc.num_actions)]
    out += ["", "### Observation layout", "", layout_table(enc.layout()), ""]
    skipped = enc.skipped()
    if skipped:
        out.append("Left out: " + "; ".join(f"{p} ({why})" for p, why in skipped))
        out.append("")
    return out


def _play(state: yuletide.State, rng: Rng) -> str:
    """Apply a random legal action of a random seat to act (by its notation, the checked
    path) and say which."""
    seats = sorted(state.to_act)
    seat = seats[rng.below(len(seats))]
    legal = state.legal_actions(seat)
    action = legal[rng.below(len(legal))]
    state.apply(seat, str(action))
    return f"seat {seat} -> {action}"


def playthrough(game_id: str, players: int) -> Iterator[str]:
    """The lines of one playthrough."""
    yield from _header(game_id, players)
    state = yuletide.new_game(game_id, players=players, seed=SEED)
    rng = Rng(SEED)
    viewers: list[int | None] = [*range(players), None]
    last_view: dict[int | None, dict[str, Any]] = {v: {} for v in viewers}
    logged = 0
    phases_seen: set[str] = set()
    step = 0
    while True:
        over = state.outcome.over
        phase = state.current_phase
        new_phase = phase not in phases_seen
        phases_seen.add(phase)
        full = over or new_phase
        if step > DETAILED and not over:
            logged = len(state.log)
            step += 1
            yield f"# Action {step}: " + _play(state, rng)
            continue
        yield f"## Step {step}" + (f" (phase: {phase})" if new_phase else "")
        start = logged
        logged = len(state.log)
        for v in viewers:
            view = state.view(v)
            legal = [str(a) for a in state.legal_actions(v)] if v is not None else []
            yield f"### {_who(v)}"
            old = last_view[v]
            changed = [k for k in view if old.get(k, None) != view[k] or k not in old]
            gone = [k for k in old if k not in view]
            for k in changed:
                yield f"  view.{k} = {_json(view[k])}"
            for k in gone:
                yield f"  view.{k} removed"
            last_view[v] = view
            for event in state.events(v, start):
                said = _describe(game_id, event, v)
                yield f"  event {_json(event)}"
                yield f"    log: {said.get('text', '')}"
            if legal:
                yield f"  legal ({len(legal)}): " + " | ".join(legal)
            model = _table(game_id, view, legal, v)
            if legal or full:
                yield from _prompt(model)
            if full:
                yield f"  headline: {model.get('headline')}"
                yield "  text:"
                yield from _indent(_text(state, view))
            if over:
                yield f"  result: {_json(model.get('result'))}"
        if over:
            yield f"## Outcome: {_json(state.outcome.to_dict())}"
            return
        step += 1
        yield ""
        yield f"# Action {step}: " + _play(state, rng)


def text(game_id: str, players: int) -> str:
    return "\n".join(playthrough(game_id, players)) + "\n"


#: The bot matches of ``bots.txt``: a name and the level of each seat (seat 0 first,
#: repeating); ``hard`` searches a fixed number of iterations, so it is reproducible.
MATCHES = (("medium-easy", ("medium", "easy")), ("hard-medium", ("hard", "medium", "medium")))
HARD_ITERATIONS = 30
BOTS = HERE / "bots"


def bots_path(game_id: str) -> Path:
    return BOTS / f"{game_id}.txt"


def bots_text(game_id: str) -> str:
    """A game's bot matches at each playthrough count, one action a line: the bots'
    decisions, golden like the playthroughs (a bot that now decides otherwise shows)."""
    from yuletide.bots import level_bot
    from yuletide.sim.match import play_match

    out = [
        f"# Bot matches in {game_id}: the levels' decisions (make playthroughs writes it).",
        f"# hard searches {HARD_ITERATIONS} iterations a move; seat i's seed is 100 + i.",
    ]
    for players in counts(game_id):
        for name, levels in MATCHES:
            bots = [
                level_bot(levels[s % len(levels)], game_id, 100 + s, iterations=HARD_ITERATIONS)
                for s in range(players)
            ]
            result = play_match(game_id, bots, SEED)
            out.append("")
            out.append(f"## {players}p, {name}: {_json(result.outcome.to_dict())}")
            out += [f"{seat} {notation}" for seat, notation in result.record.actions]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    wanted = set(argv)
    for game_id, players in cases():
        if wanted and game_id not in wanted:
            continue
        path = path_of(game_id, players)
        path.write_text(text(game_id, players), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")
    BOTS.mkdir(exist_ok=True)
    for game_id in yuletide.games():
        if wanted and game_id not in wanted:
            continue
        path = bots_path(game_id)
        path.write_text(bots_text(game_id), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
