"""The fast engines (courtly.rl.fast) against the games' own engines: the
same environment, step for step.

Each game with a fast engine is played, in every configuration, in two
environments side by side, one on its fast engine (the default) and one on
its own engine (``fast=False``), with the same actions, mostly legal, now
and then any number: at every step the same seat is selected, with the same
mask and observation, the same rewards, terminations and truncations; the
infos (made by replaying the game's engine) are the same; and the game's
engine replayed by the fast table (its ``state``) is the other's, record
for record. A rule of the game's engine that its fast engine does not
follow fails here.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import courtly  # noqa: E402
import courtly.rl as rl  # noqa: E402
from courtly.rl.fast import FAST_ENGINES  # noqa: E402
from courtly.rl.fast.table import FastTable  # noqa: E402
from rl_arrays import allowed, same_array  # noqa: E402

#: Seeded games per configuration, by game: each game's cases take about a
#: minute or less on one core (Vive le Roi has 47 configurations, Courtisans
#: 11, Fief's 12 some 40 s).
SEEDS = {"courtisans": 40, "vive_le_roi": 20, "versailles": 40, "fief": 60}
#: Whole games besides the configurations, whose short turn limits leave
#: out what a long game meets: (players, options, seeds). Versailles'
#: configurations end after 2 or 4 turns, before most deaths, wars,
#: regencies and exiles.
LONG: dict[str, list[tuple[int, dict[str, Any], int]]] = {
    "versailles": [(2, {}, 60), (3, {"goal": 30000}, 30), (5, {}, 15),
                   (8, {"large_table": True}, 5)],
}
#: Configurations and players the parallel environment is tried on, by game:
#: several seats acting in one step where the game has them (Vive le Roi's
#: Ambitions and votes, the negotiation windows).
PARALLEL: dict[str, tuple[int, dict[str, Any]]] = {
    "courtisans": (3, {}), "vive_le_roi": (4, {"ambition": True, "teams": True}),
    "versailles": (3, {}), "fief": (3, {})}


def _cases() -> list[Any]:
    out = []
    for name in FAST_ENGINES:
        for i, (n, opts) in enumerate(courtly.game(name).configurations()):
            out.append(pytest.param(name, n, opts, SEEDS[name], id=f"{name}-{n}-{i}"))
        for i, (n, opts, long) in enumerate(LONG.get(name, [])):
            out.append(pytest.param(name, n, opts, long, id=f"{name}-{n}-long{i}"))
    return out


@pytest.mark.parametrize(("name", "n", "opts", "seeds"), _cases())
def test_the_fast_engine_steps_as_the_games_own(name: str, n: int,
                                                opts: dict[str, Any], seeds: int) -> None:
    fast = rl.env(name, n, opts, infos=True)
    own = rl.env(name, n, opts, infos=True, fast=False)
    assert isinstance(fast.unwrapped.table, FastTable)
    assert not isinstance(own.unwrapped.table, FastTable)
    for seed in range(seeds):
        _same_game(fast, own, seed)


def _same_game(fast: Any, own: Any, seed: int,
               choose: Callable[[Any, int, list[int]], int] | None = None) -> None:
    """One seeded game in both environments; the actions mostly random
    legal ones (``choose(own engine's state, seat, legal numbers)`` instead
    where given), now and then any number."""
    for _ in _same_steps(fast, own, seed, choose):
        pass


def _same_steps(fast: Any, own: Any, seed: int,
                choose: Callable[[Any, int, list[int]], int] | None = None) -> Iterator[int]:
    """:func:`_same_game`, step by step: yields the steps taken so far after
    each step (so that two games can be played interleaved)."""
    fast.reset(seed=seed)
    own.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while fast.agents or own.agents:
        assert fast.agents == own.agents and fast.agent_selection == own.agent_selection
        mine, theirs = fast.last(), own.last()
        for agent in _observed(fast, steps):
            a, b = (mine[0], theirs[0]) if agent == fast.agent_selection else (
                fast.observe(agent), own.observe(agent))
            assert same_array(a["observation"], b["observation"]), (seed, steps, agent)
            assert same_array(a["action_mask"], b["action_mask"]), (seed, steps, agent)
        assert mine[1:4] == theirs[1:4], (seed, steps)
        if steps % 9 == 0:  # the infos replay the game's engine: every 9th step
            assert fast.infos == own.infos
        if mine[2] or mine[3]:
            action = None
        elif rng.random() < 0.05:  # any number: refused alike
            action = rng.randrange(-2, fast.action_space(fast.agent_selection).n + 3)
        elif choose is not None:
            action = choose(own.unwrapped.table.state, own.possible_agents.index(
                own.agent_selection), [int(k) for k in allowed(mine[0]["action_mask"])])
        else:
            action = int(rng.choice(allowed(mine[0]["action_mask"])))
        fast.step(action)
        own.step(action)
        steps += 1
        assert fast.infos.keys() == own.infos.keys()
        for agent in fast.infos:
            assert ("illegal_action" in fast.infos[agent]) == ("illegal_action" in own.infos[agent])
        yield steps
    assert fast.rewards == own.rewards and fast._cumulative_rewards == own._cumulative_rewards
    replayed, played = fast.unwrapped.table.state, own.unwrapped.table.state
    assert replayed.record == played.record and replayed.result() == played.result()
    assert fast.unwrapped.table.result() == played.result()


def _observed(env: Any, steps: int) -> list[str]:
    """The seats whose observations are compared at a step: the selected
    seat (what an agent reads) and one other seat in turn, every seat at
    every 9th step. Each seat's observation is kept by the fast engine
    between steps, so a part left stale shows at that seat's next turn to
    be read; reading every seat at every step cost three quarters of the
    test (eight reads a step at 8 players), for the same games."""
    agents = env.agents
    if steps % 9 == 0:
        return list(agents)
    others = [agent for agent in agents if agent != env.agent_selection]
    return [env.agent_selection, *others[steps % len(others):][:1]] if others else list(agents)


#: Configurations of each fast game played at once in one process
#: (:func:`test_fast_games_at_once_keep_to_their_own`): two player counts,
#: and the first count again with other options.
AT_ONCE: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "courtisans": [(2, {}), (5, {}), (2, {"expansion": True})],
    "vive_le_roi": [(3, {"ambition": True}), (8, {"royal_wedding": True, "teams": True}),
                    (3, {"banished": True, "royal_wedding": True})],
    "versailles": [(2, {}), (5, {}), (2, {"goal": 30000, "turn_limit": 4})],
    "fief": [(3, {}), (6, {"negotiation_actions": 2}), (3, {"king_for_life": True})],
}


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_fast_games_at_once_keep_to_their_own(name: str) -> None:
    """Fast environments of one game alive in one process (:data:`AT_ONCE`),
    of different configurations and seeds, stepped in turn (one step of
    each, then the next), each reset to its next seed while the others play
    on: each steps as its own-engine twin, whatever the others did, so no
    kept menu, number or observation part (module-level or kept in the
    rules' state) passes from one game to another."""
    pairs = [(rl.env(name, n, opts, infos=True), rl.env(name, n, opts, infos=True, fast=False))
             for n, opts in AT_ONCE[name]]
    games: list[Iterator[int] | None] = [
        _games(fast, own, seeds)
        for (fast, own), seeds in zip(pairs, ((1, 2, 3), (4, 5), (6, 7)), strict=True)]
    steps = [0] * len(games)
    while any(games):
        for k, game in enumerate(games):
            if game is not None and next(game, None) is None:
                games[k] = None
            elif game is not None:
                steps[k] += 1
    assert min(steps) > 100


def _games(fast: Any, own: Any, seeds: tuple[int, ...]) -> Iterator[int]:
    """:func:`_same_steps` of each seed in turn, one after the other."""
    for seed in seeds:
        yield from _same_steps(fast, own, seed)


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_the_parallel_environment_on_the_fast_engine_is_the_same(name: str) -> None:
    """Several seats acting in one step (:data:`PARALLEL`) alike too."""
    n, opts = PARALLEL[name]
    fast = rl.parallel_env(name, n, opts, infos=False)
    own = rl.parallel_env(name, n, opts, infos=False, fast=False)
    for seed in range(3):
        a, _ = fast.reset(seed=seed)
        b, _ = own.reset(seed=seed)
        rng = random.Random(seed)
        while fast.agents:
            for agent in a:
                assert np.array_equal(a[agent]["observation"], b[agent]["observation"])
                assert np.array_equal(a[agent]["action_mask"], b[agent]["action_mask"])
            actions = {agent: int(rng.choice(allowed(obs["action_mask"])))
                       for agent, obs in a.items() if obs["action_mask"].any()}
            a, ra, ta, ua, _ = fast.step(actions)
            b, rb, tb, ub, _ = own.step(actions)
            assert (ra, ta, ua) == (rb, tb, ub)
        assert not own.agents


def test_a_game_without_a_seed_replays_for_its_infos() -> None:
    """``reset()`` without a seed draws one, so that the game's engine can
    still be replayed to the position (infos, ``state``, rendering)."""
    env = rl.env("courtisans", 2, render_mode="ansi")
    env.reset()
    for _ in range(5):
        obs, *_ = env.last()
        env.step(int(allowed(obs["action_mask"])[0]))
    state = env.unwrapped.table.state
    assert len(state.record.actions) == 5
    agent = env.agent_selection
    assert env.infos[agent]["view"] == state.view(env.possible_agents.index(agent))
    assert env.render() == courtly.game("courtisans").render(state.view(None))


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_infos_kept_past_a_reset_are_of_their_own_game(name: str) -> None:
    """Infos are made when first read: infos kept from a game (as a
    trajectory's buffer keeps them) and read after the next reset, or after
    play went on, show the position they were made at, as the game's own
    environment's do; read before the position was ever replayed."""
    fast = rl.env(name, 3, infos=True)
    own = rl.env(name, 3, infos=True, fast=False)
    kept: list[tuple[Any, Any]] = []
    for seed in (3, 4):
        fast.reset(seed=seed)
        own.reset(seed=seed)
        for step in range(12):
            if step in (5, 11):
                kept.append((fast.infos, own.infos))
            obs, _, term, trunc, _ = own.last()
            action = None if term or trunc else int(allowed(obs["action_mask"])[0])
            fast.step(action)
            own.step(action)
    for mine, theirs in kept:
        assert mine == theirs


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_a_copied_fast_environment_plays_on_as_the_games_own(name: str, how: str) -> None:
    """A fast environment copied or pickled mid-game (as the game's own
    environment may be) plays on as the game's own: the copy and the
    original, stepped alike, give the own engine's observations and masks."""
    import copy
    import pickle

    fast = rl.env(name, 3, infos=False)
    own = rl.env(name, 3, infos=False, fast=False)
    envs = [fast, own]
    for env in envs:
        env.reset(seed=5)
    rng = random.Random(5)
    for step in range(120):
        if step == 40:
            envs.append(copy.deepcopy(fast) if how == "deepcopy"
                        else pickle.loads(pickle.dumps(fast)))
        if not own.agents:
            break
        for agent in own.agents:
            theirs = own.observe(agent)
            for env in envs[:1] + envs[2:]:
                mine = env.observe(agent)
                assert np.array_equal(mine["observation"], theirs["observation"]), step
                assert np.array_equal(mine["action_mask"], theirs["action_mask"]), step
        obs, _, term, trunc, _ = own.last()
        action = None if term or trunc else int(rng.choice(allowed(obs["action_mask"])))
        for env in envs:
            env.step(action)
    assert len(envs) == 3


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_a_game_without_a_seed_is_the_game_of_its_drawn_seed(name: str) -> None:
    """``reset()`` without a seed draws one (the table's ``seed``): the game
    dealt is the one the game's own environment deals from that seed; and
    the next such reset draws another."""
    fast = rl.env(name, 3, infos=False)
    own = rl.env(name, 3, infos=False, fast=False)
    fast.reset()
    seed = fast.unwrapped.table.seed
    own.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        if not own.agents:
            break
        assert fast.agent_selection == own.agent_selection
        for agent in own.agents:
            assert np.array_equal(fast.observe(agent)["observation"],
                                  own.observe(agent)["observation"])
        obs, _, term, trunc, _ = own.last()
        action = None if term or trunc else int(rng.choice(allowed(obs["action_mask"])))
        fast.step(action)
        own.step(action)
    assert fast.unwrapped.table.state.record == own.unwrapped.table.state.record
    fast.reset()
    assert fast.unwrapped.table.seed != seed


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_a_refused_seed_leaves_the_game_as_it_was(name: str) -> None:
    """A reset to what is no seed (the game's ``new_game`` refuses it) fails
    with the game's error and leaves the environment's game as it was, as
    the game's own environment does: its position, infos and replay."""
    envs = [rl.env(name, 3, infos=True), rl.env(name, 3, infos=True, fast=False)]
    for env in envs:
        env.reset(seed=1)
        for _ in range(4):
            obs, *_ = env.last()
            env.step(int(allowed(obs["action_mask"])[0]))
    for bad in ("x", 1.5, True, np.int64(3)):
        for env in envs:
            with pytest.raises(ValueError, match="seed"):
                env.reset(seed=bad)
        fast, own = (env.unwrapped.table for env in envs)
        assert fast.state.record == own.state.record and fast.state.seed == 1
        assert envs[0].infos == envs[1].infos
        agent = envs[1].agent_selection
        assert np.array_equal(envs[0].observe(agent)["observation"],
                              envs[1].observe(agent)["observation"])


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_the_fast_engine_refuses_what_is_not_the_seats_to_play(name: str) -> None:
    """A seat not to act, a number outside the numbering (either side) or
    the mask, or no number: refused, nothing changed."""
    env = rl.env(name, 3, infos=False)
    env.reset(seed=4)
    table = env.unwrapped.table
    seat = table.due()
    legal = table.numbered(seat)
    before = env.observe(env.agent_selection)["observation"].copy()
    assert not table.play((seat + 1) % 3, legal[0])
    assert not table.play(seat, table.numbering.size)
    assert not table.play(seat, -1)
    assert not table.play(seat, "three")
    assert not table.play(seat, next(k for k in range(table.numbering.size) if k not in legal))
    assert table.record == [] and table.due() == seat
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before)


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_the_fast_engine_refuses_what_is_no_seat(name: str) -> None:
    """What is no seat (out of range either side, huge, a bool, a numpy
    integer, a float: the game's own ``State._check_seat`` takes a plain int
    in range), asked first at each position of a game, its menu and mask
    read and its play of the seat's legal number refused: nothing applied,
    and the seat's menu, mask and observation then the game's own (a bool
    or numpy integer equal to the seat kept no empty menu in its place)."""
    fast = rl.env(name, 3, infos=False)
    own = rl.env(name, 3, infos=False, fast=False)
    table, twin = fast.unwrapped.table, own.unwrapped.table
    fast.reset(seed=2)
    own.reset(seed=2)
    rng = random.Random(2)
    steps = 0
    while own.agents and steps < 300:
        seat = twin.due()
        if seat is not None:
            legal = twin.numbered(seat)
            for wrong in (-1, 3, 10**30, -10**30, True, False, np.int64(seat), float(seat)):
                table.numbered(wrong)
                table.mask(wrong, True)
                assert not table.play(wrong, legal[0]), (steps, wrong)
            assert len(table.record) == len(twin.state.record.actions), steps
            assert table.due() == seat and sorted(table.numbered(seat)) == sorted(legal), steps
        mine, theirs = fast.last(), own.last()
        assert np.array_equal(mine[0]["action_mask"], theirs[0]["action_mask"]), steps
        assert np.array_equal(mine[0]["observation"], theirs[0]["observation"]), steps
        action = None if theirs[2] or theirs[3] else int(rng.choice(legal))
        fast.step(action)
        own.step(action)
        steps += 1


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_an_environment_s_numbering_and_engine_go_with_it(name: str) -> None:
    """Nothing of a fast environment outlives it (a training run makes
    environments again and again): its numbering, table and engine are
    let go with it (no module-level cache keyed by its numbering)."""
    import gc
    import weakref

    env = rl.env(name, 3, infos=False)
    env.reset(seed=1)
    obs, *_ = env.last()
    env.step(int(allowed(obs["action_mask"])[0]))
    table = env.unwrapped.table
    kept = [weakref.ref(table.numbering), weakref.ref(table), weakref.ref(table.fast)]
    del env, table, obs
    gc.collect()
    assert [ref() for ref in kept] == [None, None, None]


def test_only_the_registered_game_steps_on_its_fast_engine() -> None:
    """The fast engine follows the registered rules: the registered Game
    object (or its name) gets it, another object of the same name (a
    variant, a test's double) plays on its own engine."""
    import copy

    registered = courtly.game("courtisans")
    assert isinstance(rl.env(registered, 2).unwrapped.table, FastTable)
    double = copy.copy(registered)
    assert not isinstance(rl.env(double, 2).unwrapped.table, FastTable)


def _refuse_all_but_the_jester(state: Any, seat: int, legal: list[int]) -> int:
    """Vive le Roi, played towards a castle where nobody can move: the
    highest character lifted first; the Jester crowned first (to the
    consort's seat, "Le mariage royal"), every other candidate refused by
    one No (the first voter with one), the others voting Yes."""
    numbering = courtly.game("vive_le_roi").companions.encoding.numbering(
        state.num_players, state.options)
    actions = {k: numbering.action(k) for k in legal}
    if state.stage == "vote":
        if state.candidate == "jester" and not state.crowned:
            wanted = "yes"
        else:
            refuser = next((s for s in state.voters if state.hand(s)["no"]), None)
            wanted = "no" if seat == refuser else "yes"
        return next((k for k, a in actions.items() if a.card == wanted), legal[0])

    def height(k: int) -> tuple[int, bool]:
        action = actions[k]
        if action.kind not in ("climb", "enter_wc", "leave_wc"):
            return 0, False
        level = int(state.where[action.character][1])
        return level + (action.kind == "climb"), action.character == "jester"

    return max(legal, key=height)


@pytest.mark.parametrize("opts", [
    {"royal_wedding": True}, {"royal_wedding": True, "ambition": True, "banished": True}])
def test_vive_le_roi_s_fast_engine_ends_a_round_where_nobody_can_move(
        opts: dict[str, Any]) -> None:
    """The rules' stalemate ("Le mariage royal": once the Jester has left the
    castle every character may end where none can move; the round ends
    unscored by a crowning, docs/rules/vive_le_roi.md): random play never
    gets there, this policy does, about once a round."""
    fast = rl.env("vive_le_roi", 8, opts, infos=True)
    own = rl.env("vive_le_roi", 8, opts, infos=True, fast=False)
    for seed in range(2):
        _same_game(fast, own, seed, _refuse_all_but_the_jester)
        game, state = courtly.game("vive_le_roi"), own.unwrapped.table.state
        replay = game.new_game(8, seed, opts)
        kinds = [e.kind for who, action in state.record.actions
                 for e in replay.apply(who, action)]
        assert kinds.count("stalemate") >= 2


@pytest.mark.parametrize("name", sorted(FAST_ENGINES))
def test_what_the_fast_engine_allows_is_its_menu(name: str) -> None:
    """Numbers, for every seat, at positions of whole games: legal
    (``is_legal``, which may read a number without the menu) exactly when
    in the seat's menu, and refused by the table (nothing changed) when not.
    Every number at every 33rd step; at every 11th, the menus' numbers and
    those next to them, where a number read without the menu (a count, a
    run's end) would be one off. Every number at every 11th step cost Fief
    (91,968 numbers) some 100 s of the suite."""
    env = rl.env(name, 3, infos=False)
    table = env.unwrapped.table
    everything = range(-1, table.numbering.size + 1)
    for seed in range(6):
        env.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while env.agents:
            if steps % 11 == 0:
                engine = table.fast
                menus = [set(engine.menu(seat)) for seat in range(3)]
                asked = everything if steps % 33 == 0 else sorted(
                    {-1, table.numbering.size,
                     *(k + d for menu in menus for k in menu for d in (-1, 0, 1))})
                for seat, menu in enumerate(menus):
                    # filter: the loop in C
                    legal = set(filter(functools.partial(engine.is_legal, seat), asked))
                    assert legal == menu & set(asked), (seed, steps, seat)
                record = list(table.record)
                assert not table.play(0, table.numbering.size)
                assert table.record == record
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc
                     else int(rng.choice(allowed(obs["action_mask"]))))
            steps += 1


