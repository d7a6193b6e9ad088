// Promise-based client of the worker (worker.js): engine.call(action, args, {onProgress}).
export class EngineError extends Error {
  constructor({ type, message }) {
    super(message);
    this.name = type || "EngineError";
  }
}

export class Engine {
  constructor({ onLog = () => {}, onFatal = () => {} } = {}) {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.pending = new Map();
    this.nextId = 1;
    this.version = null;
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener("message", (event) => {
        const message = event.data;
        if (message.type === "log") onLog(message.message);
        else if (message.type === "ready") {
          this.version = message.version;
          resolve(message.version);
        } else if (message.type === "fatal") {
          onFatal(message.message);
          reject(new EngineError({ type: "EngineError", message: message.message }));
        } else if (message.type === "progress") {
          const call = this.pending.get(message.id);
          if (call && call.onProgress) call.onProgress(message.stage, message.fraction);
        } else if (message.id !== undefined) {
          const call = this.pending.get(message.id);
          if (!call) return;
          this.pending.delete(message.id);
          if (message.error) call.reject(new EngineError(message.error));
          else call.resolve(message.result);
        }
      });
      this.worker.addEventListener("error", (event) => {
        const text = event.message || "the worker failed to start";
        onFatal(text);
        reject(new EngineError({ type: "EngineError", message: text }));
      });
    });
  }

  call(action, args = {}, { onProgress } = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, action, args });
    });
  }
}
