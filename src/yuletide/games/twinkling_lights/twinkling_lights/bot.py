"""A Twinkling Lights bot that scores what it can reach (issue 15).

A Pattern card scores when one strand shows its three or four colours in a row. The bot
rebuilds the board from its view (the game's own geometry: tiles, rotations, strands)
and tries its tile on every cell and in every rotation; each trial board is worth, for
each of its unscored cards, a lot if a strand shows it now, and otherwise something for
the longest start of it that a strand shows at an open end facing an empty cell (a tile
laid there may carry the strand on: :func:`reach`). It scores every card it can, and it
gives a Broken Wire tile away whenever it may, to the player nearest to winning.
``hard``'s prior, :class:`LookaheadBot`, also takes off each placement's worth what it
lays open for the next player (any player may score a card a strand shows).

The search's :func:`rollout` and :func:`evaluate` make the same decisions and give the
same figures as that bot's code would from the seat's view, but read the state's fields
instead (the board, the scored cards, and only the seat's own cards and tile in hand),
since building a view for every simulated action cost most of ``hard``'s time; choosing
a rotation walks only the strands through the tile (:func:`best_turn`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from yuletide.bots.base import SeatWindow
from yuletide.bots.kit import BotKit
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.games.twinkling_lights.geometry import (
    Board,
    Cell,
    Strand,
    Tile,
    facing,
    neighbour,
    shows,
)
from yuletide.games.twinkling_lights.twinkling_lights import rules as tl

GAME = tl.TwinklingLights.game_id
TILE_ID = {t.name: i for i, t in enumerate(tl.TILES)}
COLOUR_ID = {c: i for i, c in enumerate(tl.COLOURS)}
#: A card a strand shows now (it can be scored at the end of the turn).
SHOWN = 10.0
#: What a card is worth by how many of its lights are still to come at an open end.
TO_COME = {1: 3.0, 2: 1.0, 3: 0.3, 4: 0.1}
#: The most lights of a card's start an open end can show: one fewer than the longest card.
TAIL = max(len(p.lights) for p in tl.PATTERNS) - 1
#: The last 1, 2, ... TAIL lights of a strand, and its first ones read backwards (a
#: shorter strand gives all its lights: still lights it ends with).
_LAST = tuple(slice(-j, None) for j in range(1, TAIL + 1))
_FIRST_BACKWARDS = tuple(slice(j - 1, None, -1) for j in range(1, TAIL + 1))
#: The step to the cell each port N, E, S, W faces (:func:`neighbour`, without a call).
_STEP = tuple(neighbour((0, 0), port) for port in range(4))


def board_of(view: dict[str, Any]) -> Board:
    """The board of the view: the top tile of every cell at its rotation."""
    return Board(
        {
            (c["cell"][0], c["cell"][1]): tl.ORIENTED[TILE_ID[c["tile"]]][c["rotation"] // 90]
            for c in view["board"]
        }
    )


def _open(board: Board, cell: Cell, port: int) -> bool:
    """Whether a strand ending at ``port`` of ``cell`` may still be carried on: the
    cell it faces is empty."""
    return neighbour(cell, port) not in board


def reach(board: Board, strands: Sequence[Strand], lights: Sequence[int]) -> int:
    """How many lights of the card ``lights`` are still to come: at every open end of a
    strand that faces an empty cell (a tile laid there carries the strand on), the
    strand may end with the first lights of the card (read either way round); the fewest
    still missing after such a start, or all of them when no strand ends with one."""
    k = len(lights)
    best = k
    runs = (tuple(lights), tuple(lights[::-1]))
    for strand in strands:
        if strand.loop:
            continue
        steps = strand.steps
        ends = []
        if _open(board, steps[-1].cell, steps[-1].exit):
            ends.append(strand.lights)
        if _open(board, steps[0].cell, steps[0].entry):
            ends.append(strand.lights[::-1])
        for seq in ends:
            for run in runs:
                for j in range(min(k - 1, len(seq)), 0, -1):
                    if k - j >= best:
                        break
                    if tuple(seq[-j:]) == run[:j]:
                        best = k - j
                        break
    return best


def worth(board: Board, cards: Sequence[Sequence[int]]) -> float:
    """What a board is worth to a hand of unscored cards (module docstring)."""
    strands = board.strands()
    total = 0.0
    for lights in cards:
        if board.shows(lights):
            total += SHOWN
        else:
            total += TO_COME.get(reach(board, strands, lights), 0.0)
    return total


#: What a placement costs besides its worth, by the board it makes (``hard``'s prior).
Cost = Callable[[Board], float]


class Seen:
    """What one decision needs, read from the seat's view."""

    __slots__ = ("board", "cards", "tile", "view")

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.board = board_of(view)
        self.board.strands()  # found once: every trial board then walks only what changes
        self.cards = [[COLOUR_ID[c] for c in p["lights"]] for p in view["patterns"]]
        hand = view["hand_tile"]
        self.tile = TILE_ID[hand["tile"]] if hand else -1

    def cells(self) -> list[Cell]:
        """Where the tile in hand may go (the game's ``cells_for``)."""
        board = self.board
        if tl.IS_PLUS[self.tile]:
            return sorted((*board.frontier(), *board.cells()))
        return list(board.frontier())

    def placements(
        self, cells: Sequence[Cell], cost: Cost | None = None
    ) -> list[tuple[float, Cell, int]]:
        """Every (worth, cell, quarter turns) of the tile in hand on ``cells``; ``cost``
        takes its own figure off each board's worth."""
        rotations = (0,) if tl.IS_BROKEN[self.tile] else (0, 1, 2, 3)
        out = []
        for cell in cells:
            for q in rotations:
                board = self.board.with_tile(cell, tl.ORIENTED[self.tile][q])
                value = worth(board, self.cards)
                if cost is not None:
                    value -= cost(board)
                out.append((value, cell, q))
        return out

    def best(self, cells: Sequence[Cell], cost: Cost | None = None) -> tuple[float, Cell, int]:
        """The best placement among ``cells``: the highest worth (less ``cost``), ties to
        the lowest cell and rotation (a fixed order, so the three steps of a placement
        agree)."""
        return max(self.placements(cells, cost), key=lambda p: (p[0], -p[1][0], -p[1][1], -p[2]))


