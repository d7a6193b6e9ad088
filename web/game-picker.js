// Choose the game and its variant (goal score, bound). Emits onChange({game, params}).
export class GamePicker {
  constructor(root, games, onChange) {
    this.root = root;
    this.games = games;
    this.onChange = onChange;
    root.innerHTML = `
      <label class="field">Game
        <select data-testid="game-select" name="game">
          ${games.map((g) => `<option value="${g.name}">${g.title}</option>`).join("")}
        </select>
      </label>
      <span class="params"></span>`;
    this.select = root.querySelector("select");
    this.paramsBox = root.querySelector(".params");
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
    const choices = game.parameters
      .filter((p) => p.choices)
      .map(
        (p) => `<label class="field">${p.name === "joker" ? "Joker rule" : p.name}
          <select data-testid="param-${p.name}" name="${p.name}">
            ${p.choices.map((c) => `<option value="${c}" ${(params[p.name] ?? p.default) === c ? "selected" : ""}>${c}</option>`).join("")}
          </select></label>`,
      )
      .join("");
    this.paramsBox.innerHTML = choices + game.parameters
      .filter((p) => p.name === "goal")
      .map(
        (p) => `<label class="field">Goal
          <input data-testid="param-${p.name}" name="${p.name}" type="number" inputmode="numeric"
                 min="${p.minimum}" max="${p.maximum}" value="${params[p.name] ?? p.default}"></label>`,
      )
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
