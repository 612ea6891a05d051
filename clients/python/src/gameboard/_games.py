# Written from the registry (src/games/index.ts) by `npm run build:python-games`; do not edit.
# test/python-ids.test.ts fails when this file is stale.
"""The games the package registers, by slug and Gymnasium id."""

GAMES = {
    "whirlyard": "Gameboard/Whirlyard-v0",
    "delvewick": "Gameboard/Delvewick-v0",
    "cragwake": "Gameboard/Cragwake-v0",
    "briarwink": "Gameboard/Briarwink-v0",
}
