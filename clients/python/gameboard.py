"""Gameboard client for Python: one file, standard library only (urllib, json).

    from gameboard import GameboardClient, GameboardEnv

    client = GameboardClient("http://127.0.0.1:3000")
    run = client.start("whirlyard", seed=7)
    run.act({"type": "move", "direction": "n"})
    run.submit("my-agent")

    env = GameboardEnv("delvewick", base_url="http://127.0.0.1:3000")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])

The calls mirror the TypeScript client (src/client): games(), spec(), start(slug, seed) -> a session
with act(), fork(), history, submit(). Every failure raises GameboardError with a `code`: the server's
error code (invalid_state, bad_seed, unknown_game, ...), "refused" for an action the game refused
(with its `reason`), or "network" when the server cannot be reached after the retries. Requests are
retried with backoff only on network failures and on 429 / 503 answers (honouring Retry-After).

GameboardEnv is a Gymnasium-style adapter: reset(seed=...) returns (obs, info), step(action) returns
(obs, reward, terminated, truncated, info) with reward the change in score; the legal actions are in
info["legal_actions"]. When gymnasium is installed the class subclasses gymnasium.Env.
"""

from __future__ import annotations

import copy
import email.utils
import json
import re
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = ["GameboardClient", "GameSession", "GameboardEnv", "GameboardError"]

Action = Dict[str, Any]
Player = Union[str, Dict[str, str]]

_END_RUN = re.compile(r"^end_?run$", re.IGNORECASE)


