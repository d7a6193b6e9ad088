// The screen of a solitaire scorecard game (kind "scorecard"): advisor, play mode and score
// distribution, switched by tabs. Built from the game's description when first shown.
import { escapeHtml } from "./escape-html.js";
import { ScoreHistogram } from "./score-histogram.js";
import { ScorecardAdvisor } from "./scorecard-advisor.js";
import { ScorecardPlay } from "./scorecard-play.js";
import { QuizView } from "./quiz-view.js";

export class ScorecardScreen {
  // root: the #scorecard-screen section; its content is built for the first game shown
  constructor(root, { engine, progress, navigate }) {
    this.root = root;
    this.engine = engine;
    this.progress = progress;
    this.navigate = navigate; // (a link, or a position {game, params, keys, view}) -> open it
    this.game = null;
    this.params = null;
    this.current = null;
  }

  call(action, args) {
    const onProgress = (stage, fraction) => this.progress.show(`${this.game.title}: ${stage}`, fraction);
    return this.engine.call(action, args, { onProgress }).finally(() => this.progress.hide());
  }

  build(game) {
    this.game = game;
    const root = this.root;
    root.innerHTML = `
      <nav class="views" aria-label="${game.title} views">
        ${game.views.map((k) => `<button type="button" data-tab="${k}" data-testid="yz-tab-${k}" aria-pressed="false">${escapeHtml(game.view_titles[k])}</button>`).join("")}
      </nav>
      <div data-pane="advisor"></div><div data-pane="play" hidden></div><div data-pane="distribution" hidden></div>
      <div data-pane="quiz" hidden></div>`;
    this.advisor = new ScorecardAdvisor(root.querySelector("[data-pane=advisor]"), game, {
      onPosition: (keys) => this.navigate({ game: game.name, params: this.params, keys, view: {} }),
    });
    this.play = new ScorecardPlay(root.querySelector("[data-pane=play]"), game, {
      call: (action, args) => this.call(action, args),
      navigate: this.navigate,
      // a reviewed choice: its position in the advisor (the tab first, so the advice is what shows)
      openPosition: (fragment) => {
        this.tab("advisor");
        this.navigate(fragment);
      },
    });
    this.histogram = new ScoreHistogram(root.querySelector("[data-pane=distribution]"));
    this.quiz = new QuizView(root.querySelector("[data-pane=quiz]"), {
      call: (action, args) => this.call(action, args),
      navigate: this.navigate,
    });
    // a tab is opened by its link (Python writes it: the advisor's position, or the rule set and
    // view=play, quiz or distribution), so the address, Back and a shared link say which is open
    root.querySelectorAll("[data-tab]").forEach((button) =>
      button.addEventListener("click", () => {
        const name = button.dataset.tab;
        this.navigate({ game: game.name, params: this.params, keys: this.advisor.position(), view: name === "advisor" ? {} : { view: name } });
      }),
    );
    this.tab("advisor");
  }

  // "Joker rule: forced": the rule set in words, from the description
  rulesText() {
    return this.game.parameters.map((p) => `${p.label}: ${this.params[p.name]}`).join(", ");
  }

  // incoming: a game's record from a link (the Play tab), or Test yourself's set ({seed, count, mix})
  async tab(name, incoming = null) {
    this.root.querySelectorAll("[data-tab]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.tab === name)));
    this.root.querySelectorAll("[data-pane]").forEach((p) => (p.hidden = p.dataset.pane !== name));
    const rules = JSON.stringify(this.params);
    if (name === "play") await this.play.open(this.params, incoming);
    if (name === "quiz") this.quiz.show(this.game, this.params, incoming || {});
    if (name === "distribution" && this.histogramFor !== rules) {
      const result = await this.call("distribution", { game: this.game.name, ...this.params });
      this.histogram.show(result, `Final score of optimal play (${this.rulesText()})`);
      this.histogramFor = rules;
    }
  }

  // the link to the game in play once it has a move (null: the position's link)
  gameLink() {
    const open = this.root.querySelector("[data-tab][aria-pressed=true]");
    return open?.dataset.tab === "play" ? this.play.recorded.gameLink() : null;
  }

  // the tab a switch to another rule set keeps open (the advisor: none; Test yourself: a new set)
  carriedView(view) {
    return view && ["play", "quiz", "distribution"].includes(view.view) ? { view: view.view } : {};
  }

  // what a switch to another rule set of the same game keeps: the scorecard, dice and target
  carryOver() {
    return this.advisor ? this.advisor.position() : {};
  }

  pending() {
    if (this.advisor) this.advisor.pending();
  }

  showError(message) {
    if (this.advisor) this.advisor.showError(message);
  }

  showKept(game, resolved, answer) {
    if (!this.game || this.game.name !== game.name) this.build(game);
    this.params = resolved.params;
    this.current = resolved;
    this.advisor.show(resolved.position, answer);
  }

  // show Python's reply to a position's request (see app.js); returns {link, answer, position},
  // or null if a newer request took over
  async show(reply, game, isCurrent) {
    const resolved = reply.position;
    if (!this.game || this.game.name !== game.name) this.build(game);
    this.params = resolved.params;
    if (reply.refused) throw new Error(reply.refused.message);
    const answer = reply.answer;
    this.current = resolved;
    this.advisor.show(resolved.position, answer);
    // a link to Play (a game's record, or view=play) opens that tab; the address then says
    // view=play without the record, which the game in progress has taken over
    if (resolved.view.view === "play") {
      await this.tab("play", resolved.view.record || null);
      return { link: reply.link, answer, position: resolved };
    }
    if (resolved.view.view === "quiz") {
      await this.tab("quiz", resolved.view);
      return { link: reply.link, answer, position: resolved };
    }
    // the distribution's link (the rule set), else the advisor's: a link names its tab
    await this.tab(resolved.view.view === "distribution" ? "distribution" : "advisor");
    if (!isCurrent()) return null;
    return { link: reply.link, answer, position: resolved };
  }
}
