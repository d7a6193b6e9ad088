// Enter a state with phone-sized controls, generated from the game's description: segmented
// buttons for a variable with few values (whose turn, 1s or shotguns set aside), steppers for
// numbers (scores, the turn total) and a letters field for dice by colour.
// No edit is ever lost: every tap and typed value is applied in order, each on the position
// the one before it left (not on the last position answered), whatever the engine is doing;
// an answer for an older position never overwrites what was entered since, nor a field being
// typed in. A stepper's + and - ask the engine for the next value that can occur, a typed
// number for the nearest one, and change nothing else; the reason a value could not be taken
// is shown under that control. Variables the game enters together (its "together" groups:
// Zombie Dice's brains and dice, Farkle's turn total and dice left) are checked as a group: a
// value that cannot be with the rest of its group as it is stays in its field, marked as not
// taken yet, and is tried again with the next change to the group (onPending says so to the
// answer, which is then still for the last position that can be).
import { escapeHtml } from "./escape-html.js";

// whether a finger or the mouse is down: a field's change fires as it loses focus to a tap
// elsewhere, and a note shown then pushed the tapped button down under the finger (the tap was
// lost); such a note waits until the tap is over
let pressing = false;
addEventListener("pointerdown", () => (pressing = true), true);
addEventListener("pointerup", () => (pressing = false), true);
addEventListener("pointercancel", () => (pressing = false), true);

export class StateEditor {
  // onChange(state): show this position; onStep(values, name, how) -> Promise of {state, note,
  // pending, answered} (how: {direction} | {to, with}; answered: the step's request showed the
  // position it leads to, so nothing more is asked); onPending(text | null): whether an entry waits
  // quick(values, name, how) -> the state a tap leads to when it is known without the engine
  // (a kept answer one tap away, before Python is ready), else null
  constructor(root, onChange, onStep, onPending = () => {}, quick = () => null) {
    this.root = root;
    this.onChange = onChange;
    this.onStep = onStep;
    this.onPending = onPending;
    this.quick = quick;
    this.values = {}; // the position the controls show (the last edit's, even before its answer)
    this.typed = {}; // entries waiting for the rest of their group: name -> value as entered
    this.vars = [];
    this.groups = [];
    this.queue = Promise.resolve(); // edits run one after another, in the order made
    this.queued = 0;
  }

  get busy() {
    return this.queued > 0;
  }

  // the position of an answer (or of a link, a roll entered, a point picked on a picture)
  show(game, state) {
    const fresh = game.state_vars.map((v) => v.name).join() !== this.vars.map((v) => v.name).join();
    if (fresh) this.render(game);
    // edits made since this answer was asked for win: they are what the player entered
    if (this.busy && !fresh) return;
    const same = !fresh && this.vars.every((v) => String(state[v.name]) === String(this.values[v.name]));
    if (!same) this.typed = {}; // moved from elsewhere: entries waiting for it no longer apply
    this.values = { ...state };
    // a note stays with the edit that made it, until the next edit
    this.root.querySelectorAll(".field-note").forEach((note) => {
      if (note.dataset.testid !== `note-${this.noteFor}` && !(note.dataset.var in this.typed)) note.hidden = true;
    });
    this.noteFor = null;
    this.draw();
    this.onPending(this.pendingText());
  }

  // the controls as the position and the waiting entries say
  draw() {
    for (const v of this.vars) {
      const waiting = v.name in this.typed;
      const value = waiting ? this.typed[v.name] : this.values[v.name];
      if (v.control === "choice") {
        this.root.querySelectorAll(`[data-var="${v.name}"] button`).forEach((button) => {
          button.setAttribute("aria-pressed", String(Number(button.value) === Number(value)));
          button.classList.toggle("waiting", waiting && Number(button.value) === Number(value));
        });
      } else {
        const input = this.root.querySelector(`input[name="${v.name}"]`);
        // a field being typed in keeps its text until it is entered
        if (!(document.activeElement === input && input.dataset.edited === "true")) input.value = value;
        input.classList.toggle("waiting", waiting);
        if (waiting) input.setAttribute("aria-invalid", "true");
        else input.removeAttribute("aria-invalid");
      }
    }
  }

