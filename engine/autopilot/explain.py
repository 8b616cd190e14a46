"""Why the autopilot chose an action, read off its plan and the engine's public queries: the
`Explanation` the page words for hints and log lines."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..rules.actions import Action, ActionKind
from ..rules.data import LOST_VISUAL, Character, Side
from ..rules.data import TileKind as K
from ..rules.events import (
    AlarmAvoided,
    AlarmCleared,
    AlarmRaised,
    Event,
    GameLost,
    KeypadRolled,
    LootRolled,
    PatrolReshuffled,
    SafeDiceRolled,
    SafeRolled,
    SpeedChanged,
    StealthGained,
    StealthLost,
    TileRevealed,
    TurnEnded,
    TurnStarted,
)
from ..rules.foresight import HIDDEN_FACTS, public_move_trial, table_seen, unseen_facts
from ..rules.game import Game
from ..rules.infostate import resample_from_infostate
from ..rules.kinds import Avoided, Hazard, StealthLoss
from ..rules.kinds import DecisionKind as D
from ..rules.state import Step
from .goals import Goal, _revealed_of_kind, aim_of, goal_distance
from .guard_risk import (
    _rings_first,
    _thermo_on,
    _with_alarm,
    cameras_ring,
    end_danger,
    guard_walks,
    hit_risk,
    watch_risk,
)
from .rule_of_thumb import decide, policy
from .scoring import HACK_TOKENS_WORTH
from .signatures import _key, _mix


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why the bot plays `action`, from the plan it chose (for hints and log lines; the page
    words it). Every field is read off the search's own line in its first sample and the
    engine's public queries: nothing here is a fixed sentence.

    `here`: the burglar's tile as he chooses (-1 outside). `goal`, `target`, `safe`: what
    the plan works toward (`safe` for Loot: the open Safe it
    lies in, -1 for Loot lying on another tile). `actions`: what the action spends
    (for End, the actions left unused); `forfeited`, the actions it ends unused besides
    (the advanced Acrobat's climb spends 3 and ends her actions); `gained`, the actions it
    adds (Rollerskates...);
    `tool_spent`: the Tool it uses up (every Tool is discarded once used); `stealth_gained`
    whether the burglar gains a Stealth token by it (the Makeup kit, before any hidden fact),
    `crew_gains_stealth` the other seats that do; `guard_skips`: the floor whose guard it
    makes skip his next move (the Donuts), -1 for none; `tile_pays`: why the step costs a
    Stealth token that one lying on the tile (a Lavatory's) pays instead of the burglar's
    own, or may when asked (the `StealthLoss`: the guard's tile entered, the Tiara seen...),
    "" for none; `alarms_off`: for an E.M.P., the alarms ringing it switches off, and
    `kept_quiet` those the plan's line would set off before its end (up to the first hidden
    fact) that it keeps from ringing; `alarm_picked`: the tile whose alarm
    it takes off the board, for the burglar to put down later (the Juicer's Reroute), -1;
    `speeds_up`: (floor, new speed) of each guard whose empty patrol deck the action surely
    reshuffles, a step faster for the rest of the game (an alarm switched off, his walk at
    the End reaching his destination).
    `hazards`: the certain prices the engine names
    (`Game.hazards`); `alarm`, `stealth`: the other alarms and Stealth the action sets off
    on a tile in sight (a Laser, a Fingerprint, a Foyer...), `alarm_pos` that alarm's tile
    and `alarm_asked` whether the player is first asked how to stop it (a hack token, an
    extra action); for an answer to that question that stops it, `alarm_quieted` is the tile
    of the alarm the best other answer would let ring (-1 otherwise). `event`: ending now
    draws an Event. `face_down`: it steps onto a tile nobody has seen. `flexible`: it steps
    into the guard's tile with no token paid (Flexibility). `end_pos`: where the plan ends
    the turn, `risk` the chance, from his route and the patrol cards left, that the guard
    then walks in (-1 and 0.0 without a plan: the entrance, a choice made as the turn ends),
    from the first sample:
    `end_unknown` when the plan turns up a hidden fact before it ends there (a tile, a
    roll, a card, a guard placed), so that end and its risk are that sample's guess
    (`end_replanned`, with no end told, when the plan has no step for what the sample turned
    up: the rest of the turn hangs on what it shows), and
    `end_event` when ending there draws an Event (it may change his walk), and
    `event_loses` the share of the Event cards that may be on top (the deck's make-up is
    public, not its order) whose End, played in the sample, gets a burglar caught, and
    `event_only_hope` when ending there without any Event would get one caught anyway
    (then the other cards are the crew's one chance); `walk_loses`, for the End itself
    when the table can foresee it, the share of fresh samples of what nobody has seen (the
    patrol cards, and the Event it draws) whose End gets a burglar with a token or two left
    caught (a fast guard may pass by more than once); `next_walk`, for the End itself
    when the table can foresee it, (the seat that plays next, on the floor he ends on, the
    share of fresh samples whose guard, moved again by that seat's End with nothing changed
    and no Event drawn, then walks in on him), (-1, 0.0) when that chance is 0 or the next
    seat plays elsewhere: "out of the guard's reach" covers this End only; `next_exposed`:
    he has no Stealth token left (nor one on his tile) for that walk; `watched` the
    chance the tile itself gets the burglar seen then (`watch`: a Foyer he passes next to,
    a Camera while he steps on another); `unseen`: while the Invisible suit worn this turn
    hides him (`risk` and `watched` are then 0), the chance the guard walks through there;
    `tile_tokens`: the Stealth tokens lying on that tile in sight (a Lavatory's), one of
    which may pay when the guard walks in, instead of the burglar's own;
    `crew`: (seat, tile, chance) of each other burglar the same guard may then walk in on;
    `crew_camera`: of each other burglar on a Camera (any floor) whose alarm rings if he
    steps on one; `crew_atrium`: of each other burglar on an Atrium one floor up or down,
    seen if he walks onto the tile right below or above it; `crew_exposed`: the seats among
    `crew` and `crew_atrium` with no Stealth token left (nor one on their tile): seen, they
    are caught and the crew loses; `crew_foyer`: the seats of `crew` in a Foyer (seen from
    next to it, not only walked in on). `exposed`: the burglar himself has no Stealth token
    left (nor one on his tile) where the plan ends and the guard may see him there.
    `leads_to`: the floor a Stairs or Service Duct goal takes the burglar to, or the one
    whose held way a `Goal.WAY_HELD` names (-1: no such goal); `climb`: the Move itself
    reaches that floor, off the Stairs or Duct named (the advanced Acrobat's climb, the
    Stairs beside a Duct);
    `goal_floor`: the floor whose face-down tiles a search for a Safe or Stairs turns up.
    `floor_left`: the floor the burglar works and stands on when the plan ends the turn on
    another one (so the End moves that floor's guard, not this one's), -1 otherwise;
    `spared`: (seat, tile, chance) of each other burglar on `floor_left` its guard may walk
    in on were the turn to end on that floor now.
    For `Goal.HIDE`, `target` is the tile he leaves and `hide_risk` the chance the guard
    walks in there were the turn to end now; `lure`, for a plan that comes back to end the
    turn there, the tile of the alarm it sets off on the way, which the guard then heads for
    instead (-1 otherwise). `crew_lure`: (seat, tile, alarm) of a teammate the guard would
    surely reach as the plan ends the turn, were it not for an alarm the plan sets off (a
    Thermo it ends on too), which he then heads for instead; (-1, -1, -1) otherwise.
    `crow_spares`: for the Raven's crow put down
    (and left there to the plan's end), the chance the guard would walk in at `end_pos`
    without it, when higher than `risk` (-1.0 otherwise).
    `end_on_guard`: the plan ends the actions on a guard's tile Flexibility let the Acrobat
    into, where ending costs a Stealth token (`risk` is then 1.0).
    `end_thermo`: "sure" or "guess" (the sample's line, past a hidden fact) when the plan
    ends the actions on a Thermo the table has seen (or a tile a Thermal Bomb made one),
    whose alarm rings as the turn ends, for any action but the End itself (whose hazard
    says so); "" otherwise.
    `luck`: the action itself brings a hidden fact to light (`luck_kind`: a "tile", a "roll",
    a "card"), so what it costs is not known before. `placed`: for a Move onto a floor
    whose guard is not set up yet, the chance he is set up on that tile (-1: no such Move);
    `arrival_walk`, for such a Move with the last action, the share of fresh samples whose
    End then walks that guard in on him (-1.0: no such Move), told instead of the plan's
    guessed end.
    `event_dodged`: a Move whose plan comes back to end the actions where the burglar stands
    now (or ends them farther from his goal: `away`), or a hack, whose plan draws no Event
    where ending now would draw one (the action buys the Event's miss: R07 counts the step
    out).
    `event_detour`: a Move whose plan steps straight back next, where the step out is the
    counted action that keeps the turn's End from drawing an Event (R07 leaves the step
    back out; one action fewer and the End would draw one). `away`: a Move toward no hiding
    place whose plan ends the turn on this floor farther from the same goal than the burglar
    stands now (the goal named is still his, but not what this turn's plan gains).
    `ordered`: the seat another burglar's move (the Rook's Orders) moves, `ordered_nearer`
    whether it takes him nearer his own goal, and else `ordered_from` and `ordered_risk`: the
    tile it takes him from and the chance the guard walks in there as this turn ends, when
    his new tile's chance is lower (-1 and 0.0 otherwise); `ordered_own_end` when that tile
    is on another floor, whose guard moves as his own turn ends, not this one. When
    the action pays a price in sight (a hazard, an alarm, a tile's token, the Event an early
    End draws), `alternative` is the best-scored choice that pays no price the table sees
    coming (`_pays_nothing`: no hazard, alarm, token or Event, nor a forced End that pays;
    against an early End, one whose line then draws no Event either), with the risk and the
    steps to the goal its own plan ends with (`alternative_weighed` when the action scored
    at least as well: a line the whole-turn search chose over the bot's own best is not);
    when no scored choice avoids it (a plan followed, candidates that left it out), the
    plainest legal one that does; unweighed, its line's risk and steps are read when
    neither line turns up anything hidden. None: every legal choice
    pays a price (for a decision: the best-scored other option, when its plan ends the turn
    where the guard is likelier to walk in; for a choice made as the turn ends, the one whose
    walk catches more burglars). `decision`: the pending decision's kind, for a choice;
    `alternative_unknown`: a weighed `alternative` whose own line turns up a hidden fact (a
    roll, a tile), so what it ends in is the sample's guess;
    `alternative_away`: for an unweighed `alternative` whose line is not read or tells no
    difference, how many steps farther from the goal its own action leaves the burglar than
    `action` does (0: not farther, or not told); `alternative_outplayed`: an unweighed
    `alternative` whose own line the whole-turn search played over the same worlds as the
    plan chosen, and found worse;
    `alternative_loses`: the seat of a burglar with no Stealth left the guard surely reaches
    where `alternative`'s own line ends (the crew would lose), -1 otherwise;
    `alternative_crew`: (seat, tile) of a teammate he surely walks in on there and not where
    the chosen plan ends, (-1, -1) otherwise.
    `walk_hits`, `alternative_hits`: (seat, tile) of each burglar the guard walks in on after
    such a choice, and after that other option. `sole`: the action is the only legal one
    (nothing else to weigh it against: a burglar with no action left and no Tool to use can
    only End). `only_later`: no choice avoids the price, yet some pay nothing by themselves:
    the price comes later in the turn the autopilot would play after them. `only_hope`: the
    plan's guess ends with him caught with no token left, and every other choice surely
    gets a burglar with none caught (what is not seen yet is the one chance); `best_chance`: the
    plan, read to its end, leaves him with no token where the guard may see him, and every
    other choice is likelier to get a burglar with none caught. `priced_end`:
    a step whose plan surely ends in a price (he walks in, Flexibility's tile) while every
    other choice pays one too, at once or where its line ends. `walked_in`: a
    step (no hazard of its own) whose plan, seen through, surely ends where the guard walks
    in, while `alternative`, the best-scored choice whose own line ends safer, exists.
    `steps` is the chosen plan's. `options` and `worlds`: how many choices and sampled
    tables the search compared."""

    action: Action
    goal: Goal
    target: int = -1
    safe: int = -1
    actions: int = 0
    forfeited: int = 0
    gained: int = 0
    tool_spent: str = ""
    stealth_gained: bool = False
    crew_gains_stealth: tuple[int, ...] = ()
    guard_skips: int = -1
    alarms_off: tuple[int, ...] = ()
    kept_quiet: tuple[int, ...] = ()
    alarm_picked: int = -1
    speeds_up: tuple[tuple[int, int], ...] = ()
    tile_pays: str = ""
    hazards: tuple[Hazard, ...] = ()
    alarm: bool = False
    alarm_pos: int = -1
    alarm_asked: bool = False
    alarm_quieted: int = -1
    stealth: bool = False
    event: bool = False
    face_down: bool = False
    flexible: bool = False
    end_pos: int = -1
    risk: float = 0.0
    end_unknown: bool = False
    end_replanned: bool = False
    end_event: bool = False
    event_loses: float = 0.0
    event_only_hope: bool = False
    walk_loses: float = 0.0
    next_walk: tuple[int, float] = (-1, 0.0)
    next_exposed: bool = False
    leads_to: int = -1
    climb: bool = False
    goal_floor: int = -1
    floor_left: int = -1
    spared: tuple[tuple[int, int, float], ...] = ()
    hide_risk: float = 0.0
    lure: int = -1
    crew_lure: tuple[int, int, int] = (-1, -1, -1)
    unseen: float = 0.0
    tile_tokens: int = 0
    crow_spares: float = -1.0
    watch: str = ""
    watched: float = 0.0
    crew: tuple[tuple[int, int, float], ...] = ()
    crew_camera: tuple[tuple[int, int, float], ...] = ()
    crew_atrium: tuple[tuple[int, int, float], ...] = ()
    crew_exposed: tuple[int, ...] = ()
    exposed: bool = False
    crew_foyer: tuple[int, ...] = ()
    end_thermo: str = ""
    end_on_guard: bool = False
    luck: bool = False
    luck_kind: str = ""
    placed: float = -1.0
    arrival_walk: float = -1.0
    event_dodged: bool = False
    event_detour: bool = False
    away: bool = False
    ordered: int = -1
    ordered_nearer: bool = False
    ordered_from: int = -1
    ordered_risk: float = 0.0
    ordered_own_end: bool = False
    steps: int = -1
    alternative: Action | None = None
    alternative_weighed: bool = False
    here: int = -1
    alternative_risk: float = 0.0
    alternative_steps: int = -1
    alternative_unknown: bool = False
    alternative_away: int = 0
    alternative_outplayed: bool = False
    alternative_loses: int = -1
    alternative_crew: tuple[int, int] = (-1, -1)
    sole: bool = False
    only_later: bool = False
    only_hope: bool = False
    best_chance: bool = False
    priced_end: bool = False
    walked_in: bool = False
    guard_steps: int = -1
    decision: str = ""
    walk_hits: tuple[tuple[int, int], ...] = ()
    alternative_hits: tuple[tuple[int, int], ...] = ()
    options: int = 0
    worlds: int = 0

    @property
    def pays_the_walk_in(self) -> bool:
        """An End whose own price is the guard walking in on this burglar's tile."""
        return self.action.kind == ActionKind.END and not _WALKS_IN.isdisjoint(self.hazards)

    @property
    def owes_a_reason(self) -> bool:
        """A price is in sight, its own or one its plan surely ends in: the words say why
        it is still the choice."""
        return bool(
            self.hazards
            or self.alarm
            or self.event
            or self.tile_pays
            or self.walked_in
            or self.only_hope
            or self.best_chance
            or self.priced_end
        )

    @property
    def claims_safe(self) -> bool:
        """The words will say nothing is paid and the guard cannot reach the planned tile
        (nor at the End of the teammate who plays next there)."""
        return (
            self.end_pos >= 0
            and not self.hazards
            and not self.alarm
            and not self.tile_pays
            and not self.stealth
            and not self.event
            and not self.face_down
            and not self.luck
            and self.risk == 0.0
            and not self.end_unknown
            and not self.end_event
            and self.watched == 0.0
            and not self.crew
            and not self.crew_camera
            and not self.crew_atrium
            and self.next_walk[0] < 0
        )


