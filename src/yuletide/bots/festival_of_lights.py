"""A Festival of Lights bot that weighs each card by what it scores and how likely it is
to be unique (issue 15).

A card revealed in a round scores only if nobody else reveals the same kind. So the bot
values every kind in its hand twice over: what its final score would gain if the card
scored (:func:`final_score`: the end-of-game rules applied to the table as it stands —
the Bubble Bulbs assigned to the best piles, Character piles checked against the others,
the Largest Pile Bonus, the Pattern Bonus), and the chance that no other player reveals
that kind (:func:`unique_chance`). It knows the hands it has passed on (the view lists
them) and counts the cards it has not seen for the others; a player is taken to reveal
each kind it holds equally often.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import Any

from ..core.rng import Rng
from ..core.state import Action, State
from ..games.christmas_lights import festival_of_lights as fl
from .base import SeatWindow

GAME = fl.FestivalOfLights.game_id
N_COLOURS = fl.N_COLOURS
BUBBLE, BROKEN, PLUG, CHARACTER = fl.BUBBLE, fl.BROKEN, fl.PLUG, fl.CHARACTER
KIND_ID = fl.KIND_ID
#: What a kept Broken Bulb is worth beyond its two points: it may rescue a drop later.
RESCUE_HOPE = 0.3


def _colours(counts: dict[str, int]) -> list[int]:
    out = [0] * N_COLOURS
    for name, n in counts.items():
        out[KIND_ID[name]] = n
    return out


class Table:
    """The scoring side of the table as the seat's view shows it (one seat's cards in
    front of it, the others' pile sizes and the middle), changed by trial scorings."""

    __slots__ = (
        "bubbles",
        "chars",
        "loose",
        "middle",
        "others",
        "pattern",
        "piles",
        "saved",
    )

    def __init__(self, view: dict[str, Any]) -> None:
        seat = view["seat"]
        self.piles = _colours(view["piles"][seat])
        self.chars = _colours(view["characters"][seat])
        self.bubbles = view["bubbles_under_pattern"][seat]
        self.saved = view["broken_bulbs_kept"][seat]
        self.loose = len(view["loose"][seat])
        self.middle = [0] * fl.N_KINDS
        for name in view["middle"]:
            self.middle[KIND_ID[name]] += 1
        self.pattern = [KIND_ID[c] for c in view["patterns"][seat]["lights"]]
        others = [0] * N_COLOURS
        for s in range(view["players"]):
            if s != seat:
                piles = _colours(view["piles"][s])
                chars = _colours(view["characters"][s])
                shown = view["bubbles_assigned"][s]  # by colour once the game is over
                bubbles = _colours(shown) if isinstance(shown, dict) else [0] * N_COLOURS
                for c in range(N_COLOURS):
                    others[c] = max(others[c], piles[c] + bubbles[c] + 2 * chars[c])
        self.others = others

    def copy(self) -> Table:
        other = Table.__new__(Table)
        other.piles = self.piles.copy()
        other.chars = self.chars.copy()
        other.bubbles = self.bubbles
        other.saved = self.saved
        other.loose = self.loose
        other.middle = self.middle.copy()
        other.pattern = self.pattern
        other.others = self.others
        return other

    def score(self, assigned: Sequence[int] | None = None) -> float:
        """The final score if the game ended now with these Bubble Bulbs assigned (the
        ones not given assigned to the best colours, one by one)."""
        if assigned is None:
            assigned = best_assignment(self, self.bubbles)
        piles = self.piles
        chars = self.chars
        plain = special = 0
        have = 0
        pattern = self.pattern
        for c in range(N_COLOURS):
            size = piles[c] + assigned[c] + 2 * chars[c]
            if chars[c] and size < self.others[c]:
                continue  # the Character check: the pile goes back to the box
            plain += piles[c]
            special += assigned[c] + chars[c]
            if size > self.others[c] and size:
                plain += self.middle[c]  # the Largest Pile Bonus
            if c in pattern and size:
                have += 1
        bonus = 5 if have == 5 else 2 if have >= 3 else 0
        return float(plain + 2 * (special + self.saved + self.loose) + bonus)

    def with_card(self, kind: int) -> float:
        """The best final score with one more card of ``kind`` scored (with its ability)."""
        trial = self.copy()
        if kind < N_COLOURS:
            trial.piles[kind] += 1
        elif kind == BUBBLE:
            trial.bubbles += 1
        elif kind == BROKEN:
            trial.saved += 1
            return trial.score() + RESCUE_HOPE
        elif kind == CHARACTER:
            return max(trial.with_character(c) for c in trial.character_colours())
        else:  # a Plug: the best card of the middle instead
            takes = [k for k in range(fl.N_KINDS) if trial.middle[k]]
            if not takes:
                trial.loose += 1
                return trial.score()
            best = -1.0
            for k in takes:
                taken = trial.copy()
                taken.middle[k] -= 1
                best = max(best, taken.with_card(k))
            return best
        return trial.score()

    def character_colours(self) -> list[int]:
        """Where a Character card may go: a pile of this seat, or any colour if none."""
        piles = [c for c in range(N_COLOURS) if self.piles[c] or self.chars[c]]
        return piles or list(range(N_COLOURS))

    def with_character(self, colour: int) -> float:
        trial = self.copy()
        trial.chars[colour] += 1
        return trial.score()


