"""Gameboard client for Python: standard library only (urllib, json).

    from gameboard import GameboardClient

    client = GameboardClient("http://127.0.0.1:3000")
    run = client.start("whirlyard", seed=7)
    run.act({"type": "move", "direction": "n"})
    run.submit("my-agent")

The calls mirror the TypeScript client (src/client): games(), spec(), start(slug, seed) -> a session
with act(), fork(), history, submit(). Every failure raises GameboardError with a `code`: the server's
error code (invalid_state, bad_seed, unknown_game, ...), "refused" for an action the game refused
(with its `reason`), or "network" when the server cannot be reached after the retries. Requests are
retried with backoff only on network failures and on 429 / 503 answers (honouring Retry-After): by
default 8 retries waiting 0.25 s, doubling to at most 8 s, about 32 s in all (a server restart); the
first wait on a 429 warns once, naming GAMEBOARD_RATE_LIMIT=off.
A client keeps one HTTP/1.1 connection open (keep-alive, one per thread and process) and reuses it
for every call, reconnecting when the server has closed it; with a proxy configured for the server's
address (http_proxy and the like) it goes through urllib's proxy handling instead.

With `tensor=True` (start, act, batch) the server also answers the numeric observation (`tensor`:
flat `planes` and `features`, shaped as the spec's `tensorSpec`), `actionMask` over the spec's
`actionIndex` and `legalIndex`, each legal action's index. `tensor="base64"` asks for the same numbers
as bytes in base64 (far smaller and faster to read), and `tensor="bits"`, for games whose planes are only
0 or 1 (spec tensorSpec.planes.high 1, such as Delvewick), for the planes packed eight cells a byte;
`decode_tensor` reads every form. The Gymnasium environments (gameboard.GameboardEnv,
gameboard.GameboardVectorEnv) are built on these, in bits where a game's planes allow and base64
otherwise; they need the `gym` extra.
"""

from __future__ import annotations

