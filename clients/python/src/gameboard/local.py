"""The Gymnasium environments on the local engine pool (gameboard.pool): what `GameboardEnv(game)`,
`GameboardVectorEnv(game, n)`, `gymnasium.make(id)` and `gymnasium.make_vec(id, n)` give when no server
is named. Same spaces, seeds, rewards, flags, masks, budgets, refusals and autoresets as the HTTP envs
(a test plays both side by side); the states stay in Node, and a step moves only action indices one way
and one packed block of numbers the other.

Differences from the HTTP envs: actions are indices only (a dict action in the grammar needs the HTTP
env, except where it is one of the fixed actions of the index); a single env's info has no
`legal_actions` and `events` (env.unwrapped.details() answers them, and the run so far, on request);
seeds are game seeds 0..2^32-1.
"""

from __future__ import annotations

import math
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .client import GameboardError
from .env import (RANKED, GameboardEnv, IllegalActionError, InvalidActionError, budget_of, checked_index,
                  observation_space_of)
from .pool import REFUSED_STATUS, Group, Pool, shared_pool
from .vector import GameboardVectorEnv, end_step

Action = Dict[str, Any]

#: No 32-bit half of the generator's last 64-bit output is known to be kept (see SeedDraws).
_UNREAD = object()


class SeedDraws:
    """Game seeds drawn from a Gymnasium np_random exactly as `game_seeds` draws them, at a fraction of
    the cost: the autoresets of a fast game draw some every step, and Generator.integers costs more
    than the rest of a step's Python work.

    `integers(0, 2**32, size=k, dtype=np.uint64)` on a PCG64 generator gives k successive 32-bit halves
    of its 64-bit outputs, low half first, keeping an unused high half for the next draw; here one
    `random_raw` call gives the same halves (a little-endian view), and the kept half is held here. The
    generator's own kept half is read when drawing starts, and everything is written back into the
    generator (`sync`) before anyone else draws from it: the env's np_random property syncs first. Any
    other generator, or a big-endian machine, draws with integers itself."""

    def __init__(self) -> None:
        self.gen: Optional[np.random.Generator] = None
        self.half: Any = _UNREAD

    def sync(self) -> None:
        """The kept half back into the generator, which is then as if it had drawn every seed itself."""
        if self.gen is not None and self.half is not _UNREAD:
            state = self.gen.bit_generator.state
            state["has_uint32"], state["uinteger"] = (0, 0) if self.half is None else (1, self.half)
            self.gen.bit_generator.state = state
        self.gen, self.half = None, _UNREAD

    def draw(self, gen: np.random.Generator, k: int) -> np.ndarray:
        """`k` game seeds from `gen`, as game_seeds(gen, k) gives them."""
        if gen is not self.gen:
            self.sync()
            if type(gen.bit_generator) is not np.random.PCG64 or sys.byteorder != "little":
                return gen.integers(0, 2 ** 32, size=k, dtype=np.uint64)
            state = gen.bit_generator.state
            self.gen, self.half = gen, (state["uinteger"] if state["has_uint32"] else None)
        half = self.half
        need = k - (half is not None)
        raw = gen.bit_generator.random_raw((need + 1) >> 1).view(np.uint32)
        self.half = int(raw[need]) if need & 1 else None
        if half is None:
            return raw[:need]
        out = np.empty(k, dtype=np.uint32)
        out[0] = half
        out[1:] = raw[:need]
        return out


_specs: Dict[Tuple[int, str], Dict[str, Any]] = {}


def spec_of(pool: Pool, game: str) -> Dict[str, Any]:
    key = (id(pool), game)
    if key not in _specs:
        _specs[key] = pool.spec(game)
    return _specs[key]


def index_of_dict(action_index: List[Dict[str, Any]], action: Action, game: str) -> int:
    """The index of a fixed action given as a dict; InvalidActionError when the index has none such."""
    for i, slot in enumerate(action_index):
        if slot.get("action") == action:
            return i
    raise InvalidActionError(f"The local {game} env plays action indices (or a dict equal to one of the index's "
                             f"fixed actions); {action!r} is none of them. Pass base_url= for dict actions.", action)


