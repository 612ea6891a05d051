"""Gameboard for Python: an HTTP client (standard library only) and Gymnasium environments.

    pip install ./clients/python           # the client: GameboardClient, GameSession, GameboardError
    pip install "./clients/python[gym]"    # adds gymnasium and numpy: GameboardEnv, GameboardVectorEnv

With gymnasium installed, `import gameboard` registers Gameboard/Whirlyard-v0, Gameboard/Delvewick-v0,
Gameboard/Cragwake-v0 and Gameboard/Briarwink-v0 (`gymnasium.make(id, base_url=...)`,
`gymnasium.make_vec(id, num_envs, base_url=...)`).
"""

from typing import Any

from .client import GameboardClient, GameboardError, GameSession, RankedSession, decode_tensor

__all__ = ["GameboardClient", "GameSession", "RankedSession", "GameboardError", "decode_tensor", "GameboardEnv", "GameboardVectorEnv",
           "IllegalActionError", "InvalidActionError", "GAMES", "__version__"]

__version__ = "0.4.0"

# The games the package registers, by slug and Gymnasium id: written from the registry by
# `npm run build:python-games` (_games.py).
from ._games import GAMES  # noqa: E402


def _register() -> None:
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:  # the client alone: no Gymnasium part
        return
    from gymnasium.envs.registration import register, registry

    for slug, env_id in GAMES.items():
        if env_id not in registry:
            register(id=env_id, entry_point="gameboard.env:GameboardEnv",
                     vector_entry_point="gameboard.vector:GameboardVectorEnv", kwargs={"game": slug})


_register()


def __getattr__(name: str) -> Any:
    """The Gymnasium classes, imported on first use (they need the `gym` extra: gymnasium and numpy)."""
    if name in ("GameboardEnv", "IllegalActionError", "InvalidActionError", "GameboardVectorEnv"):
        try:
            from . import env, vector
        except ImportError as err:  # pragma: no cover - depends on the machine
            raise ImportError(f"gameboard.{name} needs gymnasium and numpy: pip install \"gameboard-games[gym]\" "
                              f"(or \"./clients/python[gym]\" from the repository). {err}") from None
        return getattr(vector if name == "GameboardVectorEnv" else env, name)
    raise AttributeError(f"module 'gameboard' has no attribute {name!r}")
