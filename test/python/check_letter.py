"""Gymnasium to the letter, for test/python-letter.test.ts: Gymnasium's own vectorizers over every game,
pickling and deep copies, action checks, budgets as spec.max_episode_steps, seedless games, the HTTP
client's retries and its warning on a 429.

Usage: python check_letter.py BACKEND [BASE_URL [LIMITED_URL]] where BACKEND is "http" (the envs talk to
BASE_URL; LIMITED_URL is a server with tight rate limits) or "local" (the engine pool, no server).
Prints one JSON object; the TypeScript test checks it.
"""
import copy
import json
import pickle
import sys
import warnings

import gymnasium as gym
import numpy as np
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

import gameboard
import gameboard.wrappers

STEPS = 1000


def masked(rng, masks):
    # An ended run (its reset is the next step's) has no legal index: any index does, it is ignored.
    return np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks], dtype=np.int64)


def vector_play(envs, steps, seed):
    """Random masked play; what the infos held, and at which steps each environment ended."""
    rng = np.random.default_rng(seed)
    kind = type(envs).__name__
    obs, infos = envs.reset(seed=seed)
    ends = [[] for _ in range(envs.num_envs)]
    uneven = 0  # steps where some environment ended and another did not
    kinds = set()
    in_space = envs.observation_space.contains(obs)
    for t in range(steps):
        obs, rewards, te, tr, infos = envs.step(masked(rng, infos["action_mask"]))
        in_space = in_space and envs.observation_space.contains(obs)
        uneven += int((te | tr).any() and not (te | tr).all())
        for i in np.flatnonzero(te | tr):
            ends[i].append(t)
        if "outcome" in infos:
            kinds.update(str(k) for k in np.asarray(infos["outcome"].get("kind", [])).tolist() if k)
    envs.close()
    return {"type": kind, "ends": [len(e) for e in ends], "first_ends": [e[0] if e else None for e in ends],
            "uneven": uneven, "in_space": bool(in_space), "kinds": sorted(kinds)}


def restart(base):
    """One env steps across a server restart: "ready" once reset, then on a line from stdin it steps while
    the server is down, saying "down" on stderr at its first failed attempt (the test then starts the
    server again); prints the step's answer."""
    env = gameboard.GameboardEnv("whirlyard", base_url=base)
    obs, info = env.reset(seed=9)
    transport = env.client._transport
    send = transport._send
    said = []

    def watched(*args):
        try:
            return send(*args)
        except OSError:
            if not said:
                said.append(1)
                print("down", file=sys.stderr, flush=True)
            raise
    transport._send = watched
    print("ready", flush=True)
    sys.stdin.readline()
    t = __import__("time").monotonic()
    _, reward, te, tr, after = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    print(json.dumps({"steps": after["steps"], "failed_first": bool(said),
                      "seconds": __import__("time").monotonic() - t}), flush=True)


