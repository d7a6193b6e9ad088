// Enter a state with phone-sized controls: segmented buttons for whose turn
// and 1s/shotguns set aside, steppers for scores and the turn total.
const LABELS = {
  p: "Whose turn",
  i: "Your score",
  j: "Opponent's score",
  k: "Turn total",
  o: "1s set aside",
  b: "Brains this turn",
  s: "Shotguns",
};
const CHOICES = { p: [1, 2], o: [0, 1, 2], s: [0, 1, 2] };
const CHOICE_TEXT = { p: (v) => `Player ${v}` };

export class StateEditor {
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange;
    this.values = {};
    this.vars = [];
  }

  show(game, state) {
    const names = game.state_vars.map((v) => v.name);
    if (names.join() !== this.vars.join()) this.render(game);
    this.values = { ...state };
    for (const name of this.vars) {
      if (CHOICES[name]) {
        this.root.querySelectorAll(`[data-var="${name}"] button`).forEach((button) => {
          button.setAttribute("aria-pressed", String(Number(button.value) === state[name]));
        });
      } else {
        this.root.querySelector(`input[name="${name}"]`).value = state[name];
      }
    }
  }

  render(game) {
    this.vars = game.state_vars.map((v) => v.name);
    this.root.innerHTML = game.state_vars
      .map(({ name, help }) => {
        const label = `${LABELS[name] || name} <span class="var">${name}</span>`;
        if (CHOICES[name]) {
          const text = CHOICE_TEXT[name] || String;
          return `<fieldset class="field choice" data-var="${name}" title="${help}">
              <legend>${label}</legend>
              ${CHOICES[name]
                .map((v) => `<button type="button" value="${v}" data-testid="set-${name}-${v}" aria-pressed="false">${text(v)}</button>`)
                .join("")}
            </fieldset>`;
        }
        return `<div class="field stepper" title="${help}">
            <label for="var-${name}">${label}</label>
            <div class="stepper-row">
              <button type="button" data-step="-1" data-var="${name}" aria-label="${LABELS[name] || name} minus 1">−</button>
              <input id="var-${name}" name="${name}" data-testid="input-${name}" type="number" inputmode="numeric" min="0">
              <button type="button" data-step="1" data-var="${name}" aria-label="${LABELS[name] || name} plus 1">+</button>
            </div>
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
      button.addEventListener("click", () => {
        const name = button.dataset.var;
        this.emit({ ...this.values, [name]: Math.max(0, (this.values[name] || 0) + Number(button.dataset.step)) });
      }),
    );
    this.root.querySelectorAll("input").forEach((input) =>
      input.addEventListener("change", () => this.emit({ ...this.values, [input.name]: input.value })),
    );
  }

  emit(values) {
    this.onChange(values);
  }
}
