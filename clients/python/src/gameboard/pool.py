"""The local engine pool: the games' engines run by Node.js beside Python, no server.

The package ships the engines and a small pool program as one JavaScript file (`_pool/pool.mjs`, built
from the repository's src/ by `npm run build:pool`), run with the `node` found on PATH (Node.js 20 or
later; GAMEBOARD_NODE names another). Every environment's state stays in Node: Python sends one array
of action indices a step over a pipe and reads back one packed block (observations, scores, flags,
masks, budget costs) that numpy reads in place (src/pool/layout.ts has the layout): on Linux a file in
/dev/shm that both sides map (the pool writes it, numpy reads it), elsewhere through the pipe. `workers=K` threads
(default: the CPU count; the pool's main thread and K - 1 worker threads) share the environments of a
large group (at least 128 environments a thread).

One pool process serves every local environment of a Python process (`shared_pool`); a forked child
starts its own.
"""

from __future__ import annotations

import atexit
import json
import math
import mmap
import os
import re
import shutil
import struct
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import numpy as np

from .client import GameboardError

BUNDLE = Path(__file__).with_name("_pool") / "pool.mjs"
NODE_MAJOR = 20

OPEN, RESET, STEP, EXPORT, IMPORT, INFO, CLOSE, MAP, SPEC = 1, 2, 3, 4, 5, 6, 7, 8, 9
#: A slot's status byte after a step: played (or reset), refused by the engine (nothing changed), not stepped.
PLAYED_STATUS, REFUSED_STATUS, UNTOUCHED_STATUS = 0, 1, 2

#: The block's summary: the slots the last step refused, the slots pending an autoreset (int32 each).
SUMMARY = struct.Struct("<ii")
#: An answer's head: status, payload length.
HEAD = struct.Struct("<II")

_node_checked: Dict[str, str] = {}

#: The pipe size asked for (Linux: up to /proc/sys/fs/pipe-max-size, 1 MB by default).
PIPE_BYTES = 1 << 20

#: Where a group's block is shared as a memory-mapped file (Linux's /dev/shm: memory, never a disk); None:
#: the block comes through the pipe. GAMEBOARD_POOL_SHM=0 turns the file off.
SHM_DIR: Optional[str] = "/dev/shm" if os.name == "posix" and os.path.isdir("/dev/shm") \
    and os.access("/dev/shm", os.W_OK) and os.environ.get("GAMEBOARD_POOL_SHM", "1") != "0" else None


def grow_pipe(fd: int, size: int) -> None:
    """Asks for a pipe buffer of `size` bytes where the system allows it (Linux); else leaves it."""
    try:
        import fcntl
        setsize = getattr(fcntl, "F_SETPIPE_SZ", 1031 if os.uname().sysname == "Linux" else None)
        if setsize is None:
            return
        try:
            fcntl.fcntl(fd, setsize, size)
        except OSError:  # above the system's maximum: as large as it allows
            with open("/proc/sys/fs/pipe-max-size") as f:
                fcntl.fcntl(fd, setsize, min(size, int(f.read())))
    except (ImportError, OSError, ValueError, AttributeError):
        pass


def find_node() -> str:
    """The node executable (GAMEBOARD_NODE, else `node` on PATH), checked to be Node.js 20 or later."""
    node = os.environ.get("GAMEBOARD_NODE") or shutil.which("node")
    if node is None:
        raise GameboardError("no_node", "The local Gameboard engines run on Node.js 20 or later, and no `node` is "
                             "on PATH: install Node.js (https://nodejs.org), set GAMEBOARD_NODE to its path, or "
                             "play over a server (base_url=...).")
    if node not in _node_checked:
        try:
            version = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
        except OSError as err:
            raise GameboardError("no_node", f"The local Gameboard engines need Node.js 20 or later; {node} does not "
                                 f"run: {err}.") from None
        m = re.match(r"v(\d+)\.", version)
        if not m or int(m.group(1)) < NODE_MAJOR:
            raise GameboardError("no_node", f"The local Gameboard engines need Node.js {NODE_MAJOR} or later; {node} "
                                 f"is {version or 'of unknown version'}.")
        _node_checked[node] = version
    return node