def best_assignment(table: Table, bubbles: int) -> list[int]:
    """Bubble Bulbs assigned one at a time, each to the colour that scores most."""
    return best_assignment_from(table, [0] * N_COLOURS, bubbles)


def unseen(view: dict[str, Any]) -> list[int]:
    """The cards of each kind this seat cannot see: in hands it never held or face down
    in the box."""
    n = view["players"]
    left = [7] * N_COLOURS + [n + 1] * 4
    seen: list[str] = list(view["hand"])
    if view["choice"]:
        seen.append(view["choice"])
    for packet in view["hands_seen"]:
        if packet:
            seen.extend(packet)
    seen.extend(k for k in view["revealed"] if k)
    seen.extend(view["middle"])
    seen.extend(view["box_face_up"])
    for s in range(n):
        for name, count in view["piles"][s].items():
            seen.extend([name] * count)
        seen.extend(["character"] * sum(view["characters"][s].values()))
        seen.extend(["broken"] * view["broken_bulbs_kept"][s])
        seen.extend(view["loose"][s])
        bubbles = view["bubbles_assigned"][s]
        count = bubbles if isinstance(bubbles, int) else sum(bubbles.values())
        seen.extend(["bubble"] * (view["bubbles_under_pattern"][s] + count))
    for name in seen:
        left[KIND_ID[name]] -= 1
    return [max(0, x) for x in left]


def play_chances(view: dict[str, Any]) -> list[list[float]]:
    """For each other seat still to choose (or whose choice is hidden), the chance it
    reveals each kind this round: each kind of its hand equally likely (a hand passed
    on by this seat is known; any other is drawn from the cards this seat cannot see)."""
    seat = view["seat"]
    n = view["players"]
    pool = unseen(view)
    total = sum(pool)
    out: list[list[float]] = []
    for s in range(n):
        if s == seat:
            out.append([0.0] * fl.N_KINDS)
            continue
        packet = view["hands_seen"][s]
        if packet:
            kinds = set(packet)
            out.append(
                [1.0 / len(kinds) if fl.KIND_NAME[k] in kinds else 0.0 for k in range(fl.N_KINDS)]
            )
            continue
        size = view["hand_sizes"][s]
        holds = [1.0 - (1.0 - pool[k] / total) ** size if total else 0.0 for k in range(fl.N_KINDS)]
        distinct = max(1.0, sum(holds))
        out.append([h / distinct for h in holds])
    return out


def unique_chance(chances: Sequence[Sequence[float]], kind: int) -> float:
    return prod(1.0 - c[kind] for c in chances)


def card_worths(view: dict[str, Any]) -> dict[int, float]:
    """The expected gain of revealing each kind in hand: the gain if it scores times the
    chance it is unique, plus, if it drops, what it is still worth (a drop of a colour
    whose largest pile is this seat's comes back to it in the bonus)."""
    table = Table(view)
    now = table.score()
    chances = play_chances(view)
    out: dict[int, float] = {}
    for name in dict.fromkeys(view["hand"]):
        k = KIND_ID[name]
        scored = table.with_card(k) - now
        dropped = 0.0
        if k < N_COLOURS:
            trial = table.copy()
            trial.middle[k] += 1
            dropped = trial.score() - now
        p = unique_chance(chances, k)
        out[k] = p * scored + (1.0 - p) * dropped
    return out


