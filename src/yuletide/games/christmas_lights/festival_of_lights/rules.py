"""Festival of Lights — a simultaneous drafting game for 3 or 4 players (Christmas Lights
bonus game).

Rules implemented (the Christmas Lights rulebook, "Festival of Lights"), every sentence:

* Components: the 18 Pattern cards, 7 each of Red, Green, Yellow, Blue, Purple, Pink,
  and one more special card than players of each of Bubble Bulbs, Broken Bulbs, Plugs
  and Character cards (five of each with four players).
* Setup: each player is dealt one Pattern card face-up (the others go back to the box);
  the Bulb cards and special cards are shuffled together and nine dealt to each player
  face-down; three cards are revealed in the middle, a special card revealed there being
  replaced by the next card; the rest go back to the box.
* A round: everyone chooses one card face-down (``play red``); once everyone has chosen,
  all are revealed together. A unique card (nobody else revealed the same) is scored: it
  goes in front of its player, in a pile of its colour, and a unique special card uses its
  ability. A card matched by someone else is a "drop" and is discarded face-up in the
  middle. Everyone passes their remaining cards to the player on their left.
* The game ends when every player has one card left; those last cards go back to the box.
* Special cards (their ability only when scored; a drop never uses it):
  - Broken Bulb: kept in front of you; when you drop a card in a later round you may use
    it to score that card instead (``use broken`` / ``keep broken``); the others who
    matched your card still discard theirs; a used Broken Bulb goes back to the box.
  - Bubble Bulb: a wildcard, kept under your Pattern card until the game ends, when you
    assign it to the colour pile of your choice (``assign red``).
  - Plug: choose any card of the middle pile and score it instead (``take blue``); the
    Plug goes back to the box.
  - Character card: placed at once on one of your colour piles (``place red``), where it
    counts as two bulbs of that colour; at the end a pile with a Character card that is
    not the largest (or equal largest) pile of its colour goes back to the box, unscored.
* Game end: Bubble Bulbs are assigned; piles with Character cards are checked; for each
  colour the single largest pile collects every bulb of that colour from the middle
  (no bonus when the largest piles tie).
* Scoring: a plain bulb 1 point, a special card 2 points; Pattern Bonus 2 points for at
  least three of the colours on your Pattern card, 5 points for all five instead.
* The most points wins; ties go to the fewest cards; then the tied players share.

Rulings used (docs/rulings.md):

* Digital form of table talk, Festival of Lights: choices are hidden until all have
  chosen; a seat learns only *that* another has chosen (it leaves ``to_act``).
* Bonus games, Festival of Lights: the 3 revealed Bulb cards start the middle discard
  pile (a Plug may take them; they count toward the Largest Pile Bonus). All Character
  cards are one card type for drops, as are all Bubble Bulbs, all Plugs and all Broken
  Bulbs. A Character card scored with no colour pile yet starts a pile of a colour of
  your choice.

Readings of our own (each tested by name):

* ``left-is-next-seat``: cards pass to the next seat (seat + 1).
* ``character-identity``: which of the six characters are used does not matter (they are
  one card type), so the box holds N+1 identical "character" cards.
* ``setup-specials-to-box``: a special card revealed for the middle goes back to the box
  face-up (public), and is replaced.
* ``step-order``: abilities are used in step 2, before the drops reach the middle in
  step 3: a Plug cannot take a card dropped in the same round. The Broken Bulb decision
  belongs to step 3. Decisions of step 2 (placing a Character card, choosing what a Plug
  takes) are public and taken in any order; those of step 3 (using a Broken Bulb) are
  hidden simultaneous choices, like the card choice, and so is the final assignment of
  Bubble Bulbs (one ``assign`` per Bubble Bulb).
* ``plug-takes-with-ability``: a special card a Plug takes from the middle is scored, so
  it uses its ability (a taken Plug takes again; a taken Character is placed).
* ``plug-empty-middle``: a scored Plug with nothing in the middle to take stays in front
  of its player as a special card (2 points, in no colour pile).
* ``rescued-drop-no-ability``: a dropped card scored with a Broken Bulb is scored, but a
  drop never uses its ability: a rescued plain bulb goes on its colour pile, a rescued
  special card lies in front of the player as a special card (2 points, no pile).
* ``saved-broken-scores``: a Broken Bulb kept and never used is a scored special card:
  2 points at the end (in no pile).
* ``pile-exists``: a colour pile exists once it holds a card (a plain bulb or a Character
  card); Bubble Bulbs under the Pattern card are not in a pile yet. A Bubble Bulb may be
  assigned to any colour, starting a pile.
* ``pile-size``: a pile's size counts its plain bulbs and Bubble Bulbs once and its
  Character cards twice; the Character check compares every pile as it stands after the
  Bubble Bulbs are assigned, all at once; the Largest Pile Bonus uses the sizes after it.
* ``have-a-colour``: you "have" a colour of your Pattern card when you have a pile of it
  at the end (after the Character check and the bonus).
* ``cards-for-ties``: "number of cards" counts the cards in front of you at the end:
  every card in a pile (a Character card is one card), kept Broken Bulbs and other
  special cards.
* Turn limit (docs/rulings.md#every-game-safety-limits): option ``turn_limit`` (actions); the
  game is finite (eight rounds), so the limit is only a guard.

Knowledge: your own hand and your pending choice; everything scored, dropped, saved or
placed (face-up); and, as a memory aid, the cards of every hand you passed on and have
not seen since (a hand you held, minus the cards revealed from it since: after the first
pass you know your left neighbour's hand). Your own cards come to you by events: the
deal shows you your nine cards and every pass the hand you receive (each private to its
receiver; the table sees only the deal and the pass). Other seats' pending choices
(card, Broken Bulb, Bubble assignments) are never shown or logged, only that they were
made; another seat's choice is seen as "chooses a card" (``action_seen_by``).

``determinize(seat, rng)`` depends only on what ``seat`` knows and on ``rng``: the hands
it has never held (with their pending choices) and the face-down box cards form one pool,
put in canonical order (sorted by kind) and shuffled, then dealt back in the same sizes;
every other seat's pending card choice is re-drawn uniformly from its cards (from the
known packet, for a hand ``seat`` has held), a pending Broken Bulb decision uniformly
between use and keep, and pending Bubble assignments uniformly among the colours. What
the other seats know (the hands they passed on) is a fact of the re-dealt world, so it
stays true. Phases (``current_phase``): ``choose`` (hidden card choices pending),
``resolve`` (public step-2 decisions: placing a Character, a Plug's take),
``broken-bulbs`` (hidden Broken Bulb decisions pending), ``assign-bubbles`` (hidden
Bubble assignments pending) and ``over``.

Options: ``turn_limit`` (default 1000 actions).

Version history: 1 — first release.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from yuletide.core.errors import IllegalAction, NotationError
from yuletide.core.options import Option
from yuletide.core.rng import Rng
from yuletide.core.simultaneous import UNCHOSEN, everyone_chose, redraw, secret_notation, waiting
from yuletide.core.state import ONGOING as _ONGOING
from yuletide.core.state import (
    Action,
    LogEntry,
    Outcome,
    State,
    competition_ranks,
    turn_limit_reached,
)
from yuletide.games.christmas_lights.content import COLOURS, CONTENT, GLYPHS

RULE = "Festival of Lights"
N_COLOURS = 6
BUBBLE, BROKEN, PLUG, CHARACTER = 6, 7, 8, 9
N_KINDS = 10
KIND_NAME: tuple[str, ...] = (*COLOURS, "bubble", "broken", "plug", "character")
KIND_ID = {name: i for i, name in enumerate(KIND_NAME)}
KIND_GLYPH: dict[str, str] = {**GLYPHS, "character": "@"}
HAND = 9
MIDDLE = 3
PATTERN_IDS = tuple(p.id for p in CONTENT.patterns)
PATTERN_LIGHTS = tuple(tuple(COLOURS.index(c) for c in p.lights) for p in CONTENT.patterns)

CHOOSE, RESOLVE, RESCUE, ASSIGN, OVER = range(5)
PHASE_NAME = ("choose", "resolve", "broken-bulbs", "assign-bubbles", "over")
#: What a seat must still do in step 2 (RESOLVE).
NOTHING, PLACE, TAKE = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Choose the card you reveal this round (secret until everyone has chosen)."""

    kind: int

    def __str__(self) -> str:
        return f"play {KIND_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put your scored Character card on your pile of this colour."""

    colour: int

    def __str__(self) -> str:
        return f"place {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """With your scored Plug, score this card from the middle instead."""

    kind: int

    def __str__(self) -> str:
        return f"take {KIND_NAME[self.kind]}"


@dataclass(frozen=True, slots=True)
class UseBroken(Action):
    """Use a kept Broken Bulb to score the card you dropped (secret until all decide)."""

    use: bool

    def __str__(self) -> str:
        return "use broken" if self.use else "keep broken"


@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Add one Bubble Bulb from under your Pattern card to a colour pile (secret)."""

    colour: int

    def __str__(self) -> str:
        return f"assign {COLOURS[self.colour]}"


