"""PPO with action masks over GameboardVectorEnv, in plain PyTorch: a short, untuned example.

Needs torch besides the `gym` extra (pip install torch; the CPU build is enough). The policy's logits
are set to -1e9 where the mask is 0 before the softmax, as MaskablePPO does, so it never samples an
illegal index: the environments are made strict (illegal_action="raise") to prove it.

    python clients/python/examples/ppo_masked.py [BASE_URL] [--game cragwake] [--envs 32]
        [--steps 64] [--updates 50]

Without BASE_URL it plays on the local engine pool (no server). It first plays a random masked policy
on the training seeds and prints its mean episode return, then one line an update: the env steps so
far, the loss, how many episodes ended and their mean return (the game's score change, unscaled)
beside the random policy's; last, the trained policy and the random one on the same fresh seeds. The
rewards the loss sees are scaled by a running estimate of the discounted return's spread (as
VecNormalize does), since scores run into the thousands. Autoreset is Gymnasium's next-step one: the
step after an episode ends only resets that environment, so it is left out of the loss.
"""

import argparse

import numpy as np
import torch
from torch import nn

import gameboard

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("base_url", nargs="?", default=None, help="a server; without it the local engine pool")
parser.add_argument("--game", default="cragwake")
parser.add_argument("--envs", type=int, default=32)
parser.add_argument("--steps", type=int, default=64, help="steps of every environment per update")
parser.add_argument("--updates", type=int, default=50)
parser.add_argument("--seed", type=int, default=0)
parser.add_argument("--eval-steps", type=int, default=500, help="steps of the random and final comparisons")
args = parser.parse_args()
GAMMA, LAM, CLIP, EPOCHS = 0.99, 0.95, 0.2, 4
torch.manual_seed(args.seed)
torch.set_num_threads(1)  # a network this small runs no faster on more threads

envs = gameboard.GameboardVectorEnv(args.game, num_envs=args.envs, base_url=args.base_url, illegal_action="raise")
planes_shape = envs.single_observation_space["planes"].shape
n_features = envs.single_observation_space["features"].shape[0]
n_actions = envs.single_action_space.n


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        c, h, w = planes_shape
        self.conv = nn.Sequential(nn.Conv2d(c, 16, 3, padding=1), nn.ReLU(), nn.Flatten())
        self.body = nn.Sequential(nn.Linear(16 * h * w + n_features, 128), nn.ReLU())
        self.pi = nn.Linear(128, n_actions)
        self.v = nn.Linear(128, 1)

    def forward(self, planes, features, mask):
        x = self.body(torch.cat([self.conv(planes), torch.log1p(features.clamp(min=0))], dim=1))
        logits = self.pi(x).masked_fill(mask == 0, -1e9)
        return torch.distributions.Categorical(logits=logits), self.v(x).squeeze(-1)


def tensors(obs, infos):
    mask = infos["action_mask"].copy()
    mask[mask.sum(axis=1) == 0, 0] = 1  # an ended run waiting for its next-step reset: any index, ignored
    return (torch.as_tensor(obs["planes"], dtype=torch.float32), torch.as_tensor(obs["features"]),
            torch.as_tensor(mask))


class ReturnScaler:
    """Rewards divided by the running standard deviation of the discounted return (as VecNormalize)."""

    def __init__(self, n):
        self.ret = np.zeros(n)
        self.count, self.mean, self.m2 = 1e-4, 0.0, 0.0

    def __call__(self, reward, done):
        self.ret = self.ret * GAMMA + reward
        for x in self.ret:  # Welford's running variance over every env's return
            self.count += 1
            d = x - self.mean
            self.mean += d / self.count
            self.m2 += d * (x - self.mean)
        self.ret[done] = 0.0
        return reward / np.sqrt(self.m2 / self.count + 1e-8)


def play(choose, seed, steps):
    """Episode returns (unscaled) of `choose(obs, infos)` over `steps` steps of a fresh vector env."""
    venv = gameboard.GameboardVectorEnv(args.game, num_envs=args.envs, base_url=args.base_url)
    o, i = venv.reset(seed=seed)
    running, returns, waiting = np.zeros(args.envs), [], np.zeros(args.envs, dtype=bool)
    for _ in range(steps):
        o, r, te, tr, i = venv.step(choose(o, i))
        running += np.where(waiting, 0.0, r)
        returns += [float(x) for x in running[(te | tr) & ~waiting]]
        running[te | tr] = 0.0
        waiting = te | tr
    venv.close()
    return returns