class GameboardError(Exception):
    """Anything a call can raise. `code` says what kind of failure it is."""

    def __init__(self, code: str, message: str, status: Optional[int] = None,
                 reason: Optional[str] = None, legal_actions: Optional[List[Action]] = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.reason = reason
        self.legal_actions = legal_actions

    def __repr__(self) -> str:
        return f"GameboardError(code={self.code!r}, message={self.message!r})"


def _retry_after(header: Optional[str]) -> Optional[float]:
    """Retry-After in seconds (a number of seconds or an HTTP date), or None."""
    if header is None:
        return None
    header = header.strip()
    if header.isdigit():
        return float(header)
    try:
        when = email.utils.parsedate_to_datetime(header)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class _Transport:
    """JSON over HTTP with retries. Every API call is safe to repeat, so a retry never plays twice."""

    def __init__(self, base_url: str, retries: int, backoff: float, max_wait: float, timeout: float):
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.retries = retries
        self.backoff = backoff
        self.max_wait = max_wait
        self.timeout = timeout
        # Player keys by lower-cased name: sent with submissions under that name, learnt from answers.
        self.player_keys: Dict[str, str] = {}

    def submit(self, run: Dict[str, Any], player: Player) -> Dict[str, Any]:
        """POST /api/runs under `player`, with the name's key (one of our own for a name without one)."""
        who = _player(player)
        name = who["name"].lower()
        # A name without a key gets one of our own, kept before sending: the server claims a free name
        # for the key sent, so a retried first submission (its answer lost) is answered, not refused.
        key = self.player_keys.setdefault(name, "pk_" + secrets.token_urlsafe(32))
        answer = self.request("POST", "api/runs", {**run, "player": who}, {"x-player-key": key})
        if isinstance(answer.get("playerKey"), str):
            self.player_keys[name] = answer["playerKey"]
        return answer

    def request(self, method: str, path: str, body: Any = None, extra: Optional[Dict[str, str]] = None) -> Any:
        url = urllib.parse.urljoin(self.base_url, path)
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {**(extra or {}), "accept": "application/json"}
        if data is not None:
            headers["content-type"] = "application/json"
        attempt = 0
        while True:
            wait = min(self.max_wait, self.backoff * 2 ** attempt)
            req = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as res:
                    return json.loads(res.read().decode("utf-8"))
            except urllib.error.HTTPError as err:
                raw = err.read().decode("utf-8", "replace")
                try:
                    parsed = json.loads(raw) if raw else None
                except ValueError:
                    parsed = None
                code = parsed.get("error") if isinstance(parsed, dict) else None
                busy = err.code == 429 or (err.code == 503 and code != "store_unavailable")
                if busy and attempt < self.retries:
                    after = _retry_after(err.headers.get("retry-after"))
                    time.sleep(min(self.max_wait, after if after is not None else wait))
                    attempt += 1
                    continue
                message = parsed.get("message") if isinstance(parsed, dict) else None
                raise GameboardError(code or f"http_{err.code}",
                                     message or f"{method} {url} answered HTTP {err.code}.",
                                     status=err.code) from None
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as err:
                if attempt < self.retries:
                    time.sleep(wait)
                    attempt += 1
                    continue
                why = getattr(err, "reason", err)
                raise GameboardError("network", f"Cannot reach {url}: {why}.") from None


def _outcome_of(answer: Dict[str, Any], last: Optional[Action]) -> Optional[Dict[str, str]]:
    """The run's outcome; older servers send none, so it is read from the observation."""
    if "outcome" in answer:
        return answer["outcome"]
    if not answer.get("gameOver"):
        return None
    obs = answer.get("observation") or {}
    named = obs.get("endReason") if isinstance(obs.get("endReason"), str) else (
        obs.get("end") if isinstance(obs.get("end"), str) else None)
    if (last is not None and _END_RUN.match(str(last.get("type", "")))) or named == "ended":
        return {"kind": "ended", "reason": "end_run"}
    if named:
        return {"kind": "terminated", "reason": named}
    if (obs.get("player") or {}).get("hearts") == 0:
        return {"kind": "terminated", "reason": "out_of_hearts"}
    return {"kind": "terminated", "reason": "game_over"}


def _player(player: Player) -> Dict[str, str]:
    return {"name": player, "kind": "agent"} if isinstance(player, str) else dict(player)


class GameSession:
    """One run over the API. It carries the state between calls and keeps the accepted actions."""

    def __init__(self, transport: _Transport, game: str, seed: Union[int, str], rules_version: str, carry: str,
                 answer: Dict[str, Any], history: Optional[List[Action]] = None):
        self._transport = transport
        self.game = game
        self.seed = seed
        self.rules_version = rules_version
        self.carry = carry
        #: The accepted actions, in order: with game, rules_version and seed, the whole run.
        self.history: List[Action] = history if history is not None else []
        self._apply(answer)

    def _apply(self, answer: Dict[str, Any]) -> None:
        carried = answer.get(self.carry, answer.get("state", answer.get("stateToken")))
        if carried is None or "observation" not in answer:
            raise GameboardError("bad_answer", f"The server's {self.game} answer holds no state or observation.")
        self._carried = carried
        self.observation: Dict[str, Any] = answer["observation"]
        self.legal_actions: List[Action] = answer.get("legalActions") or []
        self.score: float = answer.get("score", 0)
        self.game_over: bool = answer.get("gameOver", not self.legal_actions)
        self.outcome: Optional[Dict[str, str]] = _outcome_of(answer, self.history[-1] if self.history else None)
        self.events: List[Any] = answer.get("events") or []

    def _turn(self) -> Dict[str, Any]:
        return {"observation": self.observation, "legal_actions": self.legal_actions, "score": self.score,
                "game_over": self.game_over, "outcome": self.outcome, "events": self.events}

    def act(self, action: Action) -> Dict[str, Any]:
        """Plays `action`. A refusal raises GameboardError("refused") and changes nothing."""
        answer = self._transport.request("POST", f"api/games/{urllib.parse.quote(self.game)}/action",
                                         {self.carry: self._carried, "action": action})
        if not answer.get("ok"):
            if answer.get("legalActions") is not None:
                self.legal_actions = answer["legalActions"]
            reason = answer.get("reason", "refused")
            raise GameboardError("refused", answer.get("message") or f"The action {action!r} was refused: {reason}.",
                                 reason=reason, legal_actions=answer.get("legalActions"))
        self.history.append(action)
        self._apply(answer)
        return self._turn()

    def fork(self) -> "GameSession":
        """An independent copy of the run at this point (the server continues any state it issued)."""
        answer = {"ok": True, self.carry: self._carried, "observation": copy.deepcopy(self.observation),
                  "legalActions": copy.deepcopy(self.legal_actions), "score": self.score,
                  "gameOver": self.game_over, "outcome": self.outcome, "events": self.events}
        return GameSession(self._transport, self.game, self.seed, self.rules_version, self.carry, answer,
                           copy.deepcopy(self.history))

    def run(self) -> Dict[str, Any]:
        """The run so far, as POST /api/runs and `gameboard replay` take it."""
        return {"game": self.game, "rulesVersion": self.rules_version, "seed": self.seed,
                "actions": copy.deepcopy(self.history)}

    def submit(self, player: Player) -> Dict[str, Any]:
        """Submits the run to the open board; the server replays it and keeps the replayed score.

        A name's first use claims it: the answer's `playerKey` is kept by the client for later submissions.
        """
        return self._transport.submit(self.run(), player)


class GameboardClient:
    """A client for one Gameboard server."""

    def __init__(self, base_url: str = "http://127.0.0.1:3000", retries: int = 4, backoff: float = 0.2,
                 max_wait: float = 10.0, timeout: float = 30.0, player_keys: Optional[Dict[str, str]] = None):
        self._transport = _Transport(base_url, retries, backoff, max_wait, timeout)
        for name, key in (player_keys or {}).items():
            self._transport.player_keys[name.lower()] = key

    def player_key(self, name: str) -> Optional[str]:
        """The key of a player name this client holds (given to it, or answered when the name was claimed)."""
        return self._transport.player_keys.get(name.lower())

    def games(self) -> List[Dict[str, Any]]:
        """The games this server offers."""
        return self._transport.request("GET", "api/games")["games"]

    def spec(self, slug: str) -> Dict[str, Any]:
        """A game's full spec (rules, grammar, seed suites)."""
        return self._transport.request("GET", f"api/games/{urllib.parse.quote(slug)}")["spec"]

    def start(self, slug: str, seed: Optional[Union[int, str]] = None) -> GameSession:
        """Starts a run of `slug`; without a seed the server picks one (session.seed).

        A seed is a free seed (an int 0..2**32-1) or a wide one (a str of 32 hex digits: a finished
        ranked run's, as GET /api/runs/<id> answers it).
        """
        query = "" if seed is None else "?seed=" + urllib.parse.quote(str(seed))
        answer = self._transport.request("GET", f"api/games/{urllib.parse.quote(slug)}/init{query}")
        spec = answer.get("spec")
        if not spec or "seed" not in answer:
            raise GameboardError("bad_answer", f"The server's {slug} init answer holds no spec or seed.")
        return GameSession(self._transport, slug, answer["seed"], spec["rulesVersion"], spec["carry"], answer)

    def submit_run(self, run: Dict[str, Any], player: Player) -> Dict[str, Any]:
        """Submits any run ({game, rulesVersion, seed, actions}) to the open board."""
        return self._transport.submit(run, player)


try:  # Gymnasium is optional: subclass its Env when it is there.
    import gymnasium as _gym  # type: ignore

    _EnvBase: Any = _gym.Env
except ImportError:  # pragma: no cover - depends on the machine
    _EnvBase = object


class GameboardEnv(_EnvBase):  # type: ignore[misc, valid-type]
    """A Gymnasium-style environment over the HTTP API.

    Observations are the server's observation dicts (with "text" for language models). An action is
    an action dict, or an int indexing info["legal_actions"]. The reward is the change in score.
    `terminated` is true when the run ended by the rules or by the player's endRun; `truncated` when
    `max_steps` actions were played first.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, base_url: str = "http://127.0.0.1:3000", client: Optional[GameboardClient] = None,
                 max_steps: Optional[int] = None, render_mode: Optional[str] = None):
        self.game = game
        self.client = client or GameboardClient(base_url)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.session: Optional[GameSession] = None

    def _info(self) -> Dict[str, Any]:
        s = self.session
        assert s is not None
        return {"legal_actions": s.legal_actions, "score": s.score, "seed": s.seed, "outcome": s.outcome,
                "events": s.events, "steps": len(s.history)}

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """Starts a new run (from `seed`, or one the server picks) and returns (obs, info)."""
        self.session = self.client.start(self.game, seed=seed)
        return self.session.observation, self._info()

    def step(self, action: Union[Action, int]) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        """Plays one action and returns (obs, reward, terminated, truncated, info)."""
        if self.session is None:
            raise GameboardError("no_run", "Call reset() before step().")
        s = self.session
        if isinstance(action, int) and not isinstance(action, bool):
            if not 0 <= action < len(s.legal_actions):
                raise GameboardError("refused", f"There is no legal action {action}.", reason="no_such_action",
                                     legal_actions=s.legal_actions)
            action = s.legal_actions[action]
        before = s.score
        s.act(action)
        terminated = s.game_over
        truncated = not terminated and self.max_steps is not None and len(s.history) >= self.max_steps
        return s.observation, s.score - before, terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        """The observation's text (render_mode "ansi")."""
        return None if self.session is None else self.session.observation.get("text")

    def close(self) -> None:
        self.session = None
