"""bench/batch.ts's Python part: env steps per second of one GameboardEnv and of one N-env
GameboardVectorEnv on the same server, random masked play with autoreset, `seconds` each.

Usage: python vector_env.py BASE_URL GAME SECONDS N. Prints a JSON list of figures.
"""
import json
import sys
import time

import numpy as np

import gameboard


def pick(rng, masks):
    """A uniform legal index for each row of `masks` (0 for a row with none), for all rows at once: the
    agent's own cost is kept small and alike for both envs, so that the figures are the envs'."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


def single(base, game, seconds):
    env = gameboard.GameboardEnv(game, base_url=base)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    steps, requests, start = 0, 1, time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, r, te, tr, info = env.step(int(pick(rng, info["action_mask"][None])[0]))
        steps += 1
        requests += 1
        if te or tr:
            obs, info = env.reset()
            requests += 1
    return {"name": f"{game} GameboardEnv (1 env)", "envStepsPerSecond": steps / (time.perf_counter() - start),
            "requests": requests}


def vector(base, game, seconds, n):
    envs = gameboard.GameboardVectorEnv(game, num_envs=n, base_url=base)
    rng = np.random.default_rng(0)
    obs, infos = envs.reset(seed=0)
    steps, requests, start = 0, 1, time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, r, te, tr, infos = envs.step(pick(rng, infos["action_mask"]))
        steps += n
        requests += 1
    return {"name": f"{game} GameboardVectorEnv ({n} envs)", "envStepsPerSecond": steps / (time.perf_counter() - start),
            "requests": requests}


if __name__ == "__main__":
    base, game, seconds, n = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    print(json.dumps([single(base, game, seconds), vector(base, game, seconds, n)]))