_END = Action(ActionKind.END)


def _plan_end(
    w0: Game,
    first: Action,
    plan: dict[tuple[object, ...], Action],
    limit: int = 24,
    sight: list[Event] | None = None,
    replans: list[bool] | None = None,
) -> tuple[Game | None, bool]:
    """The position where the plan that starts with `first` ends the actions (a copy of the
    first sample played along the search's best line; the rule of thumb where the search
    stopped), None when the turn ends at once (the action itself ends it); and whether the
    line brings a hidden fact to light on the way (a tile, a roll, a card, a guard placed):
    then that end is the sample's guess, not what the table can foresee. `sight`, when
    given, gathers the line's events up to its first hidden fact; `replans`, when given,
    gets True if the plan has no step for what the sample turned up (the rule of thumb's
    end then: the autopilot plans that part afresh once it is seen)."""
    st0 = w0.state
    me, turn = st0.current, st0.turn
    if first.kind == ActionKind.END and st0.pending is None:
        return w0, False
    g = w0.clone()
    hidden = False

    def play(a: Action) -> None:
        nonlocal hidden
        seen = table_seen(g)
        events = g.apply(a)
        if sight is not None and not hidden:
            sight.extend(_in_sight(events))
        hidden = _brings_to_light(seen, events) or hidden

    play(first)
    for _ in range(limit):
        st = g.state
        while st.pending is not None and st.step != Step.OVER and st.turn == turn:
            play(decide(g))
        if st.step == Step.OVER or st.turn != turn or st.current != me:
            return None, hidden
        a = plan.get(_key(g))
        if a is None or a not in g.legal_actions():  # (a key another position shares)
            if hidden and plan and replans is not None:
                replans.append(True)
            a = policy(g)
        if a.kind == ActionKind.END:
            return g, hidden
        play(a)
    return g, hidden


_EMP = Avoided.EMP


def _plan_next(w0: Game, after: Game, plan: dict[tuple[object, ...], Action]) -> Action | None:
    """The plan's next action in `after` (the sample `w0` once the action is played); None
    when a card's question waits, the turn is over, or the plan has no step there."""
    st = after.state
    if st.pending is not None or st.current != w0.state.current or st.turn != w0.state.turn:
        return None
    return plan.get(_key(after))


def _rolls_there(after: Game, then: Action | None, to: int) -> bool:
    """The plan's next action after a Move adds a die to or cracks the Safe it stepped onto
    (at `to`): the step is for that Safe, whatever the combination still hides. Not when the
    step failed (a Keypad that stayed shut) and the roll is on the Safe he stands on still."""
    return (
        then is not None
        and then.kind in (ActionKind.ADD_DIE, ActionKind.CRACK)
        and then.pos < 0
        and after.state.players[after.state.current].pos == to
        and then in after.legal_actions()
    )


def _risk_without_the_crow(
    end: Game, me: int, before: int | None, placed: int | None, risk: float
) -> float:
    """The chance the guard walks in at the plan's end were the crow still where it was
    `before` this action put it at `placed`; -1.0 when that is no higher than `risk`, or
    when the plan moves the crow again before it ends."""
    if end.state.crow != placed:
        return -1.0
    bare = end.clone()
    bare.state.crow = before
    bare._state_changed()
    without = _end_risk(bare, me)[1]
    return without if without > risk else -1.0


def _steps_straight_back(w0: Game, after: Game, then: Action | None) -> bool:
    """The plan's next step after a Move (`after` it, `then`) is straight back where the
    burglar stands in `w0` (pacing, R07)."""
    here = w0.state.players[w0.state.current].pos
    return (
        after.state.pace_from == here
        and then is not None
        and then.kind == ActionKind.MOVE
        and then.pos == here
    )


def _placed_risk(w0: Game, action: Action) -> float:
    """The public chance that a Move onto a floor whose guard is not set up yet has him set
    up on the tile stepped onto (the top patrol card names it; Lost Visual's card is drawn
    past): a Stealth token. -1 when the Move sets up no guard."""
    st = w0.state
    me = st.players[st.current]
    f = action.pos >> 6
    if me.pos is None or me.pos >> 6 == f or action.pos < 0:
        return -1.0
    g = st.floors[f].guard
    if g.placed:
        return -1.0
    if g.seen_top is not None and g.seen_top != LOST_VISUAL:  # the Spotter saw it
        return 1.0 if g.seen_top == action.pos else 0.0
    base = f << 6
    cards = [base | c for c, t in enumerate(st.floors[f].tiles) if t is not None]
    left = [q for q in cards if q not in g.discard]
    return 1.0 / len(left) if action.pos in left else 0.0


def _seen_by_the_guard(events: list[Event], me: int) -> bool:
    """The End's events cost the burglar a Stealth token, or the game."""
    return any(isinstance(e, (StealthLost, GameLost)) and e.player == me for e in events)


_ARRIVAL_SALT = 0xA771
_ARRIVAL_SAMPLES = 40


