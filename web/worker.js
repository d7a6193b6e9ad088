// The engine: Pyodide + numpy + pycore in a module Web Worker.
// Messages in: {id, action, args, lane?}. Out: {id, result} | {id, error: {type, message}},
// and events {type: "progress", id, stage, fraction}, {type: "log", message},
// {type: "ready", version}, {type: "fatal", message}.
// A message with a lane ("position": what the screen shows) that is still waiting when a newer
// message of its lane arrives is not run: it is answered {type: "Superseded"} (the newer one
// asks what the page wants now). Solves Python keeps across reloads (pycore.store.kept_solves)
// live in the browser's storage, mounted at KEPT_DIR and saved after each request.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const post = (message) => self.postMessage(message);
const TABLES_DIR = "/tables";
const KEPT_DIR = "/kept";
const latestOfLane = new Map(); // lane -> the id of the newest message of that lane
let fileSystem = null;
let manifest = null;
const tablesWritten = new Set();

async function fetchBytes(name, onProgress) {
  const response = await fetch(new URL("./tables/" + name, import.meta.url));
  if (!response.ok) throw new Error(`tables/${name}: HTTP ${response.status}`);
  const total = Number(response.headers.get("content-length")) || 0;
  const reader = response.body.getReader();
  const parts = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    if (total) onProgress(received / total);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

// The table a request needs (one the manifest lists for the game and its parameters), written
// to Python's file system once.
async function ensureTable(args, onProgress) {
  await ensureManifest();
  if (!args || typeof args.game !== "string") return; // (a link: Python names the table it needs)
  // the table made for the game with the request's parameters (where the page names them; a
  // link's table is named by Python and fetched when it asks)
  const entry = manifest.tables.find(
    (t) => t.rules.game === args.game && Object.entries(t.params).every(([k, v]) => !(k in args) || args[k] === v),
  );
  if (entry) await writeTable(entry, onProgress);
}

// the tables' manifest, written to Python's file system once (Python reads it for any table)
async function ensureManifest() {
  if (manifest) return;
  const response = await fetch(new URL("./tables/manifest.json", import.meta.url));
  if (!response.ok) throw new Error(`tables/manifest.json: HTTP ${response.status}`);
  manifest = await response.json();
  fileSystem.writeFile(`${TABLES_DIR}/manifest.json`, JSON.stringify(manifest));
}

// a table of the manifest (and its rule set's results), written to Python's file system once
async function writeTable(entry, onProgress) {
  if (tablesWritten.has(entry.file)) return;
  const bytes = await fetchBytes(entry.file, (fraction) => onProgress("loading the table", fraction));
  fileSystem.writeFile(`${TABLES_DIR}/${entry.file}`, bytes);
  // the rule set's offline results (target curve, beating an optimal player): small JSON files
  // that Python reads next to the table, since the manifest it sees lists them
  const sameRules = JSON.stringify(entry.rules);
  for (const result of (manifest.results || []).filter((r) => JSON.stringify(r.rules) === sameRules)) {
    fileSystem.writeFile(`${TABLES_DIR}/${result.file}`, await fetchBytes(result.file, () => {}));
  }
  tablesWritten.add(entry.file);
}

// the solves Python keeps (one directory a build's version: another build's are removed by
// Python when it keeps one), read from the browser's storage; none kept where it cannot be had
async function mountKept(pyodide, version) {
  try {
    pyodide.FS.mkdirTree(KEPT_DIR);
    pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, KEPT_DIR);
    await new Promise((resolve, reject) => pyodide.FS.syncfs(true, (error) => (error ? reject(error) : resolve())));
    pyodide.runPython(`import os; os.environ["ROLL_OR_HOLD_KEPT"] = "${KEPT_DIR}/${version}"`);
    keptStorage = pyodide.FS;
  } catch (error) {
    log("Solves are not kept across reloads here: " + String((error && error.message) || error));
  }
}

let keptStorage = null;
let saving = null; // the save in progress, and whether another is wanted after it
// what Python kept during a request, saved to the browser's storage (never two saves at once)
function saveKept() {
  if (!keptStorage) return;
  if (saving) {
    saving.again = true;
    return;
  }
  saving = { again: false };
  keptStorage.syncfs(false, () => {
    const again = saving.again;
    saving = null;
    if (again) saveKept();
  });
}

