"""One package per game: its table, its scene (where the cards lie) and its card faces, and in its
`__init__.py` the `REGISTRATION` that tells the rest of the desktop about them (desktop/frame/registration.py).

A game installed outside the repository brings a `desktop/games/<game>/` folder in a folder named by the
environment variable CONVIVIUM_GAMES (docs/new-game.md): that `desktop/games/` folder joins this package.
"""
import os

__path__ = [*__path__, *(os.path.join(extra, "desktop", "games")
                         for extra in os.environ.get("CONVIVIUM_GAMES", "").split(os.pathsep) if extra)]
