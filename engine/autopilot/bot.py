"""The autopilot: an honest bot that plays any burglar from what that burglar can see.

How it decides (`Bot.choose(game)`):

* It never reads the game it is given except through `resample_from_infostate`: it draws a
  few full games consistent with the player's view (face-down tiles, deck orders, future
  dice all resampled) and thinks only inside those samples. Two games that look the same
  give the same decision for the same bot seed.
* A fast rule-of-thumb `policy` (what a good player does: pick up loot, escape when the team
  holds it all, find the Safe, peek at its row and column, add dice and crack, climb the
  Stairs, keep out of the guard's way) plays a turn out in a sample.
* On its own turn the bot searches the whole rest of the turn in every sample: each
  sequence of moves, peeks, dice, cracks and hacks (transpositions merged, doubling back
  pruned; past a node budget the rule of thumb finishes), then the end of the turn as the
  engine plays it (the Event, the guard's move). A position is scored (`evaluate`: stealth,
  safes opened, the combination's progress, distance to the next goal, the guards' next
  steps), less the exact chance, from public facts, that the guard walks into a burglar
  when he moves (`hit_risk`: his route is known; past his destination he turns to the
  closest alarm, then draws patrol card after patrol card while steps remain, any card not
  yet discarded alike; a Thermo the burglar ends on rings first and calls him). Whether
  he walks in past his destination is counted only as that public chance, never as the
  sample's own next card (`defuse`: otherwise each sample would end its turn on the one
  tile its card misses, strategy fusion). Each first action
  gets the average over the same samples of the best turn it starts; the best is played,
  and the bot re-plans after every action (a peek or a die changes what it knows). It never
  steps straight back to the tile its last Move left when nothing public changed since
  (`pacing_back`).
* Every choice comes with an `Explanation` read off the plan (its line in the first sample)
  and the engine's public queries: the goal, the action's prices (`Game.hazards` and the
  alarms and Stealth a tile in sight costs), where the plan ends the turn and the chance the
  guard walks in there (or a Foyer or Camera there sees the burglar), the teammates he may
  reach, and whether a roll or card decides what the action brings; the page words it for
  hints and log lines, and calls a plan safe only when none of these is left.

The parts sit beside this module, one concern each: `goals` (what the crew works toward),
`guard_risk` (where the guards may walk), `scoring` (`Weights`, `evaluate`), `rule_of_thumb`
(`policy`, `decide`), `explain` (`Explanation`) and `signatures` (search keys, seeds).
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rules.actions import Action, ActionKind
from ..rules.data import TileKind as K
from ..rules.events import StealthLost
from ..rules.game import Game
from ..rules.infostate import resample_from_infostate
from ..rules.kinds import Hazard
from ..rules.rng import Rng
from ..rules.state import Step
from .explain import (
    Explanation,
    _event_unseen,
    _guard_on,
    _loop_steps,
    _reason,
    _sure_loss_share,
    explain,
)
from .guard_risk import (
    _GUARD_SEES,
    _rings_first,
    _thermo_on,
    _walked_into_guard,
    _with_alarm,
    end_danger,
    hit_risk,
)
from .rule_of_thumb import choose_entrance, decide, policy
from .scoring import HACK_TOKENS_WORTH, Weights, _stealth_value, ending_price, evaluate
from .signatures import _key, _mix, public_table

if TYPE_CHECKING:
    from .search import TurnSearch


@dataclass(slots=True)
class Bot:
    """Determinized whole-turn search. `seed` makes it reproducible.

    Each decision draws `worlds` samples; in each, a depth-first search over the rest of
    the turn (moves, peeks, dice, hacks, the end of the turn; transpositions merged, at
    most `nodes` positions, then the rule of thumb finishes) scores every first action by
    the best end-of-turn position it leads to, after the Event and the guard's move. The
    first action with the best average over the samples is played; the bot re-plans after
    every action (a peek or a die changes what it knows).

    Tried and not kept (bot of ddd1f7a; Bank, 2 burglars, seeds 31000-31079 and
    32000-32079, 15 and 12 wins of 80): inside a sample's search, each Move or Peek onto a
    face-down tile searched on two identities of that tile (the sample's and one swapped
    with another face-down tile of the floor), so no step before a reveal relies on what
    one sample hides there, and a peek is worth what it may show: 8 and 13, turn CPU p95
    315-322 ms; Office 48 and 55 on those seeds (49 and 52). Steps onto face-down tiles
    were rarely the trouble: in Bank seeds 31000-31011 they rang 9 of 164 alarms (peeks
    283, such steps 127). Leaving the Juicer's Crybaby out of the candidates (her games
    won 3 of 39 on those Bank blocks): 2 of 39."""

    seed: int = 0
    worlds: int = 3
    max_candidates: int = 14
    weights: Weights = field(default_factory=Weights)
    rollout_limit: int = 14
    margin: float = 0.0
    nodes: int = 200
    revisit: bool = True
    chance: int = 1
    defuse: bool = True
    last_reason: str = ""
    last_explanation: Explanation | None = None
    last_scores: dict[Action, float] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    # The last Move this bot chose: (actions applied then, the tile it left, the public
    # table then), to refuse stepping straight back when nothing public changed meanwhile.
    last_move: tuple[int, int, tuple[object, ...]] | None = None
    # Whole-turn plans compared over the same sampled worlds (`engine/autopilot/search.py`);
    # None: the bot's own choice stands.
    search: TurnSearch | None = None

    def samples(self, game: Game) -> list[Game]:
        st = game.state
        me = st.current
        return [
            resample_from_infostate(game, me, _mix(self.seed, st.actions_applied, st.turn, k))
            for k in range(self.worlds)
        ]

    def choose(self, game: Game) -> Action:
        """The bot's action for the player to move, seen through that player's eyes."""
        t0 = time.perf_counter()
        thinking = self.think(game)
        try:
            while True:
                next(thinking)
        except StopIteration as done:
            action: Action = done.value
        self.times.append(time.perf_counter() - t0)
        return action

    def think(self, game: Game) -> Generator[None, None, Action]:
        """`choose` in slices: yields after every candidate tried in every sample (a few
        milliseconds), so a page can give the browser a turn between slices; returns the
        action."""
        search = self.search
        if search is not None:
            followed = search.next_step(self, game)
            if followed is not None:  # the plan chosen goes on: nothing came to light
                step, w0, rest = followed
                self._explain(w0, step, search.plan_in(w0, step, rest), {}, 1)
                return step
        worlds = self.samples(game)
        w0 = worlds[0]
        legal = w0.legal_actions()  # the same list as the real game's: it is public
        plan: dict[tuple[object, ...], Action] = {}
        plans = [plan] + [{} for _ in worlds[1:]] if search is not None else [plan]
        if len(legal) == 1:
            self._explain(w0, legal[0], plan, {}, 1)
            return legal[0]
        st = w0.state
        if st.step == Step.ENTRANCE:
            entrance = choose_entrance(w0)
            self._explain(w0, entrance, plan, {}, len(legal))
            return entrance
        candidates = self._candidates(w0, legal)
        back = self.pacing_back(w0)
        if back in candidates and len(candidates) > 1:
            candidates.remove(back)
        if len(candidates) == 1:
            self._explain(w0, candidates[0], plan, {}, 1)
            return candidates[0]
        me = st.current
        turn = st.turn
        scores = dict.fromkeys(candidates, 0.0)
        for i, w in enumerate(worlds):
            memo: dict[tuple[object, ...], float] = {}
            count = [0]
            # The first sample's best lines: the plan told (every sample's for the search).
            line = plans[i] if i < len(plans) else None
            for a in candidates:
                if a.kind == ActionKind.END and st.pending is None:
                    scores[a] += self._end_value(w, me, turn)  # the same price as in the search
                else:
                    g = w.clone()
                    events = g.apply(a)
                    scores[a] += self._value(g, me, turn, memo, count, line)
                    if self.weights.entered and _walked_into_guard(events, me):
                        scores[a] -= self.weights.entered
                yield None
        best = max(candidates, key=lambda a: (scores[a], -candidates.index(a)))
        self.last_scores = scores
        if st.pending is None and scores[best] - scores[candidates[0]] < self.margin * len(worlds):
            best = candidates[0]  # the rule of thumb, unless the search clearly beats it
        beaten: frozenset[Action] = frozenset()
        if search is not None and st.pending is None:
            chosen = yield from search.improve(self, game, worlds, candidates, scores, plans, best)
            best = chosen[0]
            plan = {**plan, **search.plan_in(w0, best, chosen[1:])}
            beaten = search.beaten
        self._explain(w0, best, plan, scores, len(candidates), beaten)
        return best

    def _explain(
        self,
        w0: Game,
        action: Action,
        plan: dict[tuple[object, ...], Action],
        scores: dict[Action, float],
        options: int,
        beaten: frozenset[Action] = frozenset(),
    ) -> None:
        st = w0.state
        if self.search is not None and st.pending is not None:
            # A card's question: the plan followed may go on after this answer.
            plan = {**plan, **self.search.plan_past_question(w0, action)}
        self.last_reason = _reason(w0, action)
        self.last_explanation = explain(w0, action, plan, scores, options, self.worlds, beaten)
        here = st.players[st.current].pos
        self.last_move = None
        if action.kind == ActionKind.MOVE and here is not None and st.pending is None:
            self.last_move = (st.actions_applied, here, public_table(w0))

    def pacing_back(self, game: Game) -> Action | None:
        """The Move straight back to where this bot's last Move came from, when that Move was
        the last action and nothing public changed since (no tile revealed, no token, card,
        alarm or guard step): A -> B -> A would only spend actions. None otherwise."""
        last = self.last_move
        st = game.state
        if last is None or st.pending is not None:
            return None
        applied, left, before = last
        if st.actions_applied != applied + 1 or st.pace_from != left:
            return None
        if public_table(game) != before:
            return None
        return Action(ActionKind.MOVE, pos=left)

    def _value(
        self,
        g: Game,
        me: int,
        turn: int,
        memo: dict[tuple[object, ...], float],
        count: list[int],
        plan: dict[tuple[object, ...], Action] | None = None,
    ) -> float:
        """The best score reachable from `g` (a game of our own) by the end of the turn.
        `plan`, when given, records the best action found at every position searched."""
        w = self.weights
        st = g.state
        while st.pending is not None and st.step != Step.OVER and st.turn == turn:
            g.apply(decide(g))
        if st.step == Step.OVER or st.turn != turn or st.current != me:
            return evaluate(g, w)
        key = _key(g)
        got = memo.get(key)
        if got is not None:
            return got
        count[0] += 1
        if count[0] > self.nodes:
            value = self._finish(g, me, turn)
            memo[key] = value
            return value
        value = -float("inf")
        chosen = _END
        for a in self._moves(g):
            c = g.clone()
            c.apply(a)
            v = self._value(c, me, turn, memo, count, plan)
            if self.chance > 1 and c.state.rng != g.state.rng:
                # Dice were rolled (a crack, a keypad): the search must not plan on this
                # sample's luck, so the action is worth its average over other rolls.
                for j in range(1, self.chance):
                    c = g.clone()
                    c.rng = Rng(_mix(g.state.rng, j))
                    c.state.rng = c.rng.state
                    c.apply(a)
                    v += self._value(c, me, turn, memo, count, plan)
                v /= self.chance
            if v > value:
                value = v
                chosen = a
        # Ending the turn here scores as ending it on the same table with another number of
        # actions spent (a step there and back, a peek instead of a step), but for the
        # price of the idle actions: kept per table and whether an Event is drawn.
        # `_end_value` is half the bot's time; about one in five asks a table seen before.
        price = ending_price(g, me, w)
        end_key = (
            key[0],
            *key[3:],
            st.actions_taken <= g.event_threshold(me),
            st.guard_bonus,
            tuple(st.turn_flags),
        )
        at_end = memo.get(end_key)
        if at_end is None:
            at_end = self._end_value(g, me, turn, own=True) + price  # g is ours: played on
            memo[end_key] = at_end
        end = at_end - price
        if end > value:
            value = end
            chosen = _END
        if value > w.win / 2:
            # A win still some actions off is worth a point less per action: else a plan
            # that wanders first and escapes with its last action ties with escaping now
            # (Office seed 9269: off the roof Stairs and back, a Motion room's alarm paid).
            value -= 1.0
        memo[key] = value
        if plan is not None:
            plan[key] = chosen
        return value

    def _end_value(self, g: Game, me: int, turn: int, own: bool = False) -> float:
        """End the turn now (the Event, the guard's move): the score. `own`: `g` may be
        played on (no copy)."""
        w = self.weights
        st = g.state
        penalty = ending_price(g, me, w)
        if w.alarm_end:
            # Every alarm ringing as the turn ends speeds the guard up now, even one he then
            # walks through and clears (so `evaluate` after his move no longer sees it).
            penalty += w.alarm_end * sum(len(g.alarms(f)) for f in range(len(st.floors)))
        here = st.players[me].pos
        if not self.defuse:
            pay, _ = self._risk_price(g, g, here)
            e = g if own else g.clone()
            e.apply(_END)
            st = e.state
            while st.pending is not None and st.step != Step.OVER and st.turn == turn:
                e.apply(decide(e))
            return evaluate(e, w) - penalty - pay
        # Whether the guard walks into a burglar past his destination hangs on the sample's
        # next patrol card: counted as its public chance, not as the sample's draw (the
        # search would otherwise end each sample on the one tile its card misses). A Thermo
        # under the burglar rings first and calls him there: his chance is counted from
        # the position with its alarm (as the engine raises it in this sample, hack tokens
        # and all, before any hidden fact).
        thermo = here is not None and _thermo_on(g, here)
        pay, caught = (0.0, False) if thermo else self._risk_price(g, g, here)
        keep = g.clone() if thermo or caught else None
        e = g if own else g.clone()
        events = e.apply(_END)
        st = e.state
        while st.pending is not None and st.step != Step.OVER and st.turn == turn:
            events += e.apply(decide(e))
        if thermo and keep is not None and here is not None:
            rang = _rings_first(events, here)
            pay, caught = self._risk_price(_with_alarm(keep, here) if rang else keep, keep, here)
        if caught and keep is not None:
            pay *= _unspared(keep, me, turn)
        if st.outcome == "loss" and caught and keep is not None:
            return evaluate(keep, w) - penalty - pay
        back = 0.0
        for ev in events:
            if isinstance(ev, StealthLost) and ev.reason in _GUARD_SEES and not ev.from_tile:
                back += _stealth_value(ev.left + 1, w) - _stealth_value(ev.left, w)
        return evaluate(e, w) + back - penalty - pay

    def _risk_price(self, seen: Game, g: Game, here: int | None) -> tuple[float, bool]:
        """(the price of the chance the guard of `here`'s floor then walks in on each
        burglar, from `seen`'s public facts; whether one with no Stealth left may be caught).
        A burglar on a Foyer counts the tiles next to it too."""
        if here is None:
            return 0.0, False
        w = self.weights
        risk = hit_risk(seen, here >> 6)
        price = 0.0
        caught = False
        for p in g.state.players:
            if p.pos is None or p.escaped or p.pos >> 6 != here >> 6:
                continue
            t = seen.tile(p.pos)
            if t.kind == K.FOYER and t.revealed:
                chance = end_danger(seen, p.pos)
            else:
                chance = risk.get(p.pos, 0.0)
            if chance:
                if p.stealth == 0:
                    price += chance * w.hit_last
                    caught = True
                else:
                    drop = _stealth_value(p.stealth, w) - _stealth_value(p.stealth - 1, w)
                    price += chance * (w.hit + (drop if self.defuse else 0.0))
        return price, caught

    def _moves(self, g: Game) -> list[Action]:
        """The actions worth searching inside a turn (no tools, trades or doubling back)."""
        st = g.state
        me = st.players[st.current]
        pos = me.pos
        if pos is None:
            return []
        visited = set(st.visited)
        guard = st.floors[pos >> 6].guard.pos
        out: list[Action] = []
        for a in g.legal_actions():
            k = a.kind
            if k in _KEPT_AS_THEY_COME:
                out.append(a)
            elif k == _MOVE:
                if a.pos == guard or (a.pos in visited and not self.revisit):
                    continue
                if a.pos in visited and _guard_on(g, a.pos) and _guard_on(g, pos):
                    continue  # a free Flexibility step back where she stood: a loop
                out.append(a)
            elif k == _HACK:
                # Past the tokens the bot counts a hack is still an action that keeps the
                # End from drawing an Event (else a plan beside a guard hacked twice and
                # drew the Event that walked him in).
                counted = g.tile(pos).hack < HACK_TOKENS_WORTH
                if counted or st.actions_taken <= g.event_threshold(st.current):
                    out.append(a)
            elif k == _ADD_DIE and g.tile(pos).dice < 4:
                out.append(a)
        return out

    def _finish(self, g: Game, me: int, turn: int) -> float:
        """The rule of thumb plays the rest of the turn (search budget spent): the score."""
        w = self.weights
        penalty = 0.0
        n = 0
        end = Action(ActionKind.END)
        while True:
            st = g.state
            if st.step == Step.OVER or st.turn != turn or st.current != me:
                break
            if st.pending is not None:
                action = decide(g)
            elif n >= self.rollout_limit:
                action = end
            else:
                action = policy(g)
            if action.kind == ActionKind.END and st.pending is None:
                penalty += ending_price(g, me, w)
            g.apply(action)
            n += 1
        return evaluate(g, w) - penalty

    def _candidates(self, game: Game, legal: list[Action]) -> list[Action]:
        st = game.state
        if st.pending is not None:
            opts = list(legal)
            if len(opts) > self.max_candidates:
                first = decide(game)
                opts = [first, *[a for a in opts if a != first][: self.max_candidates - 1]]
            return opts
        # A step the game is lost by should it succeed is never worth trying: Fort Knox seed
        # 9305, no Stealth left, a Keypad tried under the guard (a roll nobody has made: in
        # the few tables sampled it stayed shut, and a failed try burns an action for free).
        fatal = _fatal_steps(game, legal)
        first = policy(game)
        looped = _loop_steps(game)
        if first in looped or first in fatal:
            # End is never a loop step, nor fatal as a step is
            first = next(a for a in legal if a not in looped and a not in fatal)
        keep: list[Action] = [first]
        rest: list[Action] = []
        for a in legal:
            if a == first or a in looped or a in fatal:
                continue
            k = a.kind
            if k in (ActionKind.GIVE, ActionKind.TAKE):
                continue
            if k in (ActionKind.USE, ActionKind.ABILITY):
                rest.append(a)
            else:
                keep.append(a)
        room = max(0, self.max_candidates - len(keep))
        if len(rest) > room:
            step = len(rest) / room if room else 0
            rest = [rest[int(i * step)] for i in range(room)]
        return keep + rest


def _fatal_steps(game: Game, legal: list[Action]) -> set[Action]:
    """The Moves whose public price is the game (`Hazard.CAUGHT`: seen with no Stealth left,
    should the step succeed). Only a burglar with none left can have any."""
    st = game.state
    if st.players[st.current].stealth > 0:
        return set()
    moves = (a for a in legal if a.kind == ActionKind.MOVE)
    return {a for a in moves if Hazard.CAUGHT in game.hazards(a)}


_END = Action(ActionKind.END)
# The kinds `Bot._moves` sorts, read once: on CPython 3.11 every `ActionKind.MOVE` goes
# through `EnumType.__getattr__`'s hook (about 120 ns), and `_moves` runs at every node.
_MOVE, _HACK, _ADD_DIE = ActionKind.MOVE, ActionKind.HACK, ActionKind.ADD_DIE
_KEPT_AS_THEY_COME = frozenset(
    {ActionKind.PEEK, ActionKind.CRACK, ActionKind.PICKUP, ActionKind.ESCAPE}
)


def _unspared(g: Game, me: int, turn: int) -> float:
    """1.0; or, for an End that surely walks the guard in on a burglar with no Stealth left
    and draws an Event nobody has seen, the share of the cards that may come on top whose
    End still loses (the deck's make-up is public, not its order). Priced at the full
    chance, the hope of a sparing card was worth less than the Event's price (Bank seed
    9263: three hacks dodged the Event that was the crew's one chance, and he was caught)."""
    if not _event_unseen(g):  # the cheap test first: this sits in the End's price
        return 1.0
    share = _sure_loss_share(g, g, me)
    return 1.0 if share is None else share


def play_game(game: Game, bots: list[Bot], max_actions: int = 3000) -> Game:
    """Play `game` to its end with one bot per seat."""
    n = 0
    while not game.is_over() and n < max_actions:
        game.apply(bots[game.state.current].choose(game))
        n += 1
    return game


__all__ = ["Bot", "play_game"]
