// What survives a reload, in IndexedDB under the app version:
// * the anchor values (P(win) at every turn start) of each solved game, which
//   warm-start the next solve (one sweep instead of several, still exact);
// * the answers last shown (per link) and the list of games, so a reload shows
//   its answer at once while Python starts; the engine then confirms it.
const DB_NAME = "roll-or-hold";
const STORE = "solutions";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
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

export class SolutionStore {
  constructor(version) {
    this.version = version;
  }

  key(game, params) {
    return `${this.version}|${game}|${JSON.stringify(params)}`;
  }

  async get(game, params) {
    try {
      const stored = await transact("readonly", (store) => store.get(this.key(game, params)));
      return stored ? Array.from(stored) : null;
    } catch {
      return null; // private mode or storage off: just solve again
    }
  }

  async put(game, params, anchorValues) {
    try {
      await transact("readwrite", (store) => store.put(Float64Array.from(anchorValues), this.key(game, params)));
    } catch {
      /* storage full or off: nothing to keep */
    }
  }

  async getAnswer(fragment) {
    try {
      return (await transact("readonly", (store) => store.get(this.key("answer", fragment)))) || null;
    } catch {
      return null;
    }
  }

  async putAnswer(fragment, answer) {
    try {
      await transact("readwrite", (store) => store.put(answer, this.key("answer", fragment)));
    } catch {
      /* nothing to keep */
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
