"""A search layer over the autopilot: whole-turn plans compared over the same sampled worlds.

The bot (`engine.autopilot.bot.Bot`) plans each sampled world on its own: in a world it
knows every face-down tile, so the best turn it finds there may rely on what that world
hides (strategy fusion), and its score stops at the guard's move after the turn. This
module adds a SPARTA-style check on top (Lerer et al., AAAI 2020), from the view and the
sampler only:

* the candidate plans are the bot's own lines: for its best few first actions, the turn
  its search found in each of its worlds (what it would play there, up to End);
* each plan is played, as it stands, in the same `worlds` fresh samples of the view
  (`resample_from_infostate`, seeded from public facts and the bot's seed): an action the
  world does not allow hands over to the rule of thumb, which plays the rest of the turn;
  a plan whose End leaves actions unused ends there (before, the rule of thumb played
  them, so "end here" was scored as its walk: in Office dev seed 9074 the last burglar,
  holding the Loot, stepped into the guard again and again to dodge an Event); the
  decisions a card asks get the rule of thumb's answer; the turn ends as each world plays
  it (its Event, its patrol card, the alarms on the guard's way: a plan is the same in
  every world, so the world's own draw is a fair sample; the bot's own price, the public
  chance the guard walks in, misses the guard an alarm at the end of the turn sends), or
  as the bot prices it (`world_end` False). With `horizon` 1 the next burglar's turn is
  played on by the rule of thumb too, and what it changes is added;
* a line pays what the bot's own scores charge that the worlds do not: `Weights.entered`
  for each step into a guard's tile, on top of its token (without it, a line the bot
  ranked lower for that very step could replace its plan);
* the bot's own plan is kept unless another beats it on average over the same worlds by
  `margin` (points of `evaluate`) per world;
* the chosen plan is then followed action by action while nothing comes to light (its
  last action, played in a sample of the view, revealed no tile, card or die, and the
  public picture is the one it left), without searching again; the bot re-plans as soon
  as something does. Following alone saves more time than comparing plans costs. A card's
  question on the way (an alarm to hack or let ring, a Virus's tiles) is the bot's own to
  answer; the plan goes on after it when the answer leaves the public picture the line's
  answer (the rule of thumb's) would. Before, every question dropped the plan, so the end
  of turn a hint had named could move with nothing new seen;
* with every Loot held (`escape_turns`), a plan is judged by the game it leads to: its turn
  ends as the world has it, then every seat plays the rule of thumb on for a few turns, a
  win or a loss on the way counting as one, and the rule of thumb's own line is compared
  too. Judged turn by turn, a burglar with no Stealth left paced beside the way out (each
  End there looked safer than the one step across the guard's path) until he was found.

`TurnSearch.figures` counts what it did (searches, plans compared, deviations, followed
steps) for benches. What each part won and cost when it came in (the search lifted the
Office from 10 to 17 of 40 dev games; 8 worlds beat 2 on fresh seeds), the escape bench,
and every variant tried and not kept: docs/autopilot-trials.md ("The whole-turn plan
search").
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from ..rules.actions import Action, ActionKind
from ..rules.game import Game
from ..rules.infostate import resample_from_infostate
from ..rules.state import Step
from .bot import Bot
from .guard_risk import _walked_into_guard
from .rule_of_thumb import decide, policy
from .scoring import ending_price, evaluate
from .signatures import _key, _mix

__all__ = ["TurnSearch", "line_of"]

_END = Action(ActionKind.END)
_LINE_LIMIT = 24
# Seeds of the search's own worlds: apart from the bot's (which use 0..worlds-1).
_SALT = 0x5EA2C4


def _answer_cards(g: Game, turn: int, unseen: bool = False) -> None:
    """Answer the decisions cards ask (the rule of thumb's answers) while `turn` lasts;
    `unseen`: stop as soon as an answer brings something to light."""
    st = g.state
    while st.pending is not None and st.step != Step.OVER and st.turn == turn:
        if unseen and g.last_checkpoint:
            return
        g.apply(decide(g))


def line_of(
    world: Game, first: Action, plan: dict[tuple[object, ...], Action] | None
) -> tuple[Action, ...]:
    """The turn `world`'s search would play after `first`: `first`, then the best action it
    found at each position (the rule of thumb where it did not search), up to End or the
    end of the turn. Decisions a card asks are left out (answered when played)."""
    st0 = world.state
    me, turn = st0.current, st0.turn
    out = [first]
    if first.kind == ActionKind.END:
        return tuple(out)
    g = world.clone()
    g.apply(first)
    st = g.state
    for _ in range(_LINE_LIMIT):
        _answer_cards(g, turn)
        if st.step == Step.OVER or st.turn != turn or st.current != me:
            break
        a = plan.get(_key(g)) if plan is not None else None
        if a is None or a not in g.legal_actions():  # (a key shared by another position)
            a = policy(g)
        out.append(a)
        if a.kind == ActionKind.END:
            break
        g.apply(a)
    return tuple(out)


def _seen(g: Game) -> tuple[object, ...]:
    """The public part of `_key` (all of it but the RNG): equal in every world of a view."""
    return _key(g)[1:]


@dataclass(slots=True)
class _Commitment:
    """The rest of the plan chosen, and where the game must be to go on with it: the
    action count, turn and burglar, and the public picture the last action leaves."""

    applied: int  # `actions_applied` when the next action is due
    turn: int
    player: int
    rest: tuple[Action, ...]
    expect: tuple[object, ...]
    asked: bool  # a card's question comes first (answered by the bot, not followed)


@dataclass(slots=True)
class TurnSearch:
    """The effort: `worlds` samples every plan is played in, at most `plans` plans from the
    bot's best `firsts` first actions; `horizon` 0 stops after the guard's move, 1 plays
    the next burglar's turn too (rule of thumb) and adds what it changes, weighted by
    `next_weight`; `margin`: how much better per world a plan must be to replace the bot's
    own. `follow`: go on with the chosen plan while nothing comes to light. `world_end`:
    the turn ends as each world has it (its patrol card, alarms and Event), not as the bot
    prices it (the public chance the guard walks in, `Bot._end_value`). `escape_turns`:
    with every Loot held, the turns every seat's rule of thumb plays on after each plan
    (module notes); 0: none."""

    worlds: int = 2
    plans: int = 4
    firsts: int = 3
    horizon: int = 0
    next_weight: float = 0.5
    margin: float = 40.0
    follow: bool = True
    world_end: bool = True
    escape_turns: int = 0
    figures: dict[str, int] = field(default_factory=dict)
    # The first actions of the lines the last `improve` played that the plan chosen beat
    # over the same worlds: what a hint may say it was weighed against.
    beaten: frozenset[Action] = frozenset()
    _commitment: _Commitment | None = None

    def _count(self, name: str, n: int = 1) -> None:
        self.figures[name] = self.figures.get(name, 0) + n

    # ------------------------------------------------------------------ following a plan

    def _commit(self, bot: Bot, world: Game, action: Action, rest: tuple[Action, ...]) -> None:
        """Keep `rest` to follow after `action` when `action`, played in `world` (a sample
        of the view), reveals nothing: what it leaves is then the same in every world."""
        self._commitment = None
        st = world.state
        if not self.follow or not rest or action.kind == ActionKind.END:
            return
        g = world.clone()
        g.apply(action)
        after = g.state
        asked = after.pending is not None
        # A card's question on the way: the line answered it by the rule of thumb, so the plan
        # goes on after it only if the bot's answer leaves that same public picture.
        _answer_cards(g, st.turn, unseen=True)
        if (
            g.last_checkpoint
            or after.pending is not None
            or after.step == Step.OVER
            or after.turn != st.turn
            or after.current != st.current
        ):
            return
        self._commitment = _Commitment(
            after.actions_applied, after.turn, after.current, rest, _seen(g), asked
        )

    def next_step(self, bot: Bot, game: Game) -> tuple[Action, Game, tuple[Action, ...]] | None:
        """(the chosen plan's next action, the sample of the view it was checked in, the
        plan's actions after it) when
        the game is where the plan expected it (the public picture its last action should
        leave, read in a sample) and the action is legal; else None (search again)."""
        c = self._commitment
        st = game.state
        if c is not None and st.pending is not None and st.actions_applied < c.applied:
            return None  # the bot answers the card's question; the plan may go on after it
        self._commitment = None
        if (
            c is None
            or st.pending is not None
            or st.step == Step.OVER
            or st.actions_applied != c.applied
            or st.turn != c.turn
            or st.current != c.player
        ):
            return None
        world = resample_from_infostate(
            game, st.current, _mix(bot.seed, _SALT, st.actions_applied, st.turn)
        )
        action = c.rest[0]
        if _seen(world) != c.expect or action not in world.legal_actions():
            return None
        self._commit(bot, world, action, c.rest[1:])
        self._count("followed")
        if c.asked:
            self._count("followed past a card's question")
        return action, world, c.rest[1:]

    def plan_past_question(self, world: Game, answer: Action) -> dict[tuple[object, ...], Action]:
        """The followed plan's rest, as the bot's plan tables read it (position key -> action),
        after `answer` to the card's question the plan waits on, when `answer` (and the rule
        of thumb's answers to any question after it) leaves the picture the plan expects:
        what the answer's explanation is built from. {} otherwise."""
        c = self._commitment
        st = world.state
        if c is None or st.pending is None or st.actions_applied >= c.applied:
            return {}
        g = world.clone()
        g.apply(answer)
        after = g.state
        _answer_cards(g, c.turn, unseen=True)
        if g.last_checkpoint or after.actions_applied != c.applied or _seen(g) != c.expect:
            return {}
        return self.plan_in(world, answer, c.rest)

    def plan_in(
        self, world: Game, first: Action, rest: tuple[Action, ...]
    ) -> dict[tuple[object, ...], Action]:
        """The plan `first`, then `rest`, as the bot's plan tables read it (position key
        -> action) in `world`: what its explanation is built from."""
        out: dict[tuple[object, ...], Action] = {}
        if first.kind == ActionKind.END or not rest:
            return out
        st0 = world.state
        me, turn = st0.current, st0.turn
        g = world.clone()
        g.apply(first)
        st = g.state
        for a in rest:
            _answer_cards(g, turn)
            if st.step == Step.OVER or st.turn != turn or st.current != me:
                break
            if a not in g.legal_actions():
                break  # this world differs where the plan goes on: the rule of thumb's
            out[_key(g)] = a
            if a.kind == ActionKind.END:
                break
            g.apply(a)
        return out

    # ------------------------------------------------------------------ choosing a plan

    def improve(
        self,
        bot: Bot,
        game: Game,
        worlds: list[Game],
        candidates: list[Action],
        scores: dict[Action, float],
        plans: list[dict[tuple[object, ...], Action]],
        best: Action,
    ) -> Generator[None, None, tuple[Action, ...]]:
        """The plan to play (its first action first): the bot's own line for `best` in its
        first world, unless another of its lines does better over the same fresh worlds.
        Yields after each world (a page can breathe)."""
        self._commitment = None
        st = worlds[0].state
        me, turn = st.current, st.turn
        own = line_of(worlds[0], best, plans[0])
        lines = [own]
        escape = self.escape_turns > 0 and worlds[0].team_has_all_loot()  # public: every world's
        if escape:
            # The rule of thumb's way out is compared too: the bot's own lines may all wait.
            thumb = line_of(worlds[0], policy(worlds[0]), None)
            if thumb not in lines:
                lines.append(thumb)
        ranked = sorted(candidates, key=lambda a: (-scores.get(a, 0.0), candidates.index(a)))
        for a in ranked[: self.firsts]:
            for i, w in enumerate(worlds):
                if len(lines) >= self.plans:
                    break
                line = line_of(w, a, plans[i] if i < len(plans) else None)
                if line not in lines:
                    lines.append(line)
        self._count("searches")
        chosen = own
        self.beaten = frozenset()
        if len(lines) > 1 and self.worlds > 0:
            self._count("plans compared", len(lines))
            totals = [0.0] * len(lines)
            for k in range(self.worlds):
                seed = _mix(bot.seed, _SALT, st.actions_applied, turn, k)
                w = resample_from_infostate(game, me, seed)
                for j, line in enumerate(lines):
                    totals[j] += self._play(bot, w, line, me, turn, escape)
                yield None
            j = max(range(len(lines)), key=lambda i: (totals[i], -i))
            if j and totals[j] - totals[0] >= self.margin * self.worlds:
                chosen = lines[j]
                self._count("deviations")
                if chosen[0] != own[0]:
                    self._count("first-action changes")
            else:
                j = 0
            # Beaten: every line that starts with it did worse (one kept within the margin
            # did not).
            starts = {line[0] for line in lines}
            self.beaten = frozenset(
                a
                for a in starts
                if all(totals[i] < totals[j] for i, line in enumerate(lines) if line[0] == a)
            )
        self._commit(bot, worlds[0], chosen[0], chosen[1:])
        return chosen

    def _play(
        self,
        bot: Bot,
        world: Game,
        line: tuple[Action, ...],
        me: int,
        turn: int,
        escape: bool | None = None,
    ) -> float:
        """The line played in a copy of `world`, scored as the bot scores a turn's end, or
        by the way out played on when `escape` (None: every Loot held, asked here)."""
        g = world.clone()
        st = g.state
        entered = 0.0  # the bot's price of steps into a guard's tile (module notes)
        ended = False
        for a in line:
            _answer_cards(g, turn)
            if st.step == Step.OVER or st.turn != turn or st.current != me:
                break  # scored below
            if a.kind == ActionKind.END:
                ended = True  # the line ends its actions here, unused ones and all
                break
            if a not in g.legal_actions():
                break  # this world does not allow it: the rule of thumb goes on
            if _walked_into_guard(g.apply(a), me):
                entered += bot.weights.entered
        # Whatever a line cut short left of the turn, the rule of thumb plays it to its End.
        for _ in range(0 if ended else bot.rollout_limit):
            _answer_cards(g, turn)
            if st.step == Step.OVER or st.turn != turn or st.current != me:
                break  # scored below
            a = policy(g) if st.actions_left > 0 else _END
            if a.kind == ActionKind.END:
                break
            g.apply(a)
        if escape is None:
            escape = self.escape_turns > 0 and world.team_has_all_loot()
        if escape:
            if st.outcome == "loss":
                # Lost by the line's own step: surer than any loss the rule of thumb walks
                # into on the turns played on (Bank seed 9258: with every roll-on after the
                # End lost, the step into the guard scored the same and was played).
                return evaluate(g, bot.weights) - bot.weights.hit_last - entered
            return self._roll_on(bot, g, me, turn) - entered
        if st.step == Step.OVER or st.turn != turn or st.current != me:
            return self._beyond(bot, g, evaluate(g, bot.weights) - entered)
        if self.world_end:
            return self._beyond(bot, g, self._end_in_world(bot, g, me, turn) - entered)
        value = bot._end_value(g, me, turn, own=True)
        return self._beyond(bot, g, value - entered)

    def _end_in_world(self, bot: Bot, g: Game, me: int, turn: int) -> float:
        """End the turn in this world as it is (its Event, its patrol card, every alarm
        on the guard's way): the score, less the bot's prices for actions left unused and
        for drawing an Event. A plan is the same in every world, so the world's own draw is
        a fair sample, not a plan made to fit it. Being caught costs what the bot says
        (`Weights.hit_last`), not `evaluate`'s whole loss, so one unlucky world among a
        few does not outweigh everything else."""
        w = bot.weights
        st = g.state
        penalty = ending_price(g, me, w)
        exposed = any(p.pos is not None and not p.escaped and p.stealth == 0 for p in st.players)
        before = g.clone() if exposed else None
        g.apply(_END)
        _answer_cards(g, turn)
        if st.outcome == "loss" and before is not None:
            return evaluate(before, w) - w.hit_last - penalty
        return evaluate(g, w) - penalty

    def _roll_on(self, bot: Bot, g: Game, me: int, turn: int) -> float:
        """With every Loot held, what matters is getting out: the line's turn ends as the
        world has it, then every seat plays the rule of thumb for `escape_turns` turns
        (the world's own cards and Events); a win or a loss on the way counts as the game's
        outcome, else the score where the roll stops."""
        w = bot.weights
        st = g.state
        penalty = 0.0
        _answer_cards(g, turn)
        if st.step != Step.OVER and st.turn == turn and st.current == me:
            penalty = ending_price(g, me, w)
            g.apply(_END)
        stop = turn + 1 + self.escape_turns
        for _ in range(40 * self.escape_turns):  # a turn is a few dozen actions at most
            if st.step == Step.OVER or st.outcome or st.turn >= stop:
                break
            g.apply(policy(g))
        if st.outcome:
            return evaluate(g, w)  # the game's outcome: no price for how the turn ended
        return evaluate(g, w) - penalty

    def _beyond(self, bot: Bot, g: Game, value: float) -> float:
        """`value` plus, with `horizon` 1, what the next burglar's turn (rule of thumb)
        changes in the score."""
        if self.horizon < 1 or g.state.step == Step.OVER or g.state.outcome:
            return value
        w = bot.weights
        st = g.state
        before = evaluate(g, w)
        turn = st.turn
        for _ in range(bot.rollout_limit + 4):
            if st.step == Step.OVER or st.turn != turn:
                break
            g.apply(policy(g))
        if st.turn == turn and st.step != Step.OVER and st.pending is None:
            g.apply(_END)
        return value + self.next_weight * (evaluate(g, w) - before)