def random_choice(rng):
    return lambda o, i: np.argmax(rng.random(i["action_mask"].shape) * i["action_mask"], axis=1)


def policy_choice(o, i):
    with torch.no_grad():
        return policy(*tensors(o, i))[0].sample().numpy()


def mean(xs):
    return float(np.mean(xs)) if xs else float("nan")


random_returns = play(random_choice(np.random.default_rng(args.seed)), args.seed, args.eval_steps)
print(f"random policy: mean episode return {mean(random_returns):.1f} over {len(random_returns)} episodes "
      f"(seeds {args.seed}..{args.seed + args.envs - 1}, {args.eval_steps} steps)", flush=True)

policy = Policy()
optimiser = torch.optim.Adam(policy.parameters(), lr=3e-4)
scale = ReturnScaler(args.envs)
episode = np.zeros(args.envs)
obs, infos = envs.reset(seed=args.seed)
resetting = np.zeros(args.envs, dtype=bool)  # the envs whose next step is an autoreset
env_steps = 0
for update in range(args.updates):
    batch, actions, logps, values, rewards, dones, valid = [], [], [], [], [], [], []
    finished = []  # the returns of the episodes that ended in this update
    for _ in range(args.steps):
        p, f, m = tensors(obs, infos)
        with torch.no_grad():
            dist, value = policy(p, f, m)
            action = dist.sample()
        batch.append((p, f, m))
        actions.append(action)
        logps.append(dist.log_prob(action))
        values.append(value)
        valid.append(torch.as_tensor(~resetting))
        env_steps += int((~resetting).sum())
        obs, reward, term, trunc, infos = envs.step(action.numpy())
        episode += np.where(resetting, 0.0, reward)
        finished += [float(x) for x in episode[(term | trunc) & ~resetting]]
        episode[term | trunc] = 0.0
        resetting = term | trunc
        rewards.append(torch.as_tensor(scale(reward, resetting), dtype=torch.float32))
        dones.append(torch.as_tensor(resetting, dtype=torch.float32))
    with torch.no_grad():
        _, last = policy(*tensors(obs, infos))
    advantages, gae = [], torch.zeros(args.envs)
    for t in reversed(range(args.steps)):
        nxt = last if t == args.steps - 1 else values[t + 1]
        delta = rewards[t] + GAMMA * nxt * (1 - dones[t]) - values[t]
        gae = delta + GAMMA * LAM * (1 - dones[t]) * gae
        advantages.insert(0, gae)
    keep = torch.stack(valid).reshape(-1)
    adv = torch.stack(advantages).reshape(-1)[keep]
    returns = adv + torch.stack(values).reshape(-1)[keep]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    P, F, M = (torch.cat([b[i] for b in batch])[keep] for i in range(3))
    A, old = torch.cat(actions)[keep], torch.cat(logps)[keep]
    for _ in range(EPOCHS):
        dist, v = policy(P, F, M)
        ratio = torch.exp(dist.log_prob(A) - old)
        loss = (-torch.min(ratio * adv, ratio.clamp(1 - CLIP, 1 + CLIP) * adv).mean()
                + 0.5 * (returns - v).pow(2).mean() - 0.01 * dist.entropy().mean())
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
    ended = int(torch.stack(dones).sum())
    print(f"update {update + 1}/{args.updates}: {env_steps} env steps, loss {loss.item():.4f}, {ended} episodes "
          f"ended, mean episode return {mean(finished):.1f} (random {mean(random_returns):.1f})", flush=True)
envs.close()
fresh = args.seed + 10_000
trained = play(policy_choice, fresh, args.eval_steps)
baseline = play(random_choice(np.random.default_rng(fresh)), fresh, args.eval_steps)
print(f"same seeds ({fresh}..{fresh + args.envs - 1}, {args.eval_steps} steps): trained mean episode return "
      f"{mean(trained):.1f} over {len(trained)} episodes, random {mean(baseline):.1f} over {len(baseline)}",
      flush=True)
