// One line for each move at a Dice Upon a Time table, in plain words, from what everyone saw of
// it (the `saw` of an action event: the die and socket, the choice, the goods gained or paid,
// the figure moved, quests taken and completed, story cards read out, magic items counted, a
// new chapter). No line ever names a magic item someone else holds or played.

import { t } from "../../i18n.js";
import { board, eventTitle, faceName, goodName, placeName, questOf, questTitle, storyTitle } from "./cards.js";
import { socketLabel } from "./map.js";

const ABILITY_NAMES = { nudge: "dufeed.nudge", reroll: "dufeed.reroll", swap: "dufeed.swap", scout: "dufeed.scout", forage: "dufeed.forage" };

function opening(saw, who) {
  switch (saw.type) {
    case "place": return t("dufeed.placed", { name: who, face: faceName(saw.face), socket: socketLabel(board(), saw.socket) });
    case "pass_chapter": return t("dufeed.passed", { name: who });
    case "rabbit_step": return t("dufeed.rabbit", { name: who, place: placeName(saw.to) });
    case "play_item": return t("dufeed.item", { name: who });
    case "use_ability": return t(ABILITY_NAMES[saw.ability] || "dufeed.forage", { name: who });
    case "trade": return t("dufeed.traded", { name: who, partner: saw.partnerName });
    default: break;
  }
  if (saw.option === "end") return t("dufeed.ended", { name: who });
  if (saw.kind === "wolf") return t("dufeed.wolf", { name: who });
  if (saw.kind === "fox") return t("dufeed.fox", { name: who, face: faceName(/^\d+$/.test(saw.option) ? Number(saw.option) : saw.option) });
  if (saw.kind === "misfortune") return t("dufeed.misfortune", { name: who });
  if (saw.kind === "move" || saw.kind === "horse") return saw.option === "stay" ? t("dufeed.stayed", { name: who }) : "";
  return "";
}

export function describe(event, view) {
  const saw = event.data?.saw;
  if (!saw) return "";
  const names = view.seats.map((seat) => seat.name);
  const who = names[saw.seat] ?? "";
  const parts = [opening({ ...saw, partnerName: names[saw.partner] ?? "" }, who)];
  if (saw.moved) parts.push(t("dufeed.moved", { name: who, place: placeName(saw.moved[1]) }));
  for (const [good, n] of Object.entries(saw.resources || {})) {
    parts.push(t(n > 0 ? "dufeed.gained" : "dufeed.paid", { n: Math.abs(n), good: goodName(good) }));
  }
  for (const quest of saw.quests || []) parts.push(t("dufeed.quest", { title: questTitle(quest), ap: questOf(quest)?.ap ?? "?" }));
  for (const quest of saw.done || []) parts.push(t("dufeed.done", { title: questTitle(quest) }));
  for (const card of saw.story || []) parts.push(t("dufeed.story", { title: storyTitle(card) }));
  if (saw.items > 0) parts.push(t("dufeed.itemDrawn", { n: saw.items }));
  if (saw.ap) parts.push(t("dufeed.ap", { n: saw.ap > 0 ? `+${saw.ap}` : String(saw.ap) }));
  if (saw.chapter) parts.push(saw.event ? t("dufeed.chapterEvent", { n: saw.chapter, event: eventTitle(saw.event) }) : t("dufeed.chapter", { n: saw.chapter }));
  if (saw.over) parts.push(t("dufeed.over"));
  const line = parts.filter(Boolean);
  if (!line.length) return t("dufeed.chose", { name: who });
  if (!parts[0]) line[0] = `${who}: ${line[0]}`;
  return line.join(" · ");
}