import base64
import copy
import email.utils
import http.client
import json
import os
import re
import secrets
import socket
import struct
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import warnings
from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = ["GameboardClient", "GameSession", "GameboardError", "RankedSession"]

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
        parts = urllib.parse.urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"base_url must be an http:// or https:// URL; got {base_url!r}")
        self._https = parts.scheme == "https"
        self._netloc = parts.netloc
        self._proxied = bool(urllib.request.getproxies().get(parts.scheme)) and not urllib.request.proxy_bypass(
            parts.hostname)
        self._local = threading.local()  # .conn, .pid, .used: this thread's open connection
        self._warned_429 = False

    def __getstate__(self) -> Dict[str, Any]:
        """Pickled and deep-copied without the open connection: a copy opens its own on its first call."""
        state = dict(self.__dict__)
        del state["_local"]
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._local = threading.local()

    def close(self) -> None:
        """Closes this thread's open connection (a later call opens a new one)."""
        conn = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            conn.close()

    def _connection(self) -> Tuple[http.client.HTTPConnection, bool]:
        """This thread's connection (a new one after a fork) and whether it has served a call before."""
        conn = getattr(self._local, "conn", None)
        if conn is None or self._local.pid != os.getpid():
            cls = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
            conn = cls(self._netloc, timeout=self.timeout)
            conn.connect()
            # A request goes out as two writes (head, body) when large: no waiting on Nagle's algorithm.
            conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._local.conn, self._local.pid, self._local.used = conn, os.getpid(), False
        return conn, self._local.used

    def _send(self, method: str, url: str, data: Optional[bytes], headers: Dict[str, str]) -> Tuple[int, Any, bytes]:
        """One exchange: (status, headers, body). Raises OSError or http.client.HTTPException when the
        network fails; a kept-alive connection the server closed meanwhile is replaced once at once."""
        if self._proxied:
            req = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as res:
                    return res.status, res.headers, res.read()
            except urllib.error.HTTPError as err:
                return err.code, err.headers, err.read()
        parts = urllib.parse.urlsplit(url)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        while True:
            conn, reused = self._connection()
            try:
                conn.request(method, target, body=data, headers=headers)
                res = conn.getresponse()
                raw = res.read()
            except TimeoutError:  # a slow server, not a closed connection: the caller's retries decide
                self.close()
                raise
            except (OSError, http.client.HTTPException):
                self.close()
                if reused:  # most likely closed by the server while idle: once more on a new connection
                    continue
                raise
            if res.will_close:
                self.close()
            else:
                self._local.used = True
            return res.status, res.headers, raw

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

    def start_ranked(self, slug: str, player: Player, challenge: Optional[str] = None) -> Dict[str, Any]:
        """POST /api/games/<slug>/sessions under `player`, with the name's key when this client holds one;
        a key the server answers (the name claimed now) is kept, as submit keeps it."""
        who = _player(player)
        name = who["name"].lower()
        key = self.player_keys.get(name)
        body: Dict[str, Any] = {"player": who}
        if challenge is not None:
            body["challenge"] = challenge
        answer = self.request("POST", f"api/games/{urllib.parse.quote(slug)}/sessions", body,
                              {} if key is None else {"x-player-key": key})
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
            try:
                status, answered, body = self._send(method, url, data, headers)
            except (urllib.error.URLError, OSError, http.client.HTTPException) as err:
                if attempt < self.retries:
                    time.sleep(wait)
                    attempt += 1
                    continue
                why = getattr(err, "reason", err)
                raise GameboardError("network", f"Cannot reach {url}: {why}.") from None
            raw = body.decode("utf-8", "replace")
            if status < 400:
                try:
                    return json.loads(raw)
                except ValueError:
                    raise GameboardError("bad_answer", f"{method} {url} answered HTTP {status} that is not JSON.",
                                         status=status) from None
            try:
                parsed = json.loads(raw) if raw else None
            except ValueError:
                parsed = None
            code = parsed.get("error") if isinstance(parsed, dict) else None
            busy = status == 429 or (status == 503 and code != "store_unavailable")
            if busy and attempt < self.retries:
                after = _retry_after(answered.get("retry-after"))
                if status == 429 and not self._warned_429:
                    self._warned_429 = True
                    warnings.warn(f"{self.base_url} is rate limiting this client (HTTP 429): waiting and retrying. "
                                  "On a server of your own for training, start it with GAMEBOARD_RATE_LIMIT=off "
                                  "(or use the local engines: no base_url).", RuntimeWarning, stacklevel=3)
                time.sleep(min(self.max_wait, after if after is not None else wait))
                attempt += 1
                continue
            message = parsed.get("message") if isinstance(parsed, dict) else None
            raise GameboardError(code or f"http_{status}", message or f"{method} {url} answered HTTP {status}.",
                                 status=status)


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
        #: When asked for: the numeric observation (JSON arrays, or base64 with tensor="base64"), the
        #: action mask and each legal action's index.
        self.tensor: Optional[Dict[str, Any]] = answer.get("tensor")
        self.action_mask: Optional[List[int]] = answer.get("actionMask")
        self.legal_index: Optional[List[int]] = answer.get("legalIndex")

    def _turn(self) -> Dict[str, Any]:
        return {"observation": self.observation, "legal_actions": self.legal_actions, "score": self.score,
                "game_over": self.game_over, "outcome": self.outcome, "events": self.events}

    def act(self, action: Action, tensor: Tensor = False) -> Dict[str, Any]:
        """Plays `action`. A refusal raises GameboardError("refused") and changes nothing."""
        body: Dict[str, Any] = {self.carry: self._carried, "action": action}
        body.update(_tensor_request(tensor))
        answer = self._transport.request("POST", f"api/games/{urllib.parse.quote(self.game)}/action", body)
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


