"""Setting up a game: the building, its walls, the guards, the decks, the crew, and setup codes.

Rules: rulebook 000 "Setup" (Bank Job), "More Scenarios" (Office, Fort Knox, Advanced Wall
Layouts), "Ready the Guards", "Pick your crew"; shared/rules/game-data.md (tile numbers,
circles, standard walls, patrol decks); rules README rulings 11-13; docs/rulings.md R01-R05.
Expected facts are written out here from game-data.md, not read from engine/rules/data.py.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter, deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Character, PlayerSetup, ScenarioId, Setup, SetupError, Side, new_game
from engine.io.serialize import to_json
from engine.rules.data import LOST_VISUAL, EventCard, Loot, Tool
from engine.rules.events import DestinationSet
from engine.rules.game import Game
from engine.rules.setup import MAX_SEED
from engine.rules.state import Step

OFFICE, BANK, FORT_KNOX = ScenarioId.OFFICE, ScenarioId.BANK, ScenarioId.FORT_KNOX

# game-data.md, "Room tiles": (white-circle numbers, black-circle numbers) per type.
ROOMS = {
    "atrium": ((), (3, 4)),
    "camera": ((2, 3, 6), (1,)),
    "computer-fingerprint": ((4,), ()),
    "computer-laser": ((5,), ()),
    "computer-motion": ((6,), ()),
    "deadbolt": ((2, 3), (1,)),
    "detector": ((), (4, 5, 6)),
    "fingerprint": ((4, 5), (6,)),
    "foyer": ((1, 2), ()),
    "keypad": ((4, 6), (5,)),
    "laboratory": ((3,), (4,)),
    "laser": ((1, 2), (3,)),
    "lavatory": ((5,), ()),
    "motion": ((1, 3), (2,)),
    "secret-door": ((1, 2), ()),
    "service-duct": ((5, 6), ()),
    "thermo": ((1, 2), (3,)),
    "walkway": ((1, 3), (2,)),
}
WHITE_ROOMS = Counter((k, n) for k, (white, _) in ROOMS.items() for n in white)
ALL_ROOMS = Counter((k, n) for k, (w, b) in ROOMS.items() for n in (*w, *b))

STANDARD_WALLS = {
    BANK: [
        "A1|B1 C2|D2 A4|B4 B4|C4 C1-C2 A2-A3 B2-B3 D3-D4",
        "A1|B1 B1|C1 C1|D1 A4|B4 B4|C4 C4|D4 B2-B3 C2-C3",
        "A2|B2 C2|D2 A3|B3 B3|C3 C4|D4 C1-C2 A2-A3 C2-C3",
    ],
    OFFICE: [
        "A1|B1 B1|C1 A2|B2 C2|D2 B3|C3 D1-D2 B3-B4 D3-D4",
        "A2|B2 B2|C2 C2|D2 A3|B3 B3|C3 D1-D2 A2-A3 D3-D4",
    ],
}
SHAPES = {OFFICE: (2, 4, (2, 3)), BANK: (3, 4, (2, 3, 4)), FORT_KNOX: (2, 5, (3, 4))}
SET_ASIDE = {1: 9, 2: 6, 3: 3, 4: 0}  # README ruling 13


def cell(name: str) -> int:
    return (int(name[1:]) - 1) * 8 + ord(name[0]) - ord("A")


def parse_walls(spec: str) -> set[tuple[int, int]]:
    out = set()
    for token in spec.split():
        a, b = (cell(x) for x in re.split(r"[|-]", token))
        out.add((min(a, b), max(a, b)))
    return out


def game(scenario=BANK, players=2, seed=1, **options) -> Game:
    ps = tuple(PlayerSetup(f"P{i + 1}") for i in range(players))
    return new_game(Setup(scenario=scenario, players=ps, seed=seed, **options))


def real_cells(g: Game, f: int) -> list[int]:
    return [c for c, t in enumerate(g.state.floors[f].tiles) if t is not None]


def specs(g: Game, f: int | None = None) -> Counter:
    floors = range(len(g.state.floors)) if f is None else [f]
    return Counter(
        (t.kind.value, t.number) for i in floors for t in g.state.floors[i].tiles if t is not None
    )


def connected(cells: list[int], walls: set[tuple[int, int]]) -> bool:
    """Every cell reachable from the first by orthogonal steps not crossing a wall."""
    cellset = set(cells)
    seen = {cells[0]}
    todo = deque([cells[0]])
    while todo:
        c = todo.popleft()
        k = c % 8
        for nb in (c - 8, c + 8, c - 1 if k > 0 else -99, c + 1 if k < 7 else -99):
            if nb in cellset and nb not in seen and (min(c, nb), max(c, nb)) not in walls:
                seen.add(nb)
                todo.append(nb)
    return seen == cellset


def check_walls(g: Game, f: int, count: int) -> None:
    walls = {tuple(w) for w in g.state.floors[f].walls}
    cells = set(real_cells(g, f))
    assert len(walls) == count
    for a, b in walls:
        assert a in cells and b in cells, "a wall must stand between two real tiles"
        assert b - a == 8 or (b - a == 1 and a // 8 == b // 8), "walls join orthogonal neighbours"
    assert connected(sorted(cells), walls), "no tile may be cut off"


# ---------------------------------------------------------------------- the building


@pytest.mark.parametrize("seed", range(6))
def test_R03_office_uses_white_circle_rooms_two_safes_and_stairs_4_and_5(seed):
    """The Office Job deals the 28 white-circle rooms, 2 Safes and the Stairs numbered 4 and 5."""
    g = game(OFFICE, seed=seed)
    assert specs(g) == WHITE_ROOMS + Counter({("safe", 0): 2, ("stairs", 4): 1, ("stairs", 5): 1})


@pytest.mark.parametrize("scenario", [OFFICE, BANK])
def test_each_floor_gets_one_safe_and_one_stairs(scenario):
    """Office and Bank: every 4x4 floor has exactly one Safe and one Stairs among its 16 tiles."""
    for seed in range(10):
        g = game(scenario, seed=seed)
        for f in range(len(g.state.floors)):
            floor = specs(g, f)
            assert sum(floor.values()) == 16
            assert sum(n for (k, _), n in floor.items() if k == "safe") == 1
            assert sum(n for (k, _), n in floor.items() if k == "stairs") == 1


@pytest.mark.parametrize("seed", range(6))
def test_bank_uses_all_42_rooms_3_safes_and_3_stairs(seed):
    """The Bank Job deals every tile in the box: 42 rooms, 3 Safes, Stairs 4, 5 and 6."""
    g = game(BANK, seed=seed)
    stairs = Counter({("stairs", 4): 1, ("stairs", 5): 1, ("stairs", 6): 1})
    assert specs(g) == ALL_ROOMS + Counter({("safe", 0): 3}) + stairs


@pytest.mark.parametrize("seed", range(8))
def test_R02_fort_knox_has_24_tiles_per_floor_around_one_empty_square(seed):
    """Fort Knox: 2 floors of 5x5 with the same empty square (C3 by default), 24 tiles each."""
    g = game(FORT_KNOX, seed=seed)
    st = g.state
    assert (len(st.floors), st.size) == (2, 5)
    for fl in st.floors:
        grid = [fl.tiles[r * 8 + c] for r in range(5) for c in range(5)]
        assert sum(t is not None for t in grid) == 24
        assert fl.tiles[cell("C3")] is None


def test_R02_fort_knox_empty_square_is_where_the_players_chose():
    """The empty square is the chosen cell, the same on both floors."""
    g = game(FORT_KNOX, empty_square="A5")
    for fl in g.state.floors:
        assert fl.tiles[cell("A5")] is None
        assert fl.tiles[cell("C3")] is not None


@pytest.mark.parametrize("seed", range(8))
def test_fort_knox_uses_every_tile_with_at_least_one_safe_and_stairs_per_floor(seed):
    """Fort Knox deals all 48 tiles: 3 Safes in all, and each floor has a Safe and Stairs."""
    g = game(FORT_KNOX, seed=seed)
    stairs = Counter({("stairs", 4): 1, ("stairs", 5): 1, ("stairs", 6): 1})
    assert specs(g) == ALL_ROOMS + Counter({("safe", 0): 3}) + stairs
    for f in range(2):
        kinds = Counter(k for k, _ in specs(g, f).elements())
        assert kinds["safe"] >= 1 and kinds["stairs"] >= 1


def test_fort_knox_third_safe_lands_on_either_floor():
    """The third Safe is shuffled with the rooms: across seeds it appears on both floors."""
    floors_with_two = set()
    for seed in range(40):
        g = game(FORT_KNOX, seed=seed)
        for f in range(2):
            if specs(g, f)[("safe", 0)] == 2:
                floors_with_two.add(f)
    assert floors_with_two == {0, 1}


def test_every_tile_starts_face_down_and_untouched():
    """Before the break-in no tile is revealed and no token lies anywhere."""
    g = game(BANK)
    tiles = [t for fl in g.state.floors for t in fl.tiles if t is not None]
    assert len(tiles) == 48
    for t in tiles:
        assert not t.revealed
        assert (t.cracked, t.alarm, t.hack, t.dice, t.stealth, t.loot) == (
            False,
            False,
            0,
            0,
            0,
            [],
        )


# ---------------------------------------------------------------------- walls


@pytest.mark.parametrize("scenario", [BANK, OFFICE])
def test_standard_walls_match_the_rulebook_layouts(scenario):
    """Without random walls, Bank and Office use the layouts of game-data.md."""
    g = game(scenario, seed=3)
    for f, spec in enumerate(STANDARD_WALLS[scenario]):
        assert {tuple(w) for w in g.state.floors[f].walls} == parse_walls(spec), f"floor {f + 1}"


@pytest.mark.parametrize("scenario", [BANK, OFFICE])
def test_standard_layouts_are_legal_layouts(scenario):
    """The standard layouts themselves: 8 walls per floor, every tile reachable."""
    g = game(scenario)
    for f in range(len(g.state.floors)):
        check_walls(g, f, 8)


@pytest.mark.parametrize("scenario", [BANK, OFFICE])
def test_random_walls_are_8_per_floor_between_tiles_and_connected(scenario):
    """Random layouts: 8 walls per 4x4 floor, only between tiles, nobody cut off."""
    layouts = set()
    for seed in range(30):
        g = game(scenario, seed=seed, random_walls=True)
        for f in range(len(g.state.floors)):
            check_walls(g, f, 8)
            layouts.add(frozenset(tuple(w) for w in g.state.floors[f].walls))
    assert len(layouts) > 50  # drawn from the seed, not a fixed set


def test_random_walls_replace_the_standard_layout():
    """With random walls on, the floors do not all use the standard layout."""
    standard = [parse_walls(s) for s in STANDARD_WALLS[BANK]]
    g = game(BANK, seed=5, random_walls=True)
    drawn = [{tuple(w) for w in fl.walls} for fl in g.state.floors]
    assert drawn != standard


@pytest.mark.parametrize("random_walls", [False, True])
def test_R02_fort_knox_draws_12_connected_walls_per_floor(random_walls):
    """Fort Knox always draws 12 walls per floor from the seed; none touches the empty square."""
    layouts = set()
    for seed in range(25):
        g = game(FORT_KNOX, seed=seed, random_walls=random_walls)
        for f in range(2):
            check_walls(g, f, 12)
            walls = {tuple(w) for w in g.state.floors[f].walls}
            assert all(cell("C3") not in w for w in walls)
            layouts.add(frozenset(walls))
    assert len(layouts) > 40


def test_R02_fort_knox_walls_avoid_a_chosen_empty_square():
    """Walls never touch the empty square wherever it is."""
    for seed in range(10):
        g = game(FORT_KNOX, seed=seed, empty_square="B2")
        for f in range(2):
            check_walls(g, f, 12)
            assert all(cell("B2") not in tuple(w) for w in g.state.floors[f].walls)


# ---------------------------------------------------------------------- guards


@pytest.mark.parametrize("scenario", list(ScenarioId))
def test_guard_dice_start_at_the_scenario_speeds(scenario):
    """Guard dice start at 2/3 (Office), 2/3/4 (Bank), 3/4 (Fort Knox)."""
    g = game(scenario)
    assert tuple(fl.guard.speed for fl in g.state.floors) == SHAPES[scenario][2]


@pytest.mark.parametrize("scenario", list(ScenarioId))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("lost_visual", [False, True])
def test_patrol_decks_hold_one_card_per_tile_with_some_set_aside(scenario, players, lost_visual):
    """Each floor's patrol cards name each of its tiles once (plus Lost Visual if used);
    9/6/3/0 are set aside unseen for 1/2/3/4 players."""
    g = game(scenario, players=players, seed=players, lost_visual=lost_visual)
    for f, fl in enumerate(g.state.floors):
        cards = Counter(fl.guard.patrol + fl.guard.discard + fl.guard.aside)
        expected = Counter((f << 6) | c for c in real_cells(g, f))
        if lost_visual:
            expected[LOST_VISUAL] += 1
        assert cards == expected
        assert len(fl.guard.aside) == SET_ASIDE[players]


def test_ground_floor_guard_is_placed_from_the_first_patrol_card():
    """At setup only floor 1's guard is placed, on the tile of the first card drawn."""
    g = game(BANK, seed=8)
    g0 = g.state.floors[0].guard
    assert g0.placed and g0.pos is not None
    assert g0.discard[-1] == g0.pos
    assert [c for c in g0.discard if c != LOST_VISUAL] == [g0.pos]
    for fl in g.state.floors[1:]:
        assert not fl.guard.placed and fl.guard.pos is None and fl.guard.discard == []


