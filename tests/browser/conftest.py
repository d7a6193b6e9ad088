"""Browser tests: the built site served by ``python -m http.server`` on
127.0.0.1, driven by Playwright in Debian's Chromium (no browser downloads
here). Tests wait on page state (``expect``), never on sleeps."""

from __future__ import annotations

import fcntl
import functools
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from page_helpers import DESKTOP, PHONE, Console, Tab, watch
from playwright.sync_api import expect

# An ``expect`` without a timeout of its own waits up to 30 s, not Playwright's 5: what it waits
# for (a redraw after a tap, an answer from the worker) comes at once on a quiet machine, and a
# busy one may take longer; a state that never comes still fails the test.
expect.set_options(timeout=30_000)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
# quiet on a closed network (see ../shared/notes/pyodide-offline.md)
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # WebGL without a GPU: Chromium's software renderer (the 3-D view)
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _build_once(tmp_path_factory, worker_id: str) -> None:
    """Build dist/ once per run. Under pytest-xdist the workers share the run's temporary
    folder: the first to take the lock builds (and clears old artifacts), the others wait for it
    and serve the same dist/."""
    if worker_id == "master":  # one process: no one to share with
        shutil.rmtree(ARTIFACTS, ignore_errors=True)
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True, cwd=ROOT)
        return
    shared = tmp_path_factory.getbasetemp().parent  # this run's folder, common to its workers
    with open(shared / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = shared / "dist.built"
        if not built.exists():
            shutil.rmtree(ARTIFACTS, ignore_errors=True)
            subprocess.run([sys.executable, str(ROOT / "build.py")], check=True, cwd=ROOT)
            built.write_text("built\n")


@pytest.fixture(scope="session")
def site(tmp_path_factory, worker_id):
    """Build dist/ once and serve it; yields the base URL."""
    _build_once(tmp_path_factory, worker_id)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(ROOT / "dist")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urllib.request.urlopen(base, timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield base
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (the test command does this)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        new_context = browser.new_context

        def watched_context(**options):
            """Every context, the tests' own too: each page it opens is watched (Console)."""
            context = new_context(**options)
            context.on("page", watch)
            return context

        browser.new_context = watched_context
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def no_console_errors():
    """Issue 16: zero console errors across the whole end-to-end suite. Every page of every
    test is watched; any console error or uncaught page error fails the test that saw it."""
    Console.watched.clear()
    yield
    errors = [e for console in Console.watched for e in console.errors]
    assert errors == [], errors


class KeptContext:
    """A browser context a worker's tests take in turn, each test a page of its own in it (the
    ``page``, ``context`` and ``desktop_page`` fixtures). After each test its pages are closed,
    the network is back on and the site's storage (localStorage, IndexedDB: the kept games,
    positions, sets and solves) is cleared, so the next test starts as on a phone that has
    visited before and kept nothing. What the browser keeps stays: the service worker with the
    app, and the code it compiled (Chrome keeps a script's or a WebAssembly module's compiled
    code once it has run twice: a page's Python then starts on about 4.5 CPU-seconds of the
    machine's instead of about 7.8, service worker install included). A test of a first visit (the
    app kept for offline use, an update) makes a context of its own."""

    def __init__(self, browser, options: dict):
        self.browser, self.options = browser, options
        self.context = None

    def take(self):
        if self.context is None:
            self.context = self.browser.new_context(**self.options)
        return self.context

    def give_back(self, site: str) -> None:
        context = self.context
        if context is None:
            return
        for page in list(context.pages):
            page.close()
        context.set_offline(False)
        blank = context.new_page()  # (a page of this context, for the protocol's storage call)
        try:
            context.new_cdp_session(blank).send(
                "Storage.clearDataForOrigin", {"origin": site.rstrip("/"), "storageTypes": "local_storage,indexeddb"})
        finally:
            blank.close()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()


@pytest.fixture(scope="session")
def kept_phone(browser):
    kept = KeptContext(browser, PHONE)
    yield kept
    kept.close()


@pytest.fixture(scope="session")
def kept_desktop(browser):
    kept = KeptContext(browser, DESKTOP)
    yield kept
    kept.close()


@pytest.fixture
def context(kept_phone, site):
    """A phone's context (360x740, touch), the worker's kept one (:class:`KeptContext`)."""
    yield kept_phone.take()
    kept_phone.give_back(site)


@pytest.fixture
def page(context):
    page = context.new_page()
    watch(page)
    return page


@pytest.fixture
def desktop_page(kept_desktop, site):
    """A page in a 1280x800 desktop window (mouse, no touch), the worker's kept context."""
    page = kept_desktop.take().new_page()
    watch(page)
    yield page
    kept_desktop.give_back(site)


class SharedPage:
    """The pages the tests of a worker share where what they check is the answer to a link (or a
    game started from one), not a first visit: Python starts once for each, and each test opens
    its link in it as a link followed inside the page is (:meth:`Tab.open`).

    A screen or view once shown stays in the page, hidden, and some repeat another's test ids (a
    scorecard game's ``play-new``, the table's ``play-review``): a page for each part of the app
    (:func:`part_of`), loaded afresh if a test took it to another part's screen (the game picker)."""

    #: what a page of each part must not hold (a test id another part repeats)
    FOREIGN = {
        "jeopardy": "#scorecard-screen [data-testid=play], #jeopardy-screen [data-testid=table]",
        "table": "#scorecard-screen [data-testid=play], #jeopardy-screen [data-testid=play]",
        "scorecard": "#jeopardy-screen [data-testid=play], #jeopardy-screen [data-testid=table]",
    }

    def __init__(self, browser, site, **options):
        self.browser, self.site, self.options = browser, site, options
        self.tabs: dict[str, Tab] = {}
        self.contexts: list = []

    def open(self, link: str):
        """The page of the link's part of the app, showing the answer to ``link``."""
        part = part_of(link)
        if part not in self.tabs:
            # (a context each: with one for every part, a run failed axe's contrast check on
            # five links and a game's Roll button kept being redrawn: not shared, not explained)
            context = self.browser.new_context(**self.options)
            self.contexts.append(context)
            self.tabs[part] = Tab(context.new_page(), self.site)
        page = self.tabs[part].page
        if page.url.startswith(self.site) and page.locator(self.FOREIGN[part]).count():
            page.goto("about:blank")  # (the next open loads the site again)
        return self.tabs[part].open(link)

    def close(self):
        for context in self.contexts:
            context.close()


@functools.cache
def _kinds() -> dict[str, str]:
    from pycore import api

    return {game["name"]: game["kind"] for game in api.call("games")["games"]}


def part_of(link: str) -> str:
    """The part of the app a link opens, of those whose test ids another repeats: a scorecard
    game's screen (``play-new``, ``play-review``: a jeopardy game's play view has them too), a
    game at the table (``play-review``), or the rest of a jeopardy game's screen."""
    fields = parse_qs(link.lstrip("#"))
    if _kinds().get(fields.get("game", ["pig"])[0]) == "scorecard":  # (the page opens Pig without a game)
        return "scorecard"
    return "table" if fields.get("view") == ["table"] else "jeopardy"


@pytest.fixture(scope="session")
def shared_phone(browser, site):
    """A phone's page (360x740, touch) shared by the tests of a worker: ``shared_phone.open(link)``."""
    shared = SharedPage(browser, site, **PHONE)
    yield shared
    shared.close()


@pytest.fixture(scope="session")
def shared_desktop(browser, site):
    """A 1280x800 desktop page shared by the tests of a worker: ``shared_desktop.open(link)``."""
    shared = SharedPage(browser, site, **DESKTOP)
    yield shared
    shared.close()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
