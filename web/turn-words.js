// A two-player game's turn in the game's own words, for the boards that show one (Play and At
// the table): the turn's counters from the game's description (every state variable but the
// scores and whose turn: 1s set aside, brains and the dice by colour, dice left, target and
// turns left), dice drawn as dice with their colours, and each move said as a sentence for the
// move log ("You rolled green brain, red footprint, yellow brain: 2 brains this turn").
import { escapeHtml } from "./escape-html.js";

const COLOUR_WORDS = { G: "green", Y: "yellow", R: "red" };

// one die as shown: a number on a die, or a coloured die with its face (Zombie Dice)
export function dieHtml(face) {
  if (Array.isArray(face)) {
    const [colour, side] = face;
    const words = `${COLOUR_WORDS[colour] || colour} ${side}`;
    return `<span class="die-face die-${escapeHtml(colour)}" role="img" aria-label="${escapeHtml(words)}" title="${escapeHtml(words)}">${escapeHtml(side)}</span>`;
  }
  return `<span class="die-face">${escapeHtml(String(face))}</span>`;
}

export function diceHtml(faces) {
  return (faces || []).map(dieHtml).join(" ");
}

// dice by colour as coloured chips ("GGR"): a state's letters variable
// dice by colour as chips, one per letter (Zombie Dice's "GGR"), each named for a screen reader
export function chipsHtml(text) {
  return [...text]
    .map((c) => `<span class="chip chip-${escapeHtml(c)}" role="img" aria-label="${escapeHtml(COLOUR_WORDS[c] || c)}">${escapeHtml(c)}</span>`)
    .join("");
}

function lettersHtml(text) {
  return text ? chipsHtml(text) : "none";
}

// the turn's counters: "Turn total: 12 · 1s set aside: 1" (testid table-turn / play-turn)
export function countersHtml(game, state) {
  const [score, opponent] = game.axes;
  // (the scores are on the board: a game for three's third is l, its place in the round p)
  const scores = [score, opponent, "p", ...((game.players || 2) > 2 ? ["l"] : [])];
  return game.state_vars
    .filter((v) => !scores.includes(v.name) && v.name in state)
    .map((v) => {
      const value = state[v.name];
      const shown = v.control === "dice" ? lettersHtml(String(value)) : escapeHtml(String(value));
      return `<span class="counter" data-var="${v.name}">${escapeHtml(v.label)}: <strong>${shown}</strong></span>`;
    })
    .join(" · ");
}

// what a move did, from the positions before and after it: one sentence for the log
export function moveWords(game, before, after, move, who) {
  const unit = game.unit || "points";
  const seat = before.seat;
  const ended = after.result !== null;
  const turnOver = ended || after.seat !== seat;
  if (move.action === "hold") {
    const banked = after.scores[seat] - before.scores[seat];
    return `${who} held: +${counted(banked, unit)}, ${after.scores[seat]} in all.`;
  }
  if (move.action === "choose") {
    const n = before.options.findIndex((o) => JSON.stringify(o) === JSON.stringify(move.option));
    const label = n >= 0 ? before.option_labels[n] : "a choice";
    return `${who} chose ${label}.`;
  }
  const faces = after.faces && after.faces.length ? diceText(after.faces) : "";
  if (!faces && !turnOver) return after.options?.length ? `${who}: the turn's choice before rolling.` : `${who} rolled.`;
  if (turnOver && !ended && after.scores[seat] === before.scores[seat]) {
    return `${who} rolled ${faces || "nothing that scores"}: bust, no score this turn.`;
  }
  if (turnOver && !ended && after.scores[seat] < before.scores[seat]) {
    return `${who} rolled ${faces}: bust, and ${counted(before.scores[seat] - after.scores[seat], unit)} lost as a penalty.`;
  }
  if (after.options && after.options.length) return `${who} rolled ${faces}: choose what to set aside.`;
  return `${who} rolled ${faces}: ${counted(after.turn_points, unit)} this turn.`;
}

// "1 brain", "2 brains", "1 point"
export function counted(n, unit) {
  return `${n} ${Math.abs(n) === 1 && unit.endsWith("s") ? unit.slice(0, -1) : unit}`;
}

// dice as words for a sentence and a screen reader: "3 5 6", "green brain, red shotgun"
export function diceText(faces) {
  return faces
    .map((f) => (Array.isArray(f) ? `${COLOUR_WORDS[f[0]] || f[0]} ${f[1]}` : String(f)))
    .join(Array.isArray(faces[0]) ? ", " : " ");
}
