"""GameboardEnv: one Gameboard game as a Gymnasium environment over the HTTP API.

Actions are indices into the game's fixed action index (`spec.actionIndex`): `action_space` is
`Discrete(n)` and `info["action_mask"]` (int8, 1 = legal now) marks the legal ones, the format
MaskablePPO reads. A dict action in the game's grammar is still accepted. Observations are the game's
numeric observation (`spec.tensorSpec`): a Dict of `planes` (uint8, C x H x W) and `features`
(float32). The reward is the change in score. `terminated` when the game ended the run (or the player
ended it), `truncated` when the ranked budget (`spec.rankedBudget`) is spent, or after `max_steps` steps.

Every index of `action_space` is a valid argument of `step`, as Gymnasium's API has it (and as
`check_env` checks by stepping sampled actions): by default (`illegal_action="refuse"`) a masked-out
index is a no-op, as the HTTP API refuses an illegal action: the run does not change, the reward is
`refused_reward` (0 unless set), neither flag is set unless `max_steps` is reached, and
`info["refused"]` says why ("masked_out"). `illegal_action="raise"` makes it an IllegalActionError
naming the legal indices instead, for whoever wants a wrong index to stop the program. What is not an
element of `action_space` (a float, a bool, a str, an index outside 0..n-1) is never played: it raises
InvalidActionError naming the valid range, as `Discrete.contains` would refuse it.

Every info key keeps one type for the whole run, as Gymnasium's vectorizers need to merge infos:
`outcome` is `{}` while playing and `{"kind": ..., "reason": ...}` once the run is over, `score` a float.
"""

from __future__ import annotations

import base64
import dataclasses
from typing import Any, Dict, List, Optional, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .client import GameboardClient, GameboardError, GameSession

Action = Dict[str, Any]

#: The ranked budget by default; pass an int for another limit (in the same unit), None for none.
RANKED = "ranked"


class IllegalActionError(GameboardError, ValueError):
    """An action index that the mask marks illegal now (or outside the index)."""

    def __init__(self, message: str, index: Optional[int] = None, mask: Optional[np.ndarray] = None):
        super().__init__("illegal_action", message, reason="masked_out")
        self.index = index
        self.mask = mask


class InvalidActionError(GameboardError, ValueError):
    """An action that is not an element of `action_space` (nor an action dict): never played."""

    def __init__(self, message: str, action: Any = None):
        super().__init__("invalid_action", message)
        self.action = action


def checked_index(action: Any, n: int, where: str = "") -> int:
    """`action` as an index of Discrete(n), checked as `Discrete.contains` checks it (a Python int or a
    numpy integer scalar, 0 <= action < n; a bool is refused as well); InvalidActionError otherwise."""
    if isinstance(action, int) and not isinstance(action, bool):
        index = action
    elif (isinstance(action, (np.generic, np.ndarray)) and action.shape == ()
          and np.issubdtype(action.dtype, np.integer)):
        index = int(action)
    else:
        raise InvalidActionError(f"{where}An action is an integer index of Discrete({n}), 0..{n - 1} (or an action "
                                 f"dict in the game's grammar); got {action!r} ({type(action).__name__}).", action)
    if not 0 <= index < n:
        raise InvalidActionError(f"{where}Action index {index} is outside Discrete({n}): the valid indices are "
                                 f"0..{n - 1}.", action)
    return index


def steps_budget(budget: Optional[Dict[str, Any]], max_steps: Optional[int]) -> Optional[int]:
    """The step count after which a run is surely truncated, where the budget counts steps (every action
    spends one unit: Whirlyard), or `max_steps`; None where a step can spend more or less than one unit."""
    counted = None if budget is None or budget.get("counted") is not None or budget.get("countField") is not None \
        else int(budget["limit"])
    limits = [x for x in (counted, max_steps) if x is not None]
    return min(limits) if limits else None


def observation_space_of(spec: Dict[str, Any]) -> spaces.Dict:
    """The Dict of Boxes a game's tensorSpec describes."""
    t = spec["tensorSpec"]
    planes, features = t["planes"], t["features"]
    high = np.inf if features["high"] is None else features["high"]
    return spaces.Dict({
        "planes": spaces.Box(0, planes["high"], tuple(planes["shape"]), np.uint8),
        "features": spaces.Box(np.float32(features["low"]), np.float32(high), tuple(features["shape"]), np.float32),
    })