def test_a_village_given_as_the_negotiation_closes_is_observed() -> None:
    """Fief: a gift of a village that is the negotiation's last action allowed
    (``negotiation_actions``) moves pieces (the village is the receiver's)
    and ends the turn: the fast engine's observation shows both, as the
    game's own does, observed at every step as the environments do."""
    from courtly.games.fief.actions import GiveVillage

    opts = {"negotiation_actions": 1, "fiefs_to_win": 0, "turn_limit": 30}
    fast = rl.env("fief", 3, opts, infos=False).unwrapped.table
    own = rl.env("fief", 3, opts, infos=False, fast=False).unwrapped.table
    fast.new(1)  # its first gift comes in turn 27
    own.new(1)
    rng = random.Random(1)
    given = False
    while not given:
        seat = own.due()
        assert fast.due() == seat is not None
        for other in range(3):
            assert np.array_equal(fast.observation(other, other == seat)["observation"],
                                  own.observation(other, other == seat)["observation"])
        numbers = own.numbered(seat)
        gifts = [k for k in numbers if isinstance(own.numbering.action(k), GiveVillage)]
        given = bool(gifts)
        number = gifts[0] if gifts else rng.choice(numbers)
        assert fast.play(seat, number) and own.play(seat, number)
    assert fast.due() == own.due()
    assert own.state.given and not own.over and own.state.stage == "cards"  # a new turn
    for other in range(3):
        assert np.array_equal(fast.observation(other, False)["observation"],
                              own.observation(other, False)["observation"])