def test_ground_floor_guard_destination_is_drawn_after_the_entrance():
    """The guard's destination is the next card, drawn once the entrance is chosen."""
    g = game(BANK, seed=8)
    assert g.state.floors[0].guard.dest is None
    ev = g.apply("enter 1.A1")
    g0 = g.state.floors[0].guard
    dests = [e for e in ev if isinstance(e, DestinationSet)]
    assert dests == [DestinationSet(0, g0.dest, "patrol")]
    assert g0.dest != g0.pos
    assert g0.discard[-1] == g0.dest


def test_R14_lost_visual_is_never_the_first_destination():
    """With Lost Visual on, the break-in always gives the ground-floor guard a real destination."""
    drawn = 0
    for seed in range(40):
        g = game(BANK, seed=seed, lost_visual=True, players=4)
        g.apply("enter 1.A1")
        g0 = g.state.floors[0].guard
        assert g0.dest is not None and g0.dest != LOST_VISUAL and g0.dest >> 6 == 0
        assert not g0.lost
        drawn += LOST_VISUAL in g0.discard
    assert drawn > 0  # some break-ins did draw the Lost Visual card


def test_lost_visual_is_never_where_a_guard_starts():
    """With Lost Visual on, the placed guard always stands on a tile of his floor."""
    drawn = 0
    for seed in range(60):
        g = game(BANK, seed=seed, lost_visual=True, players=4)
        pos = g.state.floors[0].guard.pos
        assert pos is not None and pos != LOST_VISUAL and pos >> 6 == 0
        drawn += LOST_VISUAL in g.state.floors[0].guard.discard
    assert drawn > 0  # some setups did draw the Lost Visual card first


