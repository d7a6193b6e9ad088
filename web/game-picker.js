// Choose the game and its variant, with one control per parameter from the game's description
// (a rule set's choices as a select, numbers as a field; advanced ones are left to links).
// Emits onChange({game, params}).
import { escapeHtml } from "./advice-panel.js";

export class GamePicker {
  constructor(root, games, onChange) {
    this.root = root;
    this.games = games;
    this.onChange = onChange;
    root.innerHTML = `
      <label class="field">Game
        <select data-testid="game-select" name="game">
          ${games.map((g) => `<option value="${g.name}">${escapeHtml(g.title)}</option>`).join("")}
        </select>
      </label>
      <div class="params"></div>
      <div class="how-to-play"></div>`;
    this.select = root.querySelector("select");
    this.paramsBox = root.querySelector(".params");
    this.rulesBox = root.querySelector(".how-to-play");
    this.select.addEventListener("change", () => {
      this.renderParams(this.select.value, {});
      this.emit();
    });
  }

  game(name) {
    return this.games.find((g) => g.name === name);
  }

  show(name, params) {
    this.select.value = name;
    this.renderParams(name, params);
  }

  renderParams(name, params) {
    const game = this.game(name);
    this.rulesBox.innerHTML = game.rules
      ? `<details data-testid="how-to-play"><summary>How to play ${escapeHtml(game.title)}</summary>
           <p>${escapeHtml(game.rules)}</p></details>`
      : "";
    this.paramsBox.innerHTML = game.parameters
      .filter((p) => !p.advanced)
      .map((p) => {
        const value = params[p.name] ?? p.default;
        if (p.choices) {
          // the chosen rule in words right under it (a title is invisible on a phone)
          const help = p.choice_help[p.choices.indexOf(value)] || p.help;
          return `<label class="field" title="${escapeHtml(p.help)}">${escapeHtml(p.label)}
            <select data-testid="param-${p.name}" name="${p.name}">
              ${p.choices
                .map((c, n) => `<option value="${c}" title="${escapeHtml(p.choice_help[n] || "")}" ${value === c ? "selected" : ""}>${escapeHtml(c)}</option>`)
                .join("")}
            </select>
            <span class="param-help" data-testid="param-help-${p.name}">${escapeHtml(help)}</span></label>`;
        }
        return `<label class="field" title="${escapeHtml(p.help)}">${escapeHtml(p.label)}
          <input data-testid="param-${p.name}" name="${p.name}" type="number" inputmode="numeric"
                 min="${p.minimum}" max="${p.maximum}" value="${value}"></label>`;
      })
      .join("");
    this.paramsBox.querySelectorAll("input, select").forEach((input) =>
      input.addEventListener("change", () => this.emit()),
    );
  }

  emit() {
    const params = {};
    this.paramsBox.querySelectorAll("input, select").forEach((input) => {
      params[input.name] = input.value;
    });
    this.onChange({ game: this.select.value, params });
  }
}