// Worker console output does not reach the page's console: forward it.
const log = (message) => post({ type: "log", message: String(message) });

async function boot() {
  const infoResponse = await fetch(new URL("./build-info.json", import.meta.url));
  if (!infoResponse.ok) throw new Error(`build-info.json: HTTP ${infoResponse.status}`);
  const info = await infoResponse.json();
  log("Starting Python (Pyodide " + info.pyodide + ")…");
  const pyodide = await loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    stdout: log,
    stderr: log,
  });
  log("Loading numpy and the solver…");
  const failures = [];
  // numpy (from the official lock, checked by sha256) and our pure-Python wheel, side by side;
  // a failing loadPackage does not throw: collect errorCallback messages
  const wheel = new URL("./" + info.pycore_wheel, import.meta.url).href;
  await pyodide.loadPackage(["numpy", wheel], { messageCallback: () => {}, errorCallback: (m) => failures.push(m) });
  if (failures.length) throw new Error("the solver could not be installed: " + failures.join("; "));
  // prebuilt tables are fetched when first needed and handed to Python through its file system
  pyodide.FS.mkdirTree(TABLES_DIR);
  pyodide.runPython(`import os; os.environ["ROLL_OR_HOLD_TABLES"] = "${TABLES_DIR}"`);
  await mountKept(pyodide, info.version);
  pyodide.runPython("import numpy, pycore.service.api");
  fileSystem = pyodide.FS;
  // kept for the worker's lifetime: the module proxy owns the function proxy
  const api = pyodide.pyimport("pycore.service.api");
  const handle = (request, progress) => api.handle(request, progress);
  post({ type: "ready", version: info.version });
  return handle;
}

const booting = boot().catch((error) => {
  post({ type: "fatal", message: String((error && error.message) || error) });
  throw error;
});

// Messages are queued and run one at a time, in the order they came; between two, the worker
// yields, so that messages sent meanwhile are queued (and can supersede one still waiting).
const queue = [];
let running = false;

self.onmessage = (event) => {
  const message = event.data || {};
  if (message.lane) latestOfLane.set(message.lane, message.id);
  queue.push(message);
  if (!running) runQueue();
};

async function runQueue() {
  running = true;
  while (queue.length) {
    const message = queue.shift();
    if (message.lane && latestOfLane.get(message.lane) !== message.id) {
      post({ id: message.id, error: { type: "Superseded", message: "a newer request took its place" } });
      continue;
    }
    await run(message);
    await new Promise((resolve) => setTimeout(resolve, 0)); // (messages sent meanwhile join the queue)
  }
  running = false;
}

async function run({ id, action, args }) {
  let handle;
  try {
    handle = await booting;
  } catch (error) {
    post({ id, error: { type: "EngineError", message: "the solver could not start: " + String(error.message || error) } });
    return;
  }
  const progress = (stage, fraction) => post({ type: "progress", id, stage, fraction });
  try {
    if (action !== "resolve" && action !== "games") await ensureTable(args, progress); // (and the manifest)
  } catch (error) {
    post({ id, error: { type: "EngineError", message: String((error && error.message) || error) } });
    return;
  }
  let answer;
  for (let asked = 0; ; asked++) {
    let text;
    try {
      text = handle(JSON.stringify({ action, args }), progress);
    } catch (error) {
      // api.handle answers every Python error itself: what escapes it is the runtime failing
      // (wasm out of memory, a fatal error), after which this Python cannot be used again
      post({ id, error: { type: "EngineCrashed", message: String((error && error.message) || error).slice(0, 200) } });
      return;
    }
    answer = JSON.parse(text);
    // a table another game's answer needs (three players at Pig's table: three-player Pig's),
    // named by Python: fetched, and the request asked again (a few times at most)
    const needed = answer.error?.type === "TableNotLoaded" && asked < 3 && manifest?.tables.find((t) => t.file === answer.error.file);
    if (!needed || tablesWritten.has(needed.file)) break;
    try {
      await writeTable(needed, progress);
    } catch (error) {
      post({ id, error: { type: "EngineError", message: String((error && error.message) || error) } });
      return;
    }
  }
  if (answer.error) post({ id, error: answer.error });
  else post({ id, result: answer });
  saveKept();
}
