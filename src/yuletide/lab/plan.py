"""What a lab command plays: the games of a run, each with its deal, seats and bots.

Paired seeds (duplicate bridge's idea). A run has ``games`` *deals*, numbered 0 to
``games - 1``; deal ``b`` has the game seed :func:`deal_seed` ``(seed, b)``, and every
game of the run played on deal ``b`` uses that seed: each line-up of a tournament, each
seat rotation, each variant of a comparison. The seed fixes the shuffle, the match
runner's clock and the bots' seeds (the bot at seat ``s`` gets ``derive_seed(game seed,
1 + s)``, as in ``yuletide simulate``), so two games on one deal differ only by what the
run varies. Differences are then measured deal by deal, which removes the luck of the
deal from every comparison.

Deal ``b``'s seed is ``derive_seed(seed, b)``, as game ``b`` of ``yuletide simulate
--seed seed``: ``derive_seed`` mixes the seed before the deal number, so runs with
different seeds share no deal (short of a 64-bit coincidence; tested for seeds 0 and 1
over 10,000 deals).

Seat rotations. A line-up (the bots at a table, in the order given) is played in every
cyclic rotation: with bots A, B, C at three seats, A-B-C, B-C-A and C-A-B, so each bot
sits in each seat once per deal (rotations that give the same seating are played once).

Line-ups of a tournament. With at least as many bots as seats: every set of distinct
bots that fills the table (every pair for two players). With fewer bots than seats:
every multiset of the bots that fills the table and holds at least two of them (two bots
at four seats: AAAB, AABB, ABBB). A solo game's "line-ups" are the bots one by one, all on
the same deals.

Every game has a content key: a hash of the game, its rules version, the player count,
every option (defaults filled in), the bot at each seat and the seed. The store keeps
results by that key, so a bigger run reuses the games a smaller one played.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from typing import Any

from ..bots import check_bot, load_bot
from ..core.errors import InvalidOption
from ..core.registry import game_class
from ..core.rng import derive_seed

#: The version of the stored result record; part of every game's key, so a change to
#: what is recorded never mixes old and new results.
LAB_FORMAT = 2  # 2: rules_used and quality; seeds from the new derive_seed

#: The words ``--variant`` accepts for the game's defaults.
DEFAULT_WORDS = ("default", "defaults", "")


@dataclass(frozen=True, slots=True)
class Variant:
    """Game options (and optionally bots) that one arm of a comparison plays with."""

    label: str
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Group:
    """A set of games analysed together: a variant, a player count, a line-up."""

    label: str
    players: int
    options: Mapping[str, Any]
    lineup: tuple[str, ...]
    #: The options as given (without the defaults filled in), for display.
    given: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Task:
    """One game of a run."""

    index: int
    group: int
    deal: int
    seed: int
    seating: tuple[str, ...]
    rotation: int
    key: str


@dataclass(frozen=True, slots=True)
class Plan:
    kind: str
    game: str
    spec: Mapping[str, Any]
    groups: tuple[Group, ...]
    tasks: tuple[Task, ...]
    key: str
    deals: int

    def payload(self, task: Task) -> tuple[str, str, int, dict[str, Any], tuple[str, ...], int]:
        """What a worker needs to play ``task``: (key, game, players, options, seats, seed)."""
        group = self.groups[task.group]
        return (task.key, self.game, group.players, dict(group.options), task.seating, task.seed)


# ----------------------------------------------------------------- parsing


def parse_value(raw: str) -> Any:
    """An option value: JSON where it parses (``true``, ``12``, ``"x"``), else the text."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return raw


_ASSIGNMENT = re.compile(r"[\s;]+|,(?=\s*[A-Za-z_][A-Za-z0-9_]*\s*=)")


