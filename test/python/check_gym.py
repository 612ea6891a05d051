"""Drives the Gymnasium side of the installed gameboard package against a live server for
test/python-gym.test.ts. Usage: python check_gym.py BASE_URL (the python of a venv holding the package
with its gym extra). Prints one JSON object; the TypeScript test checks it against the engines.
"""
import json
import sys
import warnings

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env

import gameboard

STEPS = 120


def masked_choice(rng, mask):
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if len(legal) else 0


def wrappers(env):
    """The wrapper chain of a made env, outermost first."""
    names = []
    while hasattr(env, "env"):
        names.append(type(env).__name__)
        env = env.env
    return names + [type(env).__name__]


def lists(obs):
    return {"planes": obs["planes"].reshape(-1).tolist(), "features": obs["features"].tolist()}


def main(base):
    out = {"registered": sorted(k for k in gym.registry if k.startswith("Gameboard/")), "games": {}}
    for slug, env_id in gameboard.GAMES.items():
        g = {}
        # check_env with the defaults, on an env made through gymnasium.make (its own checker on as well).
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            checked = gym.make(env_id, base_url=base)
            check_env(checked.unwrapped)
            g["wrappers"] = wrappers(checked)
            checked.close()
        g["check_env"] = True
        g["check_env_warnings"] = sorted({str(w.message) for w in caught})

        env = gym.make(env_id, base_url=base, render_mode="ansi")  # PassiveEnvChecker on, the default
        u = env.unwrapped
        g["action_space"] = [type(env.action_space).__name__, int(env.action_space.n)]
        g["observation_space"] = {k: [type(s).__name__, list(s.shape), str(s.dtype)]
                                  for k, s in env.observation_space.spaces.items()}
        g["budget"] = None if u.budget is None else u.budget["limit"]

        obs_a, info_a = env.reset(seed=7)
        obs_b, _ = env.reset(seed=7)
        g["same_seed_same_obs"] = bool(np.array_equal(obs_a["planes"], obs_b["planes"])
                                       and np.array_equal(obs_a["features"], obs_b["features"]))
        g["seed7"] = {"obs": lists(obs_a), "mask": info_a["action_mask"].tolist(),
                      "mask_dtype": str(info_a["action_mask"].dtype), "game_seed": info_a["seed"]}
        g["render_is_text"] = env.render() == u.session.observation["text"]
        # The base64 tensor (what the envs ask for) holds the JSON arrays' numbers, read by either decoder.
        as_json = u.client.start(slug, seed=7, tensor=True).tensor
        as_b64 = u.client.start(slug, seed=7, tensor="base64").tensor
        planes_j, features_j = gameboard.decode_tensor(as_json)
        planes_b, features_b = gameboard.decode_tensor(as_b64)
        arrays = gameboard.env.tensor_arrays(as_b64)
        g["base64_equals_json"] = bool(as_b64.get("format") == "base64" and planes_b == planes_j
                                       and features_b == features_j and arrays[0].tobytes() == planes_j
                                       and arrays[1].tolist() == features_j and arrays[0].flags.writeable)
        # The bits form, where the game's planes are 0 or 1 (what both envs then ask for); elsewhere refused.
        spec_t = u.game_spec["tensorSpec"]
        g["tensor_format"] = gameboard.env.tensor_format(u.game_spec)
        try:
            as_bits = u.client.start(slug, seed=7, tensor="bits").tensor
            planes_x, features_x = gameboard.decode_tensor(as_bits, spec_t)
            bits_arrays = gameboard.env.tensor_arrays(as_bits, spec_t)
            g["bits"] = bool(as_bits.get("format") == "bits" and planes_x == planes_j and features_x == features_j
                             and bits_arrays[0].tobytes() == planes_j and bits_arrays[1].tolist() == features_j)
        except gameboard.GameboardError as err:
            g["bits"] = err.code

        # Random masked play: every observation in the space; masks reported for the test to replay.
        rng = np.random.default_rng(1)
        obs, info = env.reset(seed=11)
        masks, in_space, total, terminated, truncated = [info["action_mask"].tolist()], True, 0.0, False, False
        for _ in range(STEPS):
            obs, reward, terminated, truncated, info = env.step(masked_choice(rng, info["action_mask"]))
            total += reward
            in_space = in_space and env.observation_space.contains(obs)
            masks.append(info["action_mask"].tolist())
            if terminated or truncated:
                break
        g["play"] = {"run": u.session.run(), "masks": masks, "in_space": bool(in_space), "reward": total,
                     "score": info["score"], "terminated": terminated, "truncated": truncated}

        # Every index the mask marks legal steps (a strict env: a refusal would raise), from seed 7's start.
        strict_all = gameboard.GameboardEnv(slug, base_url=base, illegal_action="raise")
        _, first = strict_all.reset(seed=7)
        legal_now = [int(i) for i in np.flatnonzero(first["action_mask"])]
        stepped = []
        for i in legal_now:
            strict_all.reset(seed=7)
            _, _, _, _, after = strict_all.step(i)
            stepped.append([i, after["steps"], "refused" not in after, strict_all.session.run()["actions"][0]])
        strict_all.close()
        g["legal_steps"] = stepped

        # Random masked play of a strict 4-env vector env: every observation in the space, every mask
        # marking exactly the indices the env can play, every masked choice accepted.
        ve = gameboard.GameboardVectorEnv(slug, num_envs=4, base_url=base, illegal_action="raise")
        obs, infos = ve.reset(seed=21)
        vec_ok = {"in_space": bool(ve.observation_space.contains(obs)), "exact_masks": True, "steps": 0, "ended": 0}
        # Its observations (game seeds 21-24, in the env's own tensor form) are the JSON arrays' numbers.
        vec_ok["reset_equals_json"] = all(
            obs["planes"][i].tobytes() == bytes(t["planes"]) and obs["features"][i].tolist() == t["features"]
            for i, t in enumerate(u.client.start(slug, seed=21 + i, tensor=True).tensor for i in range(4)))
        n = len(u.action_index)
        for _ in range(25):
            # Every index of every env tried on the server: the mask marks exactly the ones it accepts.
            tries = [{ve.carry: run["carried"], "actionIndex": k} for run in ve._runs for k in range(n)]
            accepted = [bool(r.get("ok")) for r in ve.client.batch(slug, tries, fields=["ok"])]
            for i in range(ve.num_envs):
                marked = set(int(k) for k in np.flatnonzero(infos["action_mask"][i]))
                vec_ok["exact_masks"] &= marked == {k for k in range(n) if accepted[i * n + k]}
            obs, _, te, tr, infos = ve.step([masked_choice(rng, m) for m in infos["action_mask"]])
            vec_ok["in_space"] &= bool(ve.observation_space.contains(obs))
            vec_ok["steps"] += 1
            vec_ok["ended"] += int((te | tr).sum())
        ve.close()
        g["vector_play"] = vec_ok

        # A dict action is accepted; a masked-out index is refused by default, raises when strict.
        obs, info = env.reset(seed=5)
        _, _, _, _, info = env.step(dict(info["legal_actions"][0]))
        g["dict_action_steps"] = info["steps"]
        prefix = list(u.session.history)
        while all(info["action_mask"]) and not u.session.game_over:
            going = [i for i, m in enumerate(info["action_mask"]) if m and "end" not in u.action_index[i]["meaning"][:8]]
            _, _, _, _, info = env.step(going[0])
            prefix = list(u.session.history)
        closed = [i for i, m in enumerate(info["action_mask"]) if not m]
        before = lists(env.unwrapped._obs())
        o1, rew, term, trunc, i1 = env.step(closed[0])  # the default: refused, a no-op
        g["refused"] = [i1.get("refused"), rew, term, trunc, i1["steps"] == len(prefix), lists(o1) == before,
                        i1["action_mask"].tolist() == info["action_mask"].tolist()]
        strict = gym.make(env_id, base_url=base, illegal_action="raise")
        strict.reset(seed=5)
        for a in prefix:
            strict.step(a)
        try:
            strict.step(closed[0])
            g["masked_out"] = "no error"
        except gameboard.IllegalActionError as err:
            g["masked_out"] = [err.code, err.index == closed[0], "masked out" in str(err),
                               len(strict.unwrapped.session.history) == len(prefix)]
        # A penalty for refused steps, and max_steps counting them: a policy stuck on an illegal index ends.
        stuck = gameboard.GameboardEnv(slug, base_url=base, refused_reward=-1.0, max_steps=len(prefix) + 3)
        stuck.reset(seed=5)
        for a in prefix:
            stuck.step(a)
        g["stuck"] = [list(stuck.step(closed[0])[1:4]) for _ in range(3)]
        strict.close()
        stuck.close()
        # Truncation at an overridden budget (the default is the spec's ranked budget, reported above).
        short = gym.make(env_id, base_url=base, budget=3)
        obs, info = short.reset(seed=2)
        flags = []
        for _ in range(6):
            going = [i for i, m in enumerate(info["action_mask"]) if m and "end" not in short.unwrapped.action_index[i]["meaning"][:8]]
            obs, _, te, tr, info = short.step(going[0])
            flags.append([te, tr])
            if te or tr:
                break
        g["budget3"] = {"flags": flags, "run": short.unwrapped.session.run()}
        short.close()
        env.close()
        out["games"][slug] = g

    # The vector env: one batch request per step, next-step autoreset.
    venv = gameboard.GameboardVectorEnv("whirlyard", num_envs=8, base_url=base)
    requests = []
    real = venv.client._transport.request

    def counting(method, path, body=None, extra=None):
        requests.append(path)
        return real(method, path, body, extra)

    venv.client._transport.request = counting
    obs, infos = venv.reset(seed=100)
    rng = np.random.default_rng(3)
    steps, in_space, resets, done_before = 0, True, [], np.zeros(8, dtype=bool)
    seeds_before = infos["seed"].copy()
    masks_before = infos["action_mask"].tolist()
    for _ in range(40):
        obs, rew, te, tr, infos = venv.step([masked_choice(rng, m) for m in infos["action_mask"]])
        steps += 1
        in_space = in_space and venv.observation_space.contains(obs)
        for i in np.flatnonzero(done_before):
            # The step after an episode ended: that env was reset (reward 0, no flags).
            resets.append({"env": int(i), "seed": int(infos["seed"][i]), "reward": float(rew[i]),
                           "flags": [bool(te[i]), bool(tr[i])], "obs": lists({k: v[i] for k, v in obs.items()}),
                           "mask": infos["action_mask"][i].tolist()})
        done_before = te | tr
    out["vector"] = {"requests": requests, "steps": steps, "in_space": bool(in_space), "resets": resets[:6],
                     "initial_seeds": seeds_before.tolist(), "initial_masks": masks_before, "mask_shape": list(infos["action_mask"].shape),
                     "obs_shape": {k: list(v.shape) for k, v in obs.items()}}
    # Same-step autoreset: the ended run's last observation in final_obs, the returned one a fresh run's.
    from gymnasium.vector import AutoresetMode
    same = gameboard.GameboardVectorEnv("whirlyard", num_envs=4, base_url=base, autoreset_mode=AutoresetMode.SAME_STEP)
    obs, infos = same.reset(seed=200)
    ends, playable, fresh = 0, True, []
    for _ in range(20):
        obs, rew, te, tr, infos = same.step([masked_choice(rng, m) for m in infos["action_mask"]])
        playable = playable and bool(infos["action_mask"].any(axis=1).all())
        if "final_obs" in infos:
            for i in np.flatnonzero(infos["_final_obs"]):
                ends += 1
                fresh.append({"seed": int(infos["seed"][i]), "obs": lists({k: v[i] for k, v in obs.items()}),
                              "final_over": float(infos["final_obs"][i]["features"][7])})
    out["same_step"] = {"ends": ends, "playable": playable, "fresh": fresh[:4], "mode": same.metadata["autoreset_mode"].value}
    # Disabled: an ended run must be reset by mask; the others keep their runs.
    off = gameboard.GameboardVectorEnv("whirlyard", num_envs=4, base_url=base, autoreset_mode="Disabled")
    obs, infos = off.reset(seed=300)
    out["disabled"] = None
    for _ in range(40):
        obs, rew, te, tr, infos = off.step([masked_choice(rng, m) for m in infos["action_mask"]])
        done = te | tr
        if done.any():
            try:
                off.step([masked_choice(rng, m) for m in infos["action_mask"]])
                code = "no error"
            except gameboard.GameboardError as err:
                code = err.code
            before = infos["seed"].copy()
            _, infos = off.reset(options={"reset_mask": done})
            kept = bool((infos["seed"][~done] == before[~done]).all())
            out["disabled"] = [code, kept, bool(infos["action_mask"][done].any(axis=1).all())]
            break
    # A masked-out index in a vector env: refused by default (that env unchanged, the others step),
    # IllegalActionError when strict.
    out["vector_refused"] = None
    for strictness in ("refuse", "raise"):
        ve = gameboard.GameboardVectorEnv("delvewick", num_envs=4, base_url=base, illegal_action=strictness)
        obs, infos = ve.reset(seed=400)
        for _ in range(50):
            closed = [(i, int(np.flatnonzero(m == 0)[0])) for i, m in enumerate(infos["action_mask"]) if (m == 0).any()]
            if closed:
                break
            obs, _, _, _, infos = ve.step([masked_choice(rng, m) for m in infos["action_mask"]])
        i, bad = closed[0]
        acts = [masked_choice(rng, m) for m in infos["action_mask"]]
        acts[i] = bad
        if strictness == "raise":
            try:
                ve.step(acts)
                out["vector_strict"] = "no error"
            except gameboard.IllegalActionError as err:
                out["vector_strict"] = [err.code, err.index == bad, f"Environment {i}" in str(err)]
            continue
        seeds, steps = infos["seed"].copy(), infos["steps"].copy()
        o2, rew, te, tr, i2 = ve.step(acts)
        out["vector_refused"] = {
            "refused": i2["refused"].tolist(), "env": i, "reward": float(rew[i]), "flags": [bool(te[i]), bool(tr[i])],
            "same_obs": lists({k: v[i] for k, v in o2.items()}) == lists({k: v[i] for k, v in obs.items()}),
            "same_run": [int(i2["seed"][i]) == int(seeds[i]), int(i2["steps"][i]) == int(steps[i])],
            "others_stepped": bool(all(i2["steps"][j] == steps[j] + 1 for j in range(4) if j != i and not (te[j] or tr[j])))}
    mv = gym.make_vec("Gameboard/Cragwake-v0", num_envs=3, base_url=base)
    _, i = mv.reset(seed=1)
    sync = gym.make_vec("Gameboard/Delvewick-v0", num_envs=2, vectorization_mode="sync", base_url=base)
    o, j = sync.reset(seed=1)
    sync.step([int(np.flatnonzero(m)[0]) for m in j["action_mask"]])
    asyn = gym.make_vec("Gameboard/Briarwink-v0", num_envs=2, vectorization_mode="async", base_url=base)
    o, k = asyn.reset(seed=1)
    o, _, _, _, k = asyn.step([int(np.flatnonzero(m)[0]) for m in k["action_mask"]])
    asyn.close()
    out["make_vec"] = [type(mv).__name__, i["seed"].tolist(), type(sync).__name__, list(j["action_mask"].shape),
                       type(asyn).__name__, list(o["planes"].shape)]
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
