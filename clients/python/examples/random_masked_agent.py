"""A random agent that only ever picks legal action indices, playing one run of every game.

    pip install "./clients/python[gym]"
    npm start                                   # a server on http://127.0.0.1:3000
    python clients/python/examples/random_masked_agent.py [BASE_URL]

It prints one line a game: steps, score, how the run ended. The same loop is what an RL agent's
rollout does, with the policy in place of the random choice.
"""

import sys

import gymnasium as gym
import numpy as np

import gameboard


def play(env_id: str, base_url: str, seed: int = 7) -> dict:
    env = gym.make(env_id, base_url=base_url)
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    steps, total, terminated, truncated = 0, 0.0, False, False
    while not (terminated or truncated):
        legal = np.flatnonzero(info["action_mask"])  # int8 mask over the fixed action index
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        total += reward
    env.close()
    return {"id": env_id, "steps": steps, "return": total, "score": info["score"], "outcome": info["outcome"],
            "truncated": truncated}


def main() -> None:
    base_url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:3000"
    for env_id in gameboard.GAMES.values():
        r = play(env_id, base_url)
        ending = "truncated at the budget" if r["truncated"] else f"{r['outcome']['kind']} ({r['outcome']['reason']})"
        print(f"{r['id']}: {r['steps']} steps, return {r['return']:g}, score {r['score']:g}, {ending}")


if __name__ == "__main__":
    main()
