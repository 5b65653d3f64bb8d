// The score sheet, drawn the way each game's players draw it (one module per game).
import * as preferans from "./sheet_preferans.js";
import * as points from "./sheet_points.js";
import * as fiveHundred from "./sheet_five_hundred.js";

const BY_GAME = { preferans, "501": points, pyatsot: points, "five-hundred": fiveHundred };

/** Draw the sheet of `obs.game` into `box`: `rows` are the server's per-deal rows, `me` the bottom seat. */
export function renderSheet(box, obs, rows, seats, me) {
  const mod = BY_GAME[obs.game] || points;
  box.replaceChildren(mod.render(obs, rows, seats, me));
}
