// One recorded game, the lifecycle under the three views that play one (play-view.js: against the
// computer; table-view.js: at the table; scorecard-play.js: a scorecard game). A game is a record
// (its header and every move) that the engine's play service replays: this component owns the
// record and the position it stands at, keeps them in localStorage per game and rules (a reload, or
// a switch to another game and back, resumes it), sends each move with the record (the `move`
// action: the record, its position and its share link come back), drops an answer that a newer
// game or an undo has overtaken, undoes (moves popped, the record replayed), puts the kept game
// aside for one opened from a link (restored with one tap), wires the record box (record-box.js:
// save, share, load), shows the review at the game's end (review-panel.js, or the view's own), and
// holds the busy state and the error line. The view draws its board and controls from each
// position it is given, says what a record means to it, and calls the engine only through the
// `call` it was given (this component uses the same one).
// Test contract (prefix "play" or "table"), in the view's root: {prefix}-error, {prefix}-aside with
// {prefix}-restore, play-review (the review) and a .record-slot for the record box.
import { putAside, readKept, takeAside, writeKept } from "./kept-object.js";
import { RecordBox } from "./record-box.js";
import { ReviewPanel } from "./review-panel.js";

// a finished game: a scorecard position says so, a two-player one has its result
const isOver = (p) => ("over" in p ? Boolean(p.over) : p.result !== null);

export class RecordedGame {
  // call(action, args): the view's engine; navigate(fragment): open a link; store: the storage
  // key's part ("play", "table", "scorecard-play"); prefix: the test ids'; keepAlone: the view's
  // settings are kept even before a game; plainLinkErrors: a link that does not load says only why.
  // The view's side (each optional):
  //   open(record, how, kept): open a record (how: "new", "kept", "link", "loaded", "restored";
  //     kept: what was kept, for "kept"), around load(); else load() alone
  //   shown(answer, how): draw a position (how as above, or "move", "undo"); a promise it returns
  //     (a move made at once) is waited for
  //   settings(): what the view keeps with the record
  //   seat(): the seat the review speaks to (null: every player's)
  //   review(answer): the view's own review (else review-panel.js in play-review)
  //   onBusy(): the busy state changed
  constructor({ call, navigate, store, prefix, keepAlone = false, plainLinkErrors = false, ...view }) {
    this.call = call;
    this.navigate = navigate;
    this.store = store;
    this.prefix = prefix;
    this.keepAlone = keepAlone;
    this.plainLinkErrors = plainLinkErrors;
    this.view = view;
    this.record = null;
    this.position = null;
    this.busy = false;
    this.mounts = 0; // a view drawn again (another game): answers for the one before are dropped
    this.generation = 0; // a game opened or a move undone: moves under way are dropped (the computer's loop stops)
  }

  // the view drawn (again) in root for a game and rules (params null: each record's own)
  mount(root, game, params) {
    this.game = game;
    this.params = params;
    this.record = null;
    this.position = null;
    this.mounts += 1;
    this.generation += 1;
    const part = (id) => root.querySelector(`[data-testid=${this.prefix}-${id}]`);
    this.error = part("error");
    this.aside = part("aside");
    part("restore").addEventListener("click", () => this.restore());
    this.records = new RecordBox(root.querySelector(".record-slot"), {
      prefix: this.prefix,
      navigate: this.navigate,
      onRecord: (record) => this.open(record, "loaded"),
    });
    this.panel = this.view.review ? null : new ReviewPanel(root.querySelector("[data-testid=play-review]"), { navigate: this.navigate });
  }

  key() {
    return ["roll-or-hold", this.store, this.game.name, ...(this.params ? [JSON.stringify(this.params)] : [])].join(":");
  }

  kept() {
    return readKept(this.key());
  }

  keep() {
    // (storage blocked: the game still goes on in this tab)
    if (this.record || this.keepAlone) writeKept(this.key(), { record: this.record, ...this.view.settings?.() });
  }

  fail(message) {
    this.error.hidden = !message;
    this.error.textContent = message || "";
  }

  // the engine's arguments for a record's game and rules
  rules(record = this.record) {
    return { game: this.game.name, ...(this.params ?? record.params) };
  }