def plan_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """What a placement plan depends on: the turn, the tile in hand, the board (the
    turn and the stack size pin it down) and the cards to score."""
    hand = view["hand_tile"]
    return (
        view["turns"],
        view["stack"],
        hand["tile"] if hand else None,
        len(view["board"]),
        tuple(p["id"] for p in view["patterns"]),
    )


#: A placement: its worth, the cell and the quarter turns.
Plan = tuple[float, Cell, int]


def choose(
    view: dict[str, Any],
    legal: Sequence[Action],
    plans: dict[tuple[Any, ...], Plan] | None = None,
    cost: Callable[[Seen], Cost] | None = None,
) -> Action:
    """The bot's move from its view and legal actions. ``plans`` keeps the placement
    chosen at the column step for the row and rotation steps of the same turn (the
    same search would find it again); ``cost``, given the decision's :class:`Seen`,
    gives what each placement costs besides its worth (:meth:`Seen.best`)."""
    step = view["step"]
    if step == "score":
        scores = [a for a in legal if isinstance(a, tl.Score)]
        return scores[0] if scores else legal[-1]
    gives = [a for a in legal if isinstance(a, tl.Give)]
    if gives:
        scored = [len(s) for s in view["scored"]]
        seat, n = view["seat"], view["players"]
        return max(gives, key=lambda a: (scored[a.seat], -((a.seat - seat) % n)))
    key = plan_key(view)
    plan = plans.get(key) if plans is not None else None
    if plan is None:
        seen = Seen(view)
        target = view["target"] or []
        cells = [c for c in seen.cells() if list(c[: len(target)]) == target]
        plan = seen.best(cells, None if cost is None else cost(seen))
        if plans is not None:
            plans.clear()
            plans[key] = plan
    _, cell, q = plan
    if step == "column":
        by_x = {a.x: a for a in legal if isinstance(a, tl.Column)}
        return by_x.get(cell[0], legal[0])
    if step == "row":
        by_y = {a.y: a for a in legal if isinstance(a, tl.Row)}
        return by_y.get(cell[1], legal[0])
    return next((a for a in legal if isinstance(a, tl.Rotate) and a.quarter_turns == q), legal[0])


