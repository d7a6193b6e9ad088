// Registers the service worker (sw.js) and reports what it means for this page: "ready to work
// offline", "update available" (with a button that applies it: the page reloads, and what was on
// it, a game in progress too, is kept), an update applied in another tab (this tab stays on its
// version until it reloads), and a download that failed (tried again on the next visit).
export function registerOffline(report) {
  if (!("serviceWorker" in navigator)) {
    report({ kind: "unsupported", text: "This browser cannot keep the app for offline use." });
    return;
  }
  const container = navigator.serviceWorker;
  // the first service worker taking this page over changes the controller too: only a change
  // after that is an update, asked for here (reload) or in another tab (say so, keep going)
  let controlled = Boolean(container.controller);
  let updating = false;
  container.addEventListener("controllerchange", () => {
    if (updating) {
      updating = false;
      location.reload();
    } else if (controlled) {
      report({
        kind: "updated-elsewhere",
        text: "The app was updated in another tab; this tab goes on with its version until you reload it.",
        action: { label: "Reload", run: () => location.reload() },
      });
    }
    controlled = true;
  });
  container
    .register("./sw.js")
    .then((registration) => {
      const offerUpdate = (worker) =>
        report({
          kind: "update",
          text: "An update is available.",
          action: {
            label: "Update now",
            run: () => {
              updating = true;
              worker.postMessage("skip-waiting");
            },
          },
        });
      const watch = (worker) => {
        const first = !registration.active;
        let installed = false;
        worker.addEventListener("statechange", () => {
          if (worker.state === "installed") {
            installed = true;
            if (container.controller) offerUpdate(worker);
            else report({ kind: "offline-ready", text: "Ready to work offline." });
          } else if (worker.state === "redundant" && !installed) {
            // the install failed (a file missing or not of this build: cut short, or a deploy half done)
            report({
              kind: "error",
              text: first
                ? "The app could not be kept for offline use (a download failed); it tries again on your next visit."
                : "An update could not be downloaded (it is tried again on your next visit); this version works offline.",
            });
          }
        });
      };
      registration.addEventListener("updatefound", () => watch(registration.installing));
      if (registration.installing) {
        watch(registration.installing);
      } else {
        if (registration.waiting && container.controller) offerUpdate(registration.waiting);
        else if (registration.active) report({ kind: "offline-ready", text: "Ready to work offline." });
        // the browser looked for a newer build as this page opened, before it listened here (a
        // download that failed then would go unsaid): look again, now listening
        registration.update().catch(() => {});
      }
      // a page left open (a phone at the table) looks for an update when it is shown again
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
    })
    .catch((error) => report({ kind: "error", text: "Offline use is not available: " + error.message }));
}
