"""GameboardVectorEnv: many runs of one game as a Gymnasium VectorEnv, one batch request per step.

Each step sends every environment's action as its index (`actionIndex`; a dict action as itself), or,
for an environment whose run ended on the previous step, its reset, to POST /api/games/<slug>/batch in
one request, answered with the tensor in bits (games whose planes are 0 or 1) or base64 and trimmed to what the env reads. Autoreset follows Gymnasium 1.x: by
default next-step (after a step that terminates or truncates environment i, the next step ignores i's
action and answers its reset observation with reward 0 and neither flag set); `autoreset_mode=
AutoresetMode.SAME_STEP` resets in the same step (a second batch request, only on steps where a run
ended; the last observation in infos["final_obs"], its info in infos["final_info"]);
`AutoresetMode.DISABLED` leaves it to `reset(options={"reset_mask": mask})`.

An action outside the action space (not an integer, or outside 0..n-1) raises InvalidActionError
before anything is played. A masked-out index is refused as GameboardEnv refuses it (by default a no-op with reward
`refused_reward` and infos["refused"] set for that environment; `illegal_action="raise"` raises).
"""

from __future__ import annotations

import base64
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .client import GameboardClient, GameboardError
from .env import DEFAULT_URL, RANKED, IllegalActionError, wants_local, action_cost, checked_index, budget_of, game_seed, game_seeds, observation_space_of, tensor_format

Action = Dict[str, Any]


