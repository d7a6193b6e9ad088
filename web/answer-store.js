// What the page keeps across a reload, in IndexedDB under the app version: the answers last
// shown (per link), with the list of games and the answers one tap away, so that a reload
// shows its answer at once while Python starts; the engine then confirms it. (Solved values
// are Python's to keep: pycore.store.kept_solves, in the worker's own storage.)
const DB_NAME = "roll-or-hold";
const STORE = "answers";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      // (version 1 kept solved values here too: the page no longer holds any)
      if (db.objectStoreNames.contains("solutions")) db.deleteObjectStore("solutions");
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function transact(mode, work) {
  return open().then(
    (db) =>
      new Promise((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const result = work(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(result ? result.result : undefined);
        };
        tx.onerror = () => reject(tx.error);
      }),
  );
}

export class AnswerStore {
  constructor(version) {
    this.version = version;
  }

  key(fragment) {
    return `${this.version}|${fragment}`;
  }

  async get(fragment) {
    try {
      return (await transact("readonly", (store) => store.get(this.key(fragment)))) || null;
    } catch {
      return null; // private mode or storage off: Python answers
    }
  }

  async put(fragment, answer) {
    try {
      await transact("readwrite", (store) => store.put(answer, this.key(fragment)));
    } catch {
      /* storage full or off: nothing to keep */
    }
  }

  // drop what earlier versions stored
  async prune() {
    try {
      const keys = await transact("readonly", (store) => store.getAllKeys());
      const stale = keys.filter((k) => !String(k).startsWith(this.version + "|"));
      if (stale.length) {
        await transact("readwrite", (store) => {
          stale.forEach((k) => store.delete(k));
        });
      }
    } catch {
      /* nothing to prune */
    }
  }
}
