// Enter the roll you just made, and the position moves on: what a player at the table does
// instead of counting by hand. Built from the game's description (roll_entry: dice, colours,
// faces, and the variable whose dice are rolled again); hidden for games without one.
// Dice by colour (Zombie Dice) are entered die by die, colour and face. Plain numbered dice
// (Farkle: "dice" names the variable holding how many are rolled) are tapped on a pad of
// faces. The engine checks the roll ("roll" action): a roll that cannot be is refused in the
// note, and the dice entered stay to be corrected. A roll that leaves a choice (Farkle: which
// scoring dice to set aside) lists every choice with its value, best first; tapping one
// moves the position there.
// Test contract: data-testid="roll-entry"; per die n: roll-colour-{n}-{letter},
// roll-face-{n}-{face} (aria-pressed); or the pad roll-pad-{face}, the dice roll-shown-{n};
// roll-apply, roll-clear, roll-note; choices roll-choice-{n} (best first).
import { escapeHtml } from "./escape-html.js";

const FACE_TITLES = { brain: "Brain", shotgun: "Shotgun", footprint: "Footprints" };

export class RollEntry {
  // applyLabel: the pad's button (the advisor's shows the choices a roll leaves; the table enters it)
  constructor(root, { roll, pick, applyLabel = "Show my choices" }) {
    this.root = root;
    this.applyLabel = applyLabel;
    // (faces) -> Promise of a message to show ("" for none), or of {choices, objective, unit}
    // when the roll leaves a choice; throws if the roll is refused
    this.roll = roll;
    this.pick = pick; // (state) -> move to the position a choice leads to
    this.entry = null;
    this.dice = []; // per die: {colour, face, fixed}
    this.choices = null;
  }

  // the position shown (entry: the game's roll_entry, or the one a game in progress gives for this
  // roll; scope: what else makes the position new, e.g. the game and its move number): its hand
  // fixes the colours of the dice rolled again
  show(entry, state, scope, title = "Enter your roll") {
    entry = entry || {};
    this.root.hidden = !entry.dice;
    if (!entry.dice) return;
    this.title = title;
    const hand = entry.hand ? String(state[entry.hand] || "") : "";
    const key = JSON.stringify([scope, state]);
    if (key === this.shown) {
      // the same position again: keep what was being entered (the answer may bring the limits
      // of its draw: the colours the cup can still give)
      if (entry.draw_limits && JSON.stringify(entry.draw_limits) !== JSON.stringify(this.entry.draw_limits)) {
        this.entry = entry;
        this.render();
      }
      return;
    }
    this.shown = key;
    this.entry = entry;
    this.choices = null; // (the note stays: it says what the last roll did, e.g. a bust)
    // dice rolled: a number, or the variable that holds it (Farkle: the dice left to roll)
    this.count = typeof entry.dice === "string" ? Number(state[entry.dice]) : entry.dice;
    this.dice = Array.from({ length: this.count }, (_, n) => ({ colour: hand[n] || "", face: "", fixed: n < hand.length }));
    this.render();
  }

  // what the last roll did no longer stands (the roll was taken back)
  clearNote() {
    this.note = "";
    this.root.querySelector("[data-testid=roll-note]")?.setAttribute("hidden", "");
  }

  // numbered dice without colours are tapped on a pad, one tap a die
  get padded() {
    return !Object.keys(this.entry.colours || {}).length && this.entry.faces.every((f) => typeof f === "number");
  }

