"""``GET /static/games/{game}/{file}``: a game's own browser assets, from its package.

Each game keeps its renderer, styles and rules text in its package (``info.web.assets``, a
folder); the generic pages load what ``GET /api/games`` lists from here. Only regular files
inside that folder are served: a path that climbs out of it (``..``, an absolute path, a link
pointing elsewhere), a hidden or Python file, a game without web assets, an unknown game all
get a 404 that names what was asked for.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

from ..core.hooks import MissingHooks
from ..core.registry import UnknownGame, get_game

__all__ = ["asset_path", "router"]

router = APIRouter()

#: Files of an assets folder that are never served: the package's Python code and caches.
_NEVER = (".py", ".pyc", ".pyi")


def asset_path(game: str, file: str) -> Path | None:
    """The file ``file`` of game ``game``'s assets folder, or ``None`` when it may not be
    served (no such game, no assets, a path outside the folder, not a regular file)."""
    try:
        folder = get_game(game).web.assets
    except (UnknownGame, MissingHooks):
        return None
    if folder is None:
        return None
    parts = file.split("/")
    if any(p in ("", ".", "..") or p.startswith(".") for p in parts) or "\\" in file:
        return None
    if file.endswith(_NEVER) or "__pycache__" in parts:
        return None
    root = folder.resolve()
    path = (root / file).resolve()
    # resolve() follows links: what it names must still lie inside the folder.
    if not path.is_relative_to(root) or not path.is_file():
        return None
    return path


@router.api_route(
    "/static/games/{game}/{file:path}", methods=["GET", "HEAD"], include_in_schema=False
)
async def game_asset(game: str, file: str) -> Response:
    path = asset_path(game, file)
    if path is None:
        return JSONResponse(
            {
                "error": {
                    "code": "no_asset",
                    "message": f"no file {file!r} among the browser assets of the game {game!r}",
                }
            },
            status_code=404,
        )
    # Revalidated on every load, like the pages: a new version of a game shows at once.
    return FileResponse(path, headers={"Cache-Control": "no-cache"})
