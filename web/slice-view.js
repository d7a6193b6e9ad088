// The 2-D roll/hold boundary: one slice of a panel's (i, j, turn total) box
// with one axis fixed by a slider, drawn as SVG at the size it is shown (text is
// 12-13 px on a phone and a desktop alike; the chart fits 70% of the window's
// height). Hover a cell, tap it, or focus the chart and use the arrow keys: the
// cell's state and both win probabilities are shown; a click, a second tap, Enter
// or "Open" opens the advisor there. Cells can be a few pixels wide on a phone, so
// a tap is refined with the arrow buttons under the chart.
// A slice opened at another value than the position's (data.opened_from: the position's slice
// was one colour) says why in one line (data.note, slice-opened); its cells open at the value
// shown, and the position's outline is not drawn (it is not on this slice).
// Test contract: the SVG is data-testid="slice" with data-cells (JSON: x, y,
// axis, at, fixed and the roll matrix [y][x] of 1 / 0 / null); the cells are its
// first rects after the background, row by row from y = 0.
import { escapeHtml } from "./escape-html.js";
import { saveSvgAsPng, saveText, svgText } from "./downloads.js";

export const COLOURS = { roll: "#0072b2", hold: "#d55e00", none: "#eef0f3", line: "#111111", here: "#cc79a7", cursor: "#111111" };
const SVG = "http://www.w3.org/2000/svg";
const MARGIN = { left: 48, right: 8, top: 8, bottom: 38 }; // px: room for 12-13 px axis text
// opened at another value than the position's (its own slice was one colour)
const moved = (data) => data.opened_from !== undefined;
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

export class SliceView {
  constructor(root, { onPick, onAxis, onSlide, onCsv }) {
    this.root = root;
    this.onPick = onPick; // (state) -> open the advisor there
    this.onAxis = onAxis; // (axis) -> fix another axis
    this.onSlide = onSlide; // (axis, value) -> move the fixed axis (only it changes)
    this.onCsv = onCsv;
    this.cursor = null; // the cell being looked at {x, y}
    this.drawnWidth = 0;
    this.resizes = new ResizeObserver(() => {
      const frame = this.root.querySelector(".slice-frame");
      if (frame && this.data && Math.abs(frame.clientWidth - this.drawnWidth) > 1) this.redraw();
    });
  }

