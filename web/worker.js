// The engine: Pyodide + numpy + pycore in a module Web Worker.
// Messages in: {id, action, args}. Out: {id, result} | {id, error: {type, message}},
// and events {type: "progress", id, stage, fraction}, {type: "log", message},
// {type: "ready", version}, {type: "fatal", message}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const post = (message) => self.postMessage(message);
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
  pyodide.runPython("import numpy, pycore.api");
  // kept for the worker's lifetime: the module proxy owns the function proxy
  const api = pyodide.pyimport("pycore.api");
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
  try {
    const progress = (stage, fraction) => post({ type: "progress", id, stage, fraction });
    const answer = JSON.parse(handle(JSON.stringify({ action, args }), progress));
    if (answer.error) post({ id, error: answer.error });
    else post({ id, result: answer });
  } catch (error) {
    post({ id, error: { type: "EngineError", message: String((error && error.message) || error) } });
  }
};
