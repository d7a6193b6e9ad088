// Enter the roll you just made, die by die (Zombie Dice: colour and face), and the position
// moves on: what a player at the table does instead of counting brains and shotguns by hand.
// Built from the game's description (roll_entry: dice, colours, faces, and the variable whose
// dice are rolled again); hidden for games without one. The engine checks the roll ("roll"
// action) and says what it led to; a roll that cannot be is refused in the note, and the
// dice entered stay to be corrected.
// Test contract: data-testid="roll-entry"; per die n: roll-colour-{n}-{letter},
// roll-face-{n}-{face} (aria-pressed); roll-apply, roll-clear, roll-note.
import { escapeHtml } from "./advice-panel.js";

const FACE_TITLES = { brain: "Brain", shotgun: "Shotgun", footprint: "Footprints" };

export class RollEntry {
  constructor(root, { roll }) {
    this.root = root;
    this.roll = roll; // (faces) -> Promise of a message to show ("" for none); throws if refused
    this.entry = null;
    this.dice = []; // per die: {colour, face, fixed}
  }

  // the position shown: its hand fixes the colours of the dice rolled again
  show(game, state) {
    const entry = game.roll_entry || {};
    this.root.hidden = !entry.dice;
    if (!entry.dice) return;
    const hand = entry.hand ? String(state[entry.hand] || "") : "";
    const key = JSON.stringify([game.name, state]);
    if (key === this.shown) return; // the same position again: keep what was being entered
    this.shown = key;
    this.entry = entry;
    this.dice = Array.from({ length: entry.dice }, (_, n) => ({ colour: hand[n] || "", face: "", fixed: n < hand.length }));
    this.render();
  }

  render() {
    const { colours = {}, faces } = this.entry;
    const letters = Object.keys(colours);
    const die = (d, n) => {
      const colourPart = letters.length
        ? d.fixed
          ? `<span class="roll-fixed" data-colour="${d.colour}">${escapeHtml(colours[d.colour])}, from your hand</span>`
          : `<span class="roll-choice" role="group" aria-label="Die ${n + 1} colour">${letters
              .map(
                (c) => `<button type="button" class="colour-${c}" data-testid="roll-colour-${n}-${c}" data-die="${n}"
                  data-colour="${c}" aria-pressed="${d.colour === c}">${escapeHtml(colours[c])}</button>`,
              )
              .join("")}</span>`
        : "";
      const facePart = `<span class="roll-choice" role="group" aria-label="Die ${n + 1} face">${faces
        .map(
          (f) => `<button type="button" data-testid="roll-face-${n}-${f}" data-die="${n}" data-face="${f}"
            aria-pressed="${d.face === f}">${escapeHtml(FACE_TITLES[f] || String(f))}</button>`,
        )
        .join("")}</span>`;
      return `<li class="roll-die" data-colour="${d.colour}"><strong>Die ${n + 1}</strong>${colourPart}${facePart}</li>`;
    };
    const complete = this.dice.every((d) => d.face && (!letters.length || d.colour));
    this.root.innerHTML = `
      <h2>Enter your roll</h2>
      <ol class="roll-dice">${this.dice.map(die).join("")}</ol>
      <div class="roll-actions">
        <button type="button" data-testid="roll-apply" ${complete ? "" : "disabled"}>Enter this roll</button>
        <button type="button" data-testid="roll-clear">Clear</button>
      </div>
      <p class="field-note" data-testid="roll-note" role="status" ${this.note ? "" : "hidden"}>${escapeHtml(this.note || "")}</p>`;
    this.root.querySelectorAll("button[data-die]").forEach((button) =>
      button.addEventListener("click", () => {
        const d = this.dice[Number(button.dataset.die)];
        if (button.dataset.colour) d.colour = button.dataset.colour;
        if (button.dataset.face) d.face = button.dataset.face;
        this.note = "";
        this.render();
        this.root.querySelector(`[data-testid="${button.dataset.testid}"]`).focus(); // focus stays on the die
      }),
    );
    this.root.querySelector("[data-testid=roll-clear]").addEventListener("click", () => {
      this.dice.forEach((d) => {
        d.face = "";
        if (!d.fixed) d.colour = "";
      });
      this.note = "";
      this.render();
    });
    this.root.querySelector("[data-testid=roll-apply]").addEventListener("click", () => this.apply());
  }

  async apply() {
    const letters = Object.keys(this.entry.colours || {});
    const faces = this.dice.map((d) => (letters.length ? [d.colour, d.face] : d.face));
    try {
      this.note = await this.roll(faces);
      this.shown = null; // the next position starts a fresh entry (its hand decides the colours)
    } catch (error) {
      this.note = error.message;
      this.render();
    }
  }
}