# ---------------------------------------------------------------------- cards and crew


def test_decks_are_complete_and_shuffled_from_the_seed():
    """13 Tools, 12 Loot cards (one Gold Bar; the other waits aside), 26 Events, in seeded order."""
    crew = (PlayerSetup("A", Character.HAWK), PlayerSetup("B", Character.ROOK))  # no Rigger
    orders = set()
    for seed in range(5):
        st = new_game(Setup(players=crew, seed=seed)).state
        assert sorted(st.tools) == sorted(Tool) and len(st.tools) == 13
        assert sorted(st.loot) == sorted(Loot) and len(st.loot) == 12
        assert st.gold_bar_waiting
        assert sorted(st.events) == sorted(EventCard) and len(st.events) == 26
        assert st.tool_discard == [] and st.event_discard == []
        orders.add((tuple(st.tools), tuple(st.loot), tuple(st.events)))
    assert len(orders) == 5


def test_every_burglar_starts_with_three_stealth_and_nothing_in_hand():
    """Each burglar starts with 3 Stealth tokens, no cards, outside the building."""
    crew = (Character.SPOTTER, Character.ROOK, Character.HAWK, Character.RAVEN)  # no Rigger
    g = new_game(Setup(players=tuple(PlayerSetup(c.value, c) for c in crew)))
    for p in g.state.players:
        assert (p.stealth, p.tools, p.loot, p.pos, p.escaped) == (3, [], [], None, False)
    assert g.state.step == Step.ENTRANCE