def _arrival_walk(w0: Game, action: Action, turn: int) -> float:
    """For a Move with the last action onto a floor whose guard is not set up yet, the share
    of fresh samples (where he is set up, where he heads) whose End then walks him in on the
    burglar; -1.0 otherwise. The plan's own end there reads one sample's guard (Fort Knox
    seed 9282: "a guess: it ends the turn at 2.B2, out of the guard's reach", and he was set
    up two steps off, heading past 2.B2)."""
    st = w0.state
    me = st.current
    if st.actions_left != 1 or _placed_risk(w0, action) < 0.0:
        return -1.0
    found = tried = 0
    for k in range(_ARRIVAL_SAMPLES):
        c = resample_from_infostate(w0, me, _mix(_ARRIVAL_SALT, st.actions_applied, turn, k))
        c.apply(action)
        while c.state.pending is not None and c.state.step != Step.OVER:
            c.apply(decide(c))
        cs = c.state
        if cs.step == Step.OVER or cs.current != me or cs.actions_left != 0:
            continue
        tried += 1
        events = _play_the_end(c, turn)
        found += _seen_by_the_guard(events, me)
    return found / tried if tried else -1.0


def _brings_to_light(seen: dict[int, int], events: list[Event]) -> bool:
    """An action's events bring a hidden fact to light, `seen` being `table_seen` before it:
    a card the table saw on top is none (Office seed 9303: the Spotter's Precognition, the
    top Event already seen, was told as "a card nobody has seen yet")."""
    return bool(unseen_facts(seen, events))


_ROLLS = (KeypadRolled, SafeRolled, SafeDiceRolled, LootRolled)


def _light_kind(unseen: list[Event]) -> str:
    """What the first hidden fact an action brings to light (`unseen_facts`) is: "tile" (a
    face-down tile turned up), "roll" (dice) or "card" (a deck's card)."""
    if not unseen:
        return ""
    if isinstance(unseen[0], TileRevealed):
        return "tile"
    return "roll" if isinstance(unseen[0], _ROLLS) else "card"


def _as_the_guard_moves(g: Game | None, me: int) -> Game | None:
    """A plan's end position as the guard will start his move: with the alarm of the Thermo
    the burglar ends on, when ending there rings it before any hidden fact (hack tokens
    and all, as the engine plays the End on a copy)."""
    if g is None:
        return None
    pos = g.state.players[me].pos
    if pos is None or g.state.pending is not None or not _thermo_on(g, pos):
        return g
    trial = g.clone()
    if not _rings_first(trial.apply(_END), pos):
        return g
    return _with_alarm(g, pos)


def _ends_on_a_thermo(w0: Game, end: Game | None, end_pos: int, me: int) -> bool:
    """The plan ends the actions on a tile the table has seen whose Thermo alarm rings as the
    turn ends (before any hidden fact)."""
    if end is None or end_pos < 0 or not w0.tile(end_pos).revealed:
        return False
    return _as_the_guard_moves(end, me) is not end


def _play_the_end(c: Game, turn: int) -> list[Event]:
    """End the turn in `c` (ours to play on), the cards' questions answered by the rule of
    thumb while the turn lasts: the events."""
    events = c.apply(_END)
    while c.state.pending is not None and c.state.step != Step.OVER and c.state.turn == turn:
        events += c.apply(decide(c))
    return events


def _event_loses(end: Game | None, turn: int) -> tuple[float, bool]:
    """(the share of the Event cards that may be on top whose End, played in the sample
    `end`, gets a burglar caught (a Crash can walk the guard into a Foyer for three tokens);
    whether the End would get one caught with no Event drawn at all). (0.0, False) when no
    Event is drawn or the crew saw the top card."""
    if end is None or end.state.pending is not None or not end.would_draw_event():
        return 0.0, False
    st = end.state
    if st.events_seen or not st.events:
        return 0.0, False

    def loses(c: Game) -> bool:
        _play_the_end(c, turn)
        return c.state.outcome == "loss"

    lost = 0
    for i in range(len(st.events)):
        c = end.clone()
        cards = c.state.events
        cards[i], cards[-1] = cards[-1], cards[i]
        lost += loses(c)
    bare = end.clone()
    bare.state.events, bare.state.event_discard = [], []  # an End that draws no Event
    return lost / len(st.events), loses(bare)


_LOSS_SAMPLES = 100  # about 0.2 ms each; a 1-in-10 loss is seen within a few points
_LOSS_SALT = 0x10557


def _walk_loses(end: Game | None, me: int, turn: int) -> float:
    """The share of fresh samples of `end` (what nobody has seen drawn anew, from public
    facts only) whose End gets a burglar caught, when someone with one or
    two tokens left stands where the moving guard may walk (Office seed 9218: a guard of
    speed 6 passed a teammate with two tokens three times; the hint said only that he
    reaches them). With an Event drawn, the samples deal it too (Bank seed 9245: a fast
    guard passed a burglar with one token twice at an End that drew one). 0.0 otherwise."""
    if end is None or end.state.pending is not None:
        return 0.0
    st = end.state
    pos = st.players[me].pos
    if pos is None:
        return 0.0
    seen = _as_the_guard_moves(end, me)
    assert seen is not None
    risk = hit_risk(seen, pos >> 6)
    if not any(
        p.pos is not None and 0 < p.stealth <= 2 and risk.get(p.pos, 0.0) > 0.0
        for p in st.players
        if not p.escaped
    ):
        return 0.0
    lost = 0
    for k in range(_LOSS_SAMPLES):
        c = resample_from_infostate(end, me, _mix(_LOSS_SALT, st.actions_applied, turn, k))
        events = _play_the_end(c, turn)
        # Only a burglar who had a token to lose: one with none is told apart (`crew_exposed`).
        lost += any(isinstance(e, GameLost) and st.players[e.player].stealth > 0 for e in events)
    return lost / _LOSS_SAMPLES


_NEXT_SALT = 0x2E57
_NEXT_SAMPLES = 40  # two Ends each, at every End the autopilot plays: about 18 ms


def _next_walk(end: Game | None, me: int, turn: int, risk: float) -> tuple[int, float]:
    """(the seat that plays next, on the floor where `end` leaves `me`, and the share of
    fresh samples in which, his End played and that seat's End then played at once with no
    Event drawn, the floor's guard walks in on `me` at the second End); (-1, 0.0) when no
    sample finds him, the next seat stands on another floor, or he surely walks in at the
    first End anyway (Bank seed 9275: told out of reach, caught at his teammate's End). An
    estimate of what the guard does as things stand: the teammate's actions may change it."""
    if end is None or end.state.pending is not None or risk >= 1.0:
        return (-1, 0.0)
    st = end.state
    pos = st.players[me].pos
    if pos is None:
        return (-1, 0.0)
    floor = pos >> 6
    nxt = end._next_player(me)  # the engine's turn order: the next burglar still inside
    there = st.players[nxt].pos if nxt != me else None
    if there is None or there >> 6 != floor:
        return (-1, 0.0)
    found = 0
    for k in range(_NEXT_SAMPLES):
        c = resample_from_infostate(end, me, _mix(_NEXT_SALT, st.actions_applied, turn, k))
        _play_the_end(c, turn)
        cs = c.state
        if cs.step == Step.OVER or cs.current != nxt or cs.pending is not None:
            continue
        q, r = cs.players[me].pos, cs.players[nxt].pos
        if q is None or r is None or q >> 6 != floor or r >> 6 != floor:
            continue
        cs.events, cs.event_discard = [], []  # his End alone, no Event drawn
        events = _play_the_end(c, cs.turn)
        found += _seen_by_the_guard(events, me)
    return (nxt, found / _NEXT_SAMPLES) if found else (-1, 0.0)


_SEEN_EVENT_SALT = 0x5EE7


def _seen_event_walk(end: Game | None, me: int, turn: int) -> dict[int, float] | None:
    """When ending at `end` draws the Event card the table saw on top: each seat's share of
    fresh samples (what nobody has seen) whose End, that card played, costs him a Stealth
    token or the game. None otherwise: the guard's route and patrol cards tell it
    (`hit_risk`), and an unseen Event only "may change that". Office seed 9303: Crash! on
    top sent the guard to the burglar's tile, and the words named his teammate on the
    route the card took him off."""
    if end is None or end.state.pending is not None or not end.state.events_seen:
        return None
    if not end.would_draw_event():
        return None
    st = end.state
    hits = [0] * len(st.players)
    for k in range(_NEXT_SAMPLES):
        c = resample_from_infostate(end, me, _mix(_SEEN_EVENT_SALT, st.actions_applied, turn, k))
        for seat in {_found_by_the_guard(e) for e in _play_the_end(c, turn)} - {-1}:
            hits[seat] += 1
    return {seat: n / _NEXT_SAMPLES for seat, n in enumerate(hits) if n}


# Stealth lost at an End to something else than a guard's walk or sight.
_NOT_THE_GUARDS = frozenset(
    {StealthLoss.FLEXIBILITY, StealthLoss.CURSED_GOBLET, StealthLoss.TINKER}
)


def _found_by_the_guard(e: Event) -> int:
    """The seat `e` costs a Stealth token, or the game, to a guard's walk or sight; -1 if
    none."""
    if isinstance(e, (StealthLost, GameLost)) and e.reason not in _NOT_THE_GUARDS:
        return e.player
    return -1


def _seen_event_crew(end: Game | None, me: int, shares: dict[int, float]) -> _Crew:
    """`_seen_event_walk`'s shares as the crew `_end_watch` names: (seat, tile, share)."""
    if end is None:
        return ()
    players = end.state.players
    return tuple(
        (seat, pos, share)
        for seat, share in shares.items()
        if seat != me and (pos := players[seat].pos) is not None
    )


def _steps_alike(end: Game | None, other: Game | None, me: int, steps: int) -> int:
    """`steps`, `other`'s end's steps to the goal, when both ends aim at the same goal;
    -1 otherwise: a choice that reaches the goal and turns him to the next is not "further
    from the goal" (Bank seed 9275: told so of picking up the Gold Bar he stood on)."""
    if end is None or other is None or steps < 0:
        return -1
    if end.state.players[me].pos is None or other.state.players[me].pos is None:
        return -1
    return steps if aim_of(end, me) == aim_of(other, me) else -1


def _end_risk(g: Game | None, me: int) -> tuple[int, float, int]:
    """(where the burglar ends the actions, the chance the guard then walks in on him, the
    steps left to the goal) in a plan's end position; (-1, 0.0, -1) without one. The chance
    is 0.0 while the Invisible suit hides him (his walk through the tile: `_unseen_walk`)."""
    if g is None:
        return -1, 0.0, -1
    pos = g.state.players[me].pos
    if pos is None:
        return -1, 0.0, -1
    if _stays_on_a_guard(g, me):
        return pos, 1.0, goal_distance(g, me)  # Flexibility's token: as sure as his walk in
    risk = 0.0 if g._is_invisible(me) else _walk_chance(g, me, pos)
    return pos, risk, goal_distance(g, me)


