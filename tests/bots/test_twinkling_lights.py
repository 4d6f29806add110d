"""The Twinkling Lights heuristic (the twinkling_lights room's bot): it lays its tile so
a strand shows its card whenever one placement does, scores at once, gives Broken Wire
tiles to the leader, decides from its view alone, and beats random."""

from __future__ import annotations

from typing import Any, cast

import pytest

import yuletide
from yuletide.bots import RandomBot, SeatWindow, level_bot
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.twinkling_lights.twinkling_lights import bot as twinkling
from yuletide.games.twinkling_lights.twinkling_lights import rules as tl
from yuletide.games.twinkling_lights.twinkling_lights.bot import HeuristicBot, evaluate, rollout
from yuletide.sim import play_match

GAME = "twinkling-lights"


def new_game(players: int, seed: int) -> tl.TwinklingLights:
    """A new game, typed as the Twinkling Lights state it is."""
    return cast("tl.TwinklingLights", yuletide.new_game(GAME, players=players, seed=seed))


def some_placement_shows(state: Any, seat: int) -> bool:
    """Whether laying the tile in hand somewhere, somehow, makes a strand show one of
    ``seat``'s unscored cards that none showed before (checked with the game's board)."""
    board = state.board()
    tile = state.in_hand()
    cards = [tl.PATTERNS[c].lights for c in state.hand(seat)]
    if any(board.shows(c) for c in cards):
        return False
    for cell in state.cells_for(tile):
        for q in range(1 if tl.IS_BROKEN[tile] else 4):
            trial = board.with_tile(cell, tl.ORIENTED[tile][q])
            if any(trial.shows(c) for c in cards):
                return True
    return False


def test_lays_its_tile_so_a_strand_shows_its_card_whenever_it_can() -> None:
    """Seeded random games, stopped at every turn where some placement would make a
    strand show one of the player's cards: the bot's three decisions (column, row,
    rotation) find one, and it then scores the card."""
    found = 0
    for seed in range(40):
        state = new_game(2, seed)
        rng = Rng(seed)
        while not state.outcome.over and found < 4:
            seat = state.turn
            if state.current_phase == "column" and some_placement_shows(state, seat):
                bot = HeuristicBot(1)
                window = SeatWindow(state, seat)
                while state.step != tl.SCORE:
                    state.apply(seat, bot.act(window))
                assert state.view(seat)["can_score"]
                assert str(bot.act(window)).startswith("score ")
                found += 1
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        if found >= 4:
            break
    assert found >= 4


def test_scores_every_card_it_can_before_ending_its_turn() -> None:
    state = new_game(2, 2)
    view = state.view(0)
    view["step"] = "score"
    card = tl.PATTERNS[state.hand(0)[0]].id.lower()
    legal = [tl.TwinklingLights.parse_action(f"score {card}"), tl.Done()]
    assert str(twinkling.choose(view, legal)) == f"score {card}"
    assert str(twinkling.choose(view, [tl.Done()])) == "done"


def test_gives_a_broken_wire_tile_to_the_player_with_most_cards_scored() -> None:
    state = new_game(4, 3)
    broken = next(t for t in range(tl.N_TILES) if tl.IS_BROKEN[t])
    if broken in state.stack:
        state.stack.remove(broken)
    state.drawn = broken
    scored = [state.hand(s)[0] for s in range(4)]
    state.scored[scored[2]] = 1  # seat 2 has scored a card, the others none
    assert str(HeuristicBot(1).act(SeatWindow(state, 0))) == "give seat 2"
    state.scored[scored[2]] = 0
    assert str(HeuristicBot(1).act(SeatWindow(state, 0))) == "give seat 1"  # next to play


@pytest.mark.parametrize("bot", [HeuristicBot, twinkling.LookaheadBot])
def test_same_decision_on_a_determinized_twin_evaluate_and_rollout(bot: type[HeuristicBot]) -> None:
    """The heuristic and ``hard``'s prior (the lookahead) read only their window: in a
    world determinized for its seat (other cards, the stack's order) each makes the same
    move, and that move is legal."""
    rng = Rng(4)
    for players, seed in ((2, 0), (3, 0), (3, 1), (4, 2)):
        state = new_game(players, seed)
        for _ in range(60):
            if state.outcome.over:
                break
            seat = state.turn
            mine = bot(2).act(SeatWindow(state, seat))
            twin = bot(2).act(SeatWindow(state.determinize(seat, rng), seat))
            assert mine == twin and mine in state.legal_actions(seat)
            assert 0.0 <= evaluate(state, seat) <= 1.0
            assert rollout(state, seat, rng) in state.legal_actions(seat)
            state.apply(seat, mine)


