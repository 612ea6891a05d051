"""The local engine pool and the HTTP server play the same games, for test/python-pool.test.ts.

Usage: python check_same.py BASE_URL. For every game: a local and an HTTP GameboardVectorEnv (same seeds)
stepped side by side with the same random masked actions, every observation, reward, flag, mask and info
compared at every step; the same for one GameboardEnv of each; a local run submitted to the server, whose
replayed score must equal the local one. Also: the pool installed with the package (its bundle and the
`node` it runs), and its errors. Prints one JSON object.
"""
import json
import os
import sys

import gymnasium as gym
import numpy as np

import gameboard
from gameboard.client import GameboardClient, GameboardError
from gameboard.pool import BUNDLE

ENVS = 4
STEPS = 300


def masked(rng, masks, ends=()):
    """A random legal index of each mask, the indices `ends` (ending the run) left out while others are legal."""
    out = []
    for m in masks:
        keep = m.copy()
        keep[list(ends)] = 0
        legal = np.flatnonzero(keep if keep.any() else m)
        out.append(int(rng.choice(legal)) if len(legal) else 0)
    return np.array(out, dtype=np.int64)


def ending(env):
    """The indices of the action index that end a run (end_run, endRun)."""
    return [i for i, s in enumerate(env.unwrapped.action_index if hasattr(env, "unwrapped") else env.action_index)
            if str(s.get("action", {}).get("type", "")).lower().replace("_", "") == "endrun"]


def same(a, b):
    """Where two step answers differ (empty when they are the same)."""
    diffs = []
    for k in a:
        x, y = a[k], b[k]
        if isinstance(x, dict):
            diffs += [f"{k}.{d}" for d in same(x, y)]
        elif isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
            if not (np.asarray(x).shape == np.asarray(y).shape and np.array_equal(np.asarray(x), np.asarray(y))):
                diffs.append(k)
        elif x != y:
            diffs.append(k)
    return diffs


def attempt(env, acts):
    """A vector step's answer, or the error it raised (its type and message)."""
    try:
        return env.step(acts), None
    except GameboardError as err:
        return None, [type(err).__name__, str(err)]


def vector_same(slug, base, autoreset, steps=STEPS, refusals=0.0, **kw):
    """A local and an HTTP vector env side by side. With `refusals`, each environment's action is a
    masked-out index with that chance (refused, or raised with illegal_action="raise"); a step either
    env raises on must raise the same in the other, and (autoreset disabled) the ended runs are then
    reset with reset_mask on both."""
    local = gameboard.GameboardVectorEnv(slug, num_envs=ENVS, budget=60, autoreset_mode=autoreset, **kw)
    http = gameboard.GameboardVectorEnv(slug, num_envs=ENVS, base_url=base, budget=60, autoreset_mode=autoreset,
                                        **kw)
    assert type(local).__name__ == "LocalGameboardVectorEnv" and type(http).__name__ == "GameboardVectorEnv"
    ol, il = local.reset(seed=40)
    oh, ih = http.reset(seed=40)
    diffs = same({"obs": ol, "info": il}, {"obs": oh, "info": ih})
    rng = np.random.default_rng(7)
    ends = refused = truncated = errors = chosen = 0
    ended = np.zeros(ENVS, dtype=bool)
    for t in range(steps):
        acts = masked(rng, il["action_mask"], ending(local))
        for e in range(ENVS):
            out = np.flatnonzero(il["action_mask"][e] == 0)
            if refusals and len(out) and rng.random() < refusals:
                acts[e] = int(rng.choice(out))
                chosen += 1
        al, el = attempt(local, acts)
        ah, eh = attempt(http, acts)
        if el is not None or eh is not None:
            errors += 1
            if el != eh:
                diffs.append(f"step {t}: raised {el} against {eh}")
            elif el[0] == "GameboardError" and "run is over" in el[1]:  # disabled autoreset: reset the ended runs
                ol, il = local.reset(options={"reset_mask": ended})
                oh, ih = http.reset(options={"reset_mask": ended})
                diffs += [f"step {t} reset_mask: {x}" for x in same({"obs": ol, "info": il}, {"obs": oh, "info": ih})]
                ended[:] = False
            if len(diffs) > 5:
                break
            continue
        ol, rl, tel, trl, il = al
        oh, rh, teh, trh, ih = ah
        ended |= tel | trl
        refused += int(il.get("refused", np.zeros(1)).sum())
        truncated += int(trl.sum())
        d = same({"obs": ol, "reward": rl, "terminated": tel, "truncated": trl},
                 {"obs": oh, "reward": rh, "terminated": teh, "truncated": trh})
        keys = set(ih) - {"final_obs", "_final_obs", "final_info", "_final_info"}
        d += same({k: il.get(k) for k in keys}, {k: ih[k] for k in keys})
        if set(il) != set(ih):
            d.append(f"info keys {sorted(set(il) ^ set(ih))}")
        if "final_obs" in ih:
            d += same({"fi": il["final_info"]}, {"fi": ih["final_info"]})
            for i in np.flatnonzero(ih["_final_obs"]):
                d += same({"fo": il["final_obs"][i]}, {"fo": ih["final_obs"][i]})
        diffs += [f"step {t}: {x}" for x in d]
        ends += int((tel | trl).sum())
        if len(diffs) > 5:
            break
    # The env's generator stands where the HTTP env's does, after all the autoresets' draws.
    if not np.array_equal(local.np_random.integers(0, 2 ** 32, size=3), http.np_random.integers(0, 2 ** 32, size=3)):
        diffs.append("np_random after the run")
    local.close()
    http.close()
    return {"diffs": diffs[:5], "ends": ends, "refused": refused, "truncated": truncated, "errors": errors,
            "chosen": chosen}


