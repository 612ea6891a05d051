"""Drives the installed gameboard package (clients/python) against a live server for
test/python-client.test.ts.

Usage: python check_client.py BASE_URL, with the python of a venv holding the package and its gym
extra. Prints one JSON object with what it played and saw; the TypeScript test replays the runs on
the engines and checks every figure.
"""
import json
import socket
import sys

from gameboard import GameboardClient, GameboardEnv, GameboardError


def pick(legal, i):
    """A fixed, varied choice that avoids ending the run."""
    going = [a for a in legal if not a["type"].lower().startswith("end")] or legal
    return going[(i * 7) % len(going)]


def main(base):
    client = GameboardClient(base, retries=1, backoff=0.01)
    out = {"games": [g["slug"] for g in client.games()], "runs": [], "errors": {}}

    for slug in out["games"]:
        run = client.start(slug, seed=4242)
        for i in range(30):
            if run.game_over:
                break
            run.act(pick(run.legal_actions, i))
        submitted = run.submit("python-client")
        out["runs"].append({"run": run.run(), "score": run.score, "outcome": run.outcome,
                            "observation": run.observation, "submitted": submitted["score"]})

    # The name "python-client" was claimed by the first submission: its key is kept, others are refused.
    out["kept_key"] = client.player_key("python-client") is not None
    try:
        GameboardClient(base, retries=0).start("whirlyard", seed=5).submit("python-client")
    except GameboardError as err:
        out["errors"]["name_owned"] = [err.code, err.status]

    # A refusal: code refused with the reason; the session is unchanged and plays on.
    run = client.start("whirlyard", seed=3)
    try:
        run.act({"type": "fly"})
    except GameboardError as err:
        out["errors"]["refused"] = [err.code, err.reason, len(err.legal_actions or []) > 0, len(run.history)]
    run.act(run.legal_actions[0])
    out["errors"]["after_refusal"] = len(run.history)

    # Fork: two independent runs from one point.
    a = client.start("delvewick", seed=8)
    a.act(a.legal_actions[0])
    b = a.fork()
    a.act({"type": "wait"})
    b.act(b.legal_actions[-1])
    out["fork"] = [a.run(), b.run(), a.score, b.score]

    for name, call in [
        ("unknown_game", lambda: client.start("chess")),
        ("bad_seed", lambda: client.start("whirlyard", seed=-1)),
        ("network", lambda: GameboardClient("http://127.0.0.1:9", retries=1, backoff=0.01).games()),
    ]:
        try:
            call()
        except GameboardError as err:
            out["errors"][name] = [err.code, err.status]
    forged = client.start("cragwake", seed=1)
    forged._carried = {"forged": True}
    try:
        forged.act(forged.legal_actions[0])
    except GameboardError as err:
        out["errors"]["invalid_state"] = [err.code, err.status]

    # The Gymnasium environment, played with dict actions (the legal list of the moment, indexed).
    env = GameboardEnv("cragwake", base_url=base, max_steps=25)
    obs, info = env.reset(seed=11)
    total, steps, terminated, truncated, rewards = 0, 0, False, False, []
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(info["legal_actions"][steps % len(info["legal_actions"])])
        rewards.append(reward)
        steps += 1
    out["env"] = {"rewards": rewards, "score": info["score"],
                  "terminated": terminated, "truncated": truncated, "steps": info["steps"],
                  "run": env.session.run(), "legal_in_info": isinstance(info["legal_actions"], list),
                  "is_gym": type(env).__mro__[1].__module__.startswith("gymnasium")}
    env.close()

    # One kept-alive connection serves many calls; a connection closed under it is replaced at once,
    # even with no retries left (shut down here as a server closing an idle connection would).
    kept = GameboardClient(base, retries=0)
    ports = []
    for _ in range(10):
        kept.games()
        ports.append(kept._transport._local.conn.sock.getsockname()[1])
    kept._transport._local.conn.sock.shutdown(socket.SHUT_RDWR)
    games_after = len(kept.games())
    ports.append(kept._transport._local.conn.sock.getsockname()[1])
    kept.close()
    out["keep_alive"] = [len(set(ports[:10])), ports[10] != ports[0], games_after]

    # A live ranked session: start (the name claimed, its key kept), act, resume from a token, status.
    ranked = GameboardClient(base)
    live = ranked.start_ranked("whirlyard", "py-ranked")
    first_token = live.state_token
    turn = live.act(live.legal_actions[0])
    try:
        live.act({"type": "fly"})
        refused = "played"
    except GameboardError as err:
        refused = err.code
    again = ranked.resume(live.id, first_token)
    status = ranked.session_status(live.id)
    second = ranked.start_ranked("whirlyard", "py-ranked")  # the kept key proves the name is ours
    out["ranked"] = {"id": isinstance(live.id, str), "step": live.session.get("step"), "turn_score": turn["score"],
                     "refused": refused, "resumed_step": again.session.get("step"), "resumed_game": again.game,
                     "status_step": status.get("step"), "key_kept": ranked.player_key("py-ranked") is not None,
                     "second": second.id != live.id}
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