@pytest.mark.parametrize(("players", "games"), [(2, 12), (4, 8)])
def test_beats_random(players: int, games: int) -> None:
    """Seat rotated game by game; measured over 40 games it won 40 at 2 players and 39
    at 4."""
    wins = 0
    for i in range(games):
        seed = derive_seed(51, players, i)
        me = i % players
        bots = [
            HeuristicBot(seed) if s == me else RandomBot(derive_seed(seed, s))
            for s in range(players)
        ]
        wins += me in play_match(GAME, bots, seed).outcome.winners
    assert wins >= games - 1


# ------------------------------------------------- the search's fast rollout and evaluate


def view_rollout(state: Any, seat: int, rng: Rng) -> Any:
    """The rollout as it was, deciding from ``state.view(seat)`` (the reference the
    fast one must agree with)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    step = view["step"]
    if step in ("score", "rotate") or any(isinstance(a, tl.Give) for a in legal):
        return twinkling.choose(view, legal)
    return legal[rng.below(len(legal))]


def view_evaluate(state: Any, seat: int) -> float:
    """The evaluation as it was, from ``state.view(seat)``."""
    outcome = state.outcome
    if outcome.over:
        return (1.0 / len(outcome.winners)) if seat in outcome.winners else 0.0
    view = state.view(seat)
    board = twinkling.board_of(view)
    mine = [[twinkling.COLOUR_ID[c] for c in p["lights"]] for p in view["patterns"]]
    near = [3.0 ** len(s) for s in view["scored"]]
    near[seat] *= 1.0 + twinkling.worth(board, mine) / (twinkling.SHOWN * 3)
    return near[seat] / sum(near)


def random_positions(games_per_count: int) -> list[tl.TwinklingLights]:
    """Every position of ``games_per_count`` seeded random games at each of 2, 3 and 4
    players (about 400 positions for each game per count)."""
    positions = []
    for players in (2, 3, 4):
        for i in range(games_per_count):
            state = new_game(players, derive_seed(88, players, i))
            rng = Rng(i)
            while not state.outcome.over:
                positions.append(state.clone())
                legal = state.legal_actions(state.turn)
                state.apply(state.turn, legal[rng.below(len(legal))])
            positions.append(state)
    return positions


def test_fast_rollout_and_evaluate_agree_with_the_view_based_ones_exactly() -> None:
    """Every position (about 800) of six random games (seeded, at 2, 3 and 4 players),
    as it is and in a world determinized for the seat to act: the same action, the same
    random numbers drawn, and the same evaluation (for every seat, and for that seat in
    its world), to the last bit."""
    positions = random_positions(2)
    world_rng = Rng(9)
    seen: dict[str, int] = {}
    for position in positions:
        seat = position.turn
        for state in (position, position.determinize(seat, world_rng)):
            if not state.outcome.over:
                legal = state.legal_actions(seat)
                kind = tl.STEP_NAME[state.step]
                if any(isinstance(a, tl.Give) for a in legal):
                    kind = "give"
                elif isinstance(legal[0], tl.Score):
                    kind = "can score"
                elif state.step == tl.ROTATE and tuple(state.target) in state.board():
                    kind = "cover"
                seen[kind] = seen.get(kind, 0) + 1
                fast_rng, view_rng = Rng(seat + 17), Rng(seat + 17)
                assert rollout(state, seat, fast_rng) == view_rollout(state, seat, view_rng)
                assert fast_rng.state == view_rng.state
            for s in range(state.players) if state is position else (seat,):
                assert evaluate(state, s) == view_evaluate(state, s)
    # every kind of decision was met, the rare ones too
    assert min(seen.values()) >= 5 and len(seen) == 7, seen


def canonical(lights: tuple[int, ...], loop: bool) -> tuple[int, ...]:
    """One form for a strand's lights whichever end (or, on a loop, wherever) it is
    read from."""
    forms = [lights, lights[::-1]]
    if loop:
        forms = [f[i:] + f[:i] for f in forms for i in range(max(len(f), 1))]
    return min(forms)


def test_trial_strands_are_the_strands_a_trial_board_changes() -> None:
    """Every cell and rotation of the tile in hand at a sample of positions: the
    strands walked through the tile are the trial board's strands touching the cell,
    with the same open ends; and the fast worth of a board is :func:`worth`'s."""
    checked = 0
    for state in random_positions(2)[::7]:
        if state.outcome.over or state.step == tl.SCORE:
            continue
        tile = state.in_hand()
        board = state.board()
        cards = twinkling.own_cards(state, state.turn)
        assert twinkling.fast_worth(board, cards) == twinkling.worth(board, cards)
        if tl.IS_BROKEN[tile]:
            continue
        for cell in state.cells_for(tile):
            for q in range(4):
                trial = board.with_tile(cell, tl.ORIENTED[tile][q])
                touching = [s for s in trial.strands() if s.touches(cell)]
                new, ends = twinkling.trial_strands(board, cell, tl.ORIENTED[tile][q])
                assert sorted(canonical(lights, loop) for lights, loop in new) == sorted(
                    canonical(s.lights, s.loop) for s in touching
                )
                assert ends == twinkling.open_ends(trial, touching)
                checked += 1
    assert checked >= 500


