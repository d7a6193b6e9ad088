// Registers the service worker and reports "ready to work offline" and
// "update available" (with a button that applies the update).
export function registerOffline(report) {
  if (!("serviceWorker" in navigator)) {
    report({ kind: "unsupported", text: "This browser cannot keep the app for offline use." });
    return;
  }
  // reload when the update the user asked for takes over (and not when the
  // first service worker claims this page, which also changes the controller)
  let updating = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!updating) return;
    updating = false;
    location.reload();
  });
  navigator.serviceWorker
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
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker.addEventListener("statechange", () => {
          if (worker.state !== "installed") return;
          if (navigator.serviceWorker.controller) offerUpdate(worker);
          else report({ kind: "offline-ready", text: "Ready to work offline." });
        });
      });
      if (registration.active && !registration.installing && !registration.waiting) {
        report({ kind: "offline-ready", text: "Ready to work offline." });
      }
    })
    .catch((error) => report({ kind: "error", text: "Offline use is not available: " + error.message }));
}
