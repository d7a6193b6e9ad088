// Promise-based client of the worker (worker.js): engine.call(action, args, {onProgress, lane}).
// A call in a lane ("position") still waiting in the worker when a newer call of its lane is
// made fails with a Superseded error (the newer one asks what the page wants now).
// cancel() stops whatever the worker is doing (a solve is one long Python call: the worker is
// terminated and a new one started) and rejects every pending call with a CancelledError.
// A worker that crashes after it started (Python out of memory, an uncaught error) is
// restarted the same way: its pending calls fail with an EngineCrashed error in words, and
// onCrash(message) tells the page. Calls made while one runs wait their turn in the worker.
// onLog(message, booting): what a worker says (booting: while it starts, before onReady()).
export class EngineError extends Error {
  constructor({ type, message }) {
    super(message);
    this.name = type || "EngineError";
  }
}

export class Engine {
  constructor({ onLog = () => {}, onReady = () => {}, onFatal = () => {}, onCrash = () => {} } = {}) {
    this.onLog = onLog;
    this.onReady = onReady;
    this.onFatal = onFatal;
    this.onCrash = onCrash;
    this.pending = new Map();
    this.nextId = 1;
    this.version = null;
    // how many workers were started: what Python holds in memory (solutions) belongs to one
    this.generation = 0;
    this.start();
  }

  start() {
    this.generation += 1;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const worker = this.worker;
    this.ready = new Promise((resolve, reject) => {
      worker.addEventListener("message", (event) => {
        const message = event.data;
        if (message.type === "log") this.onLog(message.message, this.started !== worker);
        else if (message.type === "ready") {
          this.version = message.version;
          this.started = worker;
          this.onReady();
          resolve(message.version);
        } else if (message.type === "fatal") {
          this.onFatal(message.message);
          reject(new EngineError({ type: "EngineError", message: message.message }));
        } else if (message.type === "progress") {
          const call = this.pending.get(message.id);
          if (call && call.onProgress) call.onProgress(message.stage, message.fraction);
        } else if (message.id !== undefined) {
          const call = this.pending.get(message.id);
          if (!call) return;
          // (a crash fails this call with the others still waiting, in words)
          if (message.error && message.error.type === "EngineCrashed") return this.crash(message.error.message);
          this.pending.delete(message.id);
          if (message.error) call.reject(new EngineError(message.error));
          else call.resolve(message.result);
        }
      });
      worker.addEventListener("error", (event) => {
        const text = event.message || "the worker failed to start";
        if (this.worker === worker && this.started === worker) {
          event.preventDefault(); // reported in words below, not as an uncaught error
          this.crash(text);
          return;
        }
        this.onFatal(text);
        reject(new EngineError({ type: "EngineError", message: text }));
      });
    });
    this.ready.catch(() => {}); // reported through onFatal; callers await it themselves
  }

  call(action, args = {}, { onProgress, lane } = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage(lane ? { id, action, args, lane } : { id, action, args });
    });
  }

  // stop the work in progress: every pending call fails with CancelledError, and the next
  // call waits for a fresh Python (its solutions are gone; the page's stored ones are not)
  cancel(reason = "cancelled") {
    this.restart("CancelledError", reason);
  }

  // the worker failed after it started: say so, and start a new one (the page keeps working)
  crash(reason) {
    const message = crashText(reason);
    this.restart("EngineCrashed", message);
    this.onCrash(message);
  }

  restart(type, message) {
    this.worker.terminate();
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(new EngineError({ type, message }));
    this.start();
  }
}

function crashText(reason) {
  return `The solver stopped (${reason}): most likely this device ran out of memory. It is starting again; what you entered is kept.`;
}