def test_fast_rollout_and_evaluate_decide_only_from_what_the_seat_knows() -> None:
    """In any world a seat cannot tell from the true one (determinized for it), its
    rollout draws the same action with the same random numbers, and its evaluation is
    the same: they read no other seat's cards or tile, nor the stack's order."""
    world_rng = Rng(10)
    for state in random_positions(1)[::3]:
        if state.outcome.over:
            continue
        for seat in range(state.players):
            world = state.determinize(seat, world_rng)
            assert evaluate(world, seat) == evaluate(state, seat)
            if seat == state.turn:
                assert rollout(world, seat, Rng(seat)) == rollout(state, seat, Rng(seat))


# ------------------------------------------------------- hard's prior: the lookahead


def test_what_every_seat_knows_of_the_next_player() -> None:
    """At the start of a 2-player game the next player holds 2 of the 8 red cards the
    seat cannot see and 1 of the 3 green ones; 32 Light tiles are out of its sight (35
    less the two on the table and the one in its hand). A scored card is out of play."""
    state = new_game(2, 3)
    view = state.view(0)
    chances = twinkling.holding_chances(view, 1)
    assert sorted(set(chances.values())) == [0.25, pytest.approx(1 / 3)]
    assert len(chances) == 11 and not set(chances) & set(state.hand(0))
    assert len(twinkling.unseen_tiles(view)) == 32
    theirs = state.hand(1)[0]
    state.scored[theirs] = 1
    assert theirs not in twinkling.holding_chances(state.view(0), 1)


def small_position(drawn: int) -> tl.TwinklingLights:
    """A 2-player game on two tiles, TL-T01 and TL-T02; seat 0 holds TL-3-01 (green
    red blue), TL-3-02 (green red yellow) and TL-4-01 (green blue yellow purple) and has
    drawn ``drawn``; seat 1 holds TL-3-03, TL-3-04 and TL-4-02."""
    state = new_game(2, 1)
    state.placed = [0, 0, 0, 0, 1, 0, 1, 0]
    state.stack = [t for t in range(tl.N_TILES) if t not in (0, 1, drawn)]
    state.drawn = drawn
    state.owner = [-1] * tl.N_CARDS
    for card, seat in (("tl-3-01", 0), ("tl-3-02", 0), ("tl-4-01", 0)):
        state.owner[tl.CARD_ID[card]] = seat
    for card in ("tl-3-03", "tl-3-04", "tl-4-02"):
        state.owner[tl.CARD_ID[card]] = 1
    return state


def placement(bot: HeuristicBot, state: tl.TwinklingLights) -> tuple[list[str], Any]:
    """The bot's three steps (column, row, rotation) and the board they make."""
    state = state.clone()
    window = SeatWindow(state, 0)
    steps = []
    while state.step != tl.SCORE:
        action = bot.act(window)
        steps.append(str(action))
        state.apply(0, action)
    return steps, state.board()


def test_lookahead_does_not_lay_open_a_card_the_next_player_may_hold() -> None:
    """With TL-T15 in hand, the heuristic lays it south of TL-T02, where a strand then
    shows yellow green blue: its green blue is the start of the seat's TL-4-01 at an
    open end, but read the other way it is blue green yellow, TL-3-07, which the next
    player holds one time in four and would score for free. The lookahead lays it west
    of TL-T01 instead: a little less worth to its own cards, far less given away."""
    state = small_position(14)
    plain, plain_board = placement(HeuristicBot(1), state)
    ahead, ahead_board = placement(twinkling.LookaheadBot(1), state)
    assert plain == ["column 1", "row -1", "rotate 0"]
    assert ahead == ["column -1", "row 0", "rotate 0"]
    blue_green_yellow = tl.PATTERNS[tl.CARD_ID["tl-3-07"]].lights
    assert plain_board.shows(blue_green_yellow) and not ahead_board.shows(blue_green_yellow)
    view = state.view(0)
    tiles = twinkling.unseen_tiles(view)
    chances = twinkling.holding_chances(view, 1)

    def given(board: Any) -> float:
        ends = twinkling.open_ends(board, board.strands())
        return sum(
            p * twinkling.opens(board, ends, tl.PATTERNS[c].lights, tiles)
            for c, p in chances.items()
        )

    mine = [tl.PATTERNS[c].lights for c in state.hand(0)]
    assert twinkling.worth(plain_board, mine) > twinkling.worth(ahead_board, mine)
    assert given(plain_board) > given(ahead_board) + 0.3


def test_hard_uses_the_lookahead_as_its_prior() -> None:
    """``hard``'s prior here is the lookahead (``HardPrior``); ``medium`` the heuristic."""
    hard = level_bot("hard", GAME, 3, iterations=30)
    assert isinstance(getattr(hard.prior, "__self__", None), twinkling.LookaheadBot)
    assert type(level_bot("medium", GAME, 3)) is HeuristicBot