class Pool:
    """One pool process and the pipes to it. Calls are serialized by a lock (one request at a time)."""

    def __init__(self, workers: Optional[int] = None):
        if not BUNDLE.exists():
            raise GameboardError("no_pool", f"The engine bundle {BUNDLE} is missing from this install of the "
                                 "package (from a repository checkout: npm run build:pool).")
        args = [find_node(), str(BUNDLE)] + ([] if workers is None else ["--workers", str(int(workers))])
        self.workers = workers
        self._proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self._in = self._proc.stdin
        self._out = self._proc.stdout
        # A block a step (Delvewick's 64 environments: about 320 KB) goes down the pipe in one write when
        # the pipe holds it: without, a 64 KB pipe makes each step a handful of wake-ups on both sides.
        for pipe in (self._in, self._out):
            grow_pipe(pipe.fileno(), PIPE_BYTES)
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self._head = bytearray(8)
        self._head_view = memoryview(self._head)

    def _read_into(self, view: memoryview) -> None:
        got = 0
        while got < len(view):
            n = self._out.readinto(view[got:])
            if not n:
                code = self._proc.poll()
                raise GameboardError("pool_failed", f"The engine pool stopped (exit code {code}); its error, if any, "
                                     "is on stderr.")
            got += n

    def request(self, op: int, group: int, payload: bytes = b"", into: Optional[memoryview] = None) -> Optional[bytes]:
        """Sends one request; reads the answer into `into` (a block of the right size) or returns its bytes."""
        return self.exchange(struct.pack("<III", op, group, len(payload)) + bytes(payload), into)

    def exchange(self, frame: Any, into: Optional[memoryview] = None) -> Optional[bytes]:
        """Sends one whole request `frame` (header and payload, one write); reads the answer as `request`."""
        with self._lock:
            # (No poll() first: a stopped pool shows as a broken pipe or an end of file, without a system
            # call a step.)
            try:
                self._in.write(frame)
            except (BrokenPipeError, OSError) as err:
                code = self._proc.poll()
                raise GameboardError("pool_failed", f"The engine pool does not answer (exit code {code}): "
                                     f"{err}.") from None
            head = self._head
            self._read_into(self._head_view)
            status, length = HEAD.unpack(head)
            if status == 0 and length == 0:  # a block written into the shared file
                return b""
            if status == 0 and into is not None and length == len(into):
                self._read_into(into)
                return None
            body = bytearray(length)
            self._read_into(memoryview(body))
        if status != 0:
            err = json.loads(body.decode("utf-8"))
            raise GameboardError(err.get("error", "pool_failed"), err.get("message", "The engine pool failed."))
        return bytes(body)

    def call(self, op: int, group: int, payload: bytes = b"") -> Any:
        """A request answered in JSON."""
        return json.loads(self.request(op, group, payload) or b"null")

    def spec(self, game: str) -> Dict[str, Any]:
        return self.call(SPEC, 0, game.encode("utf-8"))

    def close(self) -> None:
        if self._proc.poll() is None and self._pid == os.getpid():
            try:
                self._in.close()
                self._proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
        self._out.close()


_pools: Dict[Tuple[int, Optional[int]], Pool] = {}
_pools_lock = threading.Lock()


def shared_pool(workers: Optional[int] = None) -> Pool:
    """This process's pool for `workers` (started on first use; a forked child starts its own)."""
    key = (os.getpid(), workers)
    with _pools_lock:
        pool = _pools.get(key)
        if pool is None or pool._proc.poll() is not None:
            pool = _pools[key] = Pool(workers)
        return pool


@atexit.register
def _close_pools() -> None:
    for (pid, _), pool in list(_pools.items()):
        if pid == os.getpid():
            pool.close()


def _number(x: float) -> Any:
    """A float as JSON holds it (infinities and NaN by name, as the pool reads them)."""
    return x if math.isfinite(x) else ("NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity"))


