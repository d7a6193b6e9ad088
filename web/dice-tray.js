// Five dice. In "set" mode a tap steps a die's face (1-6) so a position is entered quickly;
// in "keep" mode a tap marks the die to keep before the next roll. Typed entry: "13356".
// A face of 0 is a die not rolled yet (shown blank).
const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export class DiceTray {
  constructor(root, { onChange = () => {}, testid = "dice" } = {}) {
    this.root = root;
    this.onChange = onChange;
    this.mode = "set";
    this.values = [0, 0, 0, 0, 0]; // no dice entered yet: blank, not a made-up roll
    this.kept = [false, false, false, false, false];
    root.innerHTML = `<div class="dice" data-testid="${testid}" role="group" aria-label="Dice">
      ${[0, 1, 2, 3, 4].map((i) => `<button type="button" class="die" data-index="${i}" data-testid="${testid}-${i}"></button>`).join("")}
    </div>`;
    this.buttons = [...root.querySelectorAll(".die")];
    this.buttons.forEach((button, i) =>
      button.addEventListener("click", () => {
        if (this.mode === "set") this.values[i] = (this.values[i] % 6) + 1;
        else if (this.mode === "keep") this.kept[i] = !this.kept[i];
        else return;
        this.render();
        this.onChange(this);
      }),
    );
    this.render();
  }

  setMode(mode) {
    this.mode = mode;
    this.render();
  }

  set(values, kept = null) {
    this.values = [...values];
    this.kept = kept ? [...kept] : values.map(() => false);
    this.render();
  }

  // mark the dice of a keep (a multiset of faces) as kept
  keepFaces(faces) {
    const wanted = [...faces];
    this.kept = this.values.map((v) => {
      const at = wanted.indexOf(v);
      if (at < 0) return false;
      wanted.splice(at, 1);
      return true;
    });
    this.render();
  }

  keptFaces() {
    return this.values.filter((_, i) => this.kept[i]).sort();
  }

  // dice not entered (or rolled) yet
  blanks() {
    return this.values.filter((v) => v === 0).length;
  }

  text() {
    return [...this.values].sort().join("");
  }

  render() {
    this.root.querySelector(".dice").dataset.mode = this.mode;
    this.buttons.forEach((button, i) => {
      const v = this.values[i];
      button.textContent = FACES[v];
      button.dataset.value = String(v);
      button.classList.toggle("kept", this.kept[i]);
      button.setAttribute("aria-pressed", String(this.kept[i]));
      button.setAttribute(
        "aria-label",
        v === 0
          ? `die ${i + 1}: not rolled yet`
          : `die ${i + 1}: ${v}${this.mode === "keep" ? (this.kept[i] ? ", kept" : ", will be rerolled") : ""}`,
      );
      button.disabled = this.mode === "locked";
    });
  }
}
