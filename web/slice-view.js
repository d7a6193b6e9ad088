// The 2-D roll/hold boundary: one slice of a panel's (i, j, turn total) box
// with one axis fixed by a slider, drawn as SVG. Tap or hover a cell for its
// state and both win probabilities; click it to open the advisor there.
// Test contract: the SVG is data-testid="slice" with data-cells (JSON: x, y,
// axis, at, fixed and the roll matrix [y][x] of 1 / 0 / null).
import { escapeHtml } from "./advice-panel.js";
import { saveSvgAsPng, saveText, svgText } from "./downloads.js";

export const COLOURS = { roll: "#0072b2", hold: "#e69f00", none: "#eef0f3", line: "#111111", here: "#cc79a7" };
const SVG = "http://www.w3.org/2000/svg";

export class SliceView {
  constructor(root, { onPick, onAxis, onCsv }) {
    this.root = root;
    this.onPick = onPick;
    this.onAxis = onAxis;
    this.onCsv = onCsv;
  }

  show(data, state, title) {
    this.data = data;
    this.state = state;
    const names = data.labels; // each axis's name, from the game's description
    const other = data.axesOrder.filter((a) => a === data.x || a === data.y || a === data.axis);
    this.root.innerHTML = `
      <h2>${escapeHtml(title)}</h2>
      <div class="slice-controls">
        <label class="field">Fix
          <select data-testid="slice-axis">${other
            .map((a) => `<option value="${a}" ${a === data.axis ? "selected" : ""}>${a} (${names[a]})</option>`)
            .join("")}</select></label>
        <label class="field grow">${data.axis} = <output data-testid="slice-at">${data.at}</output>
          <input data-testid="slice-slider" type="range" min="0" max="${data.size - 1}" value="${data.at}"></label>
      </div>
      <div class="slice-frame"></div>
      <p class="tip" data-testid="slice-tip" aria-live="polite">Tap a cell to see it; tap again to open it.</p>
      <ul class="legend">
        <li><span style="background:${COLOURS.roll}"></span>roll</li>
        <li><span style="background:${COLOURS.hold}"></span>hold</li>
        <li><span style="background:${COLOURS.none}"></span>not a state</li>
        <li><span class="line"></span>hold threshold</li>
        <li><span style="border:3px solid ${COLOURS.here}"></span>this state</li>
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
    slider.addEventListener("change", () => this.onPick({ ...this.state, [data.axis]: Number(slider.value) }));
    const svg = this.draw(data, state);
    this.root.querySelector(".slice-frame").append(svg);
    const base = `${data.game || "slice"}-${data.axis}${data.at}`;
    this.root.querySelector("[data-testid=export-slice-png]").addEventListener("click", () => saveSvgAsPng(svg, base + ".png"));
    this.root
      .querySelector("[data-testid=export-slice-svg]")
      .addEventListener("click", () => saveText(svgText(svg), base + ".svg", "image/svg+xml"));
    this.root.querySelector("[data-testid=export-csv]").addEventListener("click", () => this.onCsv());
  }

  draw(data, state) {
    const nx = data.xs.length;
    const ny = data.ys.length;
    const cell = Math.max(3, Math.min(14, Math.floor(560 / Math.max(nx, ny))));
    const left = 34;
    const bottom = 30;
    const width = left + nx * cell + 8;
    const height = ny * cell + bottom + 8;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("data-testid", "slice");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `Roll/hold slice, ${data.x} across, ${data.y} up, ${data.axis} = ${data.at}`);
    svg.dataset.cells = JSON.stringify({ x: data.x, y: data.y, axis: data.axis, at: data.at, fixed: data.fixed, roll: data.roll });
    const X = (x) => left + x * cell;
    const Y = (y) => 8 + (ny - 1 - y) * cell; // turn total / scores grow upwards, as in the papers
    const parts = [`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`];
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        const r = data.roll[y][x];
        const fill = r === 1 ? COLOURS.roll : r === 0 ? COLOURS.hold : COLOURS.none;
        parts.push(`<rect x="${X(x)}" y="${Y(y)}" width="${cell}" height="${cell}" fill="${fill}"/>`);
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
    parts.push(`<path d="${path.join("")}" stroke="${COLOURS.line}" stroke-width="${Math.max(1, cell / 4)}" fill="none"/>`);
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
    // axes and ticks
    const tick = nx > 60 ? 20 : 10;
    for (let x = 0; x < nx; x += tick)
      parts.push(`<text x="${X(x) + cell / 2}" y="${Y(0) + cell + 12}" class="tick">${x}</text>`);
    for (let y = 0; y < ny; y += tick)
      parts.push(`<text x="${left - 4}" y="${Y(y) + cell / 2 + 4}" class="tick" text-anchor="end">${y}</text>`);
    parts.push(`<text x="${left + (nx * cell) / 2}" y="${height - 2}" class="label">${data.x} (${data.labels[data.x]}) →</text>`);
    parts.push(
      `<text transform="translate(10 ${8 + (ny * cell) / 2}) rotate(-90)" class="label">${data.y} (${data.labels[data.y]}) →</text>`,
    );
    // this state
    const sx = state[data.x];
    const sy = state[data.y];
    if (sx < nx && sy < ny) {
      parts.push(
        `<rect data-testid="slice-here" x="${X(sx) - 1}" y="${Y(sy) - 1}" width="${cell + 2}" height="${cell + 2}" fill="none" stroke="${COLOURS.here}" stroke-width="${Math.max(2, cell / 3)}"/>`,
      );
    }
    svg.innerHTML = parts.join("");
    const style = document.createElementNS(SVG, "style");
    style.textContent = `.tick{font:9px sans-serif;fill:#374151;text-anchor:middle}.label{font:11px sans-serif;fill:#111827;text-anchor:middle}`;
    svg.prepend(style);
    const cellAt = (event) => {
      const point = svg.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      const p = point.matrixTransform(svg.getScreenCTM().inverse());
      const x = Math.floor((p.x - left) / cell);
      const y = ny - 1 - Math.floor((p.y - 8) / cell);
      return x >= 0 && x < nx && y >= 0 && y < ny ? { x, y } : null;
    };
    let last = null;
    svg.addEventListener("pointermove", (event) => {
      const at = cellAt(event);
      if (at) this.describe(at);
    });
    svg.addEventListener("click", (event) => {
      const at = cellAt(event);
      if (!at) return;
      // on touch the first tap shows the cell, the second opens it
      if (event.pointerType === "touch" && (!last || last.x !== at.x || last.y !== at.y)) {
        last = at;
        this.describe(at);
        return;
      }
      if (this.data.roll[at.y][at.x] === null) return;
      this.onPick({ ...this.state, [this.data.x]: at.x, [this.data.y]: at.y });
    });
    return svg;
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
            ? `; your rule disagrees here, costing ${pct(this.marks.get(`${x},${y}`).cost)} each time (reached ${this.marks
                .get(`${x},${y}`)
                .visits.toFixed(4)} times per game)`
            : "");
  }
}