class Group:
    """`n` environments of one game in a pool, and numpy views of their block (rows written in place by
    every reset and step).

    The pool keeps each environment's run as a vector env does, with the group's params (given at
    opening): `budget` (the limit of ranked-budget units that truncates, or None), `max_steps` (the
    steps, refused ones included, that truncate, or None), `refused_reward`, and `autoreset` (a run
    that ended on a step starts again, from the seed sent, on the next step). Each step writes every
    environment's reward, terminated, truncated and refused flags, steps, game seed and pending
    autoreset into the block, beside the observations and masks."""

    def __init__(self, pool: Pool, game: str, n: int, spec: Dict[str, Any], budget: Optional[int] = None,
                 max_steps: Optional[int] = None, refused_reward: float = 0.0, autoreset: bool = False):
        self.pool = pool
        self.game = game
        self.n = n
        params = {"budget": budget, "maxSteps": max_steps, "refusedReward": _number(float(refused_reward)),
                  "autoreset": bool(autoreset)}
        head = pool.call(OPEN, 0, json.dumps({"game": game, "n": n, "params": params}).encode("utf-8"))
        self.id: int = head["group"]
        #: The worker threads that step this group (0: the pool's main thread).
        self.threads: int = head["threads"]
        layout = head["layout"]
        o = layout["offsets"]
        #: The block: a memory map of a file the pool writes (SHM_DIR), else a buffer the answers fill.
        self.block: Any = self._mapped(layout["bytes"]) or bytearray(layout["bytes"])
        self._view = memoryview(self.block)
        # A step's request, made once: header, then int32 action indices and uint32 seeds.
        self._frame = np.zeros(3 + 2 * n, dtype="<u4")
        self._frame[:3] = (STEP, self.id, 8 * n)
        self._frame_actions = self._frame[3:3 + n].view("<i4")
        self._frame_seeds = self._frame[3 + n:]
        t = spec["tensorSpec"]
        #: The whole block as bytes: `snapshot` copies it (one memcpy) for a step's answers to view.
        self.bytes = np.frombuffer(self.block, np.uint8)
        #: (shape, dtype, offset) of each field: np.ndarray(*fields[name], buffer) views it in a copy of
        #: the block (one call a field).
        self.fields: Dict[str, Tuple[Tuple[int, ...], np.dtype, int]] = {
            name: (shape, np.dtype(dtype), o[name]) for name, dtype, shape in (
                ("scores", "<f8", (n,)), ("rewards", "<f8", (n,)), ("gameSeed", "<i8", (n,)), ("steps", "<i8", (n,)),
                ("features", "<f4", (n, *t["features"]["shape"])), ("planes", np.uint8, (n, *t["planes"]["shape"])),
                ("masks", np.int8, (n, layout["actions"])), ("terminated", np.bool_, (n,)),
                ("truncated", np.bool_, (n,)), ("refused", np.bool_, (n,)), ("pending", np.bool_, (n,)))}
        #: The fields a step answers every time; "refused" and "pending" are viewed only where the
        #: summary counts some (`view`).
        self._answered = [(k, f) for k, f in self.fields.items() if k not in ("refused", "pending")]
        self.scores = np.frombuffer(self.block, np.float64, n, o["scores"])
        self.features = np.frombuffer(self.block, np.float32, n * layout["features"], o["features"]).reshape(
            (n, *t["features"]["shape"]))
        self.cost = np.frombuffer(self.block, np.int32, n, o["cost"])
        self.planes = np.frombuffer(self.block, np.uint8, n * layout["planes"], o["planes"]).reshape(
            (n, *t["planes"]["shape"]))
        self.masks = np.frombuffer(self.block, np.int8, n * layout["actions"], o["masks"]).reshape(
            (n, layout["actions"]))
        self.status = np.frombuffer(self.block, np.uint8, n, o["status"])
        self.over = np.frombuffer(self.block, np.uint8, n, o["over"])

    def snapshot(self) -> Dict[str, Any]:
        """Numpy views of the fields of a copy of the block as it is now (what a step answers, unchanged
        by the next one; "refused" and "pending" through `view`), "summary": the refused and pending
        counts (Python ints), and "copy": the copy."""
        copy = self.bytes.copy()
        out: Dict[str, Any] = {name: np.ndarray(shape, dtype, copy, offset)
                               for name, (shape, dtype, offset) in self._answered}
        out["summary"] = SUMMARY.unpack_from(copy, 0)
        out["copy"] = copy
        return out

    def view(self, snapshot: Dict[str, Any], name: str) -> np.ndarray:
        """Field `name` of a snapshot's copy (made on first use)."""
        if name not in snapshot:
            shape, dtype, offset = self.fields[name]
            snapshot[name] = np.ndarray(shape, dtype, snapshot["copy"], offset)
        return snapshot[name]

    def _mapped(self, size: int) -> Optional[mmap.mmap]:
        """The block as a memory-mapped file the pool writes each answer into (MAP), or None where that
        cannot be (no SHM_DIR, or any error on the way: the pipe carries the block then)."""
        if SHM_DIR is None:
            return None
        try:
            fd, path = tempfile.mkstemp(prefix="gameboard-pool-", dir=SHM_DIR)
        except OSError:
            return None
        try:
            try:
                os.ftruncate(fd, size)
                mapped = mmap.mmap(fd, size)
            finally:
                os.close(fd)
            self.pool.request(MAP, self.id, path.encode("utf-8"))  # the pool opens the file
            return mapped
        except (OSError, ValueError, GameboardError):
            return None
        finally:
            try:
                os.unlink(path)  # the pool and this process keep it open; nothing is left behind
            except OSError:
                pass

    def reset(self, seeds: np.ndarray, mask: np.ndarray) -> None:
        """New runs from `seeds` where `mask` is set."""
        payload = np.asarray(seeds, dtype="<u4").tobytes() + np.asarray(mask, dtype=np.uint8).tobytes()
        self.pool.request(RESET, self.id, payload, self._view)

    def step(self, actions: np.ndarray, seeds: Optional[np.ndarray] = None) -> None:
        """Plays `actions` (-1: not stepped; -2: a new run from `seeds[i]`)."""
        self._frame_actions[:] = actions
        self._frame_seeds[:] = 0 if seeds is None else seeds
        self.pool.exchange(self._frame, self._view)

    def export(self, i: int) -> Dict[str, Any]:
        """Environment i's state (the engine's wire form) and accepted actions."""
        return self.pool.call(EXPORT, self.id, struct.pack("<I", i))

    def load(self, i: int, data: Dict[str, Any]) -> None:
        """Environment i from an `export` answer."""
        self.pool.request(IMPORT, self.id, struct.pack("<I", i) + json.dumps(data).encode("utf-8"), self._view)

    def info(self, i: int) -> Dict[str, Any]:
        """Environment i's run (game, rulesVersion, seed, actions: what `replay verify` and POST /api/runs
        take), outcome, legal actions, last events and observation text."""
        return self.pool.call(INFO, self.id, struct.pack("<I", i))

    def close(self) -> None:
        if self.pool._proc.poll() is None and self.pool._pid == os.getpid():
            try:
                self.pool.call(CLOSE, self.id)
            except GameboardError:
                pass
