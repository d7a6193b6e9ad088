// Enter a state with phone-sized controls, generated from the game's description: segmented
// buttons for a variable with few values (whose turn, 1s or shotguns set aside), steppers for
// numbers (scores, the turn total) and a letters field for dice by colour. A stepper's + and -
// ask the engine for the next value that can occur, a typed number for the nearest one
// (onStep), and change nothing else; the reason a value could not be taken is shown under
// that control.
import { escapeHtml } from "./advice-panel.js";

export class StateEditor {
  constructor(root, onChange, onStep) {
    this.root = root;
    this.onChange = onChange;
    this.onStep = onStep; // (values, name, {direction} | {to}) -> Promise of {state, note}
    this.values = {};
    this.vars = [];
  }

  show(game, state) {
    if (game.state_vars.map((v) => v.name).join() !== this.vars.map((v) => v.name).join()) this.render(game);
    this.values = { ...state };
    // a note stays with the edit that made it, until the next edit
    this.root.querySelectorAll(".field-note").forEach((note) => {
      if (note.dataset.testid !== `note-${this.noteFor}`) note.hidden = true;
    });
    this.noteFor = null;
    for (const v of this.vars) {
      if (v.control === "choice") {
        this.root.querySelectorAll(`[data-var="${v.name}"] button`).forEach((button) => {
          button.setAttribute("aria-pressed", String(Number(button.value) === state[v.name]));
        });
      } else {
        this.root.querySelector(`input[name="${v.name}"]`).value = state[v.name];
      }
    }
  }

  render(game) {
    this.vars = game.state_vars;
    this.root.innerHTML = game.state_vars
      .map((v) => {
        const label = `${escapeHtml(v.label)} <span class="var">${v.name}</span>`;
        const help = escapeHtml(v.help);
        if (v.control === "choice") {
          return `<fieldset class="field choice" data-var="${v.name}" title="${help}">
              <legend>${label}</legend>
              ${v.choices
                .map(
                  (c, n) => `<button type="button" value="${c}" data-testid="set-${v.name}-${c}" aria-pressed="false"
                    title="${escapeHtml(v.choice_titles[n])}">${escapeHtml(v.choice_labels[n])}</button>`,
                )
                .join("")}
            </fieldset>`;
        }
        if (v.control === "dice") {
          return `<div class="field" title="${help}">
              <label for="var-${v.name}">${label}</label>
              <input id="var-${v.name}" name="${v.name}" data-testid="input-${v.name}" autocomplete="off"
                     placeholder="${escapeHtml(v.letters.split("").join(", "))}" pattern="[${v.letters}${v.letters.toLowerCase()}]*">
              <p class="field-note" data-testid="note-${v.name}" role="status" hidden></p>
            </div>`;
        }
        return `<div class="field stepper" title="${help}">
            <label for="var-${v.name}">${label}</label>
            <div class="stepper-row">
              <button type="button" data-step="-1" data-var="${v.name}" aria-label="${escapeHtml(v.label)} minus 1">−</button>
              <input id="var-${v.name}" name="${v.name}" data-testid="input-${v.name}" type="number" inputmode="numeric" min="0">
              <button type="button" data-step="1" data-var="${v.name}" aria-label="${escapeHtml(v.label)} plus 1">+</button>
            </div>
            <p class="field-note" data-testid="note-${v.name}" role="status" hidden></p>
          </div>`;
      })
      .join("");
    this.root.querySelectorAll("fieldset.choice button").forEach((button) =>
      button.addEventListener("click", () => {
        const name = button.closest("fieldset").dataset.var;
        this.emit({ ...this.values, [name]: Number(button.value) });
      }),
    );
    this.root.querySelectorAll("button[data-step]").forEach((button) =>
      button.addEventListener("click", () => this.move(button.dataset.var, { direction: Number(button.dataset.step) })),
    );
    this.root.querySelectorAll("input").forEach((input) =>
      input.addEventListener("change", () => {
        const v = this.vars.find((x) => x.name === input.name);
        if (v.control === "dice") {
          // checked by the engine; refused dice stay in the field with the reason under it
          this.move(input.name, { to: input.value });
          return;
        }
        const text = input.value.trim();
        if (!/^-?\d+$/.test(text)) {
          // the field keeps what was typed, so it can be corrected
          this.say(input.name, text ? `${v.label} must be a whole number, not "${text}"` : `${v.label} is empty: type a number`);
          return;
        }
        if (!Number.isSafeInteger(Number(text))) {
          this.say(input.name, `${v.label} ${text} is far outside what the game can reach`);
          return;
        }
        this.move(input.name, { to: Number(text) });
      }),
    );
  }

  // a number variable moved (+/- or typed); the note under it says why, when the value
  // asked for cannot occur and another was taken, or when nothing could be done
  async move(name, how) {
    try {
      const { state, note } = await this.onStep(this.values, name, how);
      this.say(name, note);
      this.emit(state, name);
    } catch (error) {
      this.say(name, error.message);
    }
  }

  say(name, text) {
    const note = this.root.querySelector(`[data-testid="note-${name}"]`);
    note.textContent = text || "";
    note.hidden = !text;
  }

  // quick taps build on each other: the next one starts from what this one asked for
  emit(values, noteFor = null) {
    this.values = { ...values };
    this.noteFor = noteFor;
    this.onChange(values);
  }
}
