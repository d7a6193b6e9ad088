// The 3-D roll region of a panel (like the papers' figures): the optimal
// player rolls inside the blue solid. Rotate with a drag (one finger), zoom
// with the wheel or a pinch. Drawn with three.js from the live solution.
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { escapeHtml } from "./escape-html.js";
import { saveCanvasAsPng } from "./downloads.js";
import { COLOURS } from "./slice-view.js";

const FOV = 40; // the camera's vertical field of view, degrees
const LABEL_FONT_PX = 14; // axis names and ticks, on screen, however far the camera is (a phone's 7 px was unreadable)

// a text sprite as wide as its text (a fixed-width canvas cut "brains this turn" short), drawn
// at a fixed size on screen: `fontPx` CSS pixels of type in a view `viewHeight` pixels tall
function label(text, fontPx, viewHeight) {
  const canvas = document.createElement("canvas");
  const font = "bold 40px sans-serif";
  let context = canvas.getContext("2d");
  context.font = font;
  canvas.width = Math.ceil(context.measureText(text).width) + 16;
  canvas.height = 64;
  context = canvas.getContext("2d"); // resizing resets the context's state
  context.font = font;
  context.fillStyle = "rgba(255, 255, 255, 0.85)"; // a light card behind the text: readable over the blue solid
  context.fillRect(0, 8, canvas.width, 48);
  context.fillStyle = "#111827";
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(text, canvas.width / 2, 32);
  const material = new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(canvas), depthTest: false, sizeAttenuation: false });
  const sprite = new THREE.Sprite(material);
  // without attenuation a sprite of scale s is s * cot(fov/2) * viewHeight / 2 pixels tall
  const cot = 1 / Math.tan((FOV * Math.PI) / 360);
  const size = (2 * fontPx * (canvas.height / 40)) / (cot * viewHeight);
  sprite.scale.set((size * canvas.width) / canvas.height, size, 1);
  sprite.userData.fontPx = (size * cot * viewHeight) / 2 / (canvas.height / 40); // (what a test reads back)
  return sprite;
}

export class SolidView {
  constructor(root) {
    this.root = root;
    this.renderer = null;
  }

  dispose() {
    if (this.controls) this.controls.dispose();
    if (this.renderer) this.renderer.dispose();
    this.renderer = null;
  }

  show(data, state, title) {
    this.dispose();
    const [ni, nj, nt] = data.size;
    const [ai, aj, at] = data.axes;
    this.root.innerHTML = `
      <h2>${escapeHtml(title)}</h2>
      <div class="solid-frame"><canvas data-testid="solid-canvas" aria-label="3-D roll region: ${ai} across, ${aj} deep, ${at} up"></canvas></div>
      <ul class="legend">
        <li><span style="background:${COLOURS.roll}"></span>roll (inside the solid); hold outside</li>
        <li><span style="background:${COLOURS.here}"></span>this state</li>
        ${data.disagreements ? `<li data-testid="solid-marks-legend"><span style="background:#000000"></span>your rule disagrees (${data.disagreements.length} states)</li>` : ""}
        <li>axes: ${ai} (${escapeHtml(data.labels[ai])}) →, ${aj} (${escapeHtml(data.labels[aj])}) ↗, ${at} (${escapeHtml(data.labels[at])}) ↑ — drag to turn, pinch or scroll to zoom</li>
      </ul>
      <div class="exports"><button type="button" data-testid="export-solid-png">PNG</button></div>`;
    const canvas = this.root.querySelector("canvas");
    // the frame's content width (the card's clientWidth includes its padding: on a phone that
    // drew 342 px on a 360 px screen), no taller than 70% of the window
    const width = Math.min(this.root.querySelector(".solid-frame").clientWidth || 600, 900);
    const height = Math.round(Math.min(width * 0.8, Math.max(240, 0.7 * window.innerHeight)));
    const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    renderer.setSize(width, height);
    renderer.setClearColor(0xffffff, 1);
    this.renderer = renderer;

    const scene = new THREE.Scene();
    // scale the turn total so the box is roughly a cube
    const up = Math.max(ni, nj) / Math.max(nt, 1);
    const material = new THREE.MeshLambertMaterial({ color: COLOURS.roll });
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(1, 1, 1), material, Math.max(data.runs.length, 1));
    const matrix = new THREE.Matrix4();
    data.runs.forEach(([i, j, t0, t1], n) => {
      matrix.makeScale(1, (t1 - t0) * up, 1);
      matrix.setPosition(i + 0.5, ((t0 + t1) / 2) * up, j + 0.5);
      mesh.setMatrixAt(n, matrix);
    });
    mesh.count = data.runs.length;
    scene.add(mesh);
    // where the user's rule disagrees with optimal play: small black cubes
    const marks = data.disagreements || [];
    if (marks.length) {
      const dots = new THREE.InstancedMesh(
        new THREE.BoxGeometry(0.45, 0.45 * up, 0.45),
        new THREE.MeshBasicMaterial({ color: 0x000000, depthTest: false }),
        marks.length,
      );
      dots.renderOrder = 2;
      marks.forEach(([i, j, t], n) => {
        matrix.makeTranslation(i + 0.5, (t + 0.5) * up, j + 0.5);
        dots.setMatrixAt(n, matrix);
      });
      scene.add(dots);
    }
    scene.add(new THREE.AmbientLight(0xffffff, 1.6));
    const light = new THREE.DirectionalLight(0xffffff, 1.4);
    light.position.set(ni, nt * up * 2, nj * 1.5);
    scene.add(light);