class HeuristicBot:
    """Scores what it can reach:

    * it lays its tile on the cell and in the rotation that make the board worth most
      to its unscored cards: a card a strand shows now is worth most, then a card whose
      start a strand shows at an open end facing an empty cell (the fewer lights still
      to come, the more); between equal boards it takes the first cell in a fixed order;
    * at the end of its turn it scores every card a strand shows (lights are never used
      up, so nothing is lost by scoring at once);
    * it gives a Broken Wire tile away whenever it may, to the player with the most
      cards scored (ties: the one whose turn comes first), and then lays the tile it
      draws instead.

    It decides from its window only (its view and legal actions); on another game it
    plays a seeded random legal action.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.plans: dict[tuple[Any, ...], tuple[float, Cell, int]] = {}

    def act(self, window: SeatWindow) -> Action:
        legal = window.legal_actions()
        if window.game_id != GAME or len(legal) == 1:
            return legal[self.rng.below(len(legal))]
        return self.decide(window.view(), legal)

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The move, once the game and a choice are sure (a subclass may look ahead)."""
        return choose(view, legal, self.plans)


#: Per Light tile: the colours a strand laid into it may show next (the bulb at either
#: end of any wire: some rotation turns that end towards the strand), and the two
#: lights in a row a wire of two bulbs may show next (either way round).
NEXT_LIGHT: tuple[frozenset[int], ...] = tuple(
    frozenset(b for w in t.wires for b in (w.bulbs[0], w.bulbs[-1])) for t in tl.TILES
)
NEXT_TWO: tuple[frozenset[tuple[int, int]], ...] = tuple(
    frozenset(p for w in t.wires if len(w.bulbs) == 2 for p in (w.bulbs, w.bulbs[::-1]))
    for t in tl.TILES
)
CARD_ID = {p.id: i for i, p in enumerate(tl.PATTERNS)}


def unseen_tiles(view: dict[str, Any]) -> list[int]:
    """The Light tiles the seat cannot see, any of which the next player may draw: not
    on the board (on top or covered), not in its hand, and not a Broken Wire tile
    another player holds (which one does not matter: they are alike)."""
    tiles = set(range(tl.N_TILES))
    for cell in view["board"]:
        tiles.discard(TILE_ID[cell["tile"]])
        tiles.difference_update(TILE_ID[name] for name in cell["covers"])
    if view["hand_tile"]:
        tiles.discard(TILE_ID[view["hand_tile"]["tile"]])
    held = sum(h for s, h in enumerate(view["broken_wire_held"]) if s != view["seat"])
    broken = [t for t in sorted(tiles) if tl.IS_BROKEN[t]]
    tiles.difference_update(broken[:held])
    return sorted(tiles)


def holding_chances(view: dict[str, Any], seat: int) -> dict[int, float]:
    """The chance that ``seat`` holds each Pattern card, unscored, from what the viewer
    knows: any card but the viewer's own and those scored (face up) is as likely as
    another of its back; ``seat`` holds as many of each back as its backs show."""
    out = {CARD_ID[p["id"]] for p in view["patterns"]}
    out.update(CARD_ID[p["id"]] for cards in view["scored"] for p in cards)
    pool = [c for c in range(tl.N_CARDS) if c not in out]
    backs = view["pattern_backs"][seat]
    by_back = {b: sum(tl.PATTERNS[c].back == b for c in pool) for b in set(backs)}
    return {c: backs.count(b) / by_back[b] for c in pool if (b := tl.PATTERNS[c].back) in by_back}


