"""Lights On — a real-time team game for two teams of two (Christmas Lights bonus game).

Rules implemented (the Christmas Lights rulebook, "Lights On"), every sentence:

* Teams: seats 0 and 2 against seats 1 and 3, teammates diagonally opposite. Each team
  has a secret signal that tells the teammate "I have four identical bulbs".
* Components: 5 each of the six colours and 5 Bubble Bulbs (the 35-card Bulb deck), and
  5 Broken Bulbs and 5 Plugs kept face-up in two piles beside it: they are the score.
* Setup: the 35 cards are shuffled, four dealt face-down to each player (not looked at
  until play starts), the rest form the Bulb deck; four are revealed as the Market. The
  dealer's part (dealing, the countdown "Three... two... one... GO!" — the ``go`` event
  once both signals are chosen — and asking "New lights?") is the engine's.
* Play: all players act at once. You swap one card at a time with the Market (place one
  of yours, take one back), each swap complete before the next. When nobody is swapping,
  "New lights?": if everyone agrees, the Market is discarded and four new cards dealt
  from the Bulb deck, and play goes on.
* Lights ON: your teammate says "Lights ON"; you reveal your hand; four identical
  bulbs win your team a Plug, anything else gives it a Broken Bulb. The round ends.
* Lights OFF: naming a player of the other team; they reveal; four identical bulbs give
  their team a Broken Bulb, otherwise the caller's team takes one for the false
  accusation. The round ends.
* End of round: a team with three Plugs wins; a team with three Broken Bulbs loses (the
  other team wins). Otherwise all 35 bulbs are shuffled, four dealt to each player and
  four to the Market, and a new round begins.

Rulings used (docs/rulings.md):

* Digital form of table talk, Lights On: at the start of each round each team secretly
  picks one signal from a fixed set of emotes (``signal tree``; either teammate may pick,
  the first pick counts). Anyone may send any emote at any time (``emote tree``), seen by
  all; only the team knows which one is its signal, so bluffs are possible. "Lights ON"
  (``lights on``), "Lights OFF" naming a player (``lights off 1``) and "New lights?"
  votes (``new lights``) are actions. A market swap is one atomic action (``swap red for
  blue``: give a red, take a blue); when two players race for the same market card the
  first to arrive gets it, and the other is told the card is gone.
* Bonus games, Lights On: Bubble Bulbs are not wild; four Bubble Bulbs are a set.
* Every real-time game: the engine sees only the order of actions.

Readings of our own (each tested by name):

* ``swap-by-kind``: a swap names kinds, not positions: cards of one kind are alike, so
  "take a blue" succeeds while any blue is in the Market and is refused ("the card is
  gone") once none is. Giving and taking the same kind changes nothing and is not an
  action.
* ``votes-reset``: a "New lights?" vote stands until someone swaps ("if no-one is
  swapping"); when all four players have voted, the Market is replaced and the votes
  start again.
* ``deck-runs-out``: if the Bulb deck holds fewer than four cards when new lights are
  dealt, the discarded Market cards are shuffled into it first.
* ``hands-unseen-until-go``: "do not look yet": while the teams choose their signals, a
  player's view does not show their own hand.
* ``emotes-in-play``: emotes are sent while the round is played (after the signals),
  at most one per seat between other actions (anyone's swap, vote or call): a seat may
  not send two emotes in a row without something else happening, which bounds a round
  of pure emotes.
* ``lights-on-names-teammate``: ``lights on`` always reveals the caller's teammate (the
  rule's "your teammate says Lights ON"); ``lights off`` must name one of the two
  opponents.
* Turn limit (docs/rulings.md#every-game-safety-limits): option ``turn_limit`` counts *actions*,
  as in every real-time game; the game then ends *unfinished*.

Knowledge: your own hand (after "go"); the Market, the discard pile of old Market cards
and both teams' Plugs and Broken Bulbs (all face-up); every emote, swap, vote and call.
A swap is public, so the view also lists the cards everyone knows a player holds (taken
from the Market and not given back since). Your team's signal, and only that a signal
was chosen by the other team: the other team's signal is never shown (not even after the
game), and another team's ``signal`` action is seen as "chooses a signal"
(``action_seen_by``). Your hand comes to you by an event: at "go" each seat is shown its
own hand (the table sees only "go").

``determinize(seat, rng)`` depends only on what ``seat`` knows and on ``rng``: the Bulb
deck and the cards of the other hands nobody knows (and ``seat``'s own while it has not
looked) form one pool, sorted by kind and shuffled, dealt back around the publicly known
cards; the other team's secret signal is re-drawn uniformly among the emotes (nothing
public bears on it: any emote may be a bluff), ``seat``'s own team's is kept. Phases
(``current_phase``): ``signal`` (the teams' secret signals being chosen, hands
face-down), ``play`` (the real-time race) and ``over``.

Options: ``turn_limit`` (default 5000 actions).

Version history: 1 — first release.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from yuletide.core.errors import IllegalAction, NotationError
from yuletide.core.options import Option
from yuletide.core.rng import Rng
from yuletide.core.simultaneous import UNCHOSEN, redraw, secret_notation
from yuletide.core.state import ONGOING as _ONGOING
from yuletide.core.state import Action, LogEntry, Outcome, State, turn_limit_reached
from yuletide.games.christmas_lights.content import COLOURS

RULE = "Lights On"
FORM = "ruling Lights On: digital-form"
BUBBLE = 6
N_KINDS = 7
KIND_NAME: tuple[str, ...] = (*COLOURS, "bubble")
KIND_ID = {name: i for i, name in enumerate(KIND_NAME)}
EACH = 5  # of every kind in the Bulb deck, and Plugs and Broken Bulbs
HAND = 4
MARKET = 4
TO_WIN = 3
#: The fixed set of emotes (ruling Lights On: digital-form: 🎄 ⭐ 🔔 ❄ 🦌 🍪 …), with their glyphs.
EMOTES: tuple[str, ...] = (
    "tree",
    "star",
    "bell",
    "snowflake",
    "reindeer",
    "cookie",
    "gift",
    "candle",
)
EMOTE_GLYPH: dict[str, str] = {
    "tree": "🎄",
    "star": "⭐",
    "bell": "🔔",
    "snowflake": "❄",
    "reindeer": "🦌",
    "cookie": "🍪",
    "gift": "🎁",
    "candle": "🕯",
}
SIGNAL, PLAY = 0, 1
PHASE_NAME = ("signal", "play")
TEAMS = ((0, 2), (1, 3))


def team_of(seat: int) -> int:
    """Seats 0 and 2 are team 0, seats 1 and 3 team 1 (teammates sit diagonally)."""
    return seat % 2


def teammate(seat: int) -> int:
    return (seat + 2) % 4


@dataclass(frozen=True, slots=True)
class ChooseSignal(Action):
    """Your team's secret signal for this round (hidden from the other team)."""

    emote: int

    def __str__(self) -> str:
        return f"signal {EMOTES[self.emote]}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Place a card of kind ``give`` in the Market, take one of kind ``take``."""

    give: int
    take: int

    def __str__(self) -> str:
        return f"swap {KIND_NAME[self.give]} for {KIND_NAME[self.take]}"


