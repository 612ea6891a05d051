"""A sketch of PPO with action masks over GameboardVectorEnv, in plain PyTorch.

NEEDS TORCH, which the `gym` extra does not install (pip install torch). It is a sketch: short,
untuned, untested by the project's test suite (which never installs torch). Masked logits are set to
-1e9 before the softmax, so the policy never samples an illegal index, as MaskablePPO does.

    python clients/python/examples/ppo_masked_sketch.py [BASE_URL] [GAME]
"""

import sys

import numpy as np
import torch
from torch import nn

import gameboard

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:3000"
GAME = sys.argv[2] if len(sys.argv) > 2 else "whirlyard"
ENVS, STEPS, UPDATES, EPOCHS, GAMMA, LAM, CLIP = 32, 64, 50, 4, 0.99, 0.95, 0.2

envs = gameboard.GameboardVectorEnv(GAME, num_envs=ENVS, base_url=BASE)
planes_shape = envs.single_observation_space["planes"].shape
n_features = envs.single_observation_space["features"].shape[0]
n_actions = envs.single_action_space.n


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        c, h, w = planes_shape
        self.conv = nn.Sequential(nn.Conv2d(c, 32, 3, padding=1), nn.ReLU(), nn.Flatten())
        self.body = nn.Sequential(nn.Linear(32 * h * w + n_features, 256), nn.ReLU())
        self.pi = nn.Linear(256, n_actions)
        self.v = nn.Linear(256, 1)

    def forward(self, planes, features, mask):
        x = self.body(torch.cat([self.conv(planes), torch.log1p(features.clamp(min=0))], dim=1))
        logits = self.pi(x).masked_fill(mask == 0, -1e9)
        return torch.distributions.Categorical(logits=logits), self.v(x).squeeze(-1)


def tensors(obs, infos):
    mask = infos["action_mask"].copy()
    mask[mask.sum(axis=1) == 0, 0] = 1  # an env waiting for its next-step reset: any index, ignored
    return (torch.as_tensor(obs["planes"], dtype=torch.float32), torch.as_tensor(obs["features"]),
            torch.as_tensor(mask))


policy = Policy()
optimiser = torch.optim.Adam(policy.parameters(), lr=3e-4)
obs, infos = envs.reset(seed=0)
for update in range(UPDATES):
    batch, rewards, dones, values, logps, actions = [], [], [], [], [], []
    for _ in range(STEPS):
        p, f, m = tensors(obs, infos)
        with torch.no_grad():
            dist, value = policy(p, f, m)
            action = dist.sample()
        batch.append((p, f, m))
        actions.append(action)
        logps.append(dist.log_prob(action))
        values.append(value)
        obs, reward, term, trunc, infos = envs.step(action.numpy())
        rewards.append(torch.as_tensor(reward, dtype=torch.float32))
        dones.append(torch.as_tensor(term | trunc, dtype=torch.float32))
    with torch.no_grad():
        _, last = policy(*tensors(obs, infos))
    advantages, gae = [], torch.zeros(ENVS)
    for t in reversed(range(STEPS)):
        nxt = last if t == STEPS - 1 else values[t + 1]
        delta = rewards[t] + GAMMA * nxt * (1 - dones[t]) - values[t]
        gae = delta + GAMMA * LAM * (1 - dones[t]) * gae
        advantages.insert(0, gae)
    adv = torch.stack(advantages)
    returns = adv + torch.stack(values)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    P, F, M = (torch.cat([b[i] for b in batch]) for i in range(3))
    A, old, R, ADV = torch.cat(actions), torch.cat(logps), returns.reshape(-1), adv.reshape(-1)
    for _ in range(EPOCHS):
        dist, v = policy(P, F, M)
        ratio = torch.exp(dist.log_prob(A) - old)
        loss = (-torch.min(ratio * ADV, ratio.clamp(1 - CLIP, 1 + CLIP) * ADV).mean()
                + 0.5 * (R - v).pow(2).mean() - 0.01 * dist.entropy().mean())
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
    print(f"update {update}: mean reward per step {torch.stack(rewards).mean():.3f}, "
          f"mean score {np.mean(infos['score']):.1f}")