def _first_step_away(w0: Game, action: Action, other: Action, me: int) -> int:
    """How many steps farther from the goal `other` alone leaves the burglar than `action`
    alone (an End leaves him where he stands); 0 when it is not farther, or when either
    turns up a hidden fact, ends his actions or changes his goal. A face-down tile stepped
    on counts as a harmless room, unless the goal is a search among such tiles: then it is
    one less to search, not a step away (Fort Knox seed 9238 read one as 6 steps off)."""
    aim = aim_of(w0, me)
    dist: list[int] = []
    for a in (action, other):
        g = w0.clone()
        if a.kind == ActionKind.MOVE:
            if not w0.tile(a.pos).revealed and aim.target in (-1, a.pos):
                return 0
            g = public_move_trial(w0, a)  # a shut Keypad opens: its roll is nobody's yet
            g.apply(a)
            if g.state.players[me].pos != a.pos:
                return 0
        elif a.kind != ActionKind.END and _brings_to_light(table_seen(g), g.apply(a)):
            return 0
        st = g.state
        if st.current != me or st.players[me].pos is None or aim_of(g, me) != aim:
            return 0
        dist.append(goal_distance(g, me))
    return max(0, dist[1] - dist[0]) if min(dist) >= 0 else 0


def _pays_too(w0: Game, action: Action, plan: dict[tuple[object, ...], Action], me: int) -> bool:
    """`action` pays a price the table sees: its own (a hazard, an early End's Event), or
    one its line surely ends in (the guard walks in, Flexibility's tile); not when that
    line turns up a hidden fact first."""
    if w0.hazards(action):
        return True
    if action.kind == ActionKind.END:
        return w0.would_draw_event()
    end, hidden = _plan_end(w0, action, plan)
    if end is None or hidden:
        return False
    return _end_risk(end, me)[1] >= _SURE or _stays_on_a_guard(end, me)


def _loses_anyway(
    w0: Game, action: Action, plan: dict[tuple[object, ...], Action], me: int
) -> bool:
    """`action` surely gets a burglar with no Stealth token left caught: at once (the
    engine's hazard), or where its line ends on a tile in sight (not a guessed one), unless
    the End there draws an Event nobody has seen that may spare him (a Freight Elevator)."""
    if Hazard.CAUGHT in w0.hazards(action):
        return True
    end, _ = _plan_end(w0, action, plan)
    if end is None:
        return False
    pos = end.state.players[me].pos
    if pos is None or not w0.tile(pos).revealed:
        return False
    share = _sure_loss_share(w0, end, me)
    return share is not None and share >= _SURE


def _loss_chance(
    w0: Game, action: Action, plan: dict[tuple[object, ...], Action], me: int
) -> float:
    """The chance `action` gets a burglar with no Stealth token left caught by the time its
    line ends, read from what is public: 1.0 at once (the engine's hazard); where the line
    ends, the chance the guard sees him there, or the share of the Event cards that do not
    spare one he surely reaches; -1.0 when it cannot be read (the line turns up a hidden
    fact, or its End draws an Event nobody has seen that may change his walk)."""
    if Hazard.CAUGHT in w0.hazards(action):
        return 1.0
    end, hidden = _plan_end(w0, action, plan)
    if end is None or hidden:
        return -1.0
    share = _sure_loss_share(w0, end, me)
    if share is not None:
        return share
    if _event_unseen(end):
        return -1.0
    pos = end.state.players[me].pos
    if pos is None:
        return 0.0
    _, risk, _ = _end_risk(end, me)
    watch, watched, _, _, _ = _public_watch(w0, end, me)
    seen = _seen_chance(risk, watch, watched)
    return seen if _exposed(end, ((me, pos, seen),)) else 0.0


def _loss_foreseen(seen: float, exposed: bool, met: _Crew, crew_exposed: tuple[int, ...]) -> bool:
    """Whether the End, with no Event drawn, catches a burglar with no Stealth left is known
    from public facts: each such burglar (him if `exposed`, at `seen`; those of `met` in
    `crew_exposed`) is surely reached. Otherwise the sample's shares of Event cards read its
    own patrol cards (Bank seed 9294: "only about 8% of the Event cards would spare the
    crew", told where the guard walked in 7 times in 100)."""
    chances = [seen] if exposed else []
    chances += [chance for seat, _, chance in met if seat in crew_exposed]
    return all(chance >= _SURE for chance in chances)


def _sure_loss_share(w0: Game, end: Game, me: int) -> float | None:
    """Where a line ends with a burglar with no Stealth left the guard surely reaches
    (`_sure_loss`): the share of the Event cards that may come whose End still gets him
    caught (1.0 when no unseen Event is drawn; a Freight Elevator may spare him). None when
    nobody is surely reached."""
    if _sure_loss(w0, end, me) < 0:
        return None
    return _event_loses(end, w0.state.turn)[0] if _event_unseen(end) else 1.0


def _event_unseen(end: Game) -> bool:
    """Ending there draws an Event the crew has not seen on top (it may change the walk)."""
    return end.state.pending is None and end.would_draw_event() and not end.state.events_seen


def _sure_loss(w0: Game, end: Game | None, me: int) -> int:
    """The seat of a burglar with no Stealth left (nor a token on his tile) the guard surely
    reaches where a line ends, the burglar's own first; -1 when none."""
    if end is None:
        return -1
    pos = end.state.players[me].pos
    _, risk, _ = _end_risk(end, me)
    if pos is not None and risk >= _SURE and _exposed(end, ((me, pos, risk),)):
        return me
    _, _, crew, _, atria = _public_watch(w0, end, me)
    sure = tuple(c for c in crew + atria if c[2] >= _SURE)
    exposed = _exposed(end, sure)
    return exposed[0] if exposed else -1


def _crew_walked_in(w0: Game, end: Game | None, me: int) -> dict[int, int]:
    """{seat: tile} of the teammates the guard surely walks in on where a line ends."""
    if end is None:
        return {}
    _, _, crew, _, _ = _public_watch(w0, end, me)
    return {seat: tile for seat, tile, chance in crew if chance >= _SURE}


def _stays_on_a_guard(g: Game | None, me: int) -> bool:
    """At a plan's end, the burglar stands on a guard's tile Flexibility let her into, so
    ending her actions there costs a Stealth token (the engine's own hazard says)."""
    if g is None or g.state.pending is not None:
        return False
    pos = g.state.players[me].pos
    if pos is None or g.state.floors[pos >> 6].guard.pos != pos:
        return False
    return Hazard.FLEXIBILITY_END in g.hazards(_END)


def _walk_chance(g: Game, me: int, pos: int) -> float:
    seen = _as_the_guard_moves(g, me)
    assert seen is not None
    return hit_risk(seen, pos >> 6).get(pos, 0.0)


def _order_of(w0: Game, after: Game, action: Action) -> tuple[int, bool, int, float, bool]:
    """For an action that moves another burglar (the Rook's Orders): (his seat, whether it
    takes him nearer his own goal, else the tile it takes him from and the guard's chance
    there when his new tile's is lower: as this turn ends, or on another floor than the
    mover's, as his own turn would end (the last flag)); (-1, False, -1, 0.0, False)
    otherwise."""
    me = w0.state.current
    seat = action.player
    nothing = -1, False, -1, 0.0, False
    if action.kind != ActionKind.ABILITY or seat < 0 or seat == me:
        return nothing
    was = w0.state.players[seat].pos
    now = after.state.players[seat].pos
    if was is None or now is None or was == now:
        return nothing
    if goal_distance(after, seat) < goal_distance(w0, seat):
        return seat, True, -1, 0.0, False
    here = w0.state.players[me].pos
    if here is None:
        return seat, False, -1, 0.0, False
    if was >> 6 != here >> 6:
        # This End moves another floor's guard: his floor's moves when his own turn ends
        # (Bank seed 9251: ordered a step away from the guard beside him, told as nothing).
        before = hit_risk(w0, was >> 6).get(was, 0.0)
        if before > hit_risk(after, now >> 6).get(now, 0.0):
            return seat, False, was, before, True
        return seat, False, -1, 0.0, False
    before = _walk_chance(w0, me, was)
    if before > _walk_chance(after, me, now):
        return seat, False, was, before, False
    return seat, False, -1, 0.0, False


def _tile_tokens(w0: Game, end_pos: int) -> int:
    """The Stealth tokens on the plan's end tile (a Lavatory's), when it is face up now."""
    if end_pos < 0 or not w0.tile(end_pos).revealed:
        return 0
    return w0.tile(end_pos).stealth


def _unseen_walk(g: Game | None, me: int) -> float:
    """The chance the guard walks through the plan's end tile while the Invisible suit,
    worn this turn, keeps him from seeing the burglar there (0 without the suit)."""
    if g is None or not g._is_invisible(me):
        return 0.0
    pos = g.state.players[me].pos
    return 0.0 if pos is None else _walk_chance(g, me, pos)


_Crew = tuple[tuple[int, int, float], ...]


def _end_watch(g: Game | None, me: int) -> tuple[str, float, _Crew, _Crew, _Crew]:
    """In a plan's end position: the burglar's tile watch and its chance (`watch_risk`);
    (seat, tile, chance) for each other burglar on the floor the guard may then catch, for
    each other burglar on a Camera (any floor) he may set ringing by stepping on one, and
    for each other burglar on an Atrium next floor up or down he may walk under or over."""
    if g is None:
        return "", 0.0, (), (), ()
    st = g.state
    pos = st.players[me].pos
    if pos is None:
        return "", 0.0, (), (), ()
    f = pos >> 6
    kind, chance = watch_risk(g, pos)
    crew = []
    cameras = []
    atria = []
    for i, p in enumerate(st.players):
        if i == me or p.pos is None or p.escaped:
            continue
        if p.pos >> 6 == f:
            danger = end_danger(g, p.pos)
            if danger > 0.0:
                crew.append((i, p.pos, danger))
        t = g.tile(p.pos)
        if abs((p.pos >> 6) - f) == 1 and t.revealed and t.kind == K.ATRIUM and not t.disabled:
            under = (f << 6) | (p.pos & 63)  # the tile of his floor right below or above it
            seen = hit_risk(g, f).get(under, 0.0)
            if seen > 0.0:
                atria.append((i, p.pos, seen))
        if t.revealed and t.kind == K.CAMERA and not t.disabled and cameras_ring(g):
            cams = {q for q in _revealed_of_kind(g, f, K.CAMERA) if not g.tile(q).disabled}
            walks = guard_walks(g, f)
            seen = min(1.0, sum(c for c, walk in walks if not walk.isdisjoint(cams)))
            if seen > 0.0:
                cameras.append((i, p.pos, seen))
    return kind, chance, tuple(crew), tuple(cameras), tuple(atria)


