// Where each seat sits around the table: the viewer at the bottom, then clockwise (the next to act
// after you sits on your left), your partner opposite.
const AREAS = {
  1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "tl", "tr", "right"], 6: ["bottom", "left", "tl", "top", "tr", "right"],
};

/** The grid area of `seat` at a table of `n` seen from `me` (seat 0 for a spectator). */
export function areaOf(seat, n, me) {
  const k = (seat - (me ?? 0) + n) % n;
  return (AREAS[n] || AREAS[6])[k] || "top";
}

/** "left", "right" or "across": where `seat` sits as `me` sees it (for "give a card to Иван (on your left)"). */
export function sideOf(seat, n, me) {
  const k = (seat - (me ?? 0) + n) % n;
  if (k === 1) return "left";
  if (k === n - 1) return "right";
  return "across";
}