  show(data, state, title, note = "") {
    // keep the keyboard where it was: the whole view is redrawn for each position
    const active = document.activeElement;
    const focused = active && this.root.contains(active) ? active.dataset.testid : null;
    const sameChart = this.data && this.data.axis === data.axis && JSON.stringify(this.data.fixed) === JSON.stringify(data.fixed);
    if (!sameChart) this.cursor = null;
    this.data = data;
    this.state = state;
    const names = data.labels; // each axis's name, from the game's description
    const other = data.axesOrder.filter((a) => a === data.x || a === data.y || a === data.axis);
    const nx = data.xs.length;
    const ny = data.ys.length;
    const off = [data.x, data.y].filter((a, n) => state[a] >= (n === 0 ? nx : ny));
    this.root.innerHTML = `
      <h2>${escapeHtml(title)}</h2>
      <div class="slice-controls">
        <label class="field">Fix
          <select data-testid="slice-axis">${other
            .map((a) => `<option value="${a}" ${a === data.axis ? "selected" : ""}>${a} (${escapeHtml(names[a])})</option>`)
            .join("")}</select></label>
        <label class="field grow">${data.axis} (${escapeHtml(names[data.axis])}) = <output data-testid="slice-at">${data.at}</output>
          <input data-testid="slice-slider" type="range" min="0" max="${data.size - 1}" value="${data.at}"></label>
      </div>
      ${note ? `<p class="field-note" data-testid="slice-note" role="status">${escapeHtml(note)}</p>` : ""}
      ${data.note ? `<p class="slice-opened" data-testid="slice-opened">${escapeHtml(data.note)}</p>` : ""}
      ${
        off.length
          ? `<p class="note" data-testid="slice-off-chart">This position (${off
              .map((a) => `${a} = ${state[a]}`)
              .join(", ")}) is off the chart, which shows ${data.x} from 0 to ${nx - 1} and ${data.y} from 0 to ${ny - 1}; its answer is above.</p>`
          : ""
      }
      <div class="slice-frame"></div>
      <div class="cursor-controls" data-testid="slice-cursor-controls" hidden>
        <button type="button" data-move="-1,0" aria-label="cell to the left">◀</button>
        <button type="button" data-move="0,-1" aria-label="cell below">▼</button>
        <button type="button" data-move="0,1" aria-label="cell above">▲</button>
        <button type="button" data-move="1,0" aria-label="cell to the right">▶</button>
        <button type="button" data-testid="slice-open">Open</button>
      </div>
      <p class="tip" data-testid="slice-tip" aria-live="polite">Tap a cell (or focus the chart and use the arrow keys) to see it; tap again or press Enter to open it.</p>
      <ul class="legend">
        <li><span style="background:${COLOURS.roll}"></span>roll</li>
        <li><span style="background:${COLOURS.hold}"></span>hold</li>
        <li><span style="background:${COLOURS.none}"></span>not a state</li>
        <li><span class="line"></span>hold threshold</li>
        ${moved(data) ? "" : `<li><span style="border:3px solid ${COLOURS.here}"></span>this state</li>`}
        ${data.disagreements ? `<li data-testid="slice-marks-legend"><span class="cross">×</span>your rule disagrees (${data.disagreements.length} here)</li>` : ""}
      </ul>
      <div class="exports">
        <button type="button" data-testid="export-slice-png">PNG</button>
        <button type="button" data-testid="export-slice-svg">SVG</button>
        <button type="button" data-testid="export-csv">CSV</button>
      </div>`;
    this.root.querySelector("[data-testid=slice-axis]").addEventListener("change", (e) => this.onAxis(e.target.value));
    const slider = this.root.querySelector("[data-testid=slice-slider]");
    slider.addEventListener("input", () => (this.root.querySelector("output").textContent = slider.value));
    slider.addEventListener("change", () => this.onSlide(data.axis, Number(slider.value)));
    this.root.querySelectorAll("[data-move]").forEach((button) =>
      button.addEventListener("click", () => {
        const [dx, dy] = button.dataset.move.split(",").map(Number);
        this.moveCursor(dx, dy);
      }),
    );
    this.root.querySelector("[data-testid=slice-open]").addEventListener("click", () => this.openCursor());
    this.resizes.disconnect();
    this.redraw();
    this.resizes.observe(this.root.querySelector(".slice-frame"));
    const base = `${data.game || "slice"}-${data.axis}${data.at}`;
    this.root.querySelector("[data-testid=export-slice-png]").addEventListener("click", () => saveSvgAsPng(this.svg, base + ".png"));
    this.root
      .querySelector("[data-testid=export-slice-svg]")
      .addEventListener("click", () => saveText(svgText(this.svg), base + ".svg", "image/svg+xml"));
    this.root.querySelector("[data-testid=export-csv]").addEventListener("click", () => this.onCsv());
    if (focused) {
      const again = this.root.querySelector(`[data-testid="${focused}"]`);
      if (again) again.focus();
    }
  }

  redraw() {
    const frame = this.root.querySelector(".slice-frame");
    const hadFocus = this.svg && document.activeElement === this.svg;
    this.drawnWidth = frame.clientWidth;
    this.svg = this.draw(this.data, this.state, frame.clientWidth || 320);
    frame.replaceChildren(this.svg);
    if (this.cursor) this.placeCursor();
    if (hadFocus) this.svg.focus();
  }