def observation_of(spec: Dict[str, Any], tensor: Dict[str, Any]) -> Dict[str, np.ndarray]:
    """The numpy observation of an answer's `tensor`, in any form (JSON arrays, base64 or bits)."""
    t = spec["tensorSpec"]
    planes, features = tensor_arrays(tensor, t)
    return {"planes": planes.reshape(t["planes"]["shape"]), "features": features}


def tensor_format(spec: Dict[str, Any]) -> str:
    """The smallest tensor form a game answers: "bits" when its planes are only 0 or 1, else "base64"."""
    return "bits" if spec["tensorSpec"]["planes"]["high"] == 1 else "base64"


def tensor_arrays(tensor: Dict[str, Any], tensor_spec: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, np.ndarray]:
    """An answer's `tensor` as flat numpy arrays (uint8 planes, float32 features), each its own copy. The bits
    form needs the game's `tensor_spec` (spec["tensorSpec"])."""
    fmt = tensor.get("format")
    if fmt == "bits":
        if tensor_spec is None:
            raise ValueError('tensor_arrays needs the game\'s tensor_spec (spec["tensorSpec"]) for the bits form')
        n = int(np.prod(tensor_spec["planes"]["shape"]))
        packed = np.frombuffer(base64.b64decode(tensor["planes"]), dtype=np.uint8)
        return (np.unpackbits(packed, count=n),
                np.frombuffer(base64.b64decode(tensor["features"]), dtype="<f4").astype(np.float32))
    if fmt == "base64":
        return (np.frombuffer(base64.b64decode(tensor["planes"]), dtype=np.uint8).copy(),
                np.frombuffer(base64.b64decode(tensor["features"]), dtype="<f4").astype(np.float32))
    return np.asarray(tensor["planes"], dtype=np.uint8), np.asarray(tensor["features"], dtype=np.float32)


def budget_of(spec: Dict[str, Any], budget: Union[str, int, None]) -> Optional[Dict[str, Any]]:
    """The budget that truncates: the spec's ranked one, the same unit with another limit, or none."""
    ranked = spec.get("rankedBudget")
    if budget is None:
        return None
    if budget == RANKED:
        return ranked
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"budget must be 'ranked', a positive int or None; got {budget!r}")
    return {**(ranked or {"unit": "actions"}), "limit": budget}


def action_cost(budget: Dict[str, Any], action: Action) -> int:
    """Budget units an action spends (as src/core/budget.ts counts them)."""
    counted = budget.get("counted")
    if counted is not None and action.get("type") not in counted:
        return 0
    field = budget.get("countField")
    if field is None:
        return 1
    n = action.get(field)
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 1


def game_seed(rng: np.random.Generator) -> int:
    """A game seed (0..2^32-1) drawn from a Gymnasium np_random."""
    return int(rng.integers(0, 2 ** 32, dtype=np.uint64))


def game_seeds(rng: np.random.Generator, k: int) -> np.ndarray:
    """`k` game seeds (0..2^32-1, int64) drawn from a Gymnasium np_random in one call: what a vector env's
    autoresets draw, the environments in order (the local and the HTTP vector envs draw alike)."""
    return rng.integers(0, 2 ** 32, size=k, dtype=np.uint64).astype(np.int64)


DEFAULT_URL = "http://127.0.0.1:3000"