def choose(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The bot's move from its view and legal actions."""
    phase = view["phase"]
    if phase == "choose":
        worths = card_worths(view)
        return max(
            (a for a in legal if isinstance(a, fl.Play)),
            key=lambda a: (worths.get(a.kind, 0.0), -a.kind),
        )
    table = Table(view)
    if phase == "resolve":
        places = [a for a in legal if isinstance(a, fl.Place)]
        if places:
            return max(places, key=lambda a: (table.with_character(a.colour), -a.colour))

        def take(a: fl.Take) -> tuple[float, int]:
            trial = table.copy()
            trial.middle[a.kind] -= 1
            return (trial.with_card(a.kind), -a.kind)

        return max((a for a in legal if isinstance(a, fl.Take)), key=take)
    if phase == "broken-bulbs":
        kind = KIND_ID[view["revealed"][view["seat"]]]
        trial = table.copy()
        trial.saved -= 1
        if kind < N_COLOURS:
            trial.piles[kind] += 1
        else:
            trial.loose += 1
        use = trial.score() > table.score() + RESCUE_HOPE
        return fl.UseBroken(use) if fl.UseBroken(use) in legal else legal[0]
    # assign-bubbles: the colour that scores most with the others still to assign
    mine = view["your_bubbles_assigned"] or {}
    done = _colours(mine)
    left = table.bubbles

    def assign(a: fl.Assign) -> tuple[float, int]:
        trial = list(done)
        trial[a.colour] += 1
        rest = table.copy()
        rest.bubbles = left - 1
        extra = best_assignment_from(rest, trial, left - 1)
        return (rest.score(extra), -a.colour)

    return max((a for a in legal if isinstance(a, fl.Assign)), key=assign)


def best_assignment_from(table: Table, start: Sequence[int], bubbles: int) -> list[int]:
    """:func:`best_assignment` continued from ``start``."""
    assigned = list(start)
    for _ in range(bubbles):
        best_c, best = 0, -1.0
        for c in range(N_COLOURS):
            assigned[c] += 1
            value = table.score(assigned)
            assigned[c] -= 1
            if value > best + 1e-9:
                best_c, best = c, value
        assigned[best_c] += 1
    return assigned


class HeuristicBot:
    """Weighs each card by what it scores and how likely it is to be unique:

    * choosing a card, it reveals the kind with the best expected gain: what its final
      score (the end-of-game rules applied to the table as it stands) would gain if the
      card scored, times the chance no other player reveals that kind (each kind of a
      hand equally likely; the hands it passed on are known, the others drawn from the
      cards it has not seen), plus what a drop is still worth to it (the Largest Pile
      Bonus brings a dropped colour back to its largest pile);
    * a Character card goes on the pile where it scores most (a pile it is sure to lead,
      or it is lost at the end); a Plug takes the middle card that scores most;
    * it keeps a Broken Bulb (two points at the end) unless rescuing the drop scores
      more; it assigns each Bubble Bulb to the colour that scores most.

    It decides from its window only (its view and legal actions); on another game it
    plays a seeded random legal action.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != GAME or len(legal) == 1:
            return legal[self.rng.below(len(legal))]
        return choose(window.view(), legal)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1], from its view: its share of the points on
    the table (each seat's cards in front of it, specials 2, plain bulbs 1); the exact
    outcome once over."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    view = state.view(seat)
    points = []
    for s in range(view["players"]):
        plain = sum(view["piles"][s].values())
        special = (
            sum(view["characters"][s].values())
            + view["bubbles_under_pattern"][s]
            + view["broken_bulbs_kept"][s]
            + len(view["loose"][s])
        )
        points.append(1.0 + plain + 2 * special)
    return float(points[seat] / sum(points))


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """The heuristic as a rollout policy."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return choose(state.view(seat), legal)