class RankedSession:
    """A live ranked session: the server draws the seed, records every action and meters the ranked
    budget. Made by GameboardClient.start_ranked (or .resume); `act` plays, `status` asks where it stands."""

    def __init__(self, transport: _Transport, game: str, answer: Dict[str, Any]):
        self._transport = transport
        self.game = game
        self._apply(answer)

    def _apply(self, answer: Dict[str, Any]) -> None:
        if not isinstance(answer.get("stateToken"), str) or not answer.get("session") or "observation" not in answer:
            raise GameboardError("bad_answer", f"The server's live {self.game} answer holds no session or state token.")
        #: The latest answer as the server sent it.
        self.last = answer
        #: The state token of the latest answer (what act and resume send; keep it to resume later).
        self.state_token: str = answer["stateToken"]
        #: Where the session stands: id, step, budget spent, finished, its run's links once finished.
        self.session: Dict[str, Any] = answer["session"]
        self.observation: Dict[str, Any] = answer["observation"]
        self.legal_actions: List[Action] = answer.get("legalActions") or []
        self.score: float = answer.get("score", 0)
        self.game_over: bool = answer.get("gameOver", not self.legal_actions)
        self.outcome: Optional[Dict[str, str]] = answer.get("outcome")
        self.events: List[Any] = answer.get("events") or []

    @property
    def id(self) -> str:
        """The session's id on the server."""
        return self.session["id"]

    def act(self, action: Action) -> Dict[str, Any]:
        """Plays `action`; the server records it. A refusal raises GameboardError("refused") and changes nothing."""
        answer = self._transport.request("POST", f"api/sessions/{urllib.parse.quote(self.id)}/action",
                                         {"stateToken": self.state_token, "action": action})
        if not answer.get("ok"):
            reason = answer.get("reason", "refused")
            raise GameboardError("refused", answer.get("message") or f"The action {action!r} was refused: {reason}.",
                                 reason=reason, legal_actions=answer.get("legalActions"))
        self._apply(answer)
        return {"observation": self.observation, "legal_actions": self.legal_actions, "score": self.score,
                "game_over": self.game_over, "outcome": self.outcome, "events": self.events}

    def status(self) -> Dict[str, Any]:
        """GET /api/sessions/<id>: where the session stands (its seed once it has ended and is public)."""
        return self._transport.request("GET", f"api/sessions/{urllib.parse.quote(self.id)}")["session"]


Tensor = Union[bool, str]
"""What to ask of the tensor fields: False (none), True (JSON arrays), "json", "base64" (bytes) or "bits" (planes
one bit a cell: games whose tensorSpec.planes.high is 1)."""


def _tensor_request(tensor: Tensor) -> Dict[str, Any]:
    """The request fields asking for `tensor`."""
    if tensor is False or tensor is None:
        return {}
    if tensor is True:
        return {"tensor": True}
    if tensor in ("json", "base64", "bits"):
        return {"tensorFormat": tensor}
    raise ValueError(f'tensor is True, False, "json", "base64" or "bits"; got {tensor!r}')


def decode_tensor(tensor: Dict[str, Any], tensor_spec: Optional[Dict[str, Any]] = None) -> Tuple[bytes, List[float]]:
    """An answer's `tensor` in any form as (planes as bytes, features as floats), standard library only.
    The bits form needs the game's `tensor_spec` (spec["tensorSpec"]): its plane count is no whole number
    of bytes."""
    fmt = tensor.get("format")
    if fmt in ("base64", "bits"):
        raw = base64.b64decode(tensor["features"])
        features = list(struct.unpack(f"<{len(raw) // 4}f", raw))
        packed = base64.b64decode(tensor["planes"])
        if fmt == "base64":
            return packed, features
        if tensor_spec is None:
            raise ValueError('decode_tensor needs the game\'s tensor_spec (spec["tensorSpec"]) for the bits form')
        n = 1
        for d in tensor_spec["planes"]["shape"]:
            n *= d
        return bytes((packed[i >> 3] >> (7 - (i & 7))) & 1 for i in range(n)), features
    return bytes(tensor["planes"]), [float(x) for x in tensor["features"]]