def opens(
    board: Board, ends: set[tuple[int, ...]], lights: tuple[int, ...], tiles: Sequence[int]
) -> float:
    """The chance that the next player, drawing one of ``tiles``, can make a strand of
    ``board`` show the card ``lights`` (1 if one shows it already): an open end (its
    :func:`open_ends` are ``ends``) shows all the card's lights but the last one or two
    (read either way round), and the tile drawn has a wire that shows them next. (It
    leaves out a tile joining two strands, and a + tile laid on top.)"""
    if board.shows(lights):
        return 1.0
    if not tiles:
        return 0.0
    k = len(lights)
    fits: set[int] = set()
    for run in (lights, lights[::-1]):
        if run[: k - 1] in ends:
            fits.update(t for t in tiles if run[k - 1] in NEXT_LIGHT[t])
        if run[: k - 2] in ends:
            fits.update(t for t in tiles if run[k - 2 :] in NEXT_TWO[t])
    return len(fits) / len(tiles)


class LookaheadBot(HeuristicBot):
    """``hard``'s prior: the heuristic, and one turn of lookahead at where it lays its
    tile.

    Any player may score a card a strand shows, whoever laid it. The heuristic lays its
    tile where the board is worth most to its own cards, blind to what that lays open
    for the next player: a strand one light (or one wire of two) short of a card they
    may hold. This bot takes off each placement's worth what it gives the next player,
    counted in the same units (a card scored is worth as much to them as to itself):
    for every card they may hold, the chance they hold it (what every seat knows:
    the cards out of play for this seat are its own and those scored; the rest are
    alike, per back) times the chance their next tile makes a strand show it (one of the
    Light tiles the seat has not seen: :func:`opens`). A placement that scores its last
    cards wins at once and costs nothing. Scoring and Broken Wire tiles are as the
    heuristic.

    Heuristic against heuristic (``bench/heuristic_edges.py lookahead
    twinkling-lights``), it wins more of the seats than the plain heuristic at 2 and at 4
    players; weighing the cost at half or twice as much wins about as often, and
    counting also the players after the next (at half weight) less (measured:
    docs/bots.md, "What each lookahead's choices are worth", Twinkling Lights). The
    search alone cannot find this: an oracle that knew
    every card and tile was level with the heuristic (docs/bots.md), yet each
    placement's cost is small and recurs all game."""

    name = "lookahead"

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return choose(view, legal, self.plans, lambda seen: self.given(view, seen))

    def given(self, view: dict[str, Any], seen: Seen) -> Cost:
        """What a board opens to the next player, in the units of its worth (nothing
        once it shows every card of the seat's: that wins at once)."""
        after = (view["seat"] + 1) % view["players"]
        tiles = [] if view["broken_wire_held"][after] else unseen_tiles(view)
        chances = [(tl.PATTERNS[c].lights, p) for c, p in holding_chances(view, after).items() if p]

        def cost(board: Board) -> float:
            if all(board.shows(c) for c in seen.cards):
                return 0.0
            ends = open_ends(board, board.strands())
            return SHOWN * sum(p * opens(board, ends, lights, tiles) for lights, p in chances)

        return cost


#: ``hard``'s prior in this game (``yuletide.bots.level_bot``); ``medium`` is the heuristic.


def _game(state: State) -> tl.TwinklingLights:
    """The Twinkling Lights state ``state`` is (the search only ever hands us one)."""
    return cast("tl.TwinklingLights", state)


def scored_counts(state: tl.TwinklingLights) -> list[int]:
    """How many cards each seat has scored (public: scored cards lie face up), read
    from the state's fields as the view's ``scored`` lists them."""
    counts = [0] * state.players
    owner = state.owner
    for card, k in enumerate(state.scored):
        if k:
            counts[owner[card]] += 1
    return counts


def own_cards(state: tl.TwinklingLights, seat: int) -> list[tuple[int, ...]]:
    """The lights of ``seat``'s own unscored cards (its view's ``patterns``)."""
    return [tl.PATTERNS[c].lights for c in state.hand(seat)]