def wants_local(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> bool:
    """Whether an env's arguments ask for the local engines: backend="local", or no backend, base_url
    nor client (the default). `args` are the positional ones after `game`."""
    backend = kwargs.get("backend")
    if backend not in (None, "local", "http"):
        raise ValueError(f'backend is "local" (the engines run here, by Node.js) or "http" (a server); got {backend!r}')
    if backend is not None:
        return backend == "local"
    base_url = kwargs.get("base_url", args[0] if args else None)
    client = kwargs.get("client", args[1] if len(args) > 1 else None)
    return base_url is None and client is None


class GameboardEnv(gym.Env):
    """One game, to the letter of Gymnasium 1.x (check_env passes with the defaults): on the local
    engines by default (gameboard.local.LocalGameboardEnv), over the HTTP API with `base_url=` or
    `backend="http"`."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __new__(cls, *args: Any, **kwargs: Any) -> "GameboardEnv":
        if cls is GameboardEnv and (args or kwargs) and wants_local(args[1:], kwargs):
            from .local import LocalGameboardEnv
            cls = LocalGameboardEnv
        return super().__new__(cls)

    def __init__(self, game: str, base_url: Optional[str] = None, client: Optional[GameboardClient] = None,
                 budget: Union[str, int, None] = RANKED, max_steps: Optional[int] = None,
                 render_mode: Optional[str] = None, illegal_action: str = "refuse", refused_reward: float = 0.0,
                 retries: Optional[int] = None, timeout: Optional[float] = None, backend: Optional[str] = None,
                 workers: Optional[int] = None):
        """`budget`: truncate at the game's ranked budget ("ranked", the default), at another limit in
        its unit (an int) or never (None). `max_steps`: also truncate after that many steps (refused
        ones included, so that a policy stuck on an illegal index still ends its episode).
        `illegal_action`: "refuse" (the default: a masked-out index, or a dict action the game refuses,
        is refused as the API does: nothing changes, the reward is `refused_reward`, info["refused"]
        holds the reason) or "raise" (an IllegalActionError for a masked-out index, a GameboardError
        "refused" for a refused dict action). `retries`, `timeout`: the HTTP client's (by default about
        32 s of retries with backoff, enough for a server restart, and 30 s a request). `backend`:
        "http" here (base_url defaults to http://127.0.0.1:3000); `workers` is the local pool's."""
        base_url = base_url or DEFAULT_URL
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None; got {render_mode!r}")
        if illegal_action not in ("raise", "refuse"):
            raise ValueError(f"illegal_action must be 'raise' or 'refuse'; got {illegal_action!r}")
        self.game = game
        self.base_url = base_url
        self._own_client = client is None
        opts: Dict[str, Any] = {k: v for k, v in (("retries", retries), ("timeout", timeout)) if v is not None}
        self.client = client or GameboardClient(base_url, **opts)
        self.game_spec = self.client.spec(game)
        self.budget = budget_of(self.game_spec, budget)
        #: True for a game that plays the same whatever the seed (Delvewick's fixed levels).
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
        self._tensor_format = tensor_format(self.game_spec)
        self.session: Optional[GameSession] = None
        self.spent = 0
        self.elapsed = 0  # step() calls since the reset, refused ones included (max_steps counts these)

    @property
    def spec(self) -> Optional[gym.envs.registration.EnvSpec]:
        """The EnvSpec gymnasium.make gave, with `max_episode_steps` the step count after which the env
        truncates by itself where that is a count of steps (the ranked budget where each step spends one
        unit, and `max_steps`); no TimeLimit wrapper is added, the env truncates on its own."""
        steps = steps_budget(self.budget, self.max_steps)
        if self._spec is None or steps is None or self._spec.max_episode_steps == steps:
            return self._spec
        return dataclasses.replace(self._spec, max_episode_steps=steps)

    @spec.setter
    def spec(self, value: Optional[gym.envs.registration.EnvSpec]) -> None:
        self._spec = value

    @property
    def max_episode_steps(self) -> Optional[int]:
        """As spec.max_episode_steps, also for an env not made by gymnasium.make."""
        return steps_budget(self.budget, self.max_steps)

    def _choose_seed(self, seed: Optional[int], options: Optional[Dict[str, Any]]) -> int:
        """The game seed of a reset (Gymnasium's np_random seeded as reset(seed=) asks)."""
        gym.Env.reset(self, seed=seed)
        if options and "game_seed" in options:
            chosen = int(options["game_seed"])
        elif seed is not None and 0 <= seed < 2 ** 32:
            chosen = int(seed)
        else:
            chosen = game_seed(self.np_random)
        self._seeded(chosen)
        return chosen

    def _seeded(self, chosen: int) -> None:
        """Warns once when a seedless game is reset with a seed other than its first."""
        if not self.seedless:
            return
        if self._seeds_seen is None:
            self._seeds_seen = chosen
        elif self._seeds_seen != chosen and self._seeds_seen != -1:
            self._seeds_seen = -1
            gym.logger.warn(f"{self.game} is seedless (env.unwrapped.seedless): every seed plays the same game, so "
                            "resets with different seeds give the same runs.")

    # -- helpers -------------------------------------------------------------------------------------

    def _mask(self) -> np.ndarray:
        assert self.session is not None and self.session.action_mask is not None
        return np.asarray(self.session.action_mask, dtype=np.int8)

    def _obs(self) -> Dict[str, np.ndarray]:
        assert self.session is not None and self.session.tensor is not None
        return observation_of(self.game_spec, self.session.tensor)

    def _info(self, refused: Optional[str] = None) -> Dict[str, Any]:
        s = self.session
        assert s is not None
        info = {"action_mask": self._mask(), "legal_actions": s.legal_actions, "score": float(s.score),
                "seed": s.seed, "outcome": dict(s.outcome or {}), "events": s.events, "steps": len(s.history), "spent": self.spent}
        if refused is not None:
            info["refused"] = refused
        return info

    def action_of(self, index: int) -> Action:
        """The concrete action an index plays now; IllegalActionError when the mask marks it illegal."""
        s = self.session
        assert s is not None
        if not 0 <= index < len(self.action_index):
            raise IllegalActionError(f"Action index {index} is outside 0..{len(self.action_index) - 1} of "
                                     f"{self.game}'s action index.", index, self._mask())
        for i, a in zip(s.legal_index or [], s.legal_actions):
            if i == index:
                return a
        legal = [i for i, m in enumerate(self._mask()) if m]
        raise IllegalActionError(f"Action index {index} ({self.action_index[index]['meaning']}) is masked out: "
                                 f"not legal now in {self.game}. Legal indices now: {legal} (info['action_mask']).",
                                 index, self._mask())

    # -- Gymnasium -----------------------------------------------------------------------------------

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """A new run: from `seed` when it is a game seed (0..2^32-1), else from one drawn from np_random.
        options={"game_seed": N} picks the game seed directly."""
        chosen = self._choose_seed(seed, options)
        self.session = self.client.start(self.game, seed=chosen, tensor=self._tensor_format)
        self.spent = 0
        self.elapsed = 0
        return self._obs(), self._info()

    def step(self, action: Union[int, np.integer, Action]
             ) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        if self.session is None:
            raise GameboardError("no_run", "Call reset() before step().")
        s = self.session
        if s.game_over:
            raise GameboardError("run_over", "The run is over: call reset() before step().")
        index = None if isinstance(action, dict) else checked_index(action, len(self.action_index))
        self.elapsed += 1
        if index is None:
            concrete = action
        else:
            try:
                concrete = self.action_of(index)
            except IllegalActionError:
                if self.illegal_action == "raise":
                    raise
                return self._obs(), self.refused_reward, False, self._truncated(), self._info(refused="masked_out")
        before = s.score
        try:
            s.act(concrete, tensor=self._tensor_format)
        except GameboardError as err:
            if err.code != "refused" or self.illegal_action == "raise":
                raise
            return self._obs(), self.refused_reward, False, self._truncated(), self._info(refused=err.reason)
        if self.budget is not None:
            self.spent += action_cost(self.budget, concrete)
        terminated = s.game_over
        truncated = not terminated and self._truncated()
        return self._obs(), float(s.score - before), terminated, truncated, self._info()

    def _truncated(self) -> bool:
        s = self.session
        assert s is not None
        over_budget = self.budget is not None and self.spent >= self.budget["limit"]
        return over_budget or (self.max_steps is not None and self.elapsed >= self.max_steps)

    def action_masks(self) -> np.ndarray:
        """The mask of the current state (the method MaskablePPO's wrappers look for)."""
        return self._mask()

    def render(self) -> Optional[str]:
        """The observation's text (render_mode "ansi")."""
        if self.render_mode is None:
            gym.logger.warn("render() was called without a render_mode: pass render_mode='ansi'.")
            return None
        return None if self.session is None else self.session.observation.get("text")

    def close(self) -> None:
        """Forgets the run and closes the client's connection (when the env made the client)."""
        self.session = None
        if self._own_client:
            self.client.close()