@dataclass(frozen=True, slots=True)
class Emote(Action):
    """Send an emote everyone sees (it may be your team's signal, or a bluff)."""

    emote: int

    def __str__(self) -> str:
        return f"emote {EMOTES[self.emote]}"


@dataclass(frozen=True, slots=True)
class NewLights(Action):
    """Agree to "New lights?"."""

    def __str__(self) -> str:
        return "new lights"


@dataclass(frozen=True, slots=True)
class LightsOn(Action):
    """Say "Lights ON": your teammate reveals their hand."""

    def __str__(self) -> str:
        return "lights on"


@dataclass(frozen=True, slots=True)
class LightsOff(Action):
    """Say "Lights OFF" and point at ``target``, who reveals their hand."""

    target: int

    def __str__(self) -> str:
        return f"lights off {self.target}"


_SIGNALS = tuple(ChooseSignal(e) for e in range(len(EMOTES)))
_SWAPS = tuple(tuple(Swap(g, t) for t in range(N_KINDS)) for g in range(N_KINDS))
_EMOTES = tuple(Emote(e) for e in range(len(EMOTES)))
_NEW_LIGHTS = NewLights()
_LIGHTS_ON = LightsOn()
_LIGHTS_OFF = tuple(LightsOff(s) for s in range(4))
_SPACE: list[Action] = [
    *_SIGNALS,
    *(_SWAPS[g][t] for g in range(N_KINDS) for t in range(N_KINDS) if g != t),
    *_EMOTES,
    _NEW_LIGHTS,
    _LIGHTS_ON,
    *_LIGHTS_OFF,
]
_NOTATION: dict[str, Action] = {str(a): a for a in _SPACE}
_FORMS = (
    "signal <emote> | swap <kind> for <kind> | emote <emote> | new lights | lights on"
    " | lights off <seat>"
)