def open_ends(board: Board, strands: Iterable[Strand]) -> set[tuple[int, ...]]:
    """What :func:`reach` matches a card's start against, found once per board: for
    every open end of a path that faces an empty cell of ``board``, the last one, two,
    ... :data:`TAIL` lights the path shows as it is read towards that end (as many as
    it has)."""
    ends: set[tuple[int, ...]] = set()
    for strand in strands:
        if strand.loop:
            continue
        lights, first, last = strand.lights, strand.steps[0], strand.steps[-1]
        (x, y), (dx, dy) = last.cell, _STEP[last.exit]
        if (x + dx, y + dy) not in board:
            ends.update(map(lights.__getitem__, _LAST))
        (x, y), (dx, dy) = first.cell, _STEP[first.entry]
        if (x + dx, y + dy) not in board:
            ends.update(map(lights.__getitem__, _FIRST_BACKWARDS))
    return ends


def reach_of_ends(ends: set[tuple[int, ...]], lights: tuple[int, ...], best: int) -> int:
    """:func:`reach` from a board's :func:`open_ends`: the fewest lights of the card
    ``lights`` still to come after a start (read either way round) that an open end
    shows, or ``best`` when none does better (``len(lights)`` gives :func:`reach`)."""
    k = len(lights)
    backwards = lights[::-1]
    for j in range(k - 1, k - best, -1):
        if lights[:j] in ends or backwards[:j] in ends:
            return k - j
    return best


def fast_worth(board: Board, cards: Sequence[tuple[int, ...]]) -> float:
    """:func:`worth`, the same figure, with the open ends read once for all cards."""
    ends = open_ends(board, board.strands())
    total = 0.0
    for lights in cards:
        if board.shows(lights):
            total += SHOWN
        else:
            total += TO_COME.get(reach_of_ends(ends, lights, len(lights)), 0.0)
    return total


def _runs_text(strands: Iterable[Strand], k: int) -> bytes:
    """The lights of every strand that can hold ``k`` of them, a loop extended by its
    first ``k - 1`` so that a run may wrap round, with a gap (no colour) between."""
    parts = []
    for strand in strands:
        if len(strand.lights) >= k:
            text = bytes(strand.lights)
            parts.append(text + text[: k - 1] if strand.loop else text)
    return b"\xff" + b"\xff".join(parts) + b"\xff"


def _walk_out(
    board: Board, cell: Cell, tile: Tile, port: int, done: list[bool]
) -> tuple[list[int], bool, bool]:
    """Walk on from ``port`` of ``tile`` laid on ``cell`` of ``board`` (the board as it
    is, plus that tile): the lights met until the strand ends, whether it came back
    into ``tile`` by the wire it left from (a loop: the lights are then those of the
    other wires only), and whether it ended facing an empty cell. Each wire of
    ``tile`` walked through is marked in ``done``."""
    lights: list[int] = []
    start = tile.wire_at_port[port]
    here, entry = facing(cell, port)
    while True:
        there = tile if here == cell else board.top(here)
        if there is None:
            return lights, False, True
        i = there.wire_at_port[entry]
        if i < 0:  # a Broken Wire tile: the strand ends, facing no empty cell
            return lights, False, False
        if here == cell:
            if i == start:
                return lights, True, False
            done[i] = True
        wire = there.wires[i]
        lights.extend(wire.read_from(entry))
        here, entry = facing(here, wire.other_end(entry))


def trial_strands(
    board: Board, cell: Cell, tile: Tile
) -> tuple[list[tuple[tuple[int, ...], bool]], set[tuple[int, ...]]]:
    """What laying ``tile`` (a tile with a wire at every port) on ``cell`` changes,
    found by walking ``board`` as it is (no trial board is built): the strands through
    the tile's wires, each as its lights (a path read from one end to the other, a
    loop from anywhere round) and whether it is a loop, and the :func:`open_ends` of
    those paths on the trial board. As every port of the tile has a wire, every strand
    that touched ``cell`` now runs through it: these are all the strands that change."""
    done = [False] * len(tile.wires)
    strands: list[tuple[tuple[int, ...], bool]] = []
    ends: set[tuple[int, ...]] = set()
    for i, wire in enumerate(tile.wires):
        if done[i]:
            continue
        done[i] = True
        ahead, loop, ahead_open = _walk_out(board, cell, tile, wire.end, done)
        if loop:
            strands.append(((*wire.bulbs, *ahead), True))
            continue
        behind, _, behind_open = _walk_out(board, cell, tile, wire.start, done)
        lights = (*behind[::-1], *wire.bulbs, *ahead)
        strands.append((lights, False))
        if ahead_open:
            ends.update(map(lights.__getitem__, _LAST))
        if behind_open:
            ends.update(map(lights.__getitem__, _FIRST_BACKWARDS))
    return strands, ends


