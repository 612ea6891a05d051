"""PPO with action masks over GameboardVectorEnv, in plain PyTorch: a short, untuned example.

Needs torch besides the `gym` extra (pip install torch; the CPU build is enough). The policy's logits
are set to -1e9 where the mask is 0 before the softmax, as MaskablePPO does, so it never samples an
illegal index: the environments are made strict (illegal_action="raise") to prove it.

    python clients/python/examples/ppo_masked.py [BASE_URL] [--game whirlyard] [--envs 32]
        [--steps 64] [--updates 50]

It prints one line an update: the env steps so far, the loss, the mean reward per step and how many
episodes ended. Autoreset is Gymnasium's next-step one: the step after an episode ends only resets
that environment, so it is left out of the loss.
"""

import argparse

import numpy as np
import torch
from torch import nn

import gameboard

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("base_url", nargs="?", default="http://127.0.0.1:3000")
parser.add_argument("--game", default="whirlyard")
parser.add_argument("--envs", type=int, default=32)
parser.add_argument("--steps", type=int, default=64, help="steps of every environment per update")
parser.add_argument("--updates", type=int, default=50)
parser.add_argument("--seed", type=int, default=0)
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


policy = Policy()
optimiser = torch.optim.Adam(policy.parameters(), lr=3e-4)
obs, infos = envs.reset(seed=args.seed)
resetting = np.zeros(args.envs, dtype=bool)  # the envs whose next step is an autoreset
env_steps = 0
for update in range(args.updates):
    batch, actions, logps, values, rewards, dones, valid = [], [], [], [], [], [], []
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
        resetting = term | trunc
        rewards.append(torch.as_tensor(reward, dtype=torch.float32))
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
    print(f"update {update + 1}/{args.updates}: {env_steps} env steps, loss {loss.item():.4f}, "
          f"mean reward per step {torch.stack(rewards).mean():.3f}, {ended} episodes ended", flush=True)
envs.close()
