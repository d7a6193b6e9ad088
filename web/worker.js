// The engine: Pyodide + numpy + pycore in a module Web Worker.
// Messages in: {id, action, args}. Out: {id, result} | {id, error: {type, message}},
// and events {type: "progress", id, stage, fraction}, {type: "log", message},
// {type: "ready", version}, {type: "fatal", message}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const post = (message) => self.postMessage(message);
const TABLES_DIR = "/tables";
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
  if (!args || typeof args.game !== "string") return;
  if (!manifest) {
    const response = await fetch(new URL("./tables/manifest.json", import.meta.url));
    if (!response.ok) throw new Error(`tables/manifest.json: HTTP ${response.status}`);
    manifest = await response.json();
    fileSystem.writeFile(`${TABLES_DIR}/manifest.json`, JSON.stringify(manifest));
  }
  // the table made for the game with the request's parameters (the page names them all: they come from resolve)
  const entry = manifest.tables.find(
    (t) => t.rules.game === args.game && Object.entries(t.params).every(([k, v]) => !(k in args) || args[k] === v),
  );
  if (entry) await writeTable(entry, onProgress);
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

self.onmessage = async (event) => {
  const { id, action, args } = event.data || {};
  let handle;
  try {
    handle = await booting;
  } catch (error) {
    post({ id, error: { type: "EngineError", message: "the solver could not start: " + String(error.message || error) } });
    return;
  }
  const progress = (stage, fraction) => post({ type: "progress", id, stage, fraction });
  try {
    if (action !== "resolve" && action !== "games") await ensureTable(args, progress);
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
};