@pytest.mark.parametrize("players", [2, 3, 5])
def test_versailles_gifts_made_or_extended_are_the_rules_own(players: int) -> None:
    """Versailles: a seat's gifts as numbers (§7.41), made for a hand or
    extended as cards join its end (drawn, taken, given to it), are the
    rules' own ``gifts`` numbered, for hands the deck can deal."""
    from courtly.games.versailles.rules import gifts
    from courtly.rl.fast.versailles import FastVersailles

    env = rl.env("versailles", players, infos=False)
    env.reset(seed=0)
    table = env.unwrapped.table
    engine = table.fast
    assert isinstance(engine, FastVersailles)
    deck = [*engine.state.pile, *(card for hand in engine.state.hands for card in hand)]
    rng = random.Random(players)
    for _ in range(300):
        seat = rng.randrange(players)
        hand = rng.sample(deck, rng.randrange(0, 9))
        made = engine._gifts(seat, hand, sorted(set(hand)))
        assert sorted(made) == sorted(table.numbering.indices(gifts(seat, players, hand)))
        joined = rng.sample(deck, rng.randrange(1, 4))
        for card in joined:
            if hand.count(card) < deck.count(card):
                made = made + engine._gained(seat, tuple(hand), card)
                hand = [*hand, card]
        assert sorted(made) == sorted(table.numbering.indices(gifts(seat, players, hand)))