class LocalGameboardEnv(GameboardEnv):
    """One game on the local engine pool."""

    def __init__(self, game: str, base_url: Optional[str] = None, client: Any = None,
                 budget: Union[str, int, None] = RANKED, max_steps: Optional[int] = None,
                 render_mode: Optional[str] = None, illegal_action: str = "refuse", refused_reward: float = 0.0,
                 retries: Optional[int] = None, timeout: Optional[float] = None, backend: Optional[str] = None,
                 workers: Optional[int] = None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None; got {render_mode!r}")
        if illegal_action not in ("raise", "refuse"):
            raise ValueError(f"illegal_action must be 'raise' or 'refuse'; got {illegal_action!r}")
        self.game = game
        self.backend = "local"
        self.workers = workers
        self._setup()
        self.budget = budget_of(self.game_spec, budget)
        self.seedless = bool(self.game_spec.get("seedless"))
        self._seeds_seen: Optional[int] = None
        self._spec: Optional[gym.envs.registration.EnvSpec] = None
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.refused_reward = float(refused_reward)
        self.action_index: List[Dict[str, Any]] = self.game_spec["actionIndex"]
        self.action_space = spaces.Discrete(len(self.action_index))
        self.observation_space = observation_space_of(self.game_spec)
        self.started = False
        self.game_seed = 0
        self.steps = 0
        self.spent = 0
        self.elapsed = 0
        self.outcome: Dict[str, str] = {}

    def _setup(self) -> None:
        self.pool = shared_pool(self.workers)
        self.game_spec = spec_of(self.pool, self.game)
        self.group = Group(self.pool, self.game, 1, self.game_spec)

    # -- copies: the state leaves Node as the engine's wire form, and comes back into this process's pool --

    def __getstate__(self) -> Dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k not in ("pool", "group")}
        state["_saved"] = self.group.export(0) if self.started and self.group is not None else None
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        saved = state.pop("_saved", None)
        self.__dict__.update(state)
        self._setup()
        if saved is not None:
            self.group.load(0, saved)

    # -- helpers -------------------------------------------------------------------------------------

    def _mask(self) -> np.ndarray:
        return self.group.masks[0].copy()

    def _obs(self) -> Dict[str, np.ndarray]:
        return {"planes": self.group.planes[0].copy(), "features": self.group.features[0].copy()}

    def _info(self, refused: Optional[str] = None) -> Dict[str, Any]:
        info = {"action_mask": self._mask(), "score": float(self.group.scores[0]), "seed": self.game_seed,
                "outcome": dict(self.outcome), "steps": self.steps, "spent": self.spent}
        if refused is not None:
            info["refused"] = refused
        return info

    def _truncated(self) -> bool:
        over_budget = self.budget is not None and self.spent >= self.budget["limit"]
        return over_budget or (self.max_steps is not None and self.elapsed >= self.max_steps)

    def details(self) -> Dict[str, Any]:
        """The run so far ({game, rulesVersion, seed, actions}: what `gameboard replay verify` and POST
        /api/runs take), its outcome, the legal actions now, the last step's events and the text."""
        if not self.started:
            raise GameboardError("no_run", "Call reset() first.")
        return self.group.info(0)

    def run(self) -> Dict[str, Any]:
        """The run so far, as POST /api/runs and `gameboard replay` take it."""
        return self.details()["run"]

    def action_of(self, index: int) -> Action:
        """The concrete action an index plays now; IllegalActionError when the mask marks it illegal."""
        index = checked_index(index, len(self.action_index))
        if self.group.masks[0, index] != 1:
            raise IllegalActionError(f"Action index {index} is masked out: not legal now in {self.game}.", index,
                                     self._mask())
        slot = self.action_index[index]
        if "action" in slot:
            return slot["action"]
        raise GameboardError("relative_action", f"Index {index} ({slot['meaning']}) names a different action from "
                             "state to state; the local env knows the one it played afterwards, in run()['actions'].")

    # -- Gymnasium -----------------------------------------------------------------------------------

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """A new run: from `seed` when it is a game seed (0..2^32-1), else from one drawn from np_random.
        options={"game_seed": N} picks the game seed directly."""
        chosen = self._choose_seed(seed, options)
        self.group.reset(np.array([chosen], dtype=np.uint32), np.ones(1, dtype=np.uint8))
        self.started = True
        self.game_seed = chosen
        self.steps = self.spent = self.elapsed = 0
        self.outcome = {}
        return self._obs(), self._info()

    def step(self, action: Union[int, np.integer, Action]
             ) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        if not self.started:
            raise GameboardError("no_run", "Call reset() before step().")
        g = self.group
        if g.over[0]:
            raise GameboardError("run_over", "The run is over: call reset() before step().")
        n = len(self.action_index)
        index = index_of_dict(self.action_index, action, self.game) if isinstance(action, dict) \
            else checked_index(action, n)
        self.elapsed += 1
        if g.masks[0, index] != 1:
            if self.illegal_action == "raise":
                legal = [int(i) for i in np.flatnonzero(g.masks[0])]
                raise IllegalActionError(f"Action index {index} ({self.action_index[index]['meaning']}) is masked "
                                         f"out: not legal now in {self.game}. Legal indices now: {legal} "
                                         "(info['action_mask']).", index, self._mask())
            return self._obs(), self.refused_reward, False, self._truncated(), self._info(refused="masked_out")
        before = float(g.scores[0])
        g.step(np.array([index], dtype=np.int32))
        if g.status[0] == REFUSED_STATUS:  # the engine refused what the mask allowed: nothing changed
            if self.illegal_action == "raise":
                raise GameboardError("refused", f"{self.game} refused action index {index}.", reason="refused")
            return self._obs(), self.refused_reward, False, self._truncated(), self._info(refused="refused")
        self.steps += 1
        if self.budget is not None:
            self.spent += int(g.cost[0])
        terminated = bool(g.over[0])
        if terminated:
            self.outcome = dict(g.info(0)["outcome"] or {})
        truncated = not terminated and self._truncated()
        return self._obs(), float(g.scores[0]) - before, terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        """The observation's text (render_mode "ansi")."""
        if self.render_mode is None:
            gym.logger.warn("render() was called without a render_mode: pass render_mode='ansi'.")
            return None
        return self.details()["text"] if self.started else None

    def close(self) -> None:
        """Forgets the run (the pool process stays for the other envs of this process)."""
        if getattr(self, "group", None) is not None:
            self.group.close()
            self.group = None  # type: ignore[assignment]
        self.started = False