  render(game) {
    this.vars = game.state_vars;
    this.groups = game.together || [];
    this.typed = {};
    this.root.innerHTML = game.state_vars
      .map((v) => {
        const label = `${escapeHtml(v.label)} <span class="var">${v.name}</span>`;
        const help = escapeHtml(v.help);
        const note = `<p class="field-note" data-testid="note-${v.name}" data-var="${v.name}" role="status" hidden></p>`;
        if (v.control === "choice") {
          // a few short choices (a count of 0 to 2) fit half a phone's row, beside their pair
          const short = v.choices.length <= 3 && v.choice_labels.every((c) => String(c).length <= 2);
          return `<fieldset class="field choice${short ? " short" : ""}" data-var="${v.name}" title="${help}">
              <legend>${label}</legend>
              ${v.choices
                .map(
                  (c, n) => `<button type="button" value="${c}" data-testid="set-${v.name}-${c}" aria-pressed="false"
                    title="${escapeHtml(v.choice_titles[n])}">${escapeHtml(v.choice_labels[n])}</button>`,
                )
                .join("")}
              ${note}
            </fieldset>`;
        }
        if (v.control === "dice") {
          return `<div class="field dice-field" title="${help}">
              <label for="var-${v.name}">${label}</label>
              <input id="var-${v.name}" name="${v.name}" data-testid="input-${v.name}" autocomplete="off" autocapitalize="characters"
                     spellcheck="false" placeholder="${escapeHtml(v.letters.split("").join(", "))}" pattern="[${v.letters}${v.letters.toLowerCase()}]*">
              ${note}
            </div>`;
        }
        return `<div class="field stepper" title="${help}">
            <label for="var-${v.name}">${label}</label>
            <div class="stepper-row">
              <button type="button" data-step="-1" data-var="${v.name}" aria-label="${escapeHtml(v.label)} minus 1">−</button>
              <input id="var-${v.name}" name="${v.name}" data-testid="input-${v.name}" type="number" inputmode="numeric" min="0">
              <button type="button" data-step="1" data-var="${v.name}" aria-label="${escapeHtml(v.label)} plus 1">+</button>
            </div>
            ${note}
          </div>`;
      })
      .join("");
    this.root.querySelectorAll("fieldset.choice button").forEach((button) =>
      button.addEventListener("click", () => this.enter(button.closest("fieldset").dataset.var, Number(button.value))),
    );
    this.root.querySelectorAll("button[data-step]").forEach((button) =>
      button.addEventListener("click", () => this.stepped(button.dataset.var, Number(button.dataset.step))),
    );
    this.root.querySelectorAll("input").forEach((input) => {
      input.addEventListener("input", () => (input.dataset.edited = "true"));
      input.addEventListener("change", () => {
        input.dataset.edited = "false";
        const v = this.vars.find((x) => x.name === input.name);
        if (v.control === "dice") {
          this.enter(input.name, input.value); // checked by the engine (with the rest of its group)
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
        this.enter(input.name, Number(text));
      });
    });
  }

  groupOf(name) {
    return this.groups.find((group) => group.includes(name)) || [name];
  }

  // an edit waits for the ones before it, then starts from what they left
  later(edit) {
    this.queued += 1;
    this.queue = this.queue
      .then(edit)
      .catch((error) => console.warn(error))
      .finally(() => {
        this.queued -= 1;
      });
    return this.queue;
  }

  // + or -: the next value that can occur; within a group waiting for an entry, the entry moves
  stepped(name, direction) {
    return this.later(async () => {
      const waiting = this.groupOf(name).some((n) => n in this.typed);
      if (!waiting) return this.ask(name, { direction });
      const from = name in this.typed ? Number(this.typed[name]) : Number(this.values[name]);
      return this.ask(name, { to: from + direction });
    });
  }

  // a typed value or a tapped choice, entered with the rest of its group still waiting
  enter(name, value) {
    return this.later(() => this.ask(name, { to: value }));
  }

  async ask(name, how) {
    const known = Object.keys(this.typed).length ? null : this.quick(this.values, name, how);
    if (known) {
      this.emit(known, name);
      return;
    }
    if ("to" in how) {
      const others = Object.fromEntries(this.groupOf(name).filter((n) => n !== name && n in this.typed).map((n) => [n, this.typed[n]]));
      how = { ...how, with: others };
    }
    let answer;
    try {
      answer = await this.onStep(this.values, name, how);
    } catch (error) {
      // refused: what was entered stays in its field, with the reason under it
      this.say(name, error.message);
      return;
    }
    const { state, note, pending, answered } = answer;
    if (pending) {
      this.typed[name] = how.to;
      this.say(name, `Not taken yet: ${note}. It is tried again with your next change to ${this.groupWords(name)}.`);
      this.draw();
      this.onPending(this.pendingText());
      return;
    }
    for (const n of this.groupOf(name)) {
      delete this.typed[n];
      if (n !== name) this.say(n, "");
    }
    this.say(name, note);
    this.emit(state, name, !answered);
  }

  // the other fields of a group, in the game's words
  groupWords(name) {
    const labels = this.groupOf(name)
      .filter((n) => n !== name)
      .map((n) => this.vars.find((v) => v.name === n).label.toLowerCase());
    if (!labels.length) return "it";
    return labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
  }

  // what the answer says while an entry waits (null: nothing waits)
  pendingText() {
    const names = Object.keys(this.typed);
    if (!names.length) return null;
    const labels = names.map((n) => this.vars.find((v) => v.name === n).label);
    return `${labels.join(", ")}: not taken yet (see the note there). This answer is still for the last position that can be.`;
  }

  say(name, text) {
    const note = this.root.querySelector(`[data-testid="note-${name}"]`);
    const show = () => {
      note.textContent = text || "";
      note.hidden = !text;
    };
    if (!pressing || !text) return show();
    // after the tap's click (or its cancel): the layout moves once nothing is under the finger
    const after = () => {
      removeEventListener("click", after, true);
      removeEventListener("pointercancel", after, true);
      setTimeout(show);
    };
    addEventListener("click", after, true);
    addEventListener("pointercancel", after, true);
  }

  // the next edit starts from this position, whether or not its answer has come (ask: show it;
  // false where the edit's own request answered it)
  emit(values, noteFor = null, ask = true) {
    this.values = { ...values };
    this.noteFor = noteFor;
    this.draw();
    this.onPending(this.pendingText());
    if (ask) this.onChange(values);
  }
}