def test_R04_random_characters_are_distinct():
    """Randomly drawn characters are all different."""
    for seed in range(30):
        chars = [p.character for p in game(BANK, players=4, seed=seed).state.players]
        assert len(set(chars)) == 4


def test_R04_random_characters_avoid_the_chosen_ones():
    """Chosen characters are kept; the random ones are drawn among those nobody chose."""
    for seed in range(30):
        setup = Setup(
            players=(
                PlayerSetup("A", Character.HAWK, Side.ADVANCED),
                PlayerSetup("B"),
                PlayerSetup("C", Character.ROOK),
                PlayerSetup("D"),
            ),
            seed=seed,
        )
        players = new_game(setup).state.players
        assert players[0].character == Character.HAWK and players[0].side == Side.ADVANCED
        assert players[2].character == Character.ROOK
        chars = [p.character for p in players]
        assert len(set(chars)) == 4


def test_R04_random_characters_come_from_the_seed():
    """The same seed draws the same characters; different seeds draw different ones."""
    first = {game(BANK, players=1, seed=s).state.players[0].character for s in range(40)}
    assert len(first) >= 6
    for seed in range(5):
        a = [p.character for p in game(BANK, players=3, seed=seed).state.players]
        b = [p.character for p in game(BANK, players=3, seed=seed).state.players]
        assert a == b