def main(backend, base=None, limited=None):
    if backend == "restart":
        return restart(base)
    kw = {"base_url": base} if backend == "http" else {}
    out = {"games": {}}
    for slug, env_id in gameboard.GAMES.items():
        g = {}
        # Budgets small enough for runs to end within the 1,000 steps, and different per environment.
        # (Delvewick has no budget: its runs end by themselves, at different steps.)
        b = {"budget": 40} if slug != "delvewick" else {}
        b2 = {"budget": 23} if slug != "delvewick" else {"max_steps": 23}
        modes = {
            "make_vec_sync": lambda: gym.make_vec(env_id, num_envs=2, vectorization_mode="sync", **kw, **b),
            "make_vec_async": lambda: gym.make_vec(env_id, num_envs=2, vectorization_mode="async", **kw, **b),
            "SyncVectorEnv": lambda: SyncVectorEnv([lambda: gym.make(env_id, **kw, **b),
                                                    lambda: gym.make(env_id, **kw, **b2)]),
            "AsyncVectorEnv": lambda: AsyncVectorEnv([lambda: gym.make(env_id, **kw, **b),
                                                      lambda: gym.make(env_id, **kw, **b2)]),
        }
        g["vectorizers"] = {name: vector_play(make(), STEPS, 11) for name, make in modes.items()}

        # Pickle and deep copy, mid-run: each copy continues from the same state, on its own.
        env = gym.make(env_id, **kw)
        obs, info = env.reset(seed=5)
        rng = np.random.default_rng(1)
        for _ in range(3):
            obs, _, te, tr, info = env.step(int(masked(rng, [info["action_mask"]])[0]))
            if te or tr:
                obs, info = env.reset(seed=6)
        copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
        plays = []
        for e in [env] + copies:
            r = np.random.default_rng(2)
            i = info
            trace = []
            for _ in range(10):
                o, rew, te, tr, i = e.step(int(masked(r, [i["action_mask"]])[0]))
                trace.append([o["planes"].tobytes().hex(), o["features"].tolist(), float(rew), bool(te), bool(tr),
                              i["action_mask"].tolist(), i["steps"]])
                if te or tr:
                    break
            plays.append(trace)
        g["copies_continue"] = [p == plays[0] for p in plays[1:]]
        g["copy_steps"] = plays[0][-1][-1]
        for e in [env] + copies:
            e.close()

        # Actions checked as Discrete.contains checks them: never played.
        env = gym.make(env_id, **kw)
        obs, info = env.reset(seed=3)
        n = int(env.action_space.n)
        checks = []
        for bad in [1.5, True, "1", -1, n, None, np.float32(1), np.array([1])]:
            try:
                env.step(bad)
                checks.append([repr(bad), "played"])
            except gameboard.InvalidActionError as err:
                checks.append([repr(bad), err.code, f"0..{n - 1}" in str(err)])
        ok = int(np.flatnonzero(info["action_mask"])[0])
        _, _, _, _, after = env.step(np.int64(ok))
        g["action_checks"] = checks
        g["steps_after_checks"] = after["steps"]
        g["contains"] = [bool(env.action_space.contains(x)) for x in [1.5, -1, n, np.int64(ok)]]
        env.close()
        venv = gameboard.GameboardVectorEnv(slug, num_envs=2, **kw)
        _, vinfo = venv.reset(seed=3)
        try:
            venv.step([0.5, 0])
            g["vector_check"] = "played"
        except gameboard.InvalidActionError as err:
            g["vector_check"] = [err.code, "Environment 0" in str(err), f"0..{n - 1}" in str(err)]
        g["vector_steps_after"] = venv.step(masked(np.random.default_rng(0), vinfo["action_mask"]))[4]["steps"].tolist()
        venv.close()

        # Budgets: spec.max_episode_steps where the budget counts steps.
        env = gym.make(env_id, **kw)
        g["max_episode_steps"] = env.spec.max_episode_steps
        g["wrappers"] = [type(w).__name__ for w in [env, env.env, env.env.env]]
        env.close()
        env = gym.make(env_id, max_steps=50, **kw)
        g["max_episode_steps_50"] = env.spec.max_episode_steps
        env.close()

        # Seedless games say so, and warn once when reset with different seeds.
        env = gym.make(env_id, **kw)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for s in [1, 1, 2, 3, 4]:
                env.reset(seed=s)
        g["seedless"] = env.unwrapped.seedless
        g["seedless_warnings"] = [str(w.message) for w in caught if "seedless" in str(w.message)]
        env.close()
        out["games"][slug] = g

    # Reward shaping, off by default: LossPenalty only on the step the game ends the run.
    env = gameboard.wrappers.LossPenalty(gym.make("Gameboard/Whirlyard-v0", **kw), penalty=100.0)
    plain = gym.make("Gameboard/Whirlyard-v0", **kw)
    shaped = []
    for e in (env, plain):
        o, i = e.reset(seed=0)
        rng = np.random.default_rng(4)
        rewards = []
        while True:
            legal = np.flatnonzero(i["action_mask"][:10])  # never end_run: the game ends it
            o, r, te, tr, i = e.step(int(rng.choice(legal)))
            rewards.append([float(r), i.get("shaping", 0.0), i["outcome"].get("kind", "")])
            if te or tr:
                break
        shaped.append(rewards)
        e.close()
    out["shaping"] = shaped

    if backend == "http":
        env = gym.make("Gameboard/Whirlyard-v0", base_url=base, retries=0, timeout=5)
        t = env.unwrapped.client._transport
        out["set_retries"] = [t.retries, t.timeout]
        env.close()
        t = gameboard.GameboardEnv("whirlyard", base_url=base).client._transport
        out["default_retry_window"] = sum(min(t.max_wait, t.backoff * 2 ** a) for a in range(t.retries))
        if limited:
            client = gameboard.GameboardClient(limited)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                for _ in range(6):
                    client.spec("whirlyard")
            out["rate_warnings"] = [str(w.message) for w in caught]
    print(json.dumps(out))


if __name__ == "__main__":
    main(*sys.argv[1:])