_PLAY = tuple(Play(k) for k in range(N_KINDS))
_PLACE = tuple(Place(c) for c in range(N_COLOURS))
_TAKE = tuple(Take(k) for k in range(N_KINDS))
_USE = UseBroken(True)
_KEEP = UseBroken(False)
_ASSIGN = tuple(Assign(c) for c in range(N_COLOURS))
_SPACE: list[Action] = [*_PLAY, *_PLACE, *_TAKE, _USE, _KEEP, *_ASSIGN]
_NOTATION: dict[str, Action] = {str(a): a for a in _SPACE}
_FORMS = "play <card> | place <colour> | take <card> | use broken | keep broken | assign <colour>"
_SECRET_LABEL: dict[type[Action], str] = {
    Play: "chooses a card",
    UseBroken: "decides about a Broken Bulb",
    Assign: "assigns a Bubble Bulb",
}


class FestivalOfLights(State):
    game_id: ClassVar[str] = "festival-of-lights"
    title: ClassVar[str] = "Festival of Lights"
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    #: choose: hidden card choices pending; resolve: Character placements and Plug takes
    #: (public); broken-bulbs: hidden Broken Bulb decisions pending; assign-bubbles:
    #: hidden Bubble Bulb assignments pending; over.
    phases: ClassVar[tuple[str, ...]] = PHASE_NAME
    options_spec: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            1000,
            "actions after which the game ends unfinished (safety limit)",
            minimum=1,
            maximum=1_000,
        ),
    )
    fields: ClassVar[tuple[str, ...]] = (
        "patterns",
        "patterns_box",
        "hands",
        "chosen",
        "revealed",
        "pending",
        "rescuers",
        "rescue",
        "piles",
        "chars",
        "bubbles",
        "assigned",
        "saved",
        "loose",
        "middle",
        "box_hidden",
        "box_known",
        "round",
        "phase",
        "actions",
        "scores",
        "cards",
    )
    __slots__ = (*fields, "turn_limit")

    patterns: list[int]  # per seat, its Pattern card (index into CONTENT.patterns)
    patterns_box: list[int]  # the Pattern cards returned to the box (sorted: no secret)
    hands: list[list[int]]  # per seat, a count per kind
    chosen: list[int]  # per seat, the kind chosen this round (hidden), UNCHOSEN before
    revealed: list[int]  # per seat, its revealed card while it awaits resolution, or -1
    pending: list[int]  # per seat, NOTHING / PLACE / TAKE (step 2)
    rescuers: list[int]  # seats deciding on a Broken Bulb this round (step 3)
    rescue: list[int]  # per seat, 1 use / 0 keep (hidden until all decide), UNCHOSEN
    piles: list[list[int]]  # per seat, plain bulbs per colour pile
    chars: list[list[int]]  # per seat, Character cards per colour pile
    bubbles: list[int]  # per seat, Bubble Bulbs under its Pattern card (not yet assigned)
    assigned: list[list[int]]  # per seat, Bubble Bulbs assigned per colour at the end
    saved: list[int]  # per seat, Broken Bulbs kept for later use
    loose: list[list[int]]  # per seat, special cards scored in no pile, per kind
    middle: list[int]  # the middle discard pile, a count per kind (face-up)
    box_hidden: list[int]  # cards back in the box nobody has seen, per kind
    box_known: list[int]  # cards back in the box face-up (used, set aside, lost), per kind
    round: int  # 0-based
    phase: int
    actions: int
    scores: list[int]  # per seat at the end, else []
    cards: list[int]  # per seat at the end (for ties), else []
    turn_limit: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        n = self.players
        self.turn_limit = int(self.options["turn_limit"])
        order = list(range(len(PATTERN_IDS)))
        self.rng.shuffle(order)
        self.patterns = order[:n]
        self.patterns_box = sorted(order[n:])
        deck = [c for c in range(N_COLOURS) for _ in range(CONTENT.bulb_deck[COLOURS[c]])]
        deck.extend(k for k in (BUBBLE, BROKEN, PLUG, CHARACTER) for _ in range(n + 1))
        self.rng.shuffle(deck)
        self.hands = [[0] * N_KINDS for _ in range(n)]
        for seat in range(n):
            for _ in range(HAND):
                self.hands[seat][deck.pop()] += 1
        self.log.append(("deal", HAND, *_flat(self.hands)))
        self.middle = [0] * N_KINDS
        self.box_known = [0] * N_KINDS
        shown = 0
        while shown < MIDDLE:
            card = deck.pop()
            if card >= N_COLOURS:  # a special card: replace it (reading setup-specials-to-box)
                self.box_known[card] += 1
                self.log.append(("set_aside", card))
                continue
            self.middle[card] += 1
            self.log.append(("middle", card))
            shown += 1
        self.box_hidden = [deck.count(k) for k in range(N_KINDS)]
        self.chosen = [UNCHOSEN] * n
        self.revealed = [-1] * n
        self.pending = [NOTHING] * n
        self.rescuers = []
        self.rescue = [UNCHOSEN] * n
        self.piles = [[0] * N_COLOURS for _ in range(n)]
        self.chars = [[0] * N_COLOURS for _ in range(n)]
        self.bubbles = [0] * n
        self.assigned = [[0] * N_COLOURS for _ in range(n)]
        self.saved = [0] * n
        self.loose = [[0] * N_KINDS for _ in range(n)]
        self.round = 0
        self.phase = CHOOSE
        self.actions = 0
        self.scores = []
        self.cards = []

    # ------------------------------------------------------------- the rules

    @property
    def current_phase(self) -> str:
        return PHASE_NAME[self.phase]

    @property
    def to_act(self) -> frozenset[int]:
        phase = self.phase
        if phase == OVER or self.actions >= self.turn_limit:
            return frozenset()
        seats = range(self.players)
        if phase == CHOOSE:
            return waiting(self.chosen, seats)
        if phase == RESOLVE:
            return frozenset(s for s in seats if self.pending[s])
        if phase == RESCUE:
            return waiting(self.rescue, self.rescuers)
        return frozenset(s for s in seats if self.bubbles[s])

    def _pile_colours(self, seat: int) -> list[int]:
        """Reading pile-exists: the colours of ``seat``'s piles (a plain bulb or a
        Character card in it)."""
        piles, chars = self.piles[seat], self.chars[seat]
        return [c for c in range(N_COLOURS) if piles[c] or chars[c]]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        phase = self.phase
        if phase == CHOOSE:
            hand = self.hands[seat]
            return [_PLAY[k] for k in range(N_KINDS) if hand[k]]
        if phase == RESOLVE:
            if self.pending[seat] == PLACE:
                # ruling Festival of Lights: character-starts-a-pile (in any colour).
                colours = self._pile_colours(seat) or list(range(N_COLOURS))
                return [_PLACE[c] for c in colours]
            return [_TAKE[k] for k in range(N_KINDS) if self.middle[k]]
        if phase == RESCUE:
            return [_USE, _KEEP]
        return list(_ASSIGN)

    def _apply(self, seat: int, action: Action) -> None:
        self.actions += 1
        if type(action) is Play:
            self.hands[seat][action.kind] -= 1
            self.chosen[seat] = action.kind
            self.log.append(("chose", seat))
            if everyone_chose(self.chosen, range(self.players)):
                self._reveal()
        elif type(action) is Place:
            self.chars[seat][action.colour] += 1
            self.revealed[seat] = -1
            self.pending[seat] = NOTHING
            self.log.append(("place", seat, action.colour))
            self._after_step_two()
        elif type(action) is Take:
            kind = action.kind
            self.box_known[PLUG] += 1  # "After you use a Plug, put it back in the box"
            self.middle[kind] -= 1
            self.revealed[seat] = -1
            self.pending[seat] = NOTHING
            self.log.append(("take", seat, kind))
            self._score(seat, kind)  # reading plug-takes-with-ability
            self._after_step_two()
        elif type(action) is Assign:
            self.bubbles[seat] -= 1
            self.assigned[seat][action.colour] += 1
            self.log.append(("assigning", seat))
            if not any(self.bubbles):
                for s in range(self.players):
                    if any(self.assigned[s]):
                        self.log.append(("assigned", s, *self.assigned[s]))
                self._final_scoring()
        elif type(action) is UseBroken:
            self.rescue[seat] = int(action.use)
            self.log.append(("decided", seat))
            if everyone_chose(self.rescue, self.rescuers):
                self._resolve_rescues()
        else:
            raise AssertionError(action)

    def _reveal(self) -> None:
        """Step 1 ends: every choice is revealed at once; step 2 scores the unique cards."""
        n = self.players
        shown = self.chosen
        self.chosen = [UNCHOSEN] * n
        self.log.append(("reveal", *shown))
        for seat in range(n):
            kind = shown[seat]
            if shown.count(kind) == 1:
                self._score(seat, kind)
            else:
                self.revealed[seat] = kind  # a drop: step 3
        self.phase = RESOLVE
        self._after_step_two()

    def _score(self, seat: int, kind: int) -> None:
        """Score ``kind`` for ``seat`` with its ability (a unique card, or a Plug's take)."""
        if kind < N_COLOURS:
            self.piles[seat][kind] += 1
            self.log.append(("score", seat, kind))
        elif kind == BUBBLE:
            self.bubbles[seat] += 1
            self.log.append(("bubble", seat))
        elif kind == BROKEN:
            self.saved[seat] += 1
            self.log.append(("keep", seat))
        elif kind == CHARACTER:
            self.revealed[seat] = CHARACTER
            self.pending[seat] = PLACE
            self.log.append(("character", seat))
        elif any(self.middle):
            self.revealed[seat] = PLUG
            self.pending[seat] = TAKE
            self.log.append(("plug", seat))
        else:  # reading plug-empty-middle
            self.loose[seat][PLUG] += 1
            self.log.append(("plug_kept", seat))

    def _after_step_two(self) -> None:
        """Once nobody has a step-2 decision left, step 3: drops (and Broken Bulbs)."""
        if any(self.pending):
            return
        self.rescuers = [s for s in range(self.players) if self.revealed[s] >= 0 and self.saved[s]]
        if self.rescuers:
            self.phase = RESCUE
            self.rescue = [UNCHOSEN] * self.players
            return
        self._discard_drops()

    def _resolve_rescues(self) -> None:
        """Every Broken Bulb decision is in: reveal them and score the rescued drops."""
        for seat in self.rescuers:
            use = self.rescue[seat]
            self.log.append(("broken_bulb", seat, use))
            if use:
                kind = self.revealed[seat]
                self.saved[seat] -= 1
                self.box_known[BROKEN] += 1  # "put it back in the box"
                if kind < N_COLOURS:
                    self.piles[seat][kind] += 1
                else:  # reading rescued-drop-no-ability
                    self.loose[seat][kind] += 1
                self.revealed[seat] = -1
        self.rescuers = []
        self.rescue = [UNCHOSEN] * self.players
        self._discard_drops()

    def _discard_drops(self) -> None:
        """Step 3: drops go face-up to the middle. Step 4: pass the hands left."""
        n = self.players
        for seat in range(n):
            kind = self.revealed[seat]
            if kind >= 0:
                self.middle[kind] += 1
                self.revealed[seat] = -1
                self.log.append(("drop", seat, kind))
        if all(sum(hand) == 1 for hand in self.hands):
            # "Put those last cards back in the box instead of playing or discarding them."
            for hand in self.hands:
                for k in range(N_KINDS):
                    self.box_hidden[k] += hand[k]
                    hand[k] = 0
            self.log.append(("last_cards",))
            if any(self.bubbles):
                self.phase = ASSIGN
                self.log.append(("assign_bubbles",))
            else:
                self._final_scoring()
            return
        self.hands = [self.hands[(s - 1) % n] for s in range(n)]  # reading left-is-next-seat
        self.round += 1
        self.phase = CHOOSE
        # Each seat is shown the hand it receives (private to it).
        self.log.append(("pass", self.round + 1, *_flat(self.hands)))

    def _sizes(self) -> list[list[int]]:
        """Reading pile-size: plain bulbs and Bubble Bulbs once, Character cards twice."""
        return [
            [
                self.piles[s][c] + self.assigned[s][c] + 2 * self.chars[s][c]
                for c in range(N_COLOURS)
            ]
            for s in range(self.players)
        ]

    def _final_scoring(self) -> None:
        """At Game End: Character checks, Largest Pile Bonus, then Scoring."""
        n = self.players
        sizes = self._sizes()
        lost = []
        for seat in range(n):
            for c in range(N_COLOURS):
                if self.chars[seat][c]:
                    best = max((sizes[t][c] for t in range(n) if t != seat), default=0)
                    if sizes[seat][c] < best:
                        lost.append((seat, c, sizes[seat][c], best))
        for seat, c, size, best in lost:
            self.box_known[c] += self.piles[seat][c]
            self.box_known[BUBBLE] += self.assigned[seat][c]
            self.box_known[CHARACTER] += self.chars[seat][c]
            self.piles[seat][c] = self.assigned[seat][c] = self.chars[seat][c] = 0
            self.log.append(("pile_lost", seat, c, size, best))
        sizes = self._sizes()
        for c in range(N_COLOURS):
            top = max(sizes[s][c] for s in range(n))
            leaders = [s for s in range(n) if sizes[s][c] == top]
            if top and len(leaders) == 1:
                got = self.middle[c]
                self.piles[leaders[0]][c] += got
                self.middle[c] = 0
                self.log.append(("largest_pile", leaders[0], c, got))
        scores, cards = [], []
        for seat in range(n):
            plain = sum(self.piles[seat])
            special = (
                sum(self.assigned[seat])
                + sum(self.chars[seat])
                + self.saved[seat]
                + sum(self.loose[seat])
            )
            have = sum(
                1
                for c in PATTERN_LIGHTS[self.patterns[seat]]
                if self.piles[seat][c] or self.assigned[seat][c] or self.chars[seat][c]
            )
            bonus = 5 if have == 5 else 2 if have >= 3 else 0
            score = plain + 2 * special + bonus
            scores.append(score)
            cards.append(plain + special)
            self.log.append(("final", seat, score, plain, special, bonus, plain + special))
        self.scores = scores
        self.cards = cards
        self.phase = OVER

    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        phase = self.phase
        if phase == CHOOSE:
            if isinstance(action, Play):
                return IllegalAction(
                    f"you hold no {KIND_NAME[action.kind]} card", RULE + ", How to Play 1"
                )
            return IllegalAction(
                "everyone is choosing a card to reveal: play one of your cards (play <card>)",
                RULE + ", How to Play 1",
            )
        if phase == RESOLVE:
            if self.pending[seat] == PLACE:
                # ruling Festival of Lights: character-starts-a-pile (in any colour).
                colours = ", ".join(COLOURS[c] for c in self._pile_colours(seat)) or (
                    "you have none yet: any colour starts one"
                )
                if isinstance(action, Place):
                    return IllegalAction(
                        f"you have no {COLOURS[action.colour]} pile: a Character card goes on"
                        f" one of your colour piles ({colours})",
                        RULE + ", Character card",
                    )
                return IllegalAction(
                    f"place your Character card on one of your colour piles ({colours}):"
                    " place <colour>",
                    RULE + ", Character card",
                )
            held = ", ".join(_names(self.middle)) or "nothing"
            if isinstance(action, Take):
                return IllegalAction(
                    f"the middle has no {KIND_NAME[action.kind]} card; it holds {held}",
                    RULE + ", Plug",
                )
            return IllegalAction(
                f"choose a card from the middle to score instead of your Plug (take <card>);"
                f" the middle holds {held}",
                RULE + ", Plug",
            )
        if phase == RESCUE:
            return IllegalAction(
                "you dropped a card and keep a Broken Bulb: decide whether to use it to score"
                " the card (use broken | keep broken)",
                RULE + ", Broken Bulb",
            )
        return IllegalAction(
            "assign each Bubble Bulb under your Pattern card to a colour pile (assign <colour>)",
            RULE + ", At Game End",
        )

    def action_seen_by(self, seat: int, action: Action, viewer: int | None) -> str:
        """Hidden choices (cards, Broken Bulb decisions, Bubble assignments) are seen by
        the others only as having been made."""
        label = _SECRET_LABEL.get(type(action))
        if label is None:
            return str(action)
        return secret_notation(seat, action, viewer, label)

    # -------------------------------------------------------------- windows

    @property
    def outcome(self) -> Outcome:
        if self.phase == OVER:
            keys = [(self.scores[s], -self.cards[s]) for s in range(self.players)]
            best = max(keys)
            winners = tuple(s for s in range(self.players) if keys[s] == best)
            top_score = [s for s in range(self.players) if self.scores[s] == best[0]]
            tiebreak = None
            if len(top_score) > 1:
                tiebreak = (
                    "shared: equal points and equal numbers of cards"
                    if len(winners) > 1
                    else "fewest cards among the players with the most points"
                )
            names = " and ".join(f"seat {w}" for w in winners)
            return Outcome(
                "finished",
                winners=winners,
                scores=tuple(float(x) for x in self.scores),
                ranks=competition_ranks(keys),
                tiebreak=tiebreak,
                reason=f"{names} scored the most points ({best[0]})",
            )
        if self.actions >= self.turn_limit:
            return turn_limit_reached(self.turn_limit, "actions")
        return _ONGOING

    def _seen(self, seat: int, other: int) -> bool:
        """Whether ``seat`` held the hand ``other`` holds now (it passed it on since)."""
        d = (other - seat) % self.players
        return 1 <= d <= self.round

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        mine = seat is not None and 0 <= seat < n
        hand = choice = None
        seen: list[list[str] | None] = [None] * n
        if mine:
            assert seat is not None
            hand = _names(self.hands[seat])
            if self.chosen[seat] != UNCHOSEN:
                choice = KIND_NAME[self.chosen[seat]]
            for other in range(n):
                if other != seat and self._seen(seat, other):
                    packet = self.hands[other].copy()
                    if self.chosen[other] != UNCHOSEN:
                        packet[self.chosen[other]] += 1
                    seen[other] = _names(packet)
        decision = None
        if mine and self.phase == RESCUE and seat in self.rescuers:
            assert seat is not None
            if self.rescue[seat] != UNCHOSEN:
                decision = "use broken" if self.rescue[seat] else "keep broken"
        assigned = None
        if mine and self.phase in (ASSIGN, OVER):
            assert seat is not None
            assigned = _colour_counts(self.assigned[seat])
        return {
            "game": "festival-of-lights",
            "seat": seat,
            "players": n,
            "round": self.round + 1,
            "phase": PHASE_NAME[self.phase],
            "to_act": sorted(self.to_act),
            "patterns": [
                {"id": PATTERN_IDS[p], "lights": [COLOURS[c] for c in PATTERN_LIGHTS[p]]}
                for p in self.patterns
            ],
            "hand": hand,
            "choice": choice,
            "hands_seen": seen,
            "hand_sizes": [
                sum(h) + (c != UNCHOSEN) for h, c in zip(self.hands, self.chosen, strict=True)
            ],
            "revealed": [KIND_NAME[k] if k >= 0 else None for k in self.revealed],
            "pending": [
                ("", "place a Character card", "take with a Plug")[p] for p in self.pending
            ],
            "broken_bulb_deciders": list(self.rescuers),
            "your_broken_bulb_decision": decision,
            "piles": [_colour_counts(p) for p in self.piles],
            "characters": [_colour_counts(c) for c in self.chars],
            "bubbles_under_pattern": self.bubbles.copy(),
            "bubbles_assigned": (
                [_colour_counts(a) for a in self.assigned]
                if self.phase == OVER
                else [sum(a) for a in self.assigned]
            ),
            "your_bubbles_assigned": assigned,
            "broken_bulbs_kept": self.saved.copy(),
            "loose": [_names(loose) for loose in self.loose],
            "middle": _names(self.middle),
            "box_face_up": _names(self.box_known),
            "box_face_down": sum(self.box_hidden),
            "scores": self.scores.copy(),
            "cards": self.cards.copy(),
            "actions": self.actions,
            "turn_limit": self.turn_limit,
            "outcome": self.outcome.to_dict(),
        }

    def _render_event(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        kind = entry[0]
        if kind == "reveal":
            return {"type": "reveal", "cards": [KIND_NAME[k] for k in entry[1:]]}
        if kind in ("chose", "decided", "assigning", "character", "plug", "plug_kept"):
            label = {
                "chose": "chose_a_card",
                "decided": "decided_about_a_broken_bulb",
                "assigning": "assigned_a_bubble_bulb",
                "character": "scores_a_character_card",
                "plug": "scores_a_plug",
                "plug_kept": "keeps_a_plug_the_middle_is_empty",
            }[kind]
            return {"type": label, "seat": entry[1]}
        if kind in ("score", "drop", "take"):
            return {"type": kind, "seat": entry[1], "card": KIND_NAME[entry[2]]}
        if kind == "bubble":
            return {"type": "bubble_under_pattern", "seat": entry[1]}
        if kind == "keep":
            return {"type": "broken_bulb_kept", "seat": entry[1]}
        if kind == "place":
            return {"type": "place_character", "seat": entry[1], "pile": COLOURS[entry[2]]}
        if kind == "broken_bulb":
            return {"type": "broken_bulb", "seat": entry[1], "used": bool(entry[2])}
        if kind in ("middle", "set_aside"):
            return {"type": kind, "card": KIND_NAME[entry[1]]}
        if kind == "deal":
            event = {"type": "deal", "cards_each": entry[1]}
            if seat is not None:
                event["your_hand"] = _packed_hand(entry, 2, seat)
            return event
        if kind == "pass":
            event = {"type": "pass_left", "round": entry[1]}
            if seat is not None:
                event["you_receive"] = _packed_hand(entry, 2, seat)
            return event
        if kind in ("last_cards", "assign_bubbles"):
            return {"type": kind}
        if kind == "assigned":
            return {
                "type": "bubbles_assigned",
                "seat": entry[1],
                "piles": _colour_counts(list(entry[2:])),
            }
        if kind == "pile_lost":
            return {
                "type": "character_pile_lost",
                "seat": entry[1],
                "pile": COLOURS[entry[2]],
                "size": entry[3],
                "largest_other": entry[4],
            }
        if kind == "largest_pile":
            return {
                "type": "largest_pile_bonus",
                "seat": entry[1],
                "colour": COLOURS[entry[2]],
                "bulbs": entry[3],
            }
        return {
            "type": "final_score",
            "seat": entry[1],
            "points": entry[2],
            "plain_bulbs": entry[3],
            "special_cards": entry[4],
            "pattern_bonus": entry[5],
            "cards": entry[6],
        }

    # ------------------------------------------------------ copies and worlds

    def clone(self) -> Self:
        other = self._clone_base()
        other.patterns = self.patterns.copy()
        other.patterns_box = self.patterns_box.copy()
        other.hands = [h.copy() for h in self.hands]
        other.chosen = self.chosen.copy()
        other.revealed = self.revealed.copy()
        other.pending = self.pending.copy()
        other.rescuers = self.rescuers.copy()
        other.rescue = self.rescue.copy()
        other.piles = [p.copy() for p in self.piles]
        other.chars = [c.copy() for c in self.chars]
        other.bubbles = self.bubbles.copy()
        other.assigned = [a.copy() for a in self.assigned]
        other.saved = self.saved.copy()
        other.loose = [x.copy() for x in self.loose]
        other.middle = self.middle.copy()
        other.box_hidden = self.box_hidden.copy()
        other.box_known = self.box_known.copy()
        other.round = self.round
        other.phase = self.phase
        other.actions = self.actions
        other.scores = self.scores.copy()
        other.cards = self.cards.copy()
        other.turn_limit = self.turn_limit
        return other

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Re-deal the hands ``seat`` has never held (with their pending choices) and the
        unseen box cards, from one pool in canonical order (sorted by kind); re-draw
        every other seat's pending choices (card, Broken Bulb, Bubble assignments) from
        what it could have chosen. Nothing hidden is copied: the hands ``seat`` has held
        are known to it, everything else comes out of the shuffled pool."""
        n = self.players
        hands, chosen = self.hands, self.chosen
        unseen = [s for s in range(n) if s != seat and not self._seen(seat, s)]
        counts = self.box_hidden.copy()
        sizes = []
        for s in unseen:
            hand = hands[s]
            for k in range(N_KINDS):
                counts[k] += hand[k]
            if chosen[s] != UNCHOSEN:
                counts[chosen[s]] += 1
            sizes.append(sum(hand) + (chosen[s] != UNCHOSEN))
        pool = _cards(counts)  # canonical: sorted by kind, whatever the true split was
        rng.shuffle(pool)
        for s, size in zip(unseen, sizes, strict=True):
            hand = [0] * N_KINDS
            for _ in range(size):
                hand[pool.pop()] += 1
            hands[s] = hand
            chosen[s] = UNCHOSEN if chosen[s] == UNCHOSEN else self._redraw_choice(s, rng)
        self.box_hidden = [0] * N_KINDS
        for k in pool:
            self.box_hidden[k] += 1
        for s in range(n):
            if s == seat:
                continue
            if s not in unseen and chosen[s] != UNCHOSEN:
                hands[s][chosen[s]] += 1  # the packet ``seat`` knows: hand and choice
                chosen[s] = self._redraw_choice(s, rng)
            redraw(self.rescue, s, (0, 1), rng)  # keep or use, as far as ``seat`` knows
            given = sum(self.assigned[s])
            if given and self.phase == ASSIGN:  # public only once everyone has assigned
                picks = [0] * N_COLOURS
                for _ in range(given):
                    picks[rng.below(N_COLOURS)] += 1
                self.assigned[s] = picks

    def _redraw_choice(self, seat: int, rng: Rng) -> int:
        """Take one card, drawn uniformly, out of ``seat``'s hand as its pending choice."""
        cards = _cards(self.hands[seat])
        kind = cards[rng.below(len(cards))]
        self.hands[seat][kind] -= 1
        return kind

    def inventory(self) -> list[str]:
        counts = self.middle.copy()
        for k in range(N_KINDS):
            counts[k] += self.box_hidden[k] + self.box_known[k]
        for s in range(self.players):
            for k in range(N_KINDS):
                counts[k] += self.hands[s][k] + self.loose[s][k]
            for c in range(N_COLOURS):
                counts[c] += self.piles[s][c]
                counts[BUBBLE] += self.assigned[s][c]
                counts[CHARACTER] += self.chars[s][c]
            counts[BUBBLE] += self.bubbles[s]
            counts[BROKEN] += self.saved[s]
            for k in (self.chosen[s], self.revealed[s]):
                if k >= 0:
                    counts[k] += 1
        cards = _names(counts)
        cards.extend(PATTERN_IDS[p] for p in self.patterns)
        cards.extend(PATTERN_IDS[p] for p in self.patterns_box)
        return cards

    def box(self) -> list[str]:
        counts = [CONTENT.bulb_deck[c] for c in COLOURS] + [self.players + 1] * 4
        return _names(counts) + list(PATTERN_IDS)

    # --------------------------------------------------------------- notation

    @classmethod
    def parse_action(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {text!r}")
        action = _NOTATION.get(" ".join(text.lower().split()))
        if action is None:
            raise NotationError(
                f"{text!r} is not a Festival of Lights action; the forms are: {_FORMS}"
                f" (cards: {', '.join(KIND_NAME)}; colours: {', '.join(COLOURS)})"
            )
        return action

    @classmethod
    def action_space(cls, players: int) -> list[Action]:
        return list(_SPACE)


def _flat(hands: list[list[int]]) -> list[int]:
    """Every seat's hand (a count per kind), one after another, for a log entry."""
    return [count for hand in hands for count in hand]


def _packed_hand(entry: LogEntry, start: int, seat: int) -> list[str]:
    """``seat``'s hand out of a log entry holding every hand from item ``start`` on."""
    at = start + seat * N_KINDS
    return _names(list(entry[at : at + N_KINDS]))


def _cards(counts: list[int]) -> list[int]:
    return [k for k in range(len(counts)) for _ in range(counts[k])]


def _names(counts: list[int]) -> list[str]:
    return [KIND_NAME[k] for k in range(len(counts)) for _ in range(counts[k])]


def _colour_counts(counts: list[int]) -> dict[str, int]:
    return {COLOURS[c]: counts[c] for c in range(N_COLOURS) if counts[c]}
