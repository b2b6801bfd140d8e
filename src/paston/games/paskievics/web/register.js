// The entry script of this game's browser assets (the first of its `scripts` in GET
// /api/games): hands the table renderer to the page's registry under the game's name.

import { registerGame } from "../../game_registry.js";
import * as renderer from "./renderer.js";

registerGame("paskievics", renderer);
