"""Optional reward shaping, off unless applied: the envs' own reward is always the score's change.

    env = gameboard.wrappers.LossPenalty(gym.make("Gameboard/Cragwake-v0"), penalty=100.0)

A shaped reward is no longer the score: scores on the boards, `info["score"]` and a run's replay never
see it.
"""

from __future__ import annotations

from typing import Any, Collection, Dict, Optional, Tuple

import gymnasium as gym


class LossPenalty(gym.Wrapper):
    """Subtracts `penalty` from the reward of the step on which the game ends the run itself
    (`info["outcome"]["kind"] == "terminated"`, e.g. Cragwake's climber exhausted, Whirlyard's caught),
    or only for the outcome reasons in `reasons`; runs the player ends (kind "ended") and truncations
    at the budget are not penalised. `info["shaping"]` holds what was added on that step."""

    def __init__(self, env: gym.Env, penalty: float = 1.0, reasons: Optional[Collection[str]] = None):
        super().__init__(env)
        self.penalty = float(penalty)
        self.reasons = None if reasons is None else frozenset(reasons)

    def step(self, action: Any) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        outcome = info.get("outcome") or {}
        if terminated and outcome.get("kind") == "terminated" and (
                self.reasons is None or outcome.get("reason") in self.reasons):
            info = {**info, "shaping": -self.penalty}
            reward = float(reward) - self.penalty
        return obs, reward, terminated, truncated, info