# ---------------------------------------------------------------------- determinism


def building(g: Game) -> tuple:
    """Everything the setup draws (R01): crew, tiles, walls, patrol decks, card decks."""
    st = g.state
    return (
        tuple(p.character.value for p in st.players),
        tuple(
            (
                tuple((t.kind.value, t.number) if t else None for t in fl.tiles),
                tuple(tuple(w) for w in fl.walls),
                tuple(fl.guard.patrol),
                tuple(fl.guard.discard),
                tuple(fl.guard.aside),
                fl.guard.pos,
            )
            for fl in st.floors
        ),
        tuple(st.tools),
        tuple(st.loot),
        tuple(st.events),
    )


@pytest.mark.parametrize("scenario", list(ScenarioId))
def test_same_seed_same_building(scenario):
    """A setup always deals the same building, bit for bit."""
    a = game(scenario, seed=77, random_walls=True, lost_visual=True)
    b = game(scenario, seed=77, random_walls=True, lost_visual=True)
    assert building(a) == building(b)
    assert to_json(a) == to_json(b)


@pytest.mark.parametrize("scenario", list(ScenarioId))
def test_different_seeds_deal_different_buildings(scenario):
    """Different seeds give different buildings."""
    tiles = {building(game(scenario, seed=s))[1] for s in range(10)}
    assert len(tiles) == 10


def test_R01_draw_order_golden_building():
    """The seed's draws (crew, tiles, walls, patrols, cards) are part of the save format."""
    g = game(BANK, seed=7)
    assert [p.character.value for p in g.state.players] == ["spotter", "hacker"]
    floor1 = [f"{t.kind.value}:{t.number}" for t in g.state.floors[0].tiles if t]
    assert floor1 == [
        "computer-motion:6", "motion:3", "thermo:3", "service-duct:5",
        "lavatory:5", "secret-door:2", "fingerprint:4", "detector:6",
        "foyer:1", "deadbolt:3", "stairs:6", "camera:6",
        "thermo:1", "safe:0", "laboratory:4", "laser:3",
    ]  # fmt: skip
    assert g.state.floors[0].guard.pos == 19  # 1.D3


@pytest.mark.parametrize(
    ("setup", "digest"),
    [
        (Setup(scenario=OFFICE, seed=1), "dd5f4eff"),
        (
            Setup(
                scenario=BANK,
                seed=2,
                random_walls=True,
                lost_visual=True,
                players=(PlayerSetup("A", Character.HAWK), PlayerSetup("B", Character.JUICER)),
            ),
            "555a928d",
        ),
        (
            Setup(
                scenario=FORT_KNOX,
                seed=3,
                players=(PlayerSetup("A", Character.RAVEN), PlayerSetup("B"), PlayerSetup("C")),
            ),
            "d6b04733",
        ),
    ],
)
def test_R01_draw_order_golden_digests(setup, digest):
    """Whole buildings of three setups never change (a change breaks every saved game)."""
    text = repr(building(new_game(setup)))
    assert hashlib.sha256(text.encode()).hexdigest()[:8] == digest