  draw(data, state, frameWidth) {
    const nx = data.xs.length;
    const ny = data.ys.length;
    const tallest = Math.max(220, Math.round(0.7 * window.innerHeight));
    const cell = Math.max(
      2,
      Math.min(24, (frameWidth - MARGIN.left - MARGIN.right) / nx, (tallest - MARGIN.top - MARGIN.bottom) / ny),
    );
    this.cell = cell;
    const width = Math.round(MARGIN.left + nx * cell + MARGIN.right);
    const height = Math.round(MARGIN.top + ny * cell + MARGIN.bottom);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    svg.setAttribute("data-testid", "slice");
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("role", "img");
    svg.setAttribute(
      "aria-label",
      `Roll/hold slice, ${data.x} across, ${data.y} up, ${data.axis} = ${data.at}. Arrow keys move between cells, Enter opens one.`,
    );
    svg.dataset.cells = JSON.stringify({ x: data.x, y: data.y, axis: data.axis, at: data.at, fixed: data.fixed, roll: data.roll });
    const X = (x) => MARGIN.left + x * cell;
    const Y = (y) => MARGIN.top + (ny - 1 - y) * cell; // turn total / scores grow upwards, as in the papers
    this.X = X;
    this.Y = Y;
    const parts = [`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`];
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        const r = data.roll[y][x];
        const fill = r === 1 ? COLOURS.roll : r === 0 ? COLOURS.hold : COLOURS.none;
        parts.push(`<rect x="${X(x)}" y="${Y(y)}" width="${cell}" height="${cell}" fill="${fill}" shape-rendering="crispEdges"/>`);
      }
    }
    // the hold threshold: every edge between a roll cell and a hold cell
    const path = [];
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        const r = data.roll[y][x];
        if (x + 1 < nx && r !== null && data.roll[y][x + 1] !== null && r !== data.roll[y][x + 1])
          path.push(`M${X(x + 1)} ${Y(y)}v${cell}`);
        if (y + 1 < ny && r !== null && data.roll[y + 1][x] !== null && r !== data.roll[y + 1][x])
          path.push(`M${X(x)} ${Y(y)}h${cell}`);
      }
    }
    parts.push(`<path d="${path.join("")}" stroke="${COLOURS.line}" stroke-width="${Math.max(1.5, cell / 4)}" fill="none"/>`);
    // where the user's rule disagrees with optimal play
    if (data.disagreements) {
      this.marks = new Map(data.disagreements.map((m) => [`${m.x},${m.y}`, m]));
      const crosses = data.disagreements.map(
        (m) => `M${X(m.x) + 1} ${Y(m.y) + 1}l${cell - 2} ${cell - 2}M${X(m.x) + cell - 1} ${Y(m.y) + 1}l${2 - cell} ${cell - 2}`,
      );
      parts.push(`<path data-testid="slice-marks" d="${crosses.join("")}" stroke="#000000" stroke-width="${Math.max(1, cell / 6)}"/>`);
    } else {
      this.marks = new Map();
    }
    // axes and ticks: as many as fit at 12 px
    const step = (n) => [1, 2, 5, 10, 20, 25, 50, 100].find((t) => t * cell >= 28 && n / t <= 12) || 100;
    for (let x = 0; x < nx; x += step(nx))
      parts.push(`<text x="${X(x) + cell / 2}" y="${Y(0) + cell + 15}" class="tick">${x}</text>`);
    for (let y = 0; y < ny; y += step(ny))
      parts.push(`<text x="${MARGIN.left - 5}" y="${Y(y) + cell / 2 + 4}" class="tick" text-anchor="end">${y}</text>`);
    parts.push(`<text x="${MARGIN.left + (nx * cell) / 2}" y="${height - 4}" class="label">${data.x} (${escapeHtml(data.labels[data.x])}) →</text>`);
    parts.push(
      `<text transform="translate(14 ${MARGIN.top + (ny * cell) / 2}) rotate(-90)" class="label">${data.y} (${escapeHtml(data.labels[data.y])}) →</text>`,
    );
    // this state
    const sx = state[data.x];
    const sy = state[data.y];
    if (sx < nx && sy < ny && !moved(data)) {
      parts.push(
        `<rect data-testid="slice-here" x="${X(sx) - 1}" y="${Y(sy) - 1}" width="${cell + 2}" height="${cell + 2}" fill="none" stroke="${COLOURS.here}" stroke-width="${Math.max(2, cell / 3)}"/>`,
      );
    }
    parts.push(`<rect data-testid="slice-cursor" fill="none" stroke="${COLOURS.cursor}" stroke-width="2" stroke-dasharray="3 2" visibility="hidden"/>`);
    svg.innerHTML = parts.join("");
    const style = document.createElementNS(SVG, "style");
    style.textContent = `.tick{font:12px sans-serif;fill:#374151;text-anchor:middle}.label{font:13px sans-serif;fill:#111827;text-anchor:middle}`;
    svg.prepend(style);
    const cellAt = (event) => {
      const point = svg.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      const p = point.matrixTransform(svg.getScreenCTM().inverse());
      const x = Math.floor((p.x - MARGIN.left) / cell);
      const y = ny - 1 - Math.floor((p.y - MARGIN.top) / cell);
      return x >= 0 && x < nx && y >= 0 && y < ny ? { x, y } : null;
    };
    svg.addEventListener("pointermove", (event) => {
      const at = cellAt(event);
      if (at && event.pointerType === "mouse") this.describe(at);
    });
    svg.addEventListener("click", (event) => {
      const at = cellAt(event);
      if (!at) return;
      // on touch the first tap picks the cell (refined with the arrows), the second opens it
      if (event.pointerType === "touch" && (!this.cursor || this.cursor.x !== at.x || this.cursor.y !== at.y)) {
        this.setCursor(at);
        return;
      }
      this.cursor = at;
      this.openCursor();
    });
    svg.addEventListener("focus", () => {
      if (!this.cursor) this.setCursor(sx < nx && sy < ny ? { x: sx, y: sy } : { x: 0, y: 0 });
    });
    svg.addEventListener("keydown", (event) => {
      if (event.key in ARROWS) {
        event.preventDefault();
        this.moveCursor(...ARROWS[event.key]);
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.openCursor();
      }
    });
    return svg;
  }

  setCursor(at) {
    this.cursor = at;
    this.placeCursor();
    this.describe(at);
    this.root.querySelector("[data-testid=slice-cursor-controls]").hidden = false;
  }

  moveCursor(dx, dy) {
    const nx = this.data.xs.length;
    const ny = this.data.ys.length;
    const from = this.cursor || { x: 0, y: 0 };
    this.setCursor({ x: Math.min(nx - 1, Math.max(0, from.x + dx)), y: Math.min(ny - 1, Math.max(0, from.y + dy)) });
  }

  placeCursor() {
    const mark = this.svg.querySelector("[data-testid=slice-cursor]");
    const { x, y } = this.cursor;
    mark.setAttribute("x", String(this.X(x) - 1));
    mark.setAttribute("y", String(this.Y(y) - 1));
    mark.setAttribute("width", String(this.cell + 2));
    mark.setAttribute("height", String(this.cell + 2));
    mark.setAttribute("visibility", "visible");
  }

  openCursor() {
    if (!this.cursor) return;
    const { x, y } = this.cursor;
    if (this.data.roll[y][x] === null) {
      this.root.querySelector("[data-testid=slice-tip]").textContent =
        `${this.data.x}=${x}, ${this.data.y}=${y}, ${this.data.axis}=${this.data.at} is not a state of the game: nothing to open`;
      return;
    }
    const at = moved(this.data) ? { [this.data.axis]: this.data.at } : {}; // (the slice shown, not the position's)
    this.onPick({ ...this.state, ...at, [this.data.x]: x, [this.data.y]: y });
  }

  describe({ x, y }) {
    const d = this.data;
    const r = d.roll[y][x];
    const pct = (p) => (p === null ? "—" : `${(100 * p).toFixed(1)}%`);
    const where = `${d.x}=${x}, ${d.y}=${y}, ${d.axis}=${d.at}`;
    this.root.querySelector("[data-testid=slice-tip]").textContent =
      r === null
        ? `${where}: not a state of the game`
        : `${where}: ${r ? "roll" : "hold"} — P(win) if roll ${pct(d.p_roll[y][x])}, if hold ${pct(d.p_hold[y][x])}` +
          (this.marks.has(`${x},${y}`)
            ? `; your rule disagrees here, costing ${(100 * this.marks.get(`${x},${y}`).cost).toFixed(1)} percentage points of the chance to win each time (reached ${this.marks
                .get(`${x},${y}`)
                .visits.toFixed(4)} times per game)`
            : "");
  }
}
