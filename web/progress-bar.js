// Visible progress of long work (starting Python, solving a game).
export class ProgressBar {
  constructor(root) {
    this.root = root;
    root.innerHTML = `<span class="label"></span><progress max="1"></progress>`;
    this.label = root.querySelector(".label");
    this.bar = root.querySelector("progress");
  }

  show(text, fraction = null) {
    this.root.hidden = false;
    this.label.textContent = text;
    if (fraction === null) this.bar.removeAttribute("value");
    else this.bar.value = fraction;
  }

  hide() {
    this.root.hidden = true;
  }
}
