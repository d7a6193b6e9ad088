// Keyboard shortcuts (a desktop's keyboard, or a phone's): one key for each action of the screen
// shown, listed in a help overlay opened with "?" (and by the footer's button). A key presses
// the first control it names that is on screen and enabled (a New game folded in its setup is
// unfolded first); keys typed into a field stay the field's. Test contract: data-testid
// "shortcuts" (the dialog), "shortcuts-open" (the footer's button), one row per key
// (data-key, data-available="true" where the key does something on the screen shown).
import { escapeHtml } from "./escape-html.js";

// key -> what it does, and the controls it presses (data-testid values, the first on screen wins)
const KEYS = [
  ["r", "Roll (or enter the roll tapped at the table)", ["play-roll", "roll-apply"]],
  ["h", "Hold: bank the turn total", ["play-hold", "table-hold"]],
  ["c", "Choose the option picked in a long list", ["play-choose", "table-choose"]],
  ["k", "Hint: each move's chance to win", ["play-hint", "table-advice-button"]],
  ["u", "Take back your last move (Undo at the table)", ["play-takeback", "table-undo"]],
  ["n", "New game", ["play-new", "table-new"]],
  ["w", "Advise to win the game", ["objective-win"]],
  ["p", "Advise the most points this turn", ["objective-turn-score"]],
  ["l", "Copy the link to what is shown", ["copy-link"]],
  ["1-8", "The views in the order shown (Advice, Boundary 2-D, …, At the table)", []],
  ["g", "Choose another game", ["game-select"]],
  ["?", "This list (Esc closes it)", []],
];

function shown(element) {
  return element && element.getClientRects().length > 0 && !element.disabled && !element.closest("[hidden]");
}

export class Shortcuts {
  constructor(dialog, opener) {
    this.dialog = dialog;
    dialog.innerHTML = `
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table class="shortcut-table"><tbody>${KEYS.map(
        ([key, what]) => `<tr data-key="${escapeHtml(key)}"><th scope="row"><kbd>${escapeHtml(key)}</kbd></th><td>${escapeHtml(what)}</td></tr>`,
      ).join("")}</tbody></table>
      <p class="note">Keys act on what is on screen; a key that does nothing here is greyed. Typing in a field is the field's.</p>
      <form method="dialog"><button type="submit" data-testid="shortcuts-close">Close</button></form>`;
    dialog.setAttribute("aria-labelledby", "shortcuts-title");
    opener.addEventListener("click", () => this.open());
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  // the control a key presses now, if any (a folded New game: its setup's summary)
  target(testids) {
    for (const id of testids) {
      for (const element of document.querySelectorAll(`[data-testid="${id}"]`)) {
        if (shown(element)) return element;
        const folded = element.closest("details:not([open])");
        if (folded && shown(folded) && !element.disabled) return element;
      }
    }
    return null;
  }

  views() {
    return [...document.querySelectorAll("#views button[data-view]")].filter(shown);
  }

  open() {
    this.dialog.querySelectorAll("tr[data-key]").forEach((row) => {
      const entry = KEYS.find(([key]) => key === row.dataset.key);
      const available = entry[0] === "?" || (entry[0] === "1-8" ? this.views().length > 1 : Boolean(this.target(entry[2])));
      row.dataset.available = String(available);
    });
    if (!this.dialog.open) this.dialog.showModal();
  }

  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const field = event.target.closest?.("input, textarea, select, [contenteditable]");
    if (field || (this.dialog.open && event.key !== "?")) return;
    if (event.key === "?") {
      event.preventDefault();
      if (this.dialog.open) this.dialog.close();
      else this.open();
      return;
    }
    if (/^[1-8]$/.test(event.key)) {
      const view = this.views()[Number(event.key) - 1];
      if (view) {
        event.preventDefault();
        view.click();
      }
      return;
    }
    const entry = KEYS.find(([key]) => key === event.key.toLowerCase() && key.length === 1);
    if (!entry) return;
    const element = this.target(entry[2]);
    if (!element) return;
    event.preventDefault();
    const folded = element.closest("details:not([open])");
    if (folded) folded.open = true;
    if (element.tagName === "SELECT") element.focus();
    else element.click();
  }
}
