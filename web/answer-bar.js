// The answer where the thumb is: on a phone, the verdict, its chance (or points) and the margin
// in one bar pinned to the bottom of the screen whenever the answer panel's own verdict is out
// of sight (the position's controls above it fill a phone's screen). A tap scrolls to the
// whole answer. On a desktop the answer sits beside the position and the bar stays hidden
// (styles.css). Test contract: data-testid="answer-bar" with data-best and data-ready
// ("true" once it belongs to the position shown), bar-verdict, bar-value, bar-margin, bar-stale
// (shown while the answer is not yet the position's).
import { escapeHtml } from "./escape-html.js";

// what the bar says while its answer is not the position's yet (an entry waits for the rest of
// its group: setUnapplied; while a new answer is on its way the bar is hidden): in words, at
// full opacity
const STALE = "(before your last entry)";

export class AnswerBar {
  constructor(root, panel) {
    this.root = root;
    this.panel = panel; // the answer panel it stands for (scrolled to on a tap)
    this.verdictNode = null;
    root.addEventListener("click", () => this.panel.scrollIntoView({ behavior: "smooth", block: "start" }));
    const place = () => this.place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place, { passive: true });
    // the page's layout changes under a still screen too (the progress bar above goes away, a
    // note or the roll entry comes): every change of the page's size places the bar again
    if (typeof ResizeObserver === "function") new ResizeObserver(place).observe(document.body);
  }

  // verdictNode: the last line of the answer panel's verdict, chance and margin (the bar stands
  // in for them while it is off the screen)
  show({ verdict, best, value, margin, verdictNode }) {
    this.verdictNode = verdictNode;
    this.root.dataset.best = best;
    this.root.dataset.ready = "true";
    this.root.classList.remove("stale");
    this.root.innerHTML = `<span class="bar-verdict verdict-${best}" data-testid="bar-verdict">${escapeHtml(verdict)}</span>
      <span class="bar-value" data-testid="bar-value">${escapeHtml(value)}</span>
      <span class="bar-stale" data-testid="bar-stale">${STALE}</span>
      ${margin ? `<span class="bar-margin" data-testid="bar-margin">${escapeHtml(margin)}</span>` : ""}`;
    this.root.setAttribute("aria-label", `${verdict}: ${value}${margin ? `, ${margin}` : ""}. Show the whole answer`);
    this.place();
  }

  pending() {
    this.root.dataset.ready = "false";
    this.root.classList.add("stale");
  }

  setUnapplied(waiting) {
    this.root.classList.toggle("stale", waiting);
    this.root.dataset.unapplied = String(waiting);
  }

  clear() {
    this.verdictNode = null;
    this.root.dataset.ready = "false";
    this.root.innerHTML = "";
    this.place();
  }

  // shown while there is an answer whose verdict is off the screen
  place() {
    const node = this.verdictNode;
    let away = false;
    if (node && node.isConnected) {
      const box = node.getBoundingClientRect();
      away = box.height > 0 && (box.bottom > window.innerHeight || box.top < 0); // not wholly on screen
    }
    this.root.dataset.away = String(away);
  }
}