def end_step(env: Any, rewards: np.ndarray, terminations: np.ndarray, truncations: np.ndarray, refused: np.ndarray,
             reset_ended: Callable[[np.ndarray], None]
             ) -> Tuple[Dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
    """A vector step's bookkeeping once every environment is played, the same for the HTTP and the local
    env: which environments autoreset next step, or (AutoresetMode.SAME_STEP) their new runs now, through
    `reset_ended`, with the last observations and infos in infos["final_obs"] and infos["final_info"];
    infos["refused"] where a step was refused. Answers what step() answers."""
    ended = terminations | truncations
    final: Optional[Tuple[Dict[str, np.ndarray], Dict[str, Any]]] = None
    if env.autoreset_mode == AutoresetMode.SAME_STEP and np.count_nonzero(ended):
        final = (env._observations(), env._infos())
        reset_ended(ended)
        ended = np.zeros(env.num_envs, dtype=np.bool_)
    env._autoreset = ended
    infos = env._infos()
    if np.count_nonzero(refused):
        infos["refused"] = refused
    if final is not None:
        done = terminations | truncations
        final_obs = np.full(env.num_envs, None, dtype=object)
        for i in np.flatnonzero(done):
            final_obs[i] = {k: v[i] for k, v in final[0].items()}
        infos["final_obs"], infos["_final_obs"] = final_obs, done
        infos["final_info"] = {**final[1], **{f"_{k}": done for k in final[1]}}
        infos["_final_info"] = done
    return env._observations(), rewards, terminations, truncations, infos


class GameboardVectorEnv(VectorEnv):
    """`num_envs` runs of `game` stepped together: on the local engines by default
    (gameboard.local.LocalGameboardVectorEnv), over the batch route with `base_url=` or `backend="http"`."""

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __new__(cls, *args: Any, **kwargs: Any) -> "GameboardVectorEnv":
        if cls is GameboardVectorEnv and (args or kwargs) and wants_local(args[2:], kwargs):
            from .local import LocalGameboardVectorEnv
            cls = LocalGameboardVectorEnv
        return super().__new__(cls)

    def __init__(self, game: str, num_envs: int = 1, base_url: Optional[str] = None,
                 client: Optional[GameboardClient] = None, budget: Union[str, int, None] = RANKED,
                 max_steps: Optional[int] = None, render_mode: Optional[str] = None,
                 illegal_action: str = "refuse", refused_reward: float = 0.0,
                 autoreset_mode: Union[str, AutoresetMode] = AutoresetMode.NEXT_STEP, retries: Optional[int] = None,
                 timeout: Optional[float] = None, backend: Optional[str] = None, workers: Optional[int] = None):
        base_url = base_url or DEFAULT_URL
        if num_envs < 1 or num_envs > 256:
            raise ValueError(f"num_envs must be 1 to 256 (one batch request holds at most 256 items); got {num_envs}")
        if render_mode is not None:
            raise ValueError("GameboardVectorEnv renders nothing; use GameboardEnv(render_mode='ansi') to read the text.")
        if illegal_action not in ("raise", "refuse"):
            raise ValueError(f"illegal_action must be 'raise' or 'refuse'; got {illegal_action!r}")
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.metadata = {**self.metadata, "autoreset_mode": self.autoreset_mode}
        self.game = game
        self.num_envs = num_envs
        self._own_client = client is None
        opts: Dict[str, Any] = {k: v for k, v in (("retries", retries), ("timeout", timeout)) if v is not None}
        self.client = client or GameboardClient(base_url, **opts)
        self.game_spec = self.client.spec(game)
        self.carry: str = self.game_spec["carry"]
        self.budget = budget_of(self.game_spec, budget)
        self.max_steps = max_steps
        self.render_mode = None
        self.illegal_action = illegal_action
        self.refused_reward = float(refused_reward)
        self.action_index: List[Dict[str, Any]] = self.game_spec["actionIndex"]
        self.single_action_space = spaces.Discrete(len(self.action_index))
        self.single_observation_space = observation_space_of(self.game_spec)
        self._tensor_format = tensor_format(self.game_spec)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        # Actions go as their index (`actionIndex`: the server plays what it names). Each answer is trimmed
        # to what the env reads; the legal actions themselves only where an index can name different
        # actions from state to state (relative slots), to count what the played one spends of the budget.
        self._fixed = all("action" in slot for slot in self.action_index)
        self._fields = [self.carry, "seed", "tensor", "actionMask", "score", "gameOver"] + (
            [] if self._fixed else ["legalIndex", "legalActions"])
        self._runs: List[Optional[Dict[str, Any]]] = [None] * num_envs
        # Every environment's observation and mask, rows written in bulk from each batch's answers.
        t = self.game_spec["tensorSpec"]
        self._planes = np.zeros((num_envs, *t["planes"]["shape"]), dtype=np.uint8)
        self._features = np.zeros((num_envs, *t["features"]["shape"]), dtype=np.float32)
        self._masks = np.zeros((num_envs, len(self.action_index)), dtype=np.int8)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    # -- helpers -------------------------------------------------------------------------------------

    def _batch(self, items: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        results = self.client.batch(self.game, items, tensor=self._tensor_format, fields=self._fields)
        for r in results:
            if not r.get("ok") and "error" in r:
                raise GameboardError(r["error"], r.get("message", "A batch item failed."))
        return results

    def _run_of(self, answer: Dict[str, Any]) -> Dict[str, Any]:
        index = None if self._fixed else dict(zip(answer["legalIndex"], answer["legalActions"]))
        return {"carried": answer[self.carry], "seed": answer["seed"], "index": index, "score": answer["score"],
                "over": answer["gameOver"], "steps": 0, "elapsed": 0, "spent": 0}

    def _concrete(self, run: Dict[str, Any], i: int) -> Action:
        """The action index `i` plays now (legal: the mask was checked)."""
        return self.action_index[i]["action"] if self._fixed else run["index"][i]

    def _store(self, which: List[int], answers: List[Dict[str, Any]]) -> None:
        """Writes the observations and masks of `answers` into the rows `which`, one numpy call each."""
        if not which:
            return
        # Every row's bytes decoded and joined, then read by numpy in one call each (bits: each row packed
        # on its own, so unpacked row by row, axis 1, to the row's cell count).
        planes = b"".join(base64.b64decode(a["tensor"]["planes"]) for a in answers)
        features = b"".join(base64.b64decode(a["tensor"]["features"]) for a in answers)
        rows = np.frombuffer(planes, dtype=np.uint8).reshape((len(which), -1))
        if self._tensor_format == "bits":
            rows = np.unpackbits(rows, axis=1, count=int(np.prod(self._planes.shape[1:])))
        self._planes[which] = rows.reshape((len(which), *self._planes.shape[1:]))
        self._features[which] = np.frombuffer(features, dtype="<f4").reshape((len(which), *self._features.shape[1:]))
        self._masks[which] = np.asarray([a["actionMask"] for a in answers], dtype=np.int8)

    def _observations(self) -> Dict[str, np.ndarray]:
        return {"planes": self._planes.copy(), "features": self._features.copy()}

    def _infos(self) -> Dict[str, Any]:
        runs = [r for r in self._runs if r is not None]
        return {"action_mask": self._masks.copy(),
                "score": np.asarray([r["score"] for r in runs], dtype=np.float64),
                "seed": np.asarray([r["seed"] for r in runs], dtype=np.int64),
                "steps": np.asarray([r["steps"] for r in runs], dtype=np.int64)}

    def _seeds(self, seed: Union[int, Sequence[int], None]) -> List[int]:
        if seed is None:
            return [game_seed(self.np_random) for _ in range(self.num_envs)]
        if isinstance(seed, (int, np.integer)):
            return [(int(seed) + i) % 2 ** 32 for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"Give one seed per environment ({self.num_envs}); got {len(seeds)}.")
        return [game_seed(self.np_random) if s is None else int(s) % 2 ** 32 for s in seeds]

    def action_masks(self) -> np.ndarray:
        """The masks of every environment, (num_envs, n) int8."""
        return self._infos()["action_mask"]

    # -- Gymnasium -----------------------------------------------------------------------------------

    def reset(self, *, seed: Union[int, Sequence[int], None] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """New runs: seed N gives the environments game seeds N, N+1, ...; a list gives each its own.
        options={"reset_mask": mask} resets only the environments the boolean mask marks."""
        super().reset(seed=seed if isinstance(seed, (int, np.integer)) else None)
        seeds = self._seeds(seed)
        mask = None if not options or "reset_mask" not in options else np.asarray(options["reset_mask"], dtype=np.bool_)
        if mask is not None and (mask.shape != (self.num_envs,) or any(r is None for r in self._runs)):
            raise ValueError("reset_mask is a boolean array of num_envs, after a first reset of every environment.")
        which = [i for i in range(self.num_envs) if mask is None or mask[i]]
        results = self._batch([{"seed": seeds[i]} for i in which]) if which else []
        for i, r in zip(which, results):
            self._runs[i] = self._run_of(r)
            self._autoreset[i] = False
        self._store(which, results)
        return self._observations(), self._infos()

    def step(self, actions: Any) -> Tuple[Dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        if any(r is None for r in self._runs):
            raise GameboardError("no_run", "Call reset() before step().")
        actions = list(actions)
        if len(actions) != self.num_envs:
            raise ValueError(f"Give one action per environment ({self.num_envs}); got {len(actions)}.")
        n = len(self.action_index)
        indices = [None if isinstance(a, dict) else checked_index(a, n, f"Environment {i}: ")
                   for i, a in enumerate(actions)]
        items: List[Dict[str, Any]] = []
        slots: List[Tuple[int, str, Optional[Action]]] = []  # env, what, concrete action
        refused = np.zeros(self.num_envs, dtype=np.bool_)
        # The autoresets' seeds, drawn in one call as the local env draws them.
        drawn = iter(game_seeds(self.np_random, int(self._autoreset.sum()))
                     if self.autoreset_mode == AutoresetMode.NEXT_STEP else [])
        for i, (run, a) in enumerate(zip(self._runs, actions)):
            assert run is not None
            if self._autoreset[i] and self.autoreset_mode == AutoresetMode.DISABLED:
                raise GameboardError("run_over", f"Environment {i}'s run is over: reset it with "
                                     "reset(options={'reset_mask': mask}) (autoreset is disabled).")
            if self._autoreset[i] and self.autoreset_mode == AutoresetMode.NEXT_STEP:
                items.append({"seed": int(next(drawn))})
                slots.append((i, "reset", None))
                continue
            index = indices[i]
            if index is not None and self._masks[i, index] != 1:
                if self.illegal_action == "raise":
                    allowed = [int(k) for k in np.flatnonzero(self._masks[i])]
                    raise IllegalActionError(f"Environment {i}: action index {index} is masked out (not legal now in "
                                             f"{self.game}); legal indices: {allowed}.", index, self._masks[i].copy())
                refused[i] = True
                continue
            if index is None:
                items.append({self.carry: run["carried"], "action": a})
                slots.append((i, "act", a))
            else:
                items.append({self.carry: run["carried"], "actionIndex": index})
                slots.append((i, "act", self._concrete(run, index)))
        results = self._batch(items) if items else []
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        answered: List[int] = []
        answers: List[Dict[str, Any]] = []
        for (i, what, concrete), answer in zip(slots, results):
            run = self._runs[i]
            assert run is not None
            if what == "reset":
                self._runs[i] = self._run_of(answer)
                answered.append(i)
                answers.append(answer)
                continue
            if not answer.get("ok"):
                if self.illegal_action == "raise":
                    raise IllegalActionError(f"Environment {i}: {answer.get('message', 'the action was refused')}")
                refused[i] = True
                continue
            new = self._run_of(answer)
            answered.append(i)
            answers.append(answer)
            new["steps"] = run["steps"] + 1
            new["elapsed"] = run["elapsed"] + 1
            new["spent"] = run["spent"] + (action_cost(self.budget, concrete) if self.budget and concrete else 0)
            rewards[i] = new["score"] - run["score"]
            terminations[i] = new["over"]
            truncations[i] = not new["over"] and (
                (self.budget is not None and new["spent"] >= self.budget["limit"])
                or (self.max_steps is not None and new["elapsed"] >= self.max_steps))
            self._runs[i] = new
        self._store(answered, answers)
        for i in np.flatnonzero(refused):  # a refused step: the run unchanged, one more step towards max_steps
            run = self._runs[i]
            assert run is not None
            run["elapsed"] += 1
            rewards[i] = self.refused_reward
            truncations[i] = self.max_steps is not None and run["elapsed"] >= self.max_steps
        return end_step(self, rewards, terminations, truncations, refused, self._reset_ended)

    def _reset_ended(self, ended: np.ndarray) -> None:
        """New runs, from fresh seeds, for the environments `ended` marks (autoreset in the same step)."""
        which = [int(i) for i in np.flatnonzero(ended)]
        fresh = self._batch([{"seed": int(s)} for s in game_seeds(self.np_random, len(which))])
        for i, answer in zip(which, fresh):
            self._runs[i] = self._run_of(answer)
        self._store(which, fresh)

    def close_extras(self, **kwargs: Any) -> None:
        self._runs = [None] * self.num_envs
        if self._own_client:
            self.client.close()