  // where a record stands, from the engine ({record, position, share}); extra: a move's arguments
  fetch(record, extra = {}) {
    return this.call("move", { ...this.rules(record), record, ...extra });
  }

  open(record, how, kept = null) {
    return this.view.open ? this.view.open(record, how, kept) : this.load(record, how);
  }

  // a step of the game (a new one, an undo): an error is shown in words, the game stays as it was
  async guard(step) {
    this.fail("");
    try {
      await step();
    } catch (error) {
      this.fail(error.message);
    }
  }

  // a move and what follows it, one at a time: a tap while one is under way is dropped
  async run(step) {
    if (this.busy) return;
    this.setBusy(true);
    try {
      await step();
    } catch (error) {
      this.fail(error.message);
    } finally {
      this.setBusy(false);
    }
  }

  setBusy(busy) {
    this.busy = busy;
    this.view.onBusy?.();
  }

  // the game to show as the view opens: one from a link (the kept game put aside, to be restored
  // with one tap), else the kept one; false if there is neither
  async resume(incoming = null) {
    const kept = this.kept();
    this.fail("");
    try {
      if (incoming) {
        this.aside.hidden = !putAside(this.key(), kept, incoming);
        await this.open(incoming, "link");
      } else if (kept.record) {
        await this.open(kept.record, "kept", kept);
      } else {
        return false;
      }
    } catch (error) {
      const plain = incoming && this.plainLinkErrors;
      this.fail(plain ? error.message : `The saved game could not be read (${error.message}); start a new one.`);
    }
    return true;
  }

  async restore() {
    const record = takeAside(this.key());
    this.aside.hidden = true;
    if (record) await this.guard(() => this.open(record, "restored"));
  }

  // a record opened where it stands; check(answer): the view's word on it first (it throws to
  // refuse it: nothing changed). Null if the view was drawn again meanwhile.
  async load(record, how = "loaded", check = null) {
    const mounts = this.mounts;
    const answer = await this.fetch(record);
    if (mounts !== this.mounts) return null;
    check?.(answer);
    this.generation += 1;
    this.fail("");
    await this.setPosition(answer, how);
    return answer;
  }

  // a move ({move} the person's, {player} the computer's) sent with the record; said(answer):
  // before it is shown. Null if a newer game or an undo came first (the answer is dropped).
  async move(args, said = null) {
    const generation = this.generation;
    const answer = await this.fetch(this.record, args);
    if (generation !== this.generation) return null;
    said?.(answer);
    await this.setPosition(answer, "move");
    return answer;
  }

  // moves taken back one at a time, the record replayed, until until(position) or the game's
  // start; said(answer): before it is shown. Null if there was nothing to take back.
  async undo(until, said = null) {
    if (!this.record?.moves.length) return null;
    const generation = ++this.generation; // (a move under way is dropped)
    const record = { ...this.record, moves: [...this.record.moves] };
    let answer;
    do {
      record.moves.pop();
      answer = await this.fetch(record);
    } while (record.moves.length && !until(answer.position));
    if (generation !== this.generation) return null;
    said?.(answer);
    await this.setPosition(answer, "undo");
    return answer;
  }

  // the link to the game where it stands once it has a move (the page's Copy link gives it, not
  // the position the advisor holds: mid-game that was an empty board); null before the first
  // move or for a game too long for a link
  gameLink() {
    return this.record?.moves.length && this.records.share ? new URL(this.records.share, location.href).href : null;
  }

  async setPosition(answer, how) {
    this.record = answer.record;
    this.position = answer.position;
    this.records.show(answer.record, answer.share);
    const over = isOver(answer.position);
    if (!over) this.panel?.clear();
    const going = this.view.shown?.(answer, how);
    this.keep();
    if (over) await this.showReview();
    await going;
  }

  // the finished game's review (dropped if another game or an undo came first)
  async showReview() {
    const generation = this.generation;
    const record = this.record;
    const answer = await this.call("review", { ...this.rules(record), record });
    if (generation !== this.generation) return;
    if (this.view.review) this.view.review(answer);
    else this.panel.show(answer, record.players, this.view.seat?.() ?? null);
  }
}