# ---------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    "setup",
    [
        Setup(players=()),
        Setup(players=tuple(PlayerSetup(f"P{i}") for i in range(5))),
        Setup(seed=-1),
        Setup(seed=MAX_SEED + 1),
        Setup(players=(PlayerSetup(""),)),
        Setup(players=(PlayerSetup("   "),)),
        Setup(players=(PlayerSetup("x" * 25),)),
        Setup(players=(PlayerSetup("a\nb"),)),
        Setup(players=(PlayerSetup("A", Character.HAWK), PlayerSetup("B", Character.HAWK))),
        Setup(scenario=FORT_KNOX, empty_square="F1"),
        Setup(scenario=FORT_KNOX, empty_square="??"),
    ],
)
def test_invalid_setups_are_refused_with_setup_error(setup):
    """A setup that cannot make a game raises SetupError, from validate and from new_game."""
    with pytest.raises(SetupError):
        setup.validate()
    with pytest.raises(SetupError):
        new_game(setup)


def test_longest_allowed_name_and_extreme_seeds_are_fine():
    """24-character names and seeds 0 and 2**53 - 1 make games."""
    for seed in (0, MAX_SEED):
        g = new_game(Setup(players=(PlayerSetup("x" * 24),), seed=seed))
        assert g.state.seed == seed


# ---------------------------------------------------------------------- setup codes

_name = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")),
    min_size=1,
    max_size=24,
).filter(lambda s: s.strip() != "")
_CELLS = [f"{c}{r}" for c in "ABCDEabcde" for r in "12345"]


