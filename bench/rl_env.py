"""bench/rl.ts's Python part: env steps per second of one setup, random play with autoreset, the best of
ROUNDS rounds of `seconds` each.

Usage: python rl_env.py MODE GAME SECONDS [BASE_URL]. MODE is local64 (a 64-env GameboardVectorEnv on the
local engine pool), http64 (the same over HTTP at BASE_URL), cartpole1 (one CartPole-v1) or cartpole64
(a 64-env SyncVectorEnv of CartPole-v1). Prints {"steps_per_second": N, "cpu_per_step_us": N} (the
Python process's own CPU time per env step).
"""
import json
import sys
import time

import gymnasium as gym
import numpy as np

import gameboard

ROUNDS = 2
N = 64


class Picker:
    """A uniform legal index for each row of a mask, for all rows at once: the argmax of the mask times
    random numbers drawn ahead (TABLE steps' worth, used in turn), so that the agent's cost a step is
    two numpy calls and the figures measure the env more than the agent."""

    TABLE = 256

    def __init__(self, rng, shape):
        self.noise = rng.random((self.TABLE, *shape))
        self.t = 0

    def __call__(self, masks):
        self.t = (self.t + 1) % self.TABLE
        return np.argmax(self.noise[self.t] * masks, axis=1)


def timed(seconds, step):
    best, cpu_best = 0.0, 0.0
    for _ in range(ROUNDS):
        steps, start, cpu = 0, time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            steps += step()
        wall, used = time.perf_counter() - start, time.process_time() - cpu
        if steps / wall > best:
            best, cpu_best = steps / wall, used / steps * 1e6
    return {"steps_per_second": best, "cpu_per_step_us": cpu_best}


def main(mode, game, seconds, base=None):
    seconds = float(seconds)
    rng = np.random.default_rng(0)
    if mode in ("local64", "http64"):
        kw = {"base_url": base} if mode == "http64" else {}
        envs = gameboard.GameboardVectorEnv(game, num_envs=N, **kw)
        state = {"infos": envs.reset(seed=0)[1]}
        pick = Picker(rng, state["infos"]["action_mask"].shape)

        def step():
            _, _, _, _, state["infos"] = envs.step(pick(state["infos"]["action_mask"]))
            return N
    elif mode == "cartpole1":
        env = gym.make("CartPole-v1")
        env.reset(seed=0)

        def step():
            _, _, te, tr, _ = env.step(int(rng.integers(0, 2)))
            if te or tr:
                env.reset()
            return 1
    elif mode == "cartpole64":
        envs = gym.vector.SyncVectorEnv([lambda: gym.make("CartPole-v1") for _ in range(N)])
        envs.reset(seed=0)

        def step():
            envs.step(rng.integers(0, 2, N))
            return N
    else:
        raise SystemExit(f"unknown mode {mode}")
    print(json.dumps(timed(seconds, step)))


if __name__ == "__main__":
    main(*sys.argv[1:])