  render() {
    if (this.padded) {
      this.renderPad();
      return;
    }
    const { colours = {}, faces, draw_limits: limits = null } = this.entry;
    const letters = Object.keys(colours);
    // a colour no die drawn can have any more (the cup holds no more of it): not offered
    const drawnOf = (c, except) => this.dice.filter((d, m) => !d.fixed && m !== except && d.colour === c).length;
    const spent = (c, n) => limits !== null && c in limits && this.dice[n].colour !== c && drawnOf(c, n) >= limits[c];
    const die = (d, n) => {
      const colourPart = letters.length
        ? d.fixed
          ? `<span class="roll-fixed" data-colour="${d.colour}">${escapeHtml(colours[d.colour])}, from your hand</span>`
          : `<span class="roll-choice" role="group" aria-label="Die ${n + 1} colour">${letters
              .map(
                (c) => `<button type="button" class="colour-${c}" data-testid="roll-colour-${n}-${c}" data-die="${n}"
                  data-colour="${c}" aria-pressed="${d.colour === c}" ${spent(c, n) ? `disabled title="no ${escapeHtml(colours[c])} die left to draw"` : ""}>${escapeHtml(colours[c])}</button>`,
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
      <h2>${escapeHtml(this.title)}</h2>
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

  renderPad() {
    const entered = this.dice.filter((d) => d.face !== "");
    const complete = entered.length === this.count;
    const unitOf = (c) => (this.choices.objective === "win" ? `${(100 * c.value).toFixed(1)}% to win` : `${c.value.toFixed(0)} ${this.choices.unit} expected`);
    const choice = (c, n) => {
      const kept = c.keep ? c.keep.join(" ") : "";
      const then = c.then === "roll" ? `then roll ${c.state[this.entry.dice]} (${(100 * c.bust).toFixed(0)}% to bust)` : "then bank";
      return `<li><button type="button" class="roll-choice-button ${n === 0 ? "best" : ""}" data-testid="roll-choice-${n}" data-choice="${n}">
        ${kept ? `Keep <strong>${escapeHtml(kept)}</strong>` : "Go on"} (+${c.gain}), ${then}: ${escapeHtml(unitOf(c))}${n === 0 ? " — best" : ""}</button></li>`;
    };
    const one = this.count === 1; // one die: a tap enters the roll, nothing to collect or take back
    this.root.innerHTML = `
      <h2>${escapeHtml(this.title)}</h2>
      <p class="note">${one ? "Tap the face rolled." : `Tap the ${this.count} dice you rolled; tap a die below to take it back.`}</p>
      <div class="roll-pad" role="group" aria-label="Faces">${this.entry.faces
        .map((f) => `<button type="button" data-testid="roll-pad-${f}" data-face="${f}" ${complete ? "disabled" : ""}>${f}</button>`)
        .join("")}</div>
      <div class="roll-shown" aria-label="Your roll" ${one ? "hidden" : ""}>${entered
        .map((d, n) => `<button type="button" class="die" data-testid="roll-shown-${n}" data-shown="${n}" aria-label="take back ${d.face}">${d.face}</button>`)
        .join("") || `<span class="note">no dice yet</span>`}</div>
      <div class="roll-actions" ${one ? "hidden" : ""}>
        <button type="button" data-testid="roll-apply" ${complete ? "" : "disabled"}>${escapeHtml(this.applyLabel)}</button>
        <button type="button" data-testid="roll-clear">Clear</button>
      </div>
      <p class="field-note" data-testid="roll-note" role="status" ${this.note ? "" : "hidden"}>${escapeHtml(this.note || "")}</p>
      ${this.choices ? `<ol class="roll-choices" data-testid="roll-choices">${this.choices.choices.map(choice).join("")}</ol>` : ""}`;
    const refocus = (testid) => this.root.querySelector(`[data-testid="${testid}"]:not([disabled])`)?.focus();
    this.root.querySelectorAll("button[data-face]").forEach((button) =>
      button.addEventListener("click", () => {
        const free = this.dice.find((d) => d.face === "");
        if (free) free.face = Number(button.dataset.face);
        this.note = "";
        this.choices = null;
        if (this.count === 1) return this.apply(); // one die (Pig): its face is the whole roll
        this.renderPad();
        refocus(button.dataset.testid) || refocus("roll-apply");
      }),
    );
    this.root.querySelectorAll("button[data-shown]").forEach((button) =>
      button.addEventListener("click", () => {
        const filled = this.dice.filter((d) => d.face !== "");
        filled[Number(button.dataset.shown)].face = "";
        this.dice.sort((a, b) => (a.face === "") - (b.face === ""));
        this.choices = null;
        this.renderPad();
      }),
    );
    this.root.querySelector("[data-testid=roll-clear]").addEventListener("click", () => {
      this.dice.forEach((d) => (d.face = ""));
      this.note = "";
      this.choices = null;
      this.renderPad();
    });
    this.root.querySelector("[data-testid=roll-apply]").addEventListener("click", () => this.apply());
    this.root.querySelectorAll("button[data-choice]").forEach((button) =>
      button.addEventListener("click", () => {
        const picked = this.choices.choices[Number(button.dataset.choice)];
        this.shown = null;
        this.pick(picked.state);
      }),
    );
  }

  async apply() {
    const letters = Object.keys(this.entry.colours || {});
    const faces = this.dice.map((d) => (letters.length ? [d.colour, d.face] : d.face));
    try {
      const answer = await this.roll(faces);
      if (answer && answer.choices) {
        this.choices = answer; // stay on this position: the player picks a choice
        this.note = "";
        this.render();
        this.root.querySelector("[data-testid=roll-choice-0]")?.focus();
        return;
      }
      this.note = answer;
      this.shown = null; // the next position starts a fresh entry (its hand decides the colours)
      if (this.padded || this.note) this.render();
    } catch (error) {
      this.note = error.message;
      this.render();
    }
  }
}
