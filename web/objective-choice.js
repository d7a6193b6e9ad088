// What the advice is for: the best chance to win the game, or the most points of this turn
// (the one-turn objective). The choices and their words come from the game's description.
// Test contract: data-testid="objective-{name}" buttons, aria-pressed on the one in force.
import { escapeHtml } from "./escape-html.js";

export class ObjectiveChoice {
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange; // (objective name) -> show the advice for it
  }

  show(game, objective = "win") {
    const choices = game.objectives || [];
    this.root.hidden = choices.length < 2;
    this.root.innerHTML = `<span class="aim-label">Advise to</span>${choices
      .map(
        (o) => `<button type="button" data-objective="${escapeHtml(o.name)}" data-testid="objective-${escapeHtml(o.name)}"
          aria-pressed="${o.name === objective}" title="${escapeHtml(o.help)}">${escapeHtml(o.label)}</button>`,
      )
      .join("")}`;
    this.root.querySelectorAll("button").forEach((button) =>
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-pressed") !== "true") this.onChange(button.dataset.objective);
      }),
    );
  }
}