    // axes, ticks and labels
    const box = new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(ni, nt * up, nj));
    scene.add(new THREE.Box3Helper(box, 0x9ca3af));
    const grid = new THREE.GridHelper(Math.max(ni, nj), 10, 0xd1d5db, 0xe5e7eb);
    grid.position.set(Math.max(ni, nj) / 2, 0, Math.max(ni, nj) / 2);
    scene.add(grid);
    const size = Math.max(ni, nj) / 9;
    const li = label(`${ai} (${data.labels[ai]})`, LABEL_FONT_PX, height);
    li.position.set(ni / 2, -size, nj + size * 2);
    const lj = label(`${aj} (${data.labels[aj]})`, LABEL_FONT_PX, height);
    lj.position.set(ni + size * 3, -size, nj / 2);
    lj.center.set(1, 0.5); // (ends at the box's right: a phone's frame cut it off when centred there)
    const lt = label(`${at} (${data.labels[at]})`, LABEL_FONT_PX, height);
    lt.position.set(-size * 2, (nt * up) / 2, 0);
    scene.add(li, lj, lt);
    const labels = [];
    for (const [text, x, y, z] of [
      ["0", 0, -size, nj + size],
      [String(ni), ni, -size, nj + size],
      [String(nj), ni + size, -size, nj],
      [String(nt), -size, nt * up, 0],
    ]) {
      const tick = label(text, LABEL_FONT_PX, height);
      tick.position.set(x, y, z);
      scene.add(tick);
      labels.push(tick);
    }
    labels.push(li, lj, lt);
    canvas.dataset.labelPx = Math.min(...labels.map((l) => l.userData.fontPx)).toFixed(1);
    // this state
    const here = new THREE.Mesh(
      new THREE.SphereGeometry(Math.max(ni, nj) / 60 + 0.6, 16, 12),
      // drawn over the solid, so the state shows even inside the roll region
      new THREE.MeshBasicMaterial({ color: COLOURS.here, depthTest: false }),
    );
    here.renderOrder = 1;
    here.position.set(state[ai] + 0.5, (state[at] + 0.5) * up, state[aj] + 0.5);
    scene.add(here);

    const camera = new THREE.PerspectiveCamera(FOV, width / height, 0.1, 2000);
    const centre = new THREE.Vector3(ni / 2, (nt * up) / 3, nj / 2);
    camera.position.set(ni * 1.9, nt * up * 1.3, nj * 2.1);
    const controls = new OrbitControls(camera, canvas);
    controls.target.copy(centre);
    controls.update();
    const render = () => renderer.render(scene, camera);
    controls.addEventListener("change", render);
    this.controls = controls;
    render();
    canvas.dataset.ready = "true";
    this.root
      .querySelector("[data-testid=export-solid-png]")
      .addEventListener("click", () => saveCanvasAsPng(canvas, `${data.game || "solid"}-3d.png`));
  }
}