def test_versailles_gifts_are_refused_with_no_action_left() -> None:
    """Versailles: a seat whose actions are spent but whose hand is above the
    limit discards (§7.41): at every such position of whole games, the fast
    engine allows exactly its menu, no gift among it, as the rules' own
    check refuses every gift (the gifts its last menu made are not read)."""
    from courtly.games.versailles.actions import GiveCards
    from courtly.games.versailles.rules import PLAY

    env = rl.env("versailles", 3, infos=False)
    table = env.unwrapped.table
    everything = range(-1, table.numbering.size + 1)
    gifts = [k for k in everything[1:-1] if isinstance(table.numbering.action(k), GiveCards)]
    met = 0
    for seed in (5, 6):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while env.agents:
            engine = table.fast
            state = engine.state
            if state.stage == PLAY and not state.breaches and state.actions_left <= 0:
                seat = state.order[state.pos]
                menu = set(engine.menu(seat))
                assert {k for k in everything if engine.is_legal(seat, k)} == menu
                assert not any(state._is_legal(seat, table.numbering.action(k)) for k in gifts)
                assert not menu & set(gifts)
                met += 1
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc
                     else int(rng.choice(allowed(obs["action_mask"]))))
    assert met


def test_versailles_what_the_caller_does_to_an_observation_changes_nothing() -> None:
    """Versailles: the fast engine keeps each seat's observation and the
    player-turn's and the window's masks from one step to the next; the
    arrays it hands out are the caller's, so a caller that scribbles over
    them (a policy masking in place) changes nothing of the next ones."""
    fast = rl.env("versailles", 2, infos=False)
    own = rl.env("versailles", 2, infos=False, fast=False)
    for seed in range(2):
        fast.reset(seed=seed)
        own.reset(seed=seed)
        rng = random.Random(seed)
        while fast.agents:
            mine, theirs = fast.last(), own.last()
            assert np.array_equal(mine[0]["observation"], theirs[0]["observation"])
            assert np.array_equal(mine[0]["action_mask"], theirs[0]["action_mask"])
            action = None if mine[2] or mine[3] else int(
                rng.choice(allowed(mine[0]["action_mask"])))
            mine[0]["observation"][:] = -1.0
            mine[0]["action_mask"][:] = 1
            fast.step(action)
            own.step(action)
        assert fast.rewards == own.rewards