def parse_variant(text: str) -> Variant:
    """``--variant`` text: ``name=value`` pairs separated by spaces, ``;`` or commas
    (``difficulty=hard turn_limit=200``); ``bots=hard,medium`` sets the variant's bots;
    ``default`` is the game's defaults. ValueError says what is wrong."""
    stripped = text.strip()
    if stripped.lower() in DEFAULT_WORDS:
        return Variant("default")
    options: dict[str, Any] = {}
    bots: tuple[str, ...] | None = None
    for part in (p for p in _ASSIGNMENT.split(stripped) if p):
        name, equals, raw = part.partition("=")
        name = name.strip()
        if not equals or not name:
            raise InvalidOption(
                f"a variant is name=value pairs (e.g. 'difficulty=hard turn_limit=200',"
                f" 'bots=medium,random'), or 'default'; got {text!r}"
            )
        if name in options or (name == "bots" and bots is not None):
            raise InvalidOption(f"variant {text!r} sets {name!r} twice")
        if name == "bots":
            bots = tuple(b.strip() for b in raw.split(",") if b.strip())
            if not bots:
                raise InvalidOption(f"variant {text!r}: bots= names at least one bot")
        else:
            options[name] = parse_value(raw.strip())
    return Variant(stripped, options, bots)


def check_bots(names: Sequence[str], game_id: str) -> None:
    """Every bot made for the game (a ``module:Class`` bot is loaded first, as on the
    command line)."""
    for name in dict.fromkeys(names):
        if ":" in name:
            load_bot(name)
        check_bot(name, game_id)


def _seating(names: Sequence[str], players: int, what: str) -> tuple[str, ...]:
    if len(names) == 1:
        return tuple(names) * players
    if len(names) != players:
        raise InvalidOption(
            f"{what} names one bot for every seat or one per seat: {players} players need"
            f" 1 or {players} bots, got {len(names)}"
        )
    return tuple(names)


