// The Yahtzee screen: advisor, play mode and score distribution, switched by tabs.
import { ScoreHistogram } from "./score-histogram.js";
import { YahtzeeAdvisor } from "./yahtzee-advisor.js";
import { YahtzeePlay } from "./yahtzee-play.js";

const TABS = [
  ["advisor", "Advisor"],
  ["play", "Play"],
  ["distribution", "Score distribution"],
];

export class YahtzeeView {
  constructor(root, game, { call, onPosition }) {
    this.root = root;
    this.call = call;
    this.params = null;
    root.innerHTML = `
      <nav class="views" aria-label="Yahtzee views">
        ${TABS.map(([k, label]) => `<button type="button" data-tab="${k}" data-testid="yz-tab-${k}" aria-pressed="false">${label}</button>`).join("")}
      </nav>
      <div data-pane="advisor"></div><div data-pane="play" hidden></div><div data-pane="distribution" hidden></div>`;
    this.advisor = new YahtzeeAdvisor(root.querySelector("[data-pane=advisor]"), game, { onPosition });
    this.play = new YahtzeePlay(root.querySelector("[data-pane=play]"), game, {
      advise: (position) => this.call("advise", { game: game.name, ...this.params, ...position }),
    });
    this.histogram = new ScoreHistogram(root.querySelector("[data-pane=distribution]"));
    root.querySelectorAll("[data-tab]").forEach((button) =>
      button.addEventListener("click", () => this.tab(button.dataset.tab)),
    );
    this.game = game;
    this.tab("advisor");
  }

  async tab(name) {
    this.root.querySelectorAll("[data-tab]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.tab === name)));
    this.root.querySelectorAll("[data-pane]").forEach((p) => (p.hidden = p.dataset.pane !== name));
    if (name === "play" && this.play.joker !== this.params.joker) this.play.start(this.params.joker);
    if (name === "distribution" && this.histogramFor !== this.params.joker) {
      const result = await this.call("distribution", { game: this.game.name, ...this.params });
      this.histogram.show(result, `Final score of optimal play (joker rule: ${this.params.joker})`);
      this.histogramFor = this.params.joker;
    }
  }

  async show(params, position) {
    this.params = params;
    this.advisor.pending();
    const result = await this.call("advise", { game: this.game.name, ...params, ...position });
    this.advisor.show(position, result);
    const open = this.root.querySelector("[aria-pressed=true]");
    if (open && open.dataset.tab !== "advisor") await this.tab(open.dataset.tab);
    return result;
  }
}
