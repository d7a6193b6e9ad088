"""The first answer of every game whose table ships, and a stepper tap, in the browser.

    python bench/bench_open.py [--runs 3] [--baseline DIR] [--throttle 4]

Serves ``dist/`` (and ``--baseline DIR``, an earlier build, in the same run: each
figure is printed beside the baseline's, with their ratio). For each build and run, a
fresh browser opens the default GRO, waits for its answer (Python is up), and then,
in the same page, opens each game of :data:`OPENS` by its link: the clock runs from
setting the address to the answer shown for it. Then, on Pig, a stepper tap ("Your
score plus 1"), :data:`TAPS` times: the worker messages the page sent from the tap
to its answer (counted by wrapping ``Worker.prototype.postMessage``) and the time
to the answer. ``--throttle N`` slows Chromium's CPU N times (a mid-range phone:
4). The peak resident memory of the page's renderer process (its worker's Python
and tables included) is read from ``/proc`` after the big games are opened.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]  # (the conftest reads page_helpers)

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

#: each game whose table ships, by its link (the default parameters of each)
OPENS = {
    "pig-3": "#game=pig-3",
    "gro-3": "#game=gro-3",
    "ayzd-3": "#game=ayzd-3",
    "pig turns 40": "#game=pig&turns=40",
    "farkle": "#game=farkle",
    "farkle basic": "#game=farkle&rules=basic",
    "zombie-dice": "#game=zombie-dice",
    "yahtzee": "#game=yahtzee",
}
TAPS = 8
#: counts every message the page posts to a worker (the engine's requests)
COUNT_MESSAGES = """
(() => {
  const post = Worker.prototype.postMessage;
  window.__posted = 0;
  Worker.prototype.postMessage = function (...args) { window.__posted += 1; return post.apply(this, args); };
})();
"""
#: resolves with the milliseconds from setting the address to the answer shown for it
OPEN_AND_WAIT = """
async (link) => {
  const panel = () => document.querySelector(
    link.includes('yahtzee') ? '[data-testid=yahtzee-advice]' : '[data-testid=advice]');
  let sawPending = false;
  const started = performance.now();
  return await new Promise((resolve) => {
    const check = () => {
      const p = panel();
      const ready = p && p.dataset.ready === 'true' && p.offsetParent !== null;
      if (!ready) sawPending = true;
      else if (sawPending) { observer.disconnect(); resolve(performance.now() - started); }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, attributes: true, childList: true });
    location.hash = link;
  });
}
"""
TAP_AND_WAIT = """
async () => {
  const panel = document.querySelector('[data-testid=advice]');
  const before = window.__posted;
  let sawPending = false;
  const started = performance.now();
  const button = document.querySelector('[aria-label="Your score plus 1"]');
  return await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (panel.dataset.ready !== 'true') sawPending = true;
      else if (sawPending) { observer.disconnect(); resolve([performance.now() - started, window.__posted - before]); }
    });
    observer.observe(panel, { attributes: true });
    button.click();
  });
}
"""


def serve(directory: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(directory)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):  # (until it listens)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}/"


def renderer_peak_mb() -> float:
    """The largest peak resident size (VmHWM) of any Chromium renderer process now running."""
    peak = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            cmdline = (status.parent / "cmdline").read_bytes()
            if b"--type=renderer" not in cmdline:
                continue
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except OSError:
            continue
    return peak / 1024


def one_run(playwright, base: str, throttle: float) -> dict:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        context = browser.new_context(viewport={"width": 360, "height": 740})
        context.add_init_script(COUNT_MESSAGES)
        page = context.new_page()
        page.goto(base + "#game=gro")
        page.wait_for_selector("[data-testid=advice][data-ready=true]", timeout=600_000)
        if throttle != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        opens = {}
        for name, link in OPENS.items():
            opens[name] = page.evaluate(OPEN_AND_WAIT, link) / 1000
        peak = renderer_peak_mb()
        page.evaluate(OPEN_AND_WAIT, "#game=pig&i=10&j=20&k=5")
        taps = [page.evaluate(TAP_AND_WAIT) for _ in range(TAPS)]
        return {"opens": opens, "peak_mb": peak, "tap_ms": [t[0] for t in taps], "tap_messages": [t[1] for t in taps]}
    finally:
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="an earlier build's dist/ to measure in the same run")
    parser.add_argument("--throttle", type=float, default=1.0, help="slow Chromium's CPU this many times")
    args = parser.parse_args()
    builds = {"this build": ROOT / "dist"}
    if args.baseline:
        builds["baseline"] = args.baseline
    for directory in builds.values():
        if not (directory / "index.html").exists():
            sys.exit(f"bench_open: {directory} holds no build (python build.py)")
    servers = {name: serve(directory) for name, directory in builds.items()}
    results: dict[str, list[dict]] = {name: [] for name in builds}
    try:
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                for name, (_, base) in servers.items():  # (alternating: the machine's load falls on both)
                    results[name].append(one_run(playwright, base, args.throttle))
    finally:
        for server, _ in servers.values():
            server.terminate()

    def median(name: str, pick) -> float:
        return statistics.median(pick(run) for run in results[name])

    header = f"{'':<28}" + "".join(f"{n:>14}" for n in builds) + ("   ratio" if args.baseline else "")
    print(f"medians of {args.runs} runs, CPU throttled {args.throttle:g}x")
    print(header)

    def row(label: str, pick, unit: str) -> None:
        values = [median(n, pick) for n in builds]
        ratio = f"   {values[0] / values[1]:.2f}" if args.baseline and values[1] else ""
        print(f"{label:<28}" + "".join(f"{v:>12.2f}{unit}" for v in values) + ratio)

    for game in OPENS:
        row(f"open {game}", lambda run, game=game: run["opens"][game], " s")
    row("stepper tap", lambda run: statistics.median(run["tap_ms"]), "ms")
    row("messages per tap", lambda run: statistics.median(run["tap_messages"]), "  ")
    row("renderer peak memory", lambda run: run["peak_mb"], "MB")


if __name__ == "__main__":
    main()
