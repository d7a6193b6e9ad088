"""Browser tests: the built site served by ``python -m http.server`` on
127.0.0.1, driven by Playwright in Debian's Chromium (no browser downloads
here). Tests wait on page state (``expect``), never on sleeps."""

from __future__ import annotations

import fcntl
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

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


class Console:
    """Console errors and uncaught page errors seen by a page (a test that provokes one on
    purpose clears ``page.console.errors`` after checking it)."""

    watched: list[Console] = []  # the pages of the test running

    def __init__(self, page):
        self.errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        Console.watched.append(self)


def watch(page) -> None:
    if getattr(page, "console", None) is None:
        page.console = Console(page)


@pytest.fixture(autouse=True)
def no_console_errors():
    """Issue 16: zero console errors across the whole end-to-end suite. Every page of every
    test is watched; any console error or uncaught page error fails the test that saw it."""
    Console.watched.clear()
    yield
    errors = [e for console in Console.watched for e in console.errors]
    assert errors == [], errors


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    watch(page)
    return page


@pytest.fixture
def desktop_page(browser):
    """A 1280x800 desktop window (mouse, no touch)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    watch(page)
    yield page
    context.close()


class SharedPage:
    """One page a module's tests share where what they check is the answer to a link, not a first
    visit: Python starts once, and each test opens its link in it as a link followed inside the
    page is (a hashchange), waiting for the page's next answer (``data-answers``), never on time."""

    def __init__(self, browser, site, **options):
        self.context = browser.new_context(**options)
        self.page = self.context.new_page()
        self.site = site
        watch(self.page)

    def open(self, link: str):
        """The page, showing the answer to ``link`` (a fragment, ``#game=...``), in light mode on
        screen, scrolled to the top, its console watched by the test that asks."""
        page = self.page
        if page.console not in Console.watched:  # (the test's first link: earlier tests' errors were theirs)
            page.console.errors.clear()
            Console.watched.append(page.console)
        page.emulate_media(media="screen", color_scheme="light")
        if not page.url.startswith(self.site):
            page.goto(self.site + link)
        elif page.evaluate("location.hash") != link:  # (the same link: its answer is the one shown)
            shown = page.evaluate("Number(document.documentElement.dataset.answers || 0)")
            page.evaluate("(link) => { location.hash = link; }", link)
            expect(page.locator("html")).not_to_have_attribute("data-answers", str(shown), timeout=90_000)
        page.evaluate("window.scrollTo(0, 0)")
        return page

    def close(self):
        self.context.close()


@pytest.fixture(scope="module")
def shared_phone(browser, site):
    """A phone's page (360x740, touch) shared by a module's tests: ``shared_phone.open(link)``."""
    shared = SharedPage(browser, site, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    yield shared
    shared.close()


@pytest.fixture(scope="module")
def shared_desktop(browser, site):
    """A 1280x800 desktop page shared by a module's tests: ``shared_desktop.open(link)``."""
    shared = SharedPage(browser, site, viewport={"width": 1280, "height": 800})
    yield shared
    shared.close()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
