"""Browser benchmarks of the built site (run ``python build.py`` first).

    python bench/bench_web.py [--runs 5]

Prints medians of ``--runs`` runs: first visit -> first advice (fresh
browser context: nothing cached), warm reload -> first advice (same context:
service worker cache and stored solution), the live solve time of each game
in the browser next to CPython in the same run, and the size of dist/.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from pycore import find_game, solve  # noqa: E402
from pycore.model import _compile_cached  # noqa: E402

LINK = "#game=gro&p=1&i=10&j=20&k=12&o=1"
READY = "[data-testid=advice][data-ready=true]"


def serve() -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(ROOT / "dist")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    return server, f"http://127.0.0.1:{port}/"


def timed_load(page, url: str, reload: bool = False) -> float:
    started = time.perf_counter()
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector(READY, timeout=180_000)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (ROOT / "dist" / "index.html").exists():
        sys.exit("bench_web: build first (python build.py)")
    server, base = serve()
    first, warm = [], []
    browser_solve = {"pig": [], "gro": [], "ayzd": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                context = browser.new_context()
                page = context.new_page()
                first.append(timed_load(page, base + LINK))
                page.evaluate("navigator.serviceWorker.ready")
                page.wait_for_selector("[data-testid=sw-message]:has-text('Ready to work offline')", timeout=120_000)
                warm.append(timed_load(page, base + LINK, reload=True))
                # live solves in this page's worker, timed by pycore itself
                for name in browser_solve:
                    result = page.evaluate(
                        """async name => {
                            const { Engine } = await import('./engine.js');
                            const engine = window.__bench || (window.__bench = new Engine());
                            await engine.ready;
                            return await engine.call('solve', { game: name, goal: null });
                        }""",
                        name,
                    )
                    browser_solve[name].append(result["seconds"])
                context.close()
            browser.close()
    finally:
        server.terminate()
    cpython = {}
    for name in browser_solve:
        runs = []
        for _ in range(args.runs):
            _compile_cached.cache_clear()
            started = time.perf_counter()
            solve(find_game(name))
            runs.append(time.perf_counter() - started)
        cpython[name] = statistics.median(runs)
    size = sum(p.stat().st_size for p in (ROOT / "dist").rglob("*") if p.is_file())
    print(f"first visit -> first advice: {statistics.median(first):6.2f} s (median of {args.runs})")
    print(f"warm reload -> first advice: {statistics.median(warm):6.2f} s")
    print(f"{'game':<5} {'browser s':>9} {'CPython s':>9} {'ratio':>6}")
    for name, runs in browser_solve.items():
        b = statistics.median(runs)
        print(f"{name:<5} {b:>9.3f} {cpython[name]:>9.3f} {b / cpython[name]:>5.2f}x")
    print(f"dist/: {size / 1e6:.1f} MB in {sum(1 for p in (ROOT / 'dist').rglob('*') if p.is_file())} files")
    print(json.dumps({"first": first, "warm": warm}))


if __name__ == "__main__":
    main()