def _exposed(end: Game | None, met: _Crew) -> tuple[int, ...]:
    """The seats of `met` (teammates the guard may walk in on or see) with no Stealth token
    left and none lying on their tile to pay: seen, they are caught and the crew loses."""
    if end is None:
        return ()
    out: list[int] = []
    for seat, tile, _ in met:
        exposed = end.state.players[seat].stealth == 0 and end.tile(tile).stealth == 0
        if exposed and seat not in out:
            out.append(seat)
    return tuple(out)


def _self_exposed(end: Game | None, me: int, risk: float, watch: str, watched: float) -> bool:
    """The burglar has no Stealth token left (nor one on his tile) where the plan ends, and
    the guard may walk in or see him from next door there (Bank seed 9219: the last End,
    told only as "82% chance", lost the game)."""
    pos = end.state.players[me].pos if end is not None else None
    seen = _seen_chance(risk, watch, watched)
    return pos is not None and seen > 0.0 and bool(_exposed(end, ((me, pos, seen),)))


def _seen_chance(risk: float, watch: str, watched: float) -> float:
    """The chance the guard sees a burglar where he ends: walking in, or from next door
    into a Foyer he passes."""
    return min(1.0, risk + (watched if watch == "foyer" else 0.0))


def _in_a_foyer(end: Game | None, met: _Crew) -> tuple[int, ...]:
    """The seats of `met` standing in a working Foyer (the guard sees in from next door)."""
    if end is None:
        return ()
    return tuple(seat for seat, tile, _ in met if watch_risk(end, tile)[0] == "foyer")


def _public_watch(w0: Game, end: Game | None, me: int) -> tuple[str, float, _Crew, _Crew, _Crew]:
    """`_end_watch` of a plan's end as the guard starts his move, the end tile's own watch
    left out when that tile is face down in the public position (whether it is a Foyer is
    the sample's guess)."""
    watch, watched, crew, cameras, atria = _end_watch(_as_the_guard_moves(end, me), me)
    pos = end.state.players[me].pos if end is not None else None
    if end is not None and pos is not None and (not w0.tile(pos).revealed or end._is_invisible(me)):
        watch, watched = "", 0.0  # a guess of the sample's; or the Invisible suit hides him
    return watch, watched, crew, cameras, atria


def _in_sight(events: list[Event]) -> Iterator[Event]:
    """An action's events up to the first hidden fact (a roll, a card, a tile turned)."""
    for e in events:
        if isinstance(e, HIDDEN_FACTS):
            return
        yield e


def _prices(events: list[Event], after: Game, me: int) -> tuple[bool, bool]:
    """(an alarm goes off or is asked about, the burglar loses a Stealth token of their own)
    in an action's events, up to the first hidden fact (a roll, a card)."""
    alarm = stealth = False
    for e in _in_sight(events):
        if isinstance(e, AlarmRaised):
            alarm = True
        elif isinstance(e, StealthLost) and e.player == me and not e.from_tile:
            stealth = True
    d = after.state.pending
    if d is not None and d.kind == D.ALARM:
        alarm = True  # an alarm unless a hack token (or a payment) stops it
    return alarm, stealth


def _speeds_up(events: list[Event]) -> tuple[tuple[int, int], ...]:
    """(floor, new speed) for each guard an action's events surely speed up by reshuffling his
    empty patrol deck, up to the first other hidden fact: the deck's size is public, its new
    order is not (Bank seed 9310: an E.M.P. told only as switching an alarm off and drawing a
    card, while the floor's guard went up to speed 5)."""
    out: list[tuple[int, int]] = []
    for e in events:
        if isinstance(e, SpeedChanged) and e.why == "reshuffle":
            out.append((e.floor, e.speed))
        elif isinstance(e, HIDDEN_FACTS) and not isinstance(e, PatrolReshuffled):
            break
    return tuple(out)


def _paid_by_tile(events: list[Event], after: Game) -> str:
    """Why the action costs a Stealth token that one lying on the tile pays (the burglar has
    none left) or may pay (he is asked which), up to the first hidden fact; "" for none."""
    for e in _in_sight(events):
        if isinstance(e, StealthLost) and e.from_tile:
            return str(e.reason)
    d = after.state.pending
    return d.source if d is not None and d.kind == D.TILE_STEALTH else ""


def _stealth_gained(events: list[Event]) -> tuple[int, ...]:
    """The seats an action's events give a Stealth token, up to the first hidden fact."""
    return tuple(e.player for e in _in_sight(events) if isinstance(e, StealthGained))


def _alarm_of(events: list[Event], after: Game) -> tuple[int, bool]:
    """(the tile of the alarm an action sets off, whether the player is asked first how to
    stop it), as `_prices` found it: the first alarm raised before a hidden fact, else the
    alarm decision the action leaves open."""
    for e in _in_sight(events):
        if isinstance(e, AlarmRaised):
            return e.pos, False
    d = after.state.pending
    if d is not None and d.kind == D.ALARM:
        return d.pos, True
    return -1, False


_PLAIN_FIRST = {ActionKind.MOVE: 0, ActionKind.PEEK: 1, ActionKind.END: 2}
# Hazards whose price is a Stealth token (or the game, with none left).
_TOKEN_HAZARDS = frozenset(
    {
        Hazard.GUARD_TILE,
        Hazard.FLEXIBILITY_END,
        Hazard.WATCHED,
        Hazard.TIARA_SEEN,
        Hazard.GUARD_PATH_END,
        Hazard.GUARD_PATH_END_EVENT,
        Hazard.CAUGHT,
        Hazard.CAUGHT_UNLESS_EVENT,
    }
)
_SURE = 1.0 - 1e-9  # a chance summed over the guard's walks that adds up to 1


def _outscores(scores: dict[Action, float], action: Action, other: Action) -> bool:
    """`action` scored at least as well as `other` on the bot's own tables: else the whole-turn
    search chose it over `other` on its worlds, and "`other` scores lower" would be false."""
    return action in scores and scores[action] >= scores[other]


def _pays_nothing(g: Game, action: Action, me: int) -> bool:
    """`action` pays no price the table can see coming: no hazard, no alarm or Stealth token
    of its own (Dynamite skips a Motion room's alarm by ringing another), no Event drawn by
    ending with too few actions taken, and when it leaves no action, the End it forces pays
    none (a Tool used where the guard walks at the End only puts off the same price)."""
    if g.hazards(action) or (action.kind == ActionKind.END and g.would_draw_event()):
        return False
    trial = g.clone()
    events = trial.apply(action)
    alarm, stealth = _prices(events, trial, me)
    if alarm or stealth or _paid_by_tile(events, trial):
        return False
    st, before = trial.state, g.state
    if (
        action.kind == ActionKind.END
        or st.step == Step.OVER
        or st.turn != before.turn
        or st.current != me
        or st.pending is not None
        or st.actions_left > 0
    ):
        return True
    return not trial.hazards(_END)


# Goals on the burglar's own floor, and those whose tile is the way off it.
_THIS_FLOOR = frozenset({Goal.FIND_SAFE, Goal.FIND_STAIRS})
_OFF_THIS_FLOOR = frozenset({Goal.STAIRS_UP, Goal.STAIRS_DOWN, Goal.DUCT, Goal.ESCAPE, Goal.ROOF})
# Goals reached by going up: a plan that ends the turn on a floor below leaves them.
_WAYS_UP = frozenset({Goal.STAIRS_UP, Goal.ESCAPE, Goal.ROOF})


# An End's hazards that say the guard surely walks in on the burglar (an Event aside).
_WALKS_IN = frozenset(
    {
        Hazard.GUARD_PATH_END,
        Hazard.GUARD_PATH_END_EVENT,
        Hazard.CAUGHT,
        Hazard.CAUGHT_UNLESS_EVENT,
    }
)


def _end_hazards(end: Game | None, end_unknown: bool) -> set[Hazard]:
    """The prices ending the turn at the plan's end surely pays (`Game.hazards`), when the
    table can foresee that end (no guess of the sample's on the way)."""
    if end is None or end_unknown:
        return set()
    return set(end.hazards(_END))


def _lure(w0: Game, end: Game | None, pos: int) -> int:
    """The tile of an alarm the plan sets off on `pos`'s floor and the guard heads for as
    the plan ends the turn (-1: none)."""
    if end is None:
        return -1
    dest = end.state.floors[pos >> 6].guard.dest
    if dest is None or w0.tile(dest).alarm or not end.tile(dest).alarm:
        return -1
    return dest


def _crew_lure(w0: Game, end: Game | None, me: int) -> tuple[int, int, int]:
    """(seat, tile, alarm): a teammate the guard of the floor the plan ends on would surely
    reach, were it not for an alarm the plan sets off there (a Thermo it ends on too) that he
    heads for instead, read in the same end position with those new alarms taken back and
    his destination as it was; (-1, -1, -1) when none."""
    none = (-1, -1, -1)
    seen = _as_the_guard_moves(end, me)
    if seen is None:
        return none
    pos = seen.state.players[me].pos
    if pos is None:
        return none
    f = pos >> 6
    dest = seen.state.floors[f].guard.dest
    if dest is None or w0.tile(dest).alarm or not seen.tile(dest).alarm:
        return none
    bare = seen.clone()
    for q in seen.alarms(f):
        if not w0.tile(q).alarm:
            bare._mutable_tile(q).alarm = False
    bare.state.floors[f].guard.dest = w0.state.floors[f].guard.dest
    bare._state_changed()
    spared = {seat for seat, _, chance in _end_watch(seen, me)[2] if chance >= _SURE}
    for seat, tile, chance in _end_watch(bare, me)[2]:
        if chance >= _SURE and seat not in spared:
            return seat, tile, dest
    return none


def _leaves_the_goal(
    w0: Game, action: Action, goal: Goal, target: int, end_pos: int, steps: int
) -> bool:
    """The Move, and the plan's end after it, take the burglar no nearer his goal: on this
    floor, no fewer steps from it; off it, a goal that lies on this floor, or a way up left
    for a floor below (a way down for one above)."""
    me = w0.state.current
    pos = w0.state.players[me].pos
    assert pos is not None
    here = pos >> 6
    there = end_pos >> 6 if end_pos >= 0 else action.pos >> 6
    if action.pos >> 6 == here and there == here:
        before = goal_distance(w0, me)
        return (steps if steps >= 0 else before) >= before
    if (there < here and goal in _WAYS_UP) or (there > here and goal == Goal.STAIRS_DOWN):
        return True
    return goal in _THIS_FLOOR or (
        goal not in _OFF_THIS_FLOOR and target >= 0 and target >> 6 == here
    )


