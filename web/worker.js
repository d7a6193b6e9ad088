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
  log("Loading numpy…");
  const failures = [];
  // a failing loadPackage does not throw: collect errorCallback messages
  await pyodide.loadPackage("numpy", { messageCallback: () => {}, errorCallback: (m) => failures.push(m) });
  if (failures.length) throw new Error("numpy could not be loaded: " + failures.join("; "));
  log("Loading the solver…");
  const wheel = await fetch(new URL("./" + info.pycore_wheel, import.meta.url));
  if (!wheel.ok) throw new Error(`${info.pycore_wheel}: HTTP ${wheel.status}`);
  pyodide.FS.writeFile("/tmp/pycore.whl", new Uint8Array(await wheel.arrayBuffer()));
  pyodide.runPython(
    "import site, zipfile\n" +
      "zipfile.ZipFile('/tmp/pycore.whl').extractall(site.getsitepackages()[0])\n" +
      "import numpy, pycore.api\n",
  );
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
