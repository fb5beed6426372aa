// The table screen for any game: reads the table once to learn its game, then hands the screen
// to that game's view (Factum: games/factum/table.js; Sleeping Queens:
// games/sleeping_queens/table.js; Dice Upon a Time: games/dice_upon_a_time/table.js; else Once
// Upon a Time: views/table.js).

import { api } from "../api.js";

export async function render(main, params) {
  const [tableId, token = null] = params;
  let game = null;
  try {
    game = (await api.view(tableId, token)).game;
  } catch {
    // unreachable or unknown table: the Once Upon a Time screen says so in plain words
  }
  const screens = {
    factum: () => import("./factum/table.js"),
    sleeping_queens: () => import("./sleeping_queens/table.js"),
    dice_upon_a_time: () => import("./dice_upon_a_time/table.js"),
  };
  const screen = await (screens[game] || (() => import("../views/table.js")))();
  return screen.render(main, params);
}