# Goals whose work lies on the floor the burglar stands on (a target there, or its face-down
# tiles; the Stairs' tile too, the way off it): a plan that ends the turn on another floor
# than the one those Stairs lead to leaves it for now.
_WORK_HERE = frozenset(
    {
        Goal.FIND_SAFE,
        Goal.FIND_STAIRS,
        Goal.OPEN_SAFE,
        Goal.COMBINATION,
        Goal.LOOT,
        Goal.HACK,
        Goal.STAIRS_UP,
        Goal.STAIRS_DOWN,
        Goal.DUCT,
    }
)


def _floor_left(
    w0: Game, goal: Goal, target: int, end_pos: int, leads_to: int
) -> tuple[int, _Crew]:
    """(the floor the plan leaves while its goal lies there, the burglars there whose
    guard may walk in were the turn to end on it now); (-1, ()) when the plan ends the turn
    on the goal's floor, or on the floor its Stairs lead to (`leads_to`)."""
    st = w0.state
    me = st.current
    pos = st.players[me].pos
    if pos is None or end_pos < 0 or end_pos >> 6 == pos >> 6 or goal not in _WORK_HERE:
        return -1, ()
    here = pos >> 6
    if end_pos >> 6 == leads_to:  # up or down the way the goal names: not left, reached
        return -1, ()
    if goal not in _THIS_FLOOR and (target < 0 or target >> 6 != here):
        return -1, ()
    risk = hit_risk(w0, here)
    spared = tuple(
        (i, q.pos, risk[q.pos])
        for i, q in enumerate(st.players)
        if i != me and q.pos is not None and not q.escaped and risk.get(q.pos, 0.0) > 0.0
    )
    return here, spared


