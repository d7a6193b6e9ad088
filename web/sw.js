// Service worker: keeps each build of the app in a cache of its own and serves every page, and
// the workers a page starts, from the build the page opened with, so that the files of two
// versions never meet in one page.
//
// * Install: every file of this build, checked against the sha256 build.py wrote for it, or
//   nothing (a deploy half done or a download cut short fails the install; the page says so and
//   the next visit tries again).
// * An update waits until the page asks for it (the page offers it, a game in progress goes on);
//   pages still open on the older build, in other tabs, keep being served from its cache.
// * Which build each open page and worker runs is kept in a cache of its own (a service worker
//   is stopped when idle and loses its variables); a build no open page runs is deleted when a
//   page opens.
const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__"; // [[path, "sha256-<base64>"], ...]
const PREFIX = "roll-or-hold-";
const CLIENTS = "roll-or-hold:clients"; // (not a build: no PREFIX)

const cacheName = (version) => PREFIX + version;
const clientKey = (id) => new URL(`roll-or-hold-client/${id}`, self.registration.scope).href;
const runs = new Map(); // client id -> version, for this worker's life

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const existed = await caches.has(cacheName(VERSION)); // (a build published again)
      const cache = await caches.open(cacheName(VERSION));
      try {
        await cache.addAll(PRECACHE.map(([path, integrity]) => new Request(path, { cache: "reload", integrity })));
      } catch (error) {
        if (!existed) await caches.delete(cacheName(VERSION));
        throw error;
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const first = !names.some((name) => name.startsWith(PREFIX) && name !== cacheName(VERSION));
      await self.clients.claim();
      // the first build on this device: the pages open now came from the network, of this build
      // (recorded now, not at their next request, which may come after an update)
      if (first) {
        for (const client of await self.clients.matchAll({ type: "all", includeUncontrolled: true })) {
          await recorded(client.id);
        }
      }
      await forgetClosed(null);
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(cacheName(await versionFor(event)));
      const hit = await cache.match(request, { ignoreSearch: true });
      return hit || fetch(request);
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

// the build a request is served from: a page opening now gets this (the newest) build; the
// requests of a page, and the workers it starts, get the page's build
async function versionFor(event) {
  const opening = event.request.mode === "navigate";
  if (opening) event.waitUntil(forgetClosed(event.resultingClientId));
  let version = opening ? VERSION : await recorded(event.clientId);
  if (version !== VERSION && !(await caches.has(cacheName(version)))) version = VERSION; // (deleted: gone from the site)
  if (event.resultingClientId) await record(event.resultingClientId, version, opening ? null : event.clientId);
  return version;
}

async function recorded(id) {
  if (!id) return VERSION;
  if (!runs.has(id)) {
    const kept = await readRecord(await (await caches.open(CLIENTS)).match(clientKey(id)));
    if (kept) runs.set(id, kept.version);
    else await record(id, VERSION, null); // (a page opened before any of this worker's builds)
  }
  return runs.get(id);
}

// a page or worker runs version; a worker's parent is the page that started it
async function record(id, version, parent) {
  runs.set(id, version);
  await (await caches.open(CLIENTS)).put(clientKey(id), new Response(JSON.stringify({ version, parent })));
}

// {version, parent} from a kept record; null for none (or an unreadable one)
async function readRecord(response) {
  if (!response) return null;
  try {
    const { version, parent } = await response.json();
    return typeof version === "string" ? { version, parent } : null;
  } catch {
    return null;
  }
}

// forget the pages and workers that are closed (a worker's record goes with its page's: a worker
// starting is not listed yet) and delete the builds none of the open ones runs; not while a
// newer build is being installed or waits (its cache is in no record yet). (A page still
// opening is not listed either: its record is dropped, and it runs this build, kept anyway.)
async function forgetClosed(opening) {
  const open = new Set((await self.clients.matchAll({ type: "all", includeUncontrolled: true })).map((c) => c.id));
  if (opening) open.add(opening);
  const records = await caches.open(CLIENTS);
  const inUse = new Set([VERSION]);
  for (const key of await records.keys()) {
    const id = key.url.split("/").pop();
    const kept = await readRecord(await records.match(key));
    if (kept && (open.has(id) || open.has(kept.parent))) {
      inUse.add(kept.version);
    } else {
      runs.delete(id);
      await records.delete(key);
    }
  }
  for (const name of await caches.keys()) {
    if (self.registration.installing || self.registration.waiting) return;
    if (name.startsWith(PREFIX) && !inUse.has(name.slice(PREFIX.length))) await caches.delete(name);
  }
}