def _whole(flag: str, value: object, least: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise InvalidOption(f"{flag} must be a whole number >= {least}, got {value!r}")
    return value


def _resolved(game_id: str, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of the game with the defaults filled in (InvalidOption on a bad one
    or a bad player count): the canonical form that keys a game."""
    state = game_class(game_id).new(players, 0, **dict(options))
    return dict(state.options)


# ----------------------------------------------------------------- plans


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct cyclic rotations of a line-up, the line-up itself first."""
    n = len(lineup)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        seating = tuple(lineup[(s + r) % n] for s in range(n))
        if seating not in out:
            out.append(seating)
    return out


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """A tournament's line-ups (module docstring)."""
    distinct = list(dict.fromkeys(bots))
    if players == 1:
        return [(b,) for b in distinct]
    if len(distinct) >= players:
        return list(combinations(distinct, players))
    return [c for c in combinations_with_replacement(distinct, players) if len(set(c)) > 1]


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal ``deal`` of a run seeded ``seed`` (module docstring)."""
    return derive_seed(seed, deal)


def game_key(
    game_id: str, players: int, options: Mapping[str, Any], seating: Sequence[str], seed: int
) -> str:
    """The content key of one game (module docstring)."""
    rules = game_class(game_id).rules_version
    text = json.dumps(
        [LAB_FORMAT, game_id, rules, players, dict(sorted(options.items())), list(seating), seed],
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _plan(
    kind: str,
    game_id: str,
    spec: dict[str, Any],
    groups: list[Group],
    deals: int,
    *,
    rotate: bool = True,
) -> Plan:
    seed = spec["seed"]
    tasks: list[Task] = []
    seatings = [rotations(g.lineup) if rotate else [g.lineup] for g in groups]
    for deal in range(deals):
        game_seed = deal_seed(seed, deal)
        for gi, group in enumerate(groups):
            for r, seating in enumerate(seatings[gi]):
                key = game_key(game_id, group.players, group.options, seating, game_seed)
                tasks.append(Task(len(tasks), gi, deal, game_seed, seating, r, key))
    spec = {"kind": kind, "game": game_id, **spec, "lab_format": LAB_FORMAT}
    text = json.dumps(spec, sort_keys=True, separators=(",", ":"))
    key = hashlib.sha256(text.encode()).hexdigest()[:16]
    return Plan(kind, game_id, spec, tuple(groups), tuple(tasks), key, deals)


def tournament_plan(
    game_id: str,
    players: int,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Plan:
    """Every line-up of ``bots`` at ``players`` seats, in every rotation, on ``games``
    deals (module docstring)."""
    _whole("--games", games)
    given = dict(options or {})
    resolved = _resolved(game_id, players, given)
    names = [b.strip() for b in bots if b.strip()]
    if len(set(names)) < 2:
        raise InvalidOption(
            f"a tournament needs at least two different bots, got {', '.join(names) or 'none'}"
        )
    if len(set(names)) != len(names):
        raise InvalidOption(f"a tournament names each bot once, got {', '.join(names)}")
    check_bots(names, game_id)
    groups = [
        Group(" vs ".join(lineup), players, resolved, lineup, given)
        for lineup in lineups(names, players)
    ]
    spec = {"players": players, "bots": names, "games": games, "seed": seed, "options": given}
    return _plan("tournament", game_id, spec, groups, games)


def compare_plan(
    game_id: str,
    players: int,
    variants: Sequence[Variant],
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Plan:
    """Each variant on the same ``games`` deals; the first variant is the baseline every
    other one is compared with. With one variant, the game's defaults are the baseline."""
    _whole("--games", games)
    arms = list(variants)
    if not arms:
        raise InvalidOption("compare needs at least one --variant")
    if len(arms) == 1:
        arms.insert(0, Variant("default"))
    labels = [v.label for v in arms]
    if len(set(labels)) != len(labels):
        raise InvalidOption(f"two variants are the same: {', '.join(labels)}")
    common = dict(options or {})
    groups = []
    for v in arms:
        given = {**common, **v.options}
        resolved = _resolved(game_id, players, given)
        names = v.bots or tuple(b.strip() for b in bots if b.strip()) or ("random",)
        check_bots(names, game_id)
        seating = _seating(names, players, f"variant {v.label!r}: bots" if v.bots else "--bots")
        groups.append(Group(v.label, players, resolved, seating, given))
    spec = {
        "players": players,
        "bots": list(bots),
        "variants": [{"label": v.label, "options": dict(v.options), "bots": v.bots} for v in arms],
        "games": games,
        "seed": seed,
        "options": common,
    }
    # A comparison seats its bots as given: the variants, not the seats, are what varies.
    return _plan("compare", game_id, spec, groups, games, rotate=False)


def report_plan(
    game_id: str,
    player_counts: Sequence[int],
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    variants: Sequence[Variant] = (),
) -> Plan:
    """Each player count (for a solo game: each difficulty variant) on ``games`` deals.
    One bot plays every seat; several bots form a line-up (cycled to the table's size)
    played in every rotation, so each bot sits in every seat."""
    _whole("--games", games)
    counts = list(dict.fromkeys(player_counts))
    if not counts:
        raise InvalidOption("report needs at least one player count")
    names = tuple(b.strip() for b in bots if b.strip())
    if not names:
        raise InvalidOption("report needs at least one bot")
    check_bots(names, game_id)
    common = dict(options or {})
    arms = list(variants) or [Variant("default")]
    groups = []
    for players in counts:
        lineup = tuple(names[s % len(names)] for s in range(players))
        for v in arms:
            given = {**common, **v.options}
            resolved = _resolved(game_id, players, given)
            label = f"{players} player{'s' if players != 1 else ''}"
            if players == 1 and len(counts) == 1 and len(arms) > 1:
                label = v.label  # a solo game's difficulties
            elif v.label != "default" or len(arms) > 1:
                label += f", {v.label}"
            groups.append(Group(label, players, resolved, v.bots or lineup, given))
    spec = {
        "players": counts,
        "bots": list(names),
        "variants": [{"label": v.label, "options": dict(v.options)} for v in arms],
        "games": games,
        "seed": seed,
        "options": common,
    }
    return _plan("report", game_id, spec, groups, games)