def explain(
    w0: Game,
    action: Action,
    plan: dict[tuple[object, ...], Action],
    scores: dict[Action, float],
    options: int,
    worlds: int,
    beaten: frozenset[Action] = frozenset(),
) -> Explanation:
    """Why `action`, read off the plan: see `Explanation`. `w0` is the first sample (its
    public part is the real game's); `plan` its best lines; `scores` the candidates';
    `beaten` the first actions of the lines the whole-turn search played and found worse."""
    st = w0.state
    me = st.current
    p = st.players[me]
    pos = p.pos
    kind = action.kind
    if st.step == Step.ENTRANCE:
        g = st.floors[0].guard
        d = -1
        if g.pos is not None and action.pos >= 0:
            d = w0.geometry(0).dist[g.pos & 63][action.pos & 63]
        return Explanation(action, Goal.ENTER, action.pos, guard_steps=d, options=options)
    if st.pending is not None:
        return _explain_decision(w0, action, plan, scores, options, worlds)
    aim = aim_of(w0, me)
    goal, target, safe = aim.goal, aim.target, aim.safe
    if kind in (ActionKind.CRACK, ActionKind.ADD_DIE):
        here = action.pos if action.pos >= 0 else (pos if pos is not None else -1)
        goal, target, safe = Goal.OPEN_SAFE, here, here
    elif kind == ActionKind.PICKUP:
        goal, target = Goal.LOOT, pos if pos is not None else -1
    elif kind == ActionKind.ESCAPE:
        goal, target = Goal.ESCAPE, pos if pos is not None else -1
    elif kind == ActionKind.HACK and pos is not None and w0.tile(pos).hack < HACK_TOKENS_WORTH:
        goal, target = Goal.HACK, pos  # past them a hack is an action spent on the goal's turn
    if goal == Goal.LOOT and target >= 0 and w0.tile(target).kind == K.SAFE:
        safe = target  # Loot in its open Safe; none for Loot lying elsewhere (a Kitty run off)
    if goal == Goal.WAY_HELD and kind == ActionKind.MOVE and 0 <= aim.to == action.pos:
        # Onto the held way's far end, into its guard: told as the way, its token as a price.
        goal = Goal.STAIRS_UP if aim.to >> 6 > target >> 6 else Goal.STAIRS_DOWN
    hazards = w0.hazards(action)
    event = kind == ActionKind.END and w0.would_draw_event()
    face_down = kind == ActionKind.MOVE and not w0.tile(action.pos).revealed
    # Into the guard's tile with no token paid: Flexibility's free step (its price comes at
    # the End, should she still be there).
    flexible = (
        kind == ActionKind.MOVE
        and _guard_on(w0, action.pos)
        and (p.character, p.side) == (Character.ACROBAT, Side.BASIC)
        and Hazard.GUARD_TILE not in hazards
    )
    spent = st.actions_left
    trial = w0.clone()
    events = trial.apply(action)
    forfeited = 0
    if kind != ActionKind.END and trial.state.turn == st.turn:
        spent = st.actions_left - trial.state.actions_left
        # What the engine counts as spent (the Event's threshold too); a climb drops the rest.
        counted = trial.state.actions_taken - st.actions_taken
        if trial.state.actions_left == 0 and 0 <= counted < spent:
            spent, forfeited = counted, spent - counted
    elif kind != ActionKind.END:  # the action ended the turn (an escape): what it counted
        ended = (e for e in events if isinstance(e, TurnEnded) and e.player == me)
        spent = next((e.actions_taken - st.actions_taken for e in ended), spent)
    then = _plan_next(w0, trial, plan) if kind == ActionKind.MOVE else None
    ordered, ordered_nearer, ordered_from, ordered_risk, ordered_own_end = _order_of(
        w0, trial, action
    )
    # Onto a face-down tile, only the sample says a Safe lies there: not the table's fact.
    for_the_safe = not face_down and _rolls_there(trial, then, action.pos)
    if for_the_safe:
        goal, target, safe = Goal.OPEN_SAFE, action.pos, action.pos
    brought = unseen_facts(table_seen(w0), events) if kind != ActionKind.END else []
    luck = bool(brought)
    luck_kind = _light_kind(brought) if luck and not face_down else ""
    # Up to the first hidden fact: for End, what the guard surely does before he draws a
    # patrol card (a Camera he steps on, a burglar on his route).
    priced, priced_events = trial, events
    if face_down:  # what a face-down tile does is the sample's guess, not a fact; the
        # tile left is public (a Motion room's alarm, asked about when a hack token waits)
        priced = public_move_trial(w0, action)
        priced_events = priced.apply(action)
    alarm, stealth = _prices(priced_events, priced, me)
    gainers = _stealth_gained(priced_events)
    guard_skips = next(
        (
            f
            for f, fl in enumerate(trial.state.floors)
            if fl.guard.donuts and not st.floors[f].guard.donuts
        ),
        -1,
    )
    tile_pays = _paid_by_tile(priced_events, priced) if kind != ActionKind.END else ""
    alarm_picked = -1  # the Juicer's Reroute: an alarm kept to put down later
    if kind == ActionKind.ABILITY and action.card == "reroute":
        cleared = (e.pos for e in _in_sight(priced_events) if isinstance(e, AlarmCleared))
        alarm_picked = next(cleared, -1)
    told = set(hazards)
    alarm = alarm and not told & {Hazard.MOTION_EXIT, Hazard.THERMO_END}
    alarm_pos, alarm_asked = _alarm_of(priced_events, priced) if alarm else (-1, False)
    told_token = bool(told & _TOKEN_HAZARDS)
    costs_a_token = stealth or told_token  # what a choice "avoids this" must not pay on its way
    stealth = stealth and not told_token
    emp = kind == ActionKind.USE and action.card == "emp"
    sight: list[Event] = []
    replans: list[bool] = []
    end, end_unknown = _plan_end(w0, action, plan, sight=sight if emp else None, replans=replans)
    if replans:  # the rule of thumb's end in a sample the plan never saw: not told
        end = None
    end_pos, risk, steps = _end_risk(end, me)
    alarms_off: tuple[int, ...] = ()
    kept_quiet: tuple[int, ...] = ()
    if emp:
        # What it puts out now, and what the plan's way sets off that it keeps from ringing
        # (Bank seed 9210: used with no reason told, then a Detector walked with the Loot).
        alarms_off = tuple(e.pos for e in _in_sight(events) if isinstance(e, AlarmCleared))
        quiet = (e.pos for e in sight if isinstance(e, AlarmAvoided) and e.how == _EMP)
        kept_quiet = tuple(dict.fromkeys(quiet))
    # The End's sure prices as the engine plays it, the Event the table saw on top included:
    # this End's, or the plan's where it ends the actions without a guess (Office seed 9303:
    # Crash! on top, each step told "out of the guard's reach ... an Event may change that",
    # then the End "he walks in").
    end_told = told if kind == ActionKind.END else _end_hazards(end, end_unknown)
    if end_told & _WALKS_IN:
        risk = 1.0  # the engine's own End walks him in (after an alarm his Camera rings, too)
    seen_event = None if end_unknown else _seen_event_walk(end, me, st.turn)
    if seen_event is not None and risk < 1.0:
        risk = seen_event.get(me, 0.0)  # the card's walk, not his route's
    unseen = _unseen_walk(end, me)
    crow_spares = -1.0
    if kind == ActionKind.ABILITY and action.card == "crow" and end is not None and end_pos >= 0:
        crow_spares = _risk_without_the_crow(end, me, st.crow, trial.state.crow, risk)
    # Ending there draws an Event: it may move the guard or the burglar (`hit_risk` reads
    # his route and patrol cards, not the Events).
    end_event = end is not None and end.would_draw_event() and seen_event is None
    if end_told & {Hazard.GUARD_PATH_END, Hazard.CAUGHT}:
        # A sure price past an Event drawn: the crew saw that card on top and the engine's
        # End played it (Bank seed 9241: "he walks in. The Event may change that.").
        end_event = False
    event_loses, event_only_hope = _event_loses(end, st.turn) if end_event else (0.0, False)
    # Told at the End itself (the warning's moment), not for each step toward it: a
    # hundred samples cost some 20 ms.
    at_the_end = kind == ActionKind.END and not end_unknown
    walk_loses = _walk_loses(end, me, st.turn) if at_the_end else 0.0
    next_walk = _next_walk(end, me, st.turn, risk) if at_the_end else (-1, 0.0)
    next_exposed = next_walk[0] >= 0 and bool(_exposed(end, ((me, end_pos, 1.0),)))
    watch, watched, crew, crew_camera, crew_atrium = _public_watch(w0, end, me)
    if seen_event is not None:  # the samples played the card: every sighting is in them
        watch, watched, crew_camera, crew_atrium = "", 0.0, (), ()
        crew = _seen_event_crew(end, me, seen_event)
    crew_exposed = _exposed(end, crew + crew_atrium)
    exposed = _self_exposed(end, me, risk, watch, watched)
    lost_here = _seen_chance(risk, watch, watched)
    if not _loss_foreseen(lost_here, exposed, crew + crew_atrium, crew_exposed):
        event_loses, event_only_hope = 0.0, False  # the sample's patrol cards, not the table's
    crew_foyer = _in_a_foyer(end, crew)
    crew_lure = _crew_lure(w0, end, me)
    end_on_guard = _stays_on_a_guard(end, me)
    end_thermo = ""
    if kind != ActionKind.END and _ends_on_a_thermo(w0, end, end_pos, me):
        # This action spends the last one there, with no roll or card of its own (a Keypad
        # that stays shut, in the sample): no hidden fact can move where they end.
        last = not luck and trial.state.actions_left == 0 and trial.state.players[me].pos == end_pos
        end_thermo = "guess" if end_unknown and not last else "sure"
    event_detour = (
        kind == ActionKind.MOVE
        and end is not None
        and not end.would_draw_event()
        and end.state.actions_taken - 1 <= end.event_threshold(me)
        and _steps_straight_back(w0, trial, then)
    )
    hide_risk = 0.0  # the chance of his tile, for a Move only (hiding is a Move)
    lure = -1
    if kind == ActionKind.MOVE and pos is not None and not w0._is_invisible(me):
        hide_risk = hit_risk(w0, pos >> 6).get(pos, 0.0)
        if (
            hide_risk > 0.0
            and not for_the_safe
            and risk < hide_risk  # not a plan that ends where he is as likely to walk in
        ):
            if end_pos != pos:
                if _leaves_the_goal(w0, action, goal, target, end_pos, steps):
                    goal, target, safe = Goal.HIDE, pos, -1
            else:  # back here to end: it hides him only by turning the guard
                lure = _lure(w0, end, pos)
                if lure >= 0:
                    goal, target, safe = Goal.HIDE, pos, -1
    leads_to = -1
    if goal == Goal.STAIRS_UP and target >= 0:
        leads_to = (target >> 6) + 1
    elif goal == Goal.STAIRS_DOWN and pos is not None:
        leads_to = (pos >> 6) - 1  # the floor below his, its Stairs found or not (target -1)
    elif goal in (Goal.DUCT, Goal.WAY_HELD) and aim.to >= 0:
        leads_to = aim.to >> 6
    elif (
        goal == Goal.FIND_STAIRS
        and pos is not None
        and action.pos >> 6 == (pos >> 6) + 1
        and (
            kind == ActionKind.MOVE
            # the bomb's hole, when the plan then ends the turn up there
            or (
                kind == ActionKind.USE
                and action.card == "thermal-bomb"
                and end_pos >> 6 == action.pos >> 6
            )
        )
    ):
        # A way up before the Stairs are found (a Thermal Bomb's hole, a climb): the floor
        # they would lead to, reached (Bank seed 9213: "Go up to 2.B1. Goal: find the Stairs
        # of floor 1").
        leads_to = action.pos >> 6
    floor_left, spared = _floor_left(w0, goal, target, end_pos, leads_to)
    away = (
        kind == ActionKind.MOVE
        and goal == aim.goal
        and not end_unknown
        and end is not None
        and pos is not None
        and end_pos >= 0
        and end_pos >> 6 == pos >> 6
        and aim_of(end, me) == aim
        and steps > goal_distance(w0, me)
    )
    # A hack, or a Move whose plan ends where he stands or farther from his goal: what it
    # buys is the Event ending now would draw.
    event_dodged = (
        (kind == ActionKind.HACK or (kind == ActionKind.MOVE and (end_pos == pos or away)))
        and end is not None
        and w0.would_draw_event()
        and not end.would_draw_event()
    )
    # The Stairs lead to the same cell a floor off; a Service Duct to its twin.
    arrival = aim.to if goal == Goal.DUCT else (leads_to << 6) | (target & 63)
    climb = (
        kind in (ActionKind.MOVE, ActionKind.USE)
        and leads_to >= 0
        and action.pos >> 6 == leads_to
        and (
            goal == Goal.FIND_STAIRS
            or (
                kind == ActionKind.MOVE
                and goal in (Goal.STAIRS_UP, Goal.STAIRS_DOWN, Goal.DUCT)
                and target >= 0
                and action.pos != arrival
            )
        )
    )
    alternative: Action | None = None
    alt_risk, alt_steps = 0.0, -1
    alt_loses = -1
    alt_crew = (-1, -1)
    alt_unknown = False
    alt_away = 0
    alt_outplayed = False
    weighed = False
    sole = False
    price_in_sight = bool(hazards or alarm or event or tile_pays)
    if price_in_sight:  # the hint says why
        sole = len(w0.legal_actions()) == 1

        lines: dict[Action, tuple[Game | None, bool]] = {}

        def line(a: Action) -> tuple[Game | None, bool]:
            return lines[a] if a in lines else _plan_end(w0, a, plan)

        def avoids(a: Action) -> bool:
            """`a` pays no price of its own; against an End that draws an Event, its line
            ends the actions with enough taken to draw none, and against a price of a
            Stealth token, its line pays none on the way: the search's line, else the rule
            of thumb's (one the search never played on)."""
            if a == action or not _pays_nothing(w0, a, me):
                return False
            if not event and not costs_a_token:
                return True
            for lines_from in (plan, {}):
                a_line = _plan_end(w0, a, lines_from)
                a_end = a_line[0]
                if a_end is None or (event and a_end.would_draw_event()):
                    continue
                if costs_a_token and a_end.state.players[me].stealth < st.players[me].stealth:
                    continue  # its line pays a token on the way (Fort Knox seed 9192)
                lines[a] = a_line
                return True
            return False

        clean = [a for a in scores if avoids(a)]
        if clean:
            alternative = max(clean, key=lambda a: scores[a])
            weighed = _outscores(scores, action, alternative)
        else:  # a plan followed, or candidates that left it out: not scored, yet it exists
            # The plainest first: a step, a peek or the End before a Tool or an ability.
            others = sorted(w0.legal_actions(), key=lambda a: _PLAIN_FIRST.get(a.kind, 3))
            free = (a for a in others if avoids(a))
            alternative = next(free, None)
        if alternative is not None:
            alt_end, alt_hidden = line(alternative)
            # Weighed, a line that rolls or reveals on its way is told as the sample's guess
            # (Bank seed 9224: a Crack told as "ends on the guard's path: he walks in", true
            # only where the dice opened the Safe and sped him up).
            alt_unknown = weighed and alt_hidden
            alt_outplayed = not weighed and alternative in beaten
            # Unweighed, its own line is read only when nothing hidden is on either line.
            if weighed or (not alt_hidden and not end_unknown):
                _, alt_risk, alt_steps = _end_risk(alt_end, me)
                alt_steps = _steps_alike(end, alt_end, me, alt_steps)
                # A teammate it leaves in the guard's walk (Office seed 9212: an End on a
                # Thermo whose alarm turned him away from a burglar with one token left).
                reached = {seat for seat, _, chance in crew if chance >= _SURE}
                hit = _crew_walked_in(w0, alt_end, me).items()
                alt_crew = next(((c, q) for c, q in hit if c not in reached), alt_crew)
            else:  # unread: how far from the goal its own step leaves him, at least
                alt_away = _first_step_away(w0, action, alternative, me)
            alt_loses = _sure_loss(w0, alt_end, me)
    # A step whose plan surely ends where the guard walks in pays that price at the End: the
    # best-scored choice whose own line ends anywhere safer says why it is worth it.
    walked_in = False
    if not hazards and kind != ActionKind.END and not end_unknown and risk >= _SURE:
        # A plan followed (nothing scored): the plainest legal choice, as above.
        if scores:
            candidates = sorted(scores, key=lambda a: -scores[a])
        else:
            candidates = sorted(w0.legal_actions(), key=lambda a: _PLAIN_FIRST.get(a.kind, 3))
        for other in candidates:
            if other == action or not _pays_nothing(w0, other, me):
                continue
            other_end, other_hidden = _plan_end(w0, other, plan)
            if other_end is None or other_hidden:
                continue
            _, other_risk, other_steps = _end_risk(other_end, me)
            if other_risk < risk:
                other_steps = _steps_alike(end, other_end, me, other_steps)
                alternative, alt_risk, alt_steps = other, other_risk, other_steps
                weighed = _outscores(scores, action, other)
                walked_in = True
                # What was read off an earlier alternative is not this one's.
                alt_unknown, alt_crew = False, (-1, -1)
                alt_away = 0 if weighed else _first_step_away(w0, action, other, me)
                alt_outplayed = not weighed and other in beaten
                alt_loses = _sure_loss(w0, other_end, me)
                break
    # A plan that surely ends in a price (he walks in, or Flexibility's tile), with no
    # choice found whose line ends clear of it: said when every other one pays too (Bank
    # seed 9247: a free step into the guard's tile against an End he walks in on).
    priced_end = False
    sure_price = risk >= _SURE or end_on_guard
    if not hazards and kind != ActionKind.END and not end_unknown and sure_price:
        others = [a for a in w0.legal_actions() if a != action]
        priced_end = alternative is None and bool(others)
        priced_end = priced_end and all(_pays_too(w0, a, plan, me) for a in others)
    # No choice avoids the price: whether some pay only later, on the turn played after them
    # (Bank seed 9224: a step beside the Stairs, whose line climbed into the guard).
    only_later = (
        alternative is None
        and (price_in_sight or priced_end)
        and any(a != action and _pays_nothing(w0, a, me) for a in w0.legal_actions())
    )
    # A guess that ends with him caught, when every other choice surely gets a burglar with
    # no token caught: what is not seen yet is the one chance (Bank seed 9236: a step onto a
    # face-down tile beside the guard, told only as the loss its sample guessed).
    only_hope = (
        not hazards
        and alternative is None
        and end_unknown
        and exposed
        and risk >= _SURE
        and all(_loses_anyway(w0, a, plan, me) for a in w0.legal_actions() if a != action)
    )
    # A plan read to its end where the guard may see him with no token left, when every
    # other choice is likelier to lose the game: this one is the crew's best chance (Bank
    # seed 9251: across a Deadbolt to a tile he may miss; his own tile and the other steps'
    # lines surely walked in on, the End unless an Event spared him).
    best_chance = (
        not end_unknown
        and not end_event
        and exposed
        and not crew_exposed
        and lost_here < _SURE
        and bool(rest := [a for a in w0.legal_actions() if a != action])
        and all(_loss_chance(w0, a, plan, me) > lost_here for a in rest)
    )
    return Explanation(
        action,
        goal,
        target,
        safe,
        actions=max(0, spent),
        forfeited=forfeited,
        gained=max(0, -spent),
        tool_spent=action.card if kind == ActionKind.USE else "",
        stealth_gained=me in gainers,
        crew_gains_stealth=tuple(i for i in gainers if i != me),
        guard_skips=guard_skips,
        alarms_off=alarms_off,
        kept_quiet=kept_quiet,
        alarm_picked=alarm_picked,
        speeds_up=_speeds_up(priced_events),
        tile_pays=tile_pays,
        hazards=hazards,
        alarm=alarm,
        alarm_pos=alarm_pos,
        alarm_asked=alarm_asked,
        stealth=stealth,
        event=event,
        face_down=face_down,
        flexible=flexible,
        end_pos=end_pos,
        risk=risk,
        unseen=unseen,
        tile_tokens=_tile_tokens(w0, end_pos),
        end_unknown=end_unknown,
        end_replanned=bool(replans),
        end_event=end_event,
        event_loses=event_loses,
        event_only_hope=event_only_hope,
        walk_loses=walk_loses,
        next_walk=next_walk,
        next_exposed=next_exposed,
        leads_to=leads_to,
        climb=climb,
        goal_floor=pos >> 6 if goal in _THIS_FLOOR and pos is not None else -1,
        floor_left=floor_left,
        spared=spared,
        hide_risk=hide_risk if goal == Goal.HIDE else 0.0,
        lure=lure if goal == Goal.HIDE else -1,
        crew_lure=crew_lure,
        crow_spares=crow_spares,
        watch=watch,
        watched=watched,
        crew=crew,
        crew_camera=crew_camera,
        crew_atrium=crew_atrium,
        crew_exposed=crew_exposed,
        exposed=exposed,
        crew_foyer=crew_foyer,
        end_thermo=end_thermo,
        end_on_guard=end_on_guard,
        luck=luck and not face_down,
        placed=_placed_risk(w0, action) if kind == ActionKind.MOVE else -1.0,
        arrival_walk=_arrival_walk(w0, action, st.turn) if kind == ActionKind.MOVE else -1.0,
        luck_kind=luck_kind,
        event_dodged=event_dodged,
        event_detour=event_detour,
        away=away,
        ordered=ordered,
        ordered_nearer=ordered_nearer,
        ordered_from=ordered_from,
        ordered_risk=ordered_risk,
        ordered_own_end=ordered_own_end,
        steps=steps,
        alternative=alternative,
        alternative_weighed=weighed,
        here=pos if pos is not None else -1,
        alternative_risk=alt_risk,
        alternative_steps=alt_steps,
        alternative_unknown=alt_unknown,
        alternative_away=alt_away,
        alternative_outplayed=alt_outplayed,
        alternative_loses=alt_loses,
        alternative_crew=alt_crew,
        sole=sole,
        only_later=only_later,
        only_hope=only_hope,
        best_chance=best_chance,
        priced_end=priced_end,
        walked_in=walked_in,
        options=options,
        worlds=worlds,
    )