class LightsOnGame(State):
    game_id: ClassVar[str] = "lights-on"
    title: ClassVar[str] = "Lights On"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    #: signal: the teams' secret signals are being chosen (hands face-down); play: the
    #: real-time race of swaps, votes, emotes and calls; over.
    phases: ClassVar[tuple[str, ...]] = ("signal", "play", "over")
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            5000,
            "actions after which the game ends unfinished (safety limit; a real-time"
            " game counts actions)",
            minimum=1,
            maximum=5_000,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "hands",
        "known",
        "market",
        "deck",
        "discard",
        "signals",
        "phase",
        "votes",
        "emoted",
        "plugs",
        "brokens",
        "round",
        "actions",
        "winner",
    )
    __slots__ = (*fields, "turn_limit")

    hands: list[list[int]]  # per seat, a count per kind
    known: list[list[int]]  # per seat, a count per kind everyone knows it holds
    market: list[int]  # a count per kind (four cards, face-up)
    deck: list[int]  # kinds, top last
    discard: list[int]  # old Market cards, face-up
    signals: list[int]  # per team, the emote chosen, UNCHOSEN before
    phase: int
    votes: list[int]  # per seat, 1 if it agreed to "New lights?"
    emoted: list[int]  # per seat, 1 if it sent an emote since anything else happened
    plugs: list[int]  # per team
    brokens: list[int]  # per team
    round: int
    actions: int
    winner: int  # the winning team, -1 while the game goes on
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        self.turn_limit = int(self.options["turn_limit"])
        self.plugs = [0, 0]
        self.brokens = [0, 0]
        self.round = 0
        self.actions = 0
        self.winner = -1
        self._deal()

    def _deal(self) -> None:
        """Shuffle the 35 bulbs, deal four face-down to each player and four to the
        Market; the teams then choose their signals."""
        deck = [k for k in range(N_KINDS) for _ in range(EACH)]
        self.rng.shuffle(deck)
        self.hands = [[0] * N_KINDS for _ in range(4)]
        for seat in range(4):
            for _ in range(HAND):
                self.hands[seat][deck.pop()] += 1
        self.market = [0] * N_KINDS
        for _ in range(MARKET):
            self.market[deck.pop()] += 1
        self.deck = deck
        self.discard = []
        self.known = [[0] * N_KINDS for _ in range(4)]
        self.signals = [UNCHOSEN, UNCHOSEN]
        self.phase = SIGNAL
        self.votes = [0, 0, 0, 0]
        self.emoted = [0, 0, 0, 0]
        self.round += 1
        self.log.append(("deal", self.round, *_cards(self.market)))

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        return "over" if self.winner >= 0 else PHASE_NAME[self.phase]

    def _live(self) -> bool:
        return self.winner < 0 and self.actions < self.turn_limit

    @property
    def to_act(self) -> frozenset[int]:
        if not self._live():
            return frozenset()
        if self.phase == PLAY:
            return _ALL
        return frozenset(s for s in range(4) if self.signals[s % 2] == UNCHOSEN)

    def legal_actions(self, seat: int) -> list[Action]:
        if not self._live():
            return []
        if self.phase == SIGNAL:
            return list(_SIGNALS) if self.signals[seat % 2] == UNCHOSEN else []
        hand = self.hands[seat]
        market = self.market
        takes = [t for t in range(N_KINDS) if market[t]]
        acts: list[Action] = [
            _SWAPS[g][t] for g in range(N_KINDS) if hand[g] for t in takes if t != g
        ]
        if not self.emoted[seat]:
            acts.extend(_EMOTES)
        if not self.votes[seat]:
            acts.append(_NEW_LIGHTS)
        acts.append(_LIGHTS_ON)
        acts.append(_LIGHTS_OFF[(seat + 1) % 4])
        acts.append(_LIGHTS_OFF[(seat + 3) % 4])
        return acts

    def _apply(self, seat: int, action: Action) -> None:
        self.actions += 1
        if type(action) is Emote:
            self.emoted[seat] = 1
            self.log.append(("emote", seat, action.emote))
            return
        self.emoted = [0, 0, 0, 0]
        if type(action) is Swap:
            give, take = action.give, action.take
            hand = self.hands[seat]
            hand[give] -= 1
            self.market[give] += 1
            self.market[take] -= 1
            hand[take] += 1
            known = self.known[seat]
            if known[give]:
                known[give] -= 1
            known[take] += 1
            self.votes = [0, 0, 0, 0]  # reading votes-reset
            self.log.append(("swap", seat, give, take))
        elif type(action) is ChooseSignal:
            self.signals[seat % 2] = action.emote
            self.log.append(("signal", seat % 2, seat))
            if UNCHOSEN not in self.signals:
                self.phase = PLAY
                # "GO!": everyone looks at their hand (each sees its own).
                self.log.append(("go", *(k for hand in self.hands for k in hand)))
        elif type(action) is LightsOff:
            target = action.target
            caught = self._reveal(target)
            self.log.append(("lights_off", seat, target, int(caught), *_cards(self.hands[target])))
            self._score(target % 2 if caught else seat % 2, plug=False)
        elif type(action) is NewLights:
            self.votes[seat] = 1
            self.log.append(("vote", seat))
            if all(self.votes):
                self._new_lights()
        elif type(action) is LightsOn:
            holder = teammate(seat)
            made = self._reveal(holder)
            self.log.append(("lights_on", seat, holder, int(made), *_cards(self.hands[holder])))
            self._score(seat % 2, plug=made)
        else:
            raise AssertionError(action)

    def _reveal(self, seat: int) -> bool:
        """Four identical bulbs? (Bubble Bulbs are not wild: four of them are a set.)"""
        return HAND in self.hands[seat]

    def _new_lights(self) -> None:
        """Everyone agreed: discard the Market, deal four new cards from the Bulb deck."""
        self.discard.extend(_cards(self.market))
        self.market = [0] * N_KINDS
        if len(self.deck) < MARKET:  # reading deck-runs-out
            self.deck.extend(self.discard)
            self.discard = []
            self.rng.shuffle(self.deck)
            self.log.append(("reshuffle", len(self.deck)))
        for _ in range(MARKET):
            self.market[self.deck.pop()] += 1
        self.votes = [0, 0, 0, 0]
        self.log.append(("new_lights", *_cards(self.market)))

    def _score(self, team: int, *, plug: bool) -> None:
        """A Plug or a Broken Bulb for ``team``; then the game ends or a new round starts."""
        if plug:
            self.plugs[team] += 1
            self.log.append(("plug", team, self.plugs[team]))
        else:
            self.brokens[team] += 1
            self.log.append(("broken", team, self.brokens[team]))
        if self.plugs[team] == TO_WIN:
            self.winner = team
            self.log.append(("win", team, "plugs"))
        elif self.brokens[team] == TO_WIN:
            self.winner = 1 - team
            self.log.append(("win", 1 - team, "brokens"))
        else:
            self._deal()

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        if self.phase == SIGNAL:
            return IllegalAction(
                "the round has not started: first your team secretly chooses its signal"
                f" (signal <emote>; emotes: {', '.join(EMOTES)})",
                FORM + ": each team secretly picks one signal at the start of each round",
            )
        if isinstance(action, ChooseSignal):
            mine = EMOTES[self.signals[seat % 2]]
            return IllegalAction(
                f"signals are chosen at the start of a round; your team's signal this round"
                f" is {mine}",
                FORM + ": each team secretly picks one signal at the start of each round",
            )
        if isinstance(action, Swap):
            give, take = action.give, action.take
            if not self.hands[seat][give]:
                return IllegalAction(
                    f"you hold no {KIND_NAME[give]} card to place in the Market",
                    RULE + ", Playing a Round",
                )
            held = ", ".join(_cards_names(self.market))
            return IllegalAction(
                f"the {KIND_NAME[take]} card is gone: the Market holds {held}",
                FORM + ": the first to arrive gets the card",
            )
        if isinstance(action, Emote):
            return IllegalAction(
                "you have just sent an emote: send another once someone has swapped, voted"
                " or called",
                "reading emotes-in-play",
            )
        if isinstance(action, NewLights):
            return IllegalAction(
                "you have already agreed to new lights; the Market is replaced when all four"
                " players agree",
                RULE + ", New lights?",
            )
        assert isinstance(action, LightsOff)
        if action.target == seat:
            return IllegalAction(
                "Lights OFF points at a player of the other team, not at yourself"
                f" (lights off {(seat + 1) % 4} or lights off {(seat + 3) % 4})",
                RULE + ", Lights OFF",
            )
        return IllegalAction(
            f"seat {action.target} is your teammate: Lights OFF points at a player of the"
            f" other team (lights off {(seat + 1) % 4} or lights off {(seat + 3) % 4});"
            " to have your teammate reveal, say lights on",
            RULE + ", Lights OFF",
        )

    def action_seen_by(self, seat: int, action: Action, viewer: int | None) -> str:
        """A team's signal is secret: the other team sees "chooses a signal"."""
        match action:
            case ChooseSignal():
                return secret_notation(
                    seat, action, viewer, "chooses a signal", shared_with=(teammate(seat),)
                )
        return str(action)

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self.winner >= 0:
            w = self.winner
            why = (
                f"team {w} (seats {TEAMS[w][0]} and {TEAMS[w][1]}) has three Plugs"
                if self.plugs[w] == TO_WIN
                else f"team {1 - w} has three Broken Bulbs, so team {w} (seats {TEAMS[w][0]}"
                f" and {TEAMS[w][1]}) wins"
            )
            return Outcome(
                "finished",
                winners=TEAMS[w],
                scores=tuple(float(self.plugs[s % 2] - self.brokens[s % 2]) for s in range(4)),
                ranks=tuple(1 if s % 2 == w else 3 for s in range(4)),
                reason=why,
            )
        if self.actions >= self.turn_limit:
            return turn_limit_reached(self.turn_limit, "actions")
        return _ONGOING

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = seat is not None and 0 <= seat < 4
        hand = signal = None
        if mine:
            assert seat is not None
            if self.phase == PLAY:  # reading hands-unseen-until-go
                hand = _cards_names(self.hands[seat])
            if self.signals[seat % 2] != UNCHOSEN:
                signal = EMOTES[self.signals[seat % 2]]
        return {
            "game": "lights-on",
            "seat": seat,
            "players": 4,
            "round": self.round,
            "phase": PHASE_NAME[self.phase],
            "to_act": sorted(self.to_act),
            "team": None if seat is None or not mine else seat % 2,
            "teams": [list(t) for t in TEAMS],
            "hand": hand,
            "known": [_cards_names(k) for k in self.known],
            "market": _cards_names(self.market),
            "deck": len(self.deck),
            "discard": [KIND_NAME[k] for k in self.discard],
            "signal": signal,
            "signal_chosen": [s != UNCHOSEN for s in self.signals],
            "votes": [s for s in range(4) if self.votes[s]],
            "may_emote": [not e for e in self.emoted],
            "plugs": self.plugs.copy(),
            "broken_bulbs": self.brokens.copy(),
            "actions": self.actions,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "emote":
            name = EMOTES[entry[2]]
            return {"type": "emote", "seat": entry[1], "emote": f"{EMOTE_GLYPH[name]} {name}"}
        if kind == "swap":
            return {
                "type": "swap",
                "seat": entry[1],
                "gave": KIND_NAME[entry[2]],
                "took": KIND_NAME[entry[3]],
            }
        if kind == "vote":
            return {"type": "new_lights_vote", "seat": entry[1]}
        if kind == "deal":
            return {
                "type": "deal",
                "round": entry[1],
                "market": [KIND_NAME[k] for k in entry[2:]],
            }
        if kind == "signal":
            return {"type": "signal_chosen", "team": entry[1], "seat": entry[2]}
        if kind == "go":
            if seat is None:
                return {"type": "go"}
            at = 1 + seat * N_KINDS
            return {"type": "go", "your_hand": _cards_names(list(entry[at : at + N_KINDS]))}
        if kind == "new_lights":
            return {"type": "new_lights", "market": [KIND_NAME[k] for k in entry[1:]]}
        if kind == "reshuffle":
            return {"type": "reshuffle", "deck": entry[1]}
        if kind in ("lights_on", "lights_off"):
            return {
                "type": kind,
                "seat": entry[1],
                "revealed": entry[2],
                "four_identical": bool(entry[3]),
                "hand": [KIND_NAME[k] for k in entry[4:]],
            }
        if kind in ("plug", "broken"):
            return {"type": kind, "team": entry[1], "team_total": entry[2]}
        return {"type": "win", "team": entry[1], "by": entry[2]}

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.hands = [h.copy() for h in self.hands]
        other.known = [k.copy() for k in self.known]
        other.market = self.market.copy()
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.signals = self.signals.copy()
        other.phase = self.phase
        other.votes = self.votes.copy()
        other.emoted = self.emoted.copy()
        other.plugs = self.plugs.copy()
        other.brokens = self.brokens.copy()
        other.round = self.round
        other.actions = self.actions
        other.winner = self.winner
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal the Bulb deck and every card of the other hands that is not publicly
        known (and ``seat``'s own while it has not looked), from one pool sorted by kind;
        the publicly known cards (``known``, taken from the Market) stay with their
        holders. Re-draw the other team's secret signal uniformly among the emotes."""
        hidden = [s for s in range(4) if s != seat or self.phase == SIGNAL]
        counts = [0] * N_KINDS
        for k in self.deck:
            counts[k] += 1
        for s in hidden:
            for k, (h, known) in enumerate(zip(self.hands[s], self.known[s], strict=True)):
                counts[k] += h - known
        pool = _cards(counts)  # canonical: sorted by kind, whatever the true order was
        rng.shuffle(pool)
        for s in hidden:
            hand = self.known[s].copy()
            for _ in range(HAND - sum(hand)):
                hand[pool.pop()] += 1
            self.hands[s] = hand
        self.deck = pool
        redraw(self.signals, 1 - seat % 2, _EMOTE_IDS, rng)  # the other team's signal

    def inventory(self) -> list[str]:
        cards = [KIND_NAME[k] for k in self.deck + self.discard]
        for hand in self.hands:
            cards.extend(_cards_names(hand))
        cards.extend(_cards_names(self.market))
        cards.extend(["plug"] * EACH)
        cards.extend(["broken"] * EACH)
        return cards

    def box(self) -> list[str]:
        return [name for name in (*KIND_NAME, "plug", "broken") for _ in range(EACH)]

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Lights On action; the forms are: {_FORMS} (kinds:"
                f" {', '.join(KIND_NAME)}; emotes: {', '.join(EMOTES)}; seats 0 to 3)"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return list(_SPACE)


_ALL = frozenset(range(4))
_EMOTE_IDS = tuple(range(len(EMOTES)))


def _cards(counts: list[int]) -> list[int]:
    return [k for k in range(len(counts)) for _ in range(counts[k])]


def _cards_names(counts: list[int]) -> list[str]:
    return [KIND_NAME[k] for k in range(N_KINDS) for _ in range(counts[k])]
