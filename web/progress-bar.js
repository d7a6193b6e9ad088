// Visible progress of long work (starting Python, solving a game), with a Cancel button while
// the work can be cancelled (show(..., {onCancel})).
export class ProgressBar {
  constructor(root) {
    this.root = root;
    root.innerHTML = `<span class="label"></span><progress max="1"></progress>
      <button type="button" class="cancel" data-testid="cancel" hidden>Cancel</button>`;
    this.label = root.querySelector(".label");
    this.bar = root.querySelector("progress");
    this.cancelButton = root.querySelector(".cancel");
    this.onCancel = null;
    this.cancelButton.addEventListener("click", () => {
      const cancel = this.onCancel;
      this.onCancel = null;
      this.cancelButton.hidden = true;
      if (cancel) cancel();
    });
  }

  // onCancel: what Cancel does (kept until hide(), or another show() that names another);
  // without it a later show() leaves the button as it was (progress events of the same work)
  show(text, fraction = null, { onCancel } = {}) {
    this.root.hidden = false;
    this.label.textContent = text;
    if (fraction === null) this.bar.removeAttribute("value");
    else this.bar.value = fraction;
    if (onCancel) this.onCancel = onCancel;
    this.cancelButton.hidden = !this.onCancel;
  }

  hide() {
    this.root.hidden = true;
    this.onCancel = null;
    this.cancelButton.hidden = true;
  }
}