def _explain_decision(
    w0: Game,
    action: Action,
    plan: dict[tuple[object, ...], Action],
    scores: dict[Action, float],
    options: int,
    worlds: int,
) -> Explanation:
    """Why this option of the pending decision: the alarm it lets ring, where the plan then
    ends the turn and the chance the guard walks in there, and the best-scored other option
    when its own plan ends where he is likelier to; for a choice made as the turn ends (which
    alarm the guard heads for), whom his walk after it catches, against the other option's."""
    st = w0.state
    me = st.current
    assert st.pending is not None
    trial = w0.clone()
    events = trial.apply(action)
    _, stealth = _prices(events, trial, me)
    alarm_pos, asked = _alarm_of(events, trial)
    rings = st.pending.kind == D.ALARM and alarm_pos >= 0 and not asked
    replans: list[bool] = []
    line_end, end_unknown = _plan_end(w0, action, plan, replans=replans)
    end = None if replans else line_end  # the rule of thumb's end the plan never saw: not told
    end_pos, risk, steps = _end_risk(end, me)
    unseen = _unseen_walk(end, me)
    watch, watched, crew, crew_camera, crew_atrium = _public_watch(w0, end, me)
    seen_event = None if end_unknown else _seen_event_walk(end, me, st.turn)
    if seen_event is not None:  # the card the table saw on top, played in fresh samples
        risk = seen_event.get(me, 0.0)
        watch, watched, crew_camera, crew_atrium = "", 0.0, (), ()
        crew = _seen_event_crew(end, me, seen_event)
    crew_exposed = _exposed(end, crew + crew_atrium)
    exposed = _self_exposed(end, me, risk, watch, watched)
    crew_foyer = _in_a_foyer(end, crew)
    end_on_guard = _stays_on_a_guard(end, me)
    event_loses, event_only_hope = _event_loses(end, st.turn)
    seen = _seen_chance(risk, watch, watched)
    if not _loss_foreseen(seen, exposed, crew + crew_atrium, crew_exposed):
        event_loses, event_only_hope = 0.0, False
    end_thermo = ""
    if _ends_on_a_thermo(w0, end, end_pos, me):
        end_thermo = "guess" if end_unknown else "sure"
    alternative: Action | None = None
    alt_risk, alt_steps = 0.0, -1
    others = [a for a in scores if a != action]
    best_other = max(others, key=lambda a: scores[a]) if others else None
    alt_loses = -1
    if end_pos >= 0 and best_other is not None:
        other_end, other_unknown = _plan_end(w0, best_other, plan)
        other_pos, other_risk, other_steps = _end_risk(other_end, me)
        if other_pos >= 0 and not other_unknown and other_risk > risk:
            other_steps = _steps_alike(end, other_end, me, other_steps)
            alternative, alt_risk, alt_steps = best_other, other_risk, other_steps
        elif _sure_loss(w0, end, me) >= 0:
            # This option's line loses the game: does the other one's too (Bank seed 9228:
            # an alarm let ring, told as the crew's loss, with nothing said of paying)?
            alt_loses = _sure_loss(w0, other_end, me)
            alternative = best_other if alt_loses >= 0 else None
    # An alarm kept from ringing: what the option set aside would have rung (Fort Knox seed
    # 9252: "spend an extra action" told only as the best score of 2).
    alarm_quieted = -1
    if st.pending.kind == D.ALARM and not rings and best_other is not None:
        rang = w0.clone()
        quiet_pos, quiet_asked = _alarm_of(rang.apply(best_other), rang)
        alarm_quieted = quiet_pos if not quiet_asked else -1
    # A choice made as the turn ends (which alarm the guard heads for): his walk after it.
    walk_hits: tuple[tuple[int, int], ...] = ()
    alternative_hits: tuple[tuple[int, int], ...] = ()
    if line_end is None and st.pending.floor >= 0:
        walk_hits = _walk_hits(w0, action)
        if best_other is not None:
            other_hits = _walk_hits(w0, best_other)
            if len(other_hits) > len(walk_hits):
                alternative, alternative_hits = best_other, other_hits
        if any(seat == me for seat, _ in walk_hits):
            stealth = False  # the walk's own line names that token, where and whose
    return Explanation(
        action,
        Goal.DECIDE,
        alarm=rings,
        alarm_pos=alarm_pos if rings else -1,
        alarm_quieted=alarm_quieted,
        stealth=stealth,
        end_pos=end_pos,
        risk=risk,
        unseen=unseen,
        tile_tokens=_tile_tokens(w0, end_pos),
        end_unknown=end_unknown,
        end_replanned=bool(replans),
        end_event=end is not None and end.would_draw_event(),
        event_loses=event_loses,
        event_only_hope=event_only_hope,
        watch=watch,
        watched=watched,
        crew=crew,
        crew_camera=crew_camera,
        crew_atrium=crew_atrium,
        crew_exposed=crew_exposed,
        exposed=exposed,
        crew_foyer=crew_foyer,
        end_thermo=end_thermo,
        end_on_guard=end_on_guard,
        steps=steps,
        alternative=alternative,
        alternative_weighed=alternative is not None,
        alternative_risk=alt_risk,
        alternative_steps=alt_steps,
        alternative_loses=alt_loses,
        decision=str(st.pending.kind),
        walk_hits=walk_hits,
        alternative_hits=alternative_hits,
        options=options,
        worlds=worlds,
    )


def _walk_hits(w0: Game, option: Action) -> tuple[tuple[int, int], ...]:
    """(seat, tile) of each burglar the guard walks in on after `option`, a choice made as
    the turn ends, up to the next turn or the first hidden fact (a patrol card drawn)."""
    g = w0.clone()
    turn = w0.state.turn
    events = g.apply(option)
    while g.state.pending is not None and g.state.step != Step.OVER and g.state.turn == turn:
        events += g.apply(decide(g))
    hits: list[tuple[int, int]] = []
    for e in events:
        if isinstance(e, (TurnStarted, *HIDDEN_FACTS)):
            break
        if isinstance(e, StealthLost) and not e.from_tile:
            pos = g.state.players[e.player].pos
            hits.append((e.player, -1 if pos is None else pos))
    return tuple(hits)


def _guard_on(game: Game, pos: int) -> bool:
    return game.state.floors[pos >> 6].guard.pos == pos


def _loop_steps(game: Game) -> set[Action]:
    """Moves from a guard's tile back into another guard's tile already stood on this turn.
    For the basic Acrobat both are free (Flexibility, as often as she likes), so two guards
    at the two ends of a staircase would let her bounce between them for ever; the bot never
    takes such a step. From any other tile the step back costs the action that reached it,
    so it is weighed like any other (Fort Knox seed 9189: a Deadbolt turned up next door, and
    the one way off the guard's walk was back through his tile up the Stairs)."""
    st = game.state
    here = st.players[st.current].pos
    if not st.visited or here is None or not _guard_on(game, here):
        return set()
    return {a for a in game.legal_actions() if _loops_back(game, a, st.visited)}


def _loops_back(game: Game, action: Action, visited: list[int]) -> bool:
    """`action` is a Move into a guard's tile stood on this turn (from a guard's tile)."""
    return action.kind == ActionKind.MOVE and action.pos in visited and _guard_on(game, action.pos)


def _reason(game: Game, action: Action) -> str:
    """A short key saying why (for hints): the kind of action and its purpose."""
    k = action.kind
    if k == ActionKind.MOVE:
        t = game.tile(action.pos)
        if t.revealed and t.kind == K.STAIRS:
            return "stairs"
        if action.pos >> 6 != (game.state.players[game.state.current].pos or 0) >> 6:
            return "floor"
        return "move"
    if k == ActionKind.PEEK:
        return "peek"
    if k in (ActionKind.ADD_DIE, ActionKind.CRACK):
        return str(k)
    if k == ActionKind.END:
        return "end"
    return str(k)


__all__ = ["Explanation", "explain"]
