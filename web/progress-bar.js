// Visible progress of long work (starting Python, solving a game), with a Cancel button while
// the work can be cancelled (show(..., {onCancel})). Python's start (showBoot) gives way to any
// work shown, and endBoot() hides only what it showed: a job asked for before Python was up
// keeps its bar, and the start's last words do not stay over a job that shows none.
export class ProgressBar {
  constructor(root) {
    this.root = root;
    root.innerHTML = `<span class="label"></span><progress max="1"></progress>
      <button type="button" class="cancel" data-testid="cancel" hidden>Cancel</button>`;
    this.label = root.querySelector(".label");
    this.bar = root.querySelector("progress");
    this.cancelButton = root.querySelector(".cancel");
    this.onCancel = null;
    this.job = false; // the bar is a job's (not Python's start)
    this.cancelButton.addEventListener("click", () => {
      const cancel = this.onCancel;
      this.onCancel = null;
      this.job = false; // (cancelled: a new Python starts, and may say so)
      this.cancelButton.hidden = true;
      if (cancel) cancel();
    });
  }

  // onCancel: what Cancel does (kept until hide(), or another show() that names another);
  // without it a later show() leaves the button as it was (progress events of the same work)
  show(text, fraction = null, { onCancel } = {}) {
    this.job = true;
    this.root.hidden = false;
    this.label.textContent = text;
    if (fraction === null) this.bar.removeAttribute("value");
    else this.bar.value = fraction;
    if (onCancel) this.onCancel = onCancel;
    this.cancelButton.hidden = !this.onCancel;
  }

  showBoot(text) {
    if (this.job) return; // (a job's bar stays)
    this.show(text);
    this.job = false;
  }

  endBoot() {
    if (!this.job) this.hide();
  }

  hide() {
    this.job = false;
    this.root.hidden = true;
    this.onCancel = null;
    this.cancelButton.hidden = true;
  }
}