def single_same(slug, base):
    local = gym.make(gameboard.GAMES[slug], budget=80)
    http = gym.make(gameboard.GAMES[slug], base_url=base, budget=80)
    rng = np.random.default_rng(3)
    diffs, steps, runs = [], 0, 0
    for seed in (11, 12, 13):
        ol, il = local.reset(seed=seed)
        oh, ih = http.reset(seed=seed)
        runs += 1
        common = ["action_mask", "score", "seed", "outcome", "steps", "spent"]
        diffs += same({"obs": ol, **{k: il[k] for k in common}}, {"obs": oh, **{k: ih[k] for k in common}})
        done = False
        while not done:
            # Now and then a masked-out index: refused alike by both.
            legal = np.flatnonzero(il["action_mask"])
            a = int(masked(rng, [il["action_mask"]], ending(local))[0]) if rng.random() > 0.1 or len(legal) == len(il["action_mask"]) else \
                int(np.flatnonzero(il["action_mask"] == 0)[0])
            ol, rl, tel, trl, il = local.step(a)
            oh, rh, teh, trh, ih = http.step(a)
            steps += 1
            keys = common + ["refused"]
            diffs += [f"seed {seed} step {steps}: {x}" for x in same(
                {"obs": ol, "r": rl, "te": tel, "tr": trl, **{k: il.get(k) for k in keys}},
                {"obs": oh, "r": rh, "te": teh, "tr": trh, **{k: ih.get(k) for k in keys}})]
            done = tel or trl
        if len(diffs) > 5:
            break
    run = local.unwrapped.run()
    local.close()
    http.close()
    return {"diffs": diffs[:5], "steps": steps, "runs": runs, "run": run}


def threads_same(slug):
    """256 local environments split across 2 threads against the same on the pool's main thread alone,
    and 64 environments, which stay on the main thread (fewer than 128 a thread)."""
    small = gameboard.GameboardVectorEnv(slug, num_envs=64, workers=2)
    small_threads = small.group.threads
    small.close()
    envs = [gameboard.GameboardVectorEnv(slug, num_envs=256, budget=60, workers=w) for w in (0, 2)]
    answers = [e.reset(seed=500) for e in envs]
    diffs = same({"r": dict(enumerate(answers[0]))}, {"r": dict(enumerate(answers[1]))})
    rng = np.random.default_rng(9)
    for t in range(100):
        acts = masked(rng, answers[0][-1]["action_mask"], ending(envs[0]))
        answers = [e.step(acts) for e in envs]
        diffs += [f"step {t}: {x}" for x in same({"r": dict(enumerate(answers[0]))}, {"r": dict(enumerate(answers[1]))})]
    threads = [e.group.threads for e in envs]
    for e in envs:
        e.close()
    return {"diffs": diffs[:5], "threads": threads, "small": small_threads}


def main(base):
    out = {"bundle": str(BUNDLE), "bundle_in_package": str(BUNDLE).startswith(os.path.dirname(gameboard.__file__)),
           "games": {}}
    client = GameboardClient(base)
    for slug in gameboard.GAMES:
        g = {"next_step": vector_same(slug, base, "NextStep"), "same_step": vector_same(slug, base, "SameStep"),
             # Refused steps (their reward, max_steps counting them) in both autoreset modes, and strict
             # envs with autoreset disabled.
             "refusals": vector_same(slug, base, "NextStep", 150, 0.1, refused_reward=-2.5, max_steps=5),
             "refusals_same_step": vector_same(slug, base, "SameStep", 150, 0.1, refused_reward=0.5, max_steps=5),
             "strict_disabled": vector_same(slug, base, "Disabled", 150, 0.02, illegal_action="raise", max_steps=30),
             "single": single_same(slug, base), "threads": threads_same(slug)}
        # A local run, submitted: the server replays it.
        env = gameboard.GameboardEnv(slug, budget=None)
        obs, info = env.reset(seed=21)
        rng = np.random.default_rng(5)
        for _ in range(150):
            obs, _, te, tr, info = env.step(int(masked(rng, [info["action_mask"]], ending(env))[0]))
            if te or tr:
                break
        run = env.run()
        answer = client.submit_run(run, "pool-same-games")
        g["submitted"] = {"local_score": info["score"], "server_score": answer.get("score"),
                          "actions": len(run["actions"]), "rules": run["rulesVersion"]}
        env.close()
        out["games"][slug] = g
    try:
        gameboard.GameboardEnv("nosuchgame")
        out["unknown_game"] = "made"
    except GameboardError as err:
        out["unknown_game"] = [err.code, "whirlyard" in err.message]
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
