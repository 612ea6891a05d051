"""bench/batch.ts's Python part: env steps per second of one GameboardEnv and of one N-env
GameboardVectorEnv on the same server, random masked play with autoreset, in ROUNDS interleaved rounds
of `seconds` each (the best round of each counts, as for the routes: on a shared machine a round can
lose the CPU to someone else).

Usage: python vector_env.py BASE_URL GAME SECONDS N. Prints a JSON list of figures on stdout, and on
stderr the Python process's own CPU time per env step (what the rest of the wall time is not: the
server's time and the wait for it).
"""
import json
import sys
import time

import numpy as np

import gameboard

ROUNDS = 3


def pick(rng, masks):
    """A uniform legal index for each row of `masks` (0 for a row with none), for all rows at once: the
    agent's own cost is kept small and alike for both envs, so that the figures are the envs'."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


def single(base, game, seconds):
    env = gameboard.GameboardEnv(game, base_url=base)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    steps, requests, start, cpu = 0, 1, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        obs, r, te, tr, info = env.step(int(pick(rng, info["action_mask"][None])[0]))
        steps += 1
        requests += 1
        if te or tr:
            obs, info = env.reset()
            requests += 1
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    env.close()
    return {"name": f"{game} GameboardEnv (1 env)", "envStepsPerSecond": steps / wall, "requests": requests,
            "pythonCpuMsPerEnvStep": cpu / steps * 1000}


def vector(base, game, seconds, n):
    envs = gameboard.GameboardVectorEnv(game, num_envs=n, base_url=base)
    rng = np.random.default_rng(0)
    obs, infos = envs.reset(seed=0)
    steps, requests, start, cpu = 0, 1, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        obs, r, te, tr, infos = envs.step(pick(rng, infos["action_mask"]))
        steps += n
        requests += 1
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    envs.close()
    return {"name": f"{game} GameboardVectorEnv ({n} envs)", "envStepsPerSecond": steps / wall,
            "requests": requests, "pythonCpuMsPerEnvStep": cpu / steps * 1000}


def best(figures):
    return max(figures, key=lambda f: f["envStepsPerSecond"])


if __name__ == "__main__":
    base, game, seconds, n = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    singles, vectors = [], []
    for _ in range(ROUNDS):
        singles.append(single(base, game, seconds))
        vectors.append(vector(base, game, seconds, n))
    one, many = best(singles), best(vectors)
    print(f"Python vector env, best of {ROUNDS} rounds: {many['envStepsPerSecond'] / one['envStepsPerSecond']:.1f}x "
          f"the env steps/s of one env (rounds: {[round(f['envStepsPerSecond']) for f in singles]} and "
          f"{[round(f['envStepsPerSecond']) for f in vectors]}); Python CPU per env step "
          f"{one['pythonCpuMsPerEnvStep']:.3f} ms (one env), {many['pythonCpuMsPerEnvStep']:.3f} ms ({n} envs)",
          file=sys.stderr)
    print(json.dumps([one, many]))