@st.composite
def setups(draw):
    scenario = draw(st.sampled_from(list(ScenarioId)))
    n = draw(st.integers(1, 4))
    chars = draw(st.lists(st.sampled_from(list(Character)), min_size=n, max_size=n, unique=True))
    players = tuple(
        PlayerSetup(
            draw(_name),
            chars[i] if draw(st.booleans()) else None,
            draw(st.sampled_from(list(Side))),
        )
        for i in range(n)
    )
    return Setup(
        scenario=scenario,
        players=players,
        seed=draw(st.integers(0, MAX_SEED)),
        random_walls=draw(st.booleans()),
        empty_square=draw(st.sampled_from(_CELLS)),
        lost_visual=draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(setup=setups())
def test_R05_setup_code_round_trips(setup):
    """from_code(to_code(s)) == s for any names (unicode too), seeds and options (Fort Knox
    walls and the empty square's case normalised), and the parsed setup gives the same code."""
    code = setup.to_code()
    back = Setup.from_code(code)
    assert back == setup
    assert back.to_code() == code
    assert re.fullmatch(r"[A-Za-z0-9_.\-]+", code), "codes survive a URL untouched"


def test_R05_script_tag_in_a_name_round_trips_as_plain_text():
    """A name like '<script>' is carried as opaque base64 and comes back as the same text."""
    setup = Setup(players=(PlayerSetup("<script>alert(1)</script"), PlayerSetup("\"'&<>")))
    code = setup.to_code()
    assert "<" not in code and "script" not in code
    assert Setup.from_code(code).players[0].name == "<script>alert(1)</script"
    assert Setup.from_code(code).players[1].name == "\"'&<>"


def test_R05_longest_names_round_trip():
    """Four burglars with 24-character names in any script still round-trip."""
    setup = Setup(players=tuple(PlayerSetup("漢" * 24) for _ in range(4)), seed=MAX_SEED)
    assert Setup.from_code(setup.to_code()) == setup


def test_R05_code_layout():
    """The code is version.scenario.seed(base 36).walls.empty.lost-visual.players..."""
    setup = Setup(
        scenario=FORT_KNOX,
        seed=36 * 36 + 1,
        random_walls=True,
        empty_square="B4",
        lost_visual=True,
        players=(PlayerSetup("Al", Character.ACROBAT, Side.ADVANCED), PlayerSetup("Bo")),
    )
    assert setup.to_code() == "1.f.101.r.B4.1.acaQWw.xxbQm8"


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("2.b.0.s.-.0.xxbQQ", "another version"),
        ("1.x.0.s.-.0.xxbQQ", "unknown scenario"),
        ("1.B.0.s.-.0.xxbQQ", "unknown scenario"),
        ("1.b.0.s.-.0", "incomplete"),
        ("1.b", "incomplete"),
        ("", "incomplete"),
        ("1.b.!.s.-.0.xxbQQ", "seed"),
        ("1.b.-1.s.-.0.xxbQQ", "seed"),
        ("1.b.0.x.-.0.xxbQQ", "walls"),
        ("1.b.0.s.-.2.xxbQQ", "Lost Visual"),
        ("1.b.0.s.C3.0.xxbQQ", "empty square"),
        ("1.f.0.s.-.0.xxbQQ", "empty square"),
        ("1.f.0.s.F6.0.xxbQQ", "empty square"),
        ("1.b.0.s.-.0.zzbQQ", "character"),
        ("1.b.0.s.-.0.xxcQQ", "side"),
        ("1.b.0.s.-.0.xxb", "incomplete"),
        ("1.b.0.s.-.0.xxb_w", "unreadable"),
        ("1.b.0.s.-.0.xxb!!!!", "name"),
        ("1.b.0.s.-.0.xxbICAg", "name"),
        ("1.b.0.s.-.0.acbQQ.acbQg", "same character"),
        ("1.b.0.s.-.0" + ".xxbQQ" * 5, "1 to 4"),
        ("1.b.0.s.-.0.xxbQQ==", "canonical"),
        ("1.b.00.s.-.0.xxbQQ", "canonical"),
        ("1.b.Z.s.-.0.xxbQQ", "canonical"),
        ("1.b.0.s.-.0.xxb" + "QUFB" * 160, "too long"),
        ("1.f.0.r.C03.0.xxbQQ", "empty square"),
        ("1.f.0.r.C 3.0.xxbQQ", "ASCII"),
        ("1.f.0.r.C\n3.0.xxbQQ", "ASCII"),
        ("1.f.0.r.C\u0663.0.xxbQQ", "ASCII"),
        ("1.f.0.r.C\uff13.0.xxbQQ", "ASCII"),
        (" 1.b.0.s.-.0.xxbQQ", "ASCII"),
        ("1.b.0.s.-.0.xxbQQ\n", "ASCII"),
        ("1.b.0.s.-.0.xxbQQ\t", "ASCII"),
        ("1.b.\u0661.s.-.0.xxbQQ", "ASCII"),
        ("1.b.0.s.-.0.xxb4oCuQQ", "direction"),  # U+202E in the name
    ],
)
def test_R05_bad_codes_are_refused_with_a_reason(code, why):
    """Every malformed, foreign or non-canonical code raises SetupError saying what is wrong."""
    with pytest.raises(SetupError, match=re.escape(why)):
        Setup.from_code(code)


@pytest.mark.parametrize("code", [None, b"1.b.0.s.-.0.xxbQQ", 17])
def test_R05_codes_must_be_text(code):
    """A code that is not a string raises SetupError, not a crash."""
    with pytest.raises(SetupError):
        Setup.from_code(code)  # type: ignore[arg-type]


def test_R05_code_of_a_setup_is_its_only_code():
    """A code parses to a setup whose own code is that very code."""
    code = "1.b.z.s.-.0.xxaQQ"
    assert Setup.from_code(code).to_code() == code


def test_R05_lower_case_empty_square_is_not_canonical():
    """'1.f.5.s.c3...' is the upper-case code's building written differently: refused (R05)."""
    code = Setup(scenario=FORT_KNOX, seed=5).to_code()
    assert ".C3." in code
    with pytest.raises(SetupError):
        Setup.from_code(code.replace(".C3.", ".c3."))


def test_R02_R05_fort_knox_has_one_code_per_building():
    """Fort Knox always draws its walls: asking for standard walls gives the same Setup, the
    same code and the same building, and a code claiming standard walls is refused."""
    plain = Setup(scenario=FORT_KNOX, seed=5)
    drawn = Setup(scenario=FORT_KNOX, seed=5, random_walls=True)
    assert plain == drawn and plain.random_walls
    assert building(new_game(plain)) == building(new_game(drawn))
    assert plain.to_code() == drawn.to_code() and ".r." in plain.to_code()
    with pytest.raises(SetupError):
        Setup.from_code(plain.to_code().replace(".r.", ".s.", 1))
