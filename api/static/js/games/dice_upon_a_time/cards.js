// Dice Upon a Time's board and cards in the interface language, from GET
// /v1/decks/dice_upon_a_time (loaded once per page): place, quest, story card, magic item,
// event and character titles; what a die face or a choice's option reads as. A table's own
// board (GET /v1/tables/{id}/dice_upon_a_time/board, `useTableBoard`) replaces the deck's map
// while its page is open.

import { api } from "../../api.js";
import { language, t } from "../../i18n.js";

let deck = null;

export async function loadDiceDeck() {
  deck = deck || (await api.deck("dice_upon_a_time"));
  return deck;
}

let tableBoard = null; // the open table's board; null: the deck's map

/** Draw and name places by `own` (a table's board), or by the deck's map when null. */
export function useTableBoard(own) {
  tableBoard = own || null;
}

export const board = () => tableBoard || deck?.board;

const text = (texts) => texts?.[language()] || texts?.en || "";
const find = (list, id) => deck?.[list]?.find((card) => card.id === id) || null;

export const placeName = (id) => text(board()?.places[id]?.name) || id;
export const questOf = (id) => find("quests", id);
export const questTitle = (id) => text(questOf(id)?.title) || id;
export const storyOf = (id) => find("story", id);
export const storyTitle = (id) => text(storyOf(id)?.title) || id;
export const storyText = (id) => text(storyOf(id)?.text);
export const itemTitle = (id) => text(find("items", id)?.title) || id;
export const itemText = (id) => text(find("items", id)?.text);
export const eventTitle = (id) => text(find("events", id)?.title) || id;
export const eventText = (id) => text(find("events", id)?.text);
export const characterTitle = (id) => text(find("characters", id)?.title) || id;
export const characterText = (id) => text(find("characters", id)?.text);
export const ratingText = (band) => text(deck?.coop_ratings[band]);

/** A die face as it reads on a die: the number, or the icon's sign. */
const ICONS = { magic_item: "✦", story: "❦", ban: "⊘", double_token: "×2", snake: "§", gold: "◆", bread: "▰", apple: "●" };
export const faceSign = (face) => (typeof face === "number" ? String(face) : ICONS[face] || face);

const GOODS = {
  gold: "dugood.gold", bread: "dugood.bread", apple: "dugood.apple", golden_key: "dugood.goldenKey",
  glass_slipper: "dugood.glassSlipper", golden_feather: "dugood.goldenFeather", water_of_life: "dugood.waterOfLife",
};
const FACES = { magic_item: "duface.magicItem", story: "duface.story", ban: "duface.ban", double_token: "duface.double", snake: "duface.snake" };

/** A die face in words (for screen readers and the feed). */
export const faceName = (face) => (typeof face === "number" ? String(face) : t(FACES[face] || GOODS[face] || "duface.unknown"));

/** A resource or token in words. */
export const goodName = (good) => (GOODS[good] ? t(GOODS[good]) : good);

/** What a quest asks: its place, its price, the token to fetch first. */
export function questNeeds(id) {
  const quest = questOf(id);
  if (!quest) return "";
  const parts = [];
  if (quest.pickup) parts.push(t("du.needFetch", { token: goodName(quest.token), place: placeName(quest.pickup) }));
  if (quest.at) parts.push(t("du.needAt", { place: placeName(quest.at) }));
  const pay = Object.entries(quest.pay || {}).map(([good, n]) => `${n} ${goodName(good)}`);
  if (pay.length) parts.push(t("du.needPay", { goods: pay.join(", ") }));
  return parts.join(" · ");
}
