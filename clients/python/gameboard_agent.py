"""Gameboard agents in Python for ``gameboard eval --agent "cmd:python3 my_agent.py"``.

One call runs your policy under the harness's JSON-lines protocol: the harness starts this program
once and plays many runs through it, writing one line per message on its standard input:

    {"type": "start", "game": ..., "seed": ..., "rulesVersion": ...}            a run begins
    {"type": "observe", "step": ..., "observation": {...}, "legalActions": [...], "score": ...}
    {"type": "end", "outcome": {"kind": ..., "reason": ...}, "score": ...}       the run is over

and this program answers each ``observe`` with one line ``{"action": {...}}``. The harness handles
seeds, budgets, statistics and result files; you write the policy::

    from gameboard_agent import run_agent

    def act(view):
        return view["legalActions"][0]

    run_agent(act)

Standard library only (Python 3.8+). While ``run_agent`` runs, ``print`` goes to stderr, which the
harness passes through: standard output carries the protocol alone.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Dict, Optional

__all__ = ["run_agent"]

View = Dict[str, Any]
Action = Dict[str, Any]


def run_agent(
    act: Callable[[View], Action],
    start: Optional[Callable[[View], None]] = None,
    end: Optional[Callable[[View], None]] = None,
    *,
    stdin: Any = None,
    stdout: Any = None,
) -> None:
    """Serves the harness until it closes our input.

    ``act(view)`` answers each move with an action (a dict, e.g. one of ``view["legalActions"]``);
    ``view`` holds ``game``, ``seed``, ``rulesVersion`` (from the run's start) and ``step``,
    ``observation``, ``legalActions``, ``score``. ``start(view)`` and ``end(view)`` are called when a
    run begins and ends (``end``'s view has ``outcome`` and ``score``): keep memory between moves of a
    run in your own state and reset it in ``start``. An exception in ``act`` fails that run only: the
    harness reads the traceback on stderr, starts a fresh process and goes on.
    """
    source = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    protocol_out = out
    saved_stdout = sys.stdout
    if stdout is None:
        # print() in the policy must not write into the protocol.
        sys.stdout = sys.stderr
    run: View = {}
    try:
        for line in source:
            line = line.strip()
            if not line:
                continue
            message = json.loads(line)
            kind = message.get("type")
            if kind == "start":
                run = {k: message.get(k) for k in ("game", "seed", "rulesVersion")}
                if start is not None:
                    start(dict(run))
            elif kind == "observe":
                view = dict(run)
                view.update({k: v for k, v in message.items() if k != "type"})
                action = act(view)
                protocol_out.write(json.dumps({"action": action}, separators=(",", ":")) + "\n")
                protocol_out.flush()
            elif kind == "end":
                if end is not None:
                    view = dict(run)
                    view.update({k: v for k, v in message.items() if k != "type"})
                    end(view)
                run = {}
    except (KeyboardInterrupt, BrokenPipeError):
        # Ctrl-C reaches the whole process group, and the harness is stopping: leave quietly.
        pass
    finally:
        sys.stdout = saved_stdout


if __name__ == "__main__":
    # Run as a program, this is an agent that always plays the first legal action.
    run_agent(lambda view: view["legalActions"][0])