def best_turn(board: Board, tile: int, cell: Cell, cards: Sequence[tuple[int, ...]]) -> int:
    """The quarter turns of ``tile`` on ``cell`` that make ``board`` worth most to
    ``cards`` (:func:`worth`), ties to the fewest: as :meth:`Seen.best` on that one cell.

    Laying a tile on ``cell`` changes only the strands that touch it (pass through it
    or end facing it), so what the others show and reach is found once for the four
    rotations, and each rotation walks only the strands through the tile
    (:func:`trial_strands`). ``tile`` must have a wire at every port (any tile but a
    Broken Wire tile, which has no rotation to choose)."""
    if -1 in tl.TILES[tile].wire_at_port:
        raise ValueError(f"{tl.TILES[tile].name} has a port with no wire: no rotation to choose")
    kept = [s for s in board.strands() if not s.touches(cell)]
    texts = {k: _runs_text(kept, k) for k in {len(c) for c in cards}}
    kept_shows = []
    for lights in cards:
        run = bytes(lights)
        kept_shows.append(run in texts[len(lights)] or run[::-1] in texts[len(lights)])
    # A kept strand does not end facing ``cell``: its open ends stay open on a trial.
    kept_ends = open_ends(board, kept)
    kept_reach = [reach_of_ends(kept_ends, lights, len(lights)) for lights in cards]
    oriented = tl.ORIENTED[tile]
    best_q, best_worth = 0, -1.0
    for q in range(4):
        new, ends = trial_strands(board, cell, oriented[q])
        value = 0.0
        for lights, shown, far in zip(cards, kept_shows, kept_reach, strict=True):
            if shown or any(shows(seq, loop, lights) for seq, loop in new):
                value += SHOWN
            else:
                value += TO_COME.get(reach_of_ends(ends, lights, far), 0.0)
        if value > best_worth:
            best_q, best_worth = q, value
    return best_q


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1], from what it knows: each seat's cards
    scored (three win), its own also counted by how near the board is to its others; a
    seat's share of ``3 ** scored``; the exact outcome once over. It reads the state's
    fields (the board, the scored cards, ``seat``'s own hand), not its view."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    game = _game(state)
    near = [3.0**n for n in scored_counts(game)]
    near[seat] *= 1.0 + fast_worth(game.board(), own_cards(game, seat)) / (SHOWN * 3)
    return near[seat] / sum(near)


def rollout(state: State, seat: int, rng: Rng) -> Action:
    """A fast policy for the search's rollouts: a random cell, the best rotation there
    (four rotations tried, not a few hundred placements), every card it can score, and
    a Broken Wire tile given to the leader. The same decisions as :func:`choose` on
    ``seat``'s view, read from the state's fields: the board, the scored cards, and
    only ``seat``'s own tile in hand and cards (the seat to act holds that tile)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    game = _game(state)
    step = game.step
    if step == tl.SCORE:  # the cards a strand shows come first, ``done`` last
        return legal[0] if isinstance(legal[0], tl.Score) else legal[-1]
    if step == tl.ROTATE:
        x, y = game.target
        q = best_turn(game.board(), game.in_hand(), (x, y), own_cards(game, seat))
        return next(
            (a for a in legal if isinstance(a, tl.Rotate) and a.quarter_turns == q), legal[0]
        )
    gives = [a for a in legal if isinstance(a, tl.Give)]
    if gives:
        scored, n = scored_counts(game), game.players
        return max(gives, key=lambda a: (scored[a.seat], -((a.seat - seat) % n)))
    return legal[rng.below(len(legal))]


#: What the bots layer builds this game's levels and named bots from.
KIT = BotKit(HeuristicBot, rollout=rollout, evaluate=evaluate, prior=LookaheadBot)
