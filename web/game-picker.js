// Choose the game and its variant, with one control per parameter from the game's description
// (a rule set's choices as a select, numbers as a field; a text parameter of changes to the rule
// set through the rules editor; other advanced ones are left to links).
// A game not offered (its defaults cannot be answered yet) is a hidden option: a link still opens it.
// Emits onChange({game, params}).
import { escapeHtml } from "./escape-html.js";
import { RulesEditor } from "./rules-editor.js";

export class GamePicker {
  // rulesOf(game, params) -> Promise of the engine's "rules" answer (refused changes throw)
  constructor(root, games, onChange, rulesOf = null) {
    this.root = root;
    this.games = games;
    this.onChange = onChange;
    this.textParams = {}; // the text parameters' values (not fields of .params: the editor sets them)
    root.innerHTML = `
      <label class="field">Game
        <select data-testid="game-select" name="game">
          ${games.map((g) => `<option value="${g.name}"${g.offered === false ? " hidden" : ""}>${escapeHtml(g.title)}</option>`).join("")}
        </select>
      </label>
      <div class="params"></div>
      <div class="rules-editor"></div>
      <div class="how-to-play"></div>`;
    this.select = root.querySelector("select");
    this.paramsBox = root.querySelector(".params");
    this.rulesBox = root.querySelector(".how-to-play");
    this.editorBox = root.querySelector(".rules-editor");
    this.rulesOf = rulesOf;
    this.editor = new RulesEditor(this.editorBox, {
      load: (text) => this.rulesOf(this.select.value, { ...this.currentParams(), [this.textParam().name]: text }),
      apply: (text) => {
        this.textParams[this.textParam().name] = text;
        this.emit();
      },
    });
    addEventListener("resize", () => this.fitTitle(), { passive: true });
    this.select.addEventListener("change", () => {
      this.fitTitle();
      this.drawnFor = null; // (another game's fields, at its defaults)
      this.renderParams(this.select.value, {});
      this.emit();
    });
  }

  // the game's text parameter of rule changes, if it has one (Farkle's "set")
  textParam(name = this.select.value) {
    return this.game(name).parameters.find((p) => p.text);
  }

  game(name) {
    return this.games.find((g) => g.name === name);
  }

  show(name, params) {
    // a variant its base game's rules mean (Farkle with the zilch penalty) shows as the base game
    const shownAs = this.game(name)?.shown_as;
    const entry = shownAs && this.game(shownAs) ? shownAs : name;
    this.select.value = entry;
    this.fitTitle();
    this.renderParams(entry, params);
  }

  // the menu as wide as the chosen game's title (a select is as wide as its longest option,
  // "Great Rolled Ones for three players", which a phone's row cannot give it beside the
  // parameters: capped, every title was cut), at most the row's width; short titles leave the
  // parameters room on the same row
  fitTitle() {
    const style = getComputedStyle(this.select);
    const context = (this.measure ??= document.createElement("canvas").getContext("2d"));
    context.font = style.font;
    const text = context.measureText(this.select.selectedOptions[0]?.textContent || "").width;
    const sides = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + parseFloat(style.borderLeftWidth) * 2;
    const ARROW = 28; // (the menu's arrow, drawn inside the box, with a little room)
    const box = getComputedStyle(this.root);
    // the row's content width (hidden: no cap)
    const row = this.root.clientWidth ? this.root.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight) : Infinity;
    this.select.style.width = `${Math.ceil(Math.min(row, text + sides + ARROW))}px`;
  }

  // the fields of a game's parameters: drawn for another game only; for the same game each
  // field is set to the value shown, unless typed into since it was last shown or sent (an
  // answer arriving while a field is being edited keeps the edit; drawing the fields again
  // under a focused field would also fire its change a second time)
  renderParams(name, params) {
    const game = this.game(name);
    if (this.drawnFor !== name) {
      this.drawnFor = name;
      this.baseline = {};
      this.drawParams(game);
    }
    for (const input of this.paramsBox.querySelectorAll("input, select")) {
      const p = game.parameters.find((q) => q.name === input.name);
      const value = String(params[p.name] ?? p.default);
      const edited = input.name in this.baseline && input.value !== this.baseline[input.name];
      if (!edited) input.value = value;
      this.baseline[input.name] = value;
      if (p.choices) {
        // the chosen rule in words right under it (a title is invisible on a phone)
        const help = p.choice_help[p.choices.indexOf(input.value)] || p.help;
        this.paramsBox.querySelector(`[data-testid="param-help-${p.name}"]`).textContent = help;
      }
    }
    const text = this.textParam(name);
    this.textParams = text ? { [text.name]: params[text.name] ?? text.default } : {};
    // the editor is loaded again only for other rules (not for every position shown)
    const rulesKey = text ? JSON.stringify([name, params]) : "";
    if (rulesKey !== this.rulesKey) {
      this.rulesKey = rulesKey;
      if (text && this.rulesOf) this.editor.show(this.textParams[text.name]);
      else this.editorBox.innerHTML = "";
    }
  }

  drawParams(game) {
    this.rulesBox.innerHTML = game.rules
      ? `<details data-testid="how-to-play"><summary>How to play ${escapeHtml(game.title)}</summary>
           <p>${escapeHtml(game.rules)}</p></details>`
      : "";
    this.paramsBox.innerHTML = game.parameters
      .filter((p) => !p.advanced && !(p.minimum === p.maximum && !p.choices && !p.text)) // (a fixed one: nothing to choose)
      .map((p) => {
        if (p.choices) {
          return `<label class="field" title="${escapeHtml(p.help)}">${escapeHtml(p.label)}
            <select data-testid="param-${p.name}" name="${p.name}">
              ${p.choices
                .map((c, n) => `<option value="${c}" title="${escapeHtml(p.choice_help[n] || "")}">${escapeHtml(c)}</option>`)
                .join("")}
            </select>
            <span class="param-help" data-testid="param-help-${p.name}"></span></label>`;
        }
        return `<label class="field" title="${escapeHtml(p.help)}">${escapeHtml(p.label)}
          <input data-testid="param-${p.name}" name="${p.name}" type="number" inputmode="numeric"
                 min="${p.minimum}" max="${p.maximum}"></label>`;
      })
      .join("");
    this.paramsBox.querySelectorAll("input, select").forEach((input) =>
      input.addEventListener("change", () => {
        // another rule set: its own rules, the changes to the last one dropped
        if (input.tagName === "SELECT") this.textParams = {};
        this.emit();
      }),
    );
  }

  currentParams() {
    const params = {};
    this.paramsBox.querySelectorAll("input, select").forEach((input) => {
      params[input.name] = input.value;
    });
    return params;
  }

  emit() {
    this.baseline = this.currentParams(); // (sent: no longer an edit of the fields)
    this.onChange({ game: this.select.value, params: { ...this.currentParams(), ...this.textParams } });
  }
}