class GameboardClient:
    """A client for one Gameboard server."""

    def __init__(self, base_url: str = "http://127.0.0.1:3000", retries: int = 8, backoff: float = 0.25,
                 max_wait: float = 8.0, timeout: float = 30.0, player_keys: Optional[Dict[str, str]] = None):
        self._transport = _Transport(base_url, retries, backoff, max_wait, timeout)
        for name, key in (player_keys or {}).items():
            self._transport.player_keys[name.lower()] = key

    def close(self) -> None:
        """Closes the kept-alive connection of this thread (the next call opens another)."""
        self._transport.close()

    def player_key(self, name: str) -> Optional[str]:
        """The key of a player name this client holds (given to it, or answered when the name was claimed)."""
        return self._transport.player_keys.get(name.lower())

    def rotate_player_key(self, name: str, new_key: Optional[str] = None) -> str:
        """Replaces the key of player name `name` (POST /api/players/<name>/key) and keeps the new one.

        Sends the key this client holds; `new_key` is drawn here unless given. The old key stops working
        at once. Should the answer be lost, call again with the same `new_key`: it is answered again.
        """
        current = self.player_key(name)
        if current is None:
            raise GameboardError("bad_request", f"This client holds no key for the player name {name!r}.")
        key = new_key if new_key is not None else "pk_" + secrets.token_urlsafe(32)
        answer = self._transport.request("POST", f"api/players/{urllib.parse.quote(name, safe='')}/key",
                                         {"key": key}, {"x-player-key": current})
        self._transport.player_keys[name.lower()] = answer["playerKey"]
        return answer["playerKey"]

    def games(self) -> List[Dict[str, Any]]:
        """The games this server offers."""
        return self._transport.request("GET", "api/games")["games"]

    def spec(self, slug: str) -> Dict[str, Any]:
        """A game's full spec (rules, grammar, seed suites)."""
        return self._transport.request("GET", f"api/games/{urllib.parse.quote(slug)}")["spec"]

    def start(self, slug: str, seed: Optional[Union[int, str]] = None, tensor: Tensor = False) -> GameSession:
        """Starts a run of `slug`; without a seed the server picks one (session.seed).

        A seed is a free seed (an int 0..2**32-1) or a wide one (a str of 32 hex digits: a finished
        ranked run's, as GET /api/runs/<id> answers it).
        """
        params = ([("seed", str(seed))] if seed is not None else []) + [
            (k, "true" if v is True else v) for k, v in _tensor_request(tensor).items()]
        query = "?" + urllib.parse.urlencode(params) if params else ""
        answer = self._transport.request("GET", f"api/games/{urllib.parse.quote(slug)}/init{query}")
        spec = answer.get("spec")
        if not spec or "seed" not in answer:
            raise GameboardError("bad_answer", f"The server's {slug} init answer holds no spec or seed.")
        return GameSession(self._transport, slug, answer["seed"], spec["rulesVersion"], spec["carry"], answer)

    def start_ranked(self, slug: str, player: Player, challenge: Optional[str] = None,
                     key: Optional[str] = None) -> RankedSession:
        """Starts a live ranked session of `slug` (or, with challenge="daily", today's daily challenge): the
        server draws the seed, records every action and meters the ranked budget. `player` is a name (an
        agent) or {"name", "kind"}; its key is sent when this client holds one (or `key` gives it), and the
        key the server answers when the name is claimed now is kept (client.player_key(name))."""
        who = _player(player)
        if key is not None:
            self._transport.player_keys[who["name"].lower()] = key
        return RankedSession(self._transport, slug, self._transport.start_ranked(slug, who, challenge))

    def resume(self, session_id: str, state_token: str) -> RankedSession:
        """Takes up live session `session_id` again from any of its state tokens, at its latest position."""
        answer = self._transport.request("POST", f"api/sessions/{urllib.parse.quote(session_id)}/resume",
                                         {"stateToken": state_token})
        return RankedSession(self._transport, str(answer.get("game", "")), answer)

    def session_status(self, session_id: str) -> Dict[str, Any]:
        """GET /api/sessions/<id>: where a live session stands."""
        return self._transport.request("GET", f"api/sessions/{urllib.parse.quote(session_id)}")["session"]

    def batch(self, slug: str, items: List[Dict[str, Any]], tensor: Tensor = False,
              fields: Optional[List[str]] = None) -> List[Dict[str, Any]]:
        """POST /api/games/<slug>/batch: each item `{"seed": N}` or an /action body; the answers in order.

        A bad item answers its own error (`ok` false with `error`); a refused action answers `ok` false
        with `reason`. `fields` trims every answer to those fields (plus ok, error, reason, message).
        """
        body: Dict[str, Any] = {"items": items}
        body.update(_tensor_request(tensor))
        if fields is not None:
            body["fields"] = fields
        return self._transport.request("POST", f"api/games/{urllib.parse.quote(slug)}/batch", body)["results"]

    def submit_run(self, run: Dict[str, Any], player: Player) -> Dict[str, Any]:
        """Submits any run ({game, rulesVersion, seed, actions}) to the open board."""
        return self._transport.submit(run, player)
