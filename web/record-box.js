// A game's record, to keep or pass on, and a record to load: the record as JSON (to copy or save
// as a file), a link that opens the game where it stands (Copy link / Share), and a box to paste
// a record's JSON or such a link into. A paste that is neither gets a message; the game in
// progress is changed only once the engine has accepted the record.
// Test contract (prefix "play" or "table"): {prefix}-record (the JSON, read-only),
// {prefix}-copy-link, {prefix}-save, {prefix}-load-text, {prefix}-load, {prefix}-load-note.
import { saveText } from "./downloads.js";
import { ShareButtons } from "./share-button.js";

export class RecordBox {
  // onRecord(record object) -> Promise (throws with a message if the engine refuses it);
  // navigate(fragment): open a link
  constructor(root, { prefix, onRecord, navigate }) {
    this.root = root;
    this.record = null;
    this.share = "";
    root.innerHTML = `
      <details class="play-record-box"><summary>Save, share or load a game</summary>
        <p class="note">The record replays the game exactly (the dice and every decision).</p>
        <textarea data-testid="${prefix}-record" readonly rows="3" spellcheck="false" aria-label="This game's record (JSON)"></textarea>
        <div class="rule-row"><span class="share-slot"></span>
          <button type="button" class="secondary" data-testid="${prefix}-save">Save as a file</button></div>
        <label class="field">Load a game: paste its record (JSON) or its link
          <textarea data-testid="${prefix}-load-text" rows="2" spellcheck="false"></textarea></label>
        <div class="rule-row"><button type="button" data-testid="${prefix}-load">Load this game</button></div>
        <p class="field-note" data-testid="${prefix}-load-note" role="status" hidden></p>
      </details>`;
    const part = (id) => root.querySelector(`[data-testid=${prefix}-${id}]`);
    this.json = part("record");
    this.note = part("load-note");
    new ShareButtons(root.querySelector(".share-slot"), (text) => this.say(text), {
      // (no link for a game too long for one: the engine says so by giving none)
      url: () => (this.share ? new URL(this.share, location.href).href : null),
      unavailable: "This game is too long for a link: save it as a file instead.",
      testid: `${prefix}-copy-link`,
      what: "this game",
    });
    part("save").addEventListener("click", () => {
      if (this.record) saveText(JSON.stringify(this.record, null, 1), `${this.record.game}-game.json`, "application/json");
    });
    part("load").addEventListener("click", async () => {
      const text = part("load-text").value.trim();
      const hash = text.indexOf("#");
      if (text.startsWith("{")) {
        let record;
        try {
          record = JSON.parse(text);
        } catch (error) {
          this.say(`This is not a game record: its JSON does not read (${error.message}).`);
          return;
        }
        try {
          await onRecord(record);
          this.say("Game loaded.");
        } catch (error) {
          this.say(`This game could not be loaded: ${error.message}. Nothing was changed.`);
        }
      } else if (hash >= 0 && text.includes("record=")) {
        navigate(text.slice(hash + 1));
      } else {
        this.say("Paste a game's record (JSON, starting with {) or a link to a game (with #…record=…).");
      }
    });
  }

  say(text) {
    this.note.hidden = !text;
    this.note.textContent = text;
  }

  // the game shown: its record and its link
  show(record, share) {
    this.record = record;
    this.share = share;
    this.json.value = JSON.stringify(record);
  }
}