class LocalGameboardVectorEnv(GameboardVectorEnv):
    """`num_envs` runs of `game` stepped together on the local engine pool (one request a step).

    The pool keeps each environment's run (steps, budget spent, steps towards max_steps, its game seed,
    a pending autoreset) and answers every step's rewards, flags and counters in the block beside the
    observations and masks: a step here checks the actions, draws the autoresets' game seeds (as the
    HTTP vector env draws them), sends one request, and answers numpy views of one copy of the block."""

    def __init__(self, game: str, num_envs: int = 1, base_url: Optional[str] = None, client: Any = None,
                 budget: Union[str, int, None] = RANKED, max_steps: Optional[int] = None,
                 render_mode: Optional[str] = None, illegal_action: str = "refuse", refused_reward: float = 0.0,
                 autoreset_mode: Union[str, AutoresetMode] = AutoresetMode.NEXT_STEP, retries: Optional[int] = None,
                 timeout: Optional[float] = None, backend: Optional[str] = None, workers: Optional[int] = None):
        if not isinstance(num_envs, int) or num_envs < 1 or num_envs > 65536:
            raise ValueError(f"num_envs must be 1 to 65536; got {num_envs}")
        if render_mode is not None:
            raise ValueError("GameboardVectorEnv renders nothing; use GameboardEnv(render_mode='ansi') to read the text.")
        if illegal_action not in ("raise", "refuse"):
            raise ValueError(f"illegal_action must be 'raise' or 'refuse'; got {illegal_action!r}")
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.metadata = {**self.metadata, "autoreset_mode": self.autoreset_mode}
        self.game = game
        self.backend = "local"
        self.num_envs = num_envs
        self.workers = workers
        self.pool = shared_pool(workers)
        self.game_spec = spec_of(self.pool, game)
        self.budget = budget_of(self.game_spec, budget)
        self.max_steps = max_steps
        self.render_mode = None
        self.illegal_action = illegal_action
        self.refused_reward = float(refused_reward)
        # A step counter reaches max_steps at the same step as at its ceiling (the pool counts in integers).
        limit = None if max_steps is None else max(0, math.ceil(max_steps))
        self.group: Optional[Group] = Group(
            self.pool, game, num_envs, self.game_spec,
            budget=None if self.budget is None else max(0, math.ceil(self.budget["limit"])), max_steps=limit,
            refused_reward=self.refused_reward, autoreset=self.autoreset_mode == AutoresetMode.NEXT_STEP)
        self.action_index = self.game_spec["actionIndex"]
        self.single_action_space = spaces.Discrete(len(self.action_index))
        self.single_observation_space = observation_space_of(self.game_spec)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.seedless = bool(self.game_spec.get("seedless"))
        self.started = False
        self._rows = np.arange(num_envs)
        #: The last answer: views of a copy of the block (Group.snapshot), and how many runs are pending.
        self._last: Dict[str, Any] = {}
        self._pending = 0
        self._draws = SeedDraws()

    @property  # type: ignore[override]
    def np_random(self) -> np.random.Generator:
        """The env's generator, with every game seed the autoresets drew from it written back."""
        self._draws.sync()
        return super().np_random

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        self._draws.sync()
        self._np_random = value
        self._np_random_seed = -1

    def _draw(self, k: int) -> np.ndarray:
        """`k` autoreset game seeds, drawn from np_random as game_seeds draws them (as the HTTP env does)."""
        gen = self._np_random if self._np_random is not None else self.np_random
        return self._draws.draw(gen, k)

    def _take(self) -> Dict[str, Any]:
        """The block as the pool left it, copied once and viewed field by field."""
        assert self.group is not None
        last = self._last = self.group.snapshot()
        self._pending = last["summary"][1]
        return last

    def _observations(self) -> Dict[str, np.ndarray]:
        return {"planes": self._last["planes"], "features": self._last["features"]}

    def _infos(self) -> Dict[str, Any]:
        last = self._last
        return {"action_mask": last["masks"], "score": last["scores"], "seed": last["gameSeed"],
                "steps": last["steps"]}

    def action_masks(self) -> np.ndarray:
        return self._last["masks"].copy()

    def run(self, i: int) -> Dict[str, Any]:
        """Environment i's run so far, as POST /api/runs and `gameboard replay` take it."""
        assert self.group is not None
        return self.group.info(i)["run"]

    def reset(self, *, seed: Union[int, Sequence[int], None] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """New runs: seed N gives the environments game seeds N, N+1, ...; a list gives each its own.
        options={"reset_mask": mask} resets only the environments the boolean mask marks."""
        assert self.group is not None
        self._draws.sync()
        super(GameboardVectorEnv, self).reset(seed=seed if isinstance(seed, (int, np.integer)) else None)
        seeds = np.asarray(self._seeds(seed), dtype=np.int64)
        mask = None if not options or "reset_mask" not in options else np.asarray(options["reset_mask"], dtype=np.bool_)
        if mask is not None and (mask.shape != (self.num_envs,) or not self.started):
            raise ValueError("reset_mask is a boolean array of num_envs, after a first reset of every environment.")
        which = np.ones(self.num_envs, dtype=np.bool_) if mask is None else mask
        self.group.reset(seeds.astype(np.uint32), which.astype(np.uint8))
        self._take()
        self.started = True
        return self._observations(), self._infos()

    def _indices(self, actions: Any) -> np.ndarray:
        """The actions as checked indices (as Discrete.contains checks each): an integer array."""
        n = len(self.action_index)
        a = np.asarray(actions) if not isinstance(actions, list) else None
        if a is not None and a.shape == (self.num_envs,) and a.dtype.kind in "iu":
            # One comparison: a negative index read as uint64 is a huge one.
            if np.count_nonzero((a.view(np.uint64) if a.dtype == np.int64 else a.astype(np.uint64)) >= n):
                bad = np.flatnonzero((a < 0) | (a >= n))
                checked_index(a[bad[0]], n, f"Environment {int(bad[0])}: ")
            return a
        items = list(actions)
        if len(items) != self.num_envs:
            raise ValueError(f"Give one action per environment ({self.num_envs}); got {len(items)}.")
        return np.array([index_of_dict(self.action_index, x, self.game) if isinstance(x, dict)
                         else checked_index(x, n, f"Environment {i}: ") for i, x in enumerate(items)], dtype=np.int32)

    def step(self, actions: Any) -> Tuple[Dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        # The pool does the bookkeeping (refusals, rewards, flags, counters, autoresets); with engines this
        # fast each small numpy call here (about a microsecond) is a visible part of a 64-env step.
        g = self.group
        if g is None or not self.started:
            raise GameboardError("no_run", "Call reset() before step().")
        codes = self._indices(actions)
        pending = self._pending
        if pending:
            ended = g.view(self._last, "pending")
            if self.autoreset_mode == AutoresetMode.DISABLED:
                i = int(np.flatnonzero(ended)[0])
                if self.illegal_action == "raise":  # environment by environment, as the HTTP env checks them
                    self._check_legal(codes, None, i)
                raise GameboardError("run_over", f"Environment {i}'s run is over: reset it with "
                                     "reset(options={'reset_mask': mask}) (autoreset is disabled).")
            # Next-step autoreset (same-step leaves none pending): the pool restarts these from these seeds.
            g._frame_seeds[ended] = self._draw(pending)
        if self.illegal_action == "raise":
            self._check_legal(codes, g.view(self._last, "pending") if pending else None)
        g._frame_actions[:] = codes
        g.pool.exchange(g._frame, g._view)
        last = self._take()
        if self.autoreset_mode == AutoresetMode.SAME_STEP and self._pending:
            return end_step(self, last["rewards"], last["terminated"], last["truncated"], g.view(last, "refused"),
                            self._reset_ended)
        infos = {"action_mask": last["masks"], "score": last["scores"], "seed": last["gameSeed"],
                 "steps": last["steps"]}
        if last["summary"][0]:
            infos["refused"] = g.view(last, "refused")
        return ({"planes": last["planes"], "features": last["features"]}, last["rewards"], last["terminated"],
                last["truncated"], infos)

    def _check_legal(self, codes: np.ndarray, resets: Optional[np.ndarray], upto: Optional[int] = None) -> None:
        """IllegalActionError for the first environment (not resetting; before `upto` if given) whose index
        its mask marks illegal."""
        assert self.group is not None
        masks = self.group.masks
        refused = masks[self._rows, codes if resets is None else np.where(resets, 0, codes)] != 1
        if resets is not None:
            refused &= ~resets
        if upto is not None:
            refused[upto:] = False
        if np.count_nonzero(refused):
            i = int(np.flatnonzero(refused)[0])
            allowed = [int(k) for k in np.flatnonzero(masks[i])]
            raise IllegalActionError(f"Environment {i}: action index {int(codes[i])} is masked out (not legal "
                                     f"now in {self.game}); legal indices: {allowed}.", int(codes[i]),
                                     masks[i].copy())

    def _reset_ended(self, ended: np.ndarray) -> None:
        """New runs, from fresh seeds, for the environments `ended` marks (autoreset in the same step)."""
        assert self.group is not None
        fresh = np.zeros(self.num_envs, dtype=np.uint32)
        fresh[ended] = self._draw(int(np.count_nonzero(ended)))
        self.group.reset(fresh, ended.astype(np.uint8))
        self._take()

    def close_extras(self, **kwargs: Any) -> None:
        if self.group is not None:
            self.group.close()
            self.group = None
        self.started = False
