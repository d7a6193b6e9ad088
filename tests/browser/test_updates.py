"""Issue 16: service-worker updates, with two builds of different versions. A copy of the built
site is served on a port of its own; a test publishes a second build to it (the same site with a
changed page script and solver worker, sealed again by ``build.seal``: a new version and new
sha256s), whole, or half (a deploy under way), or with a download cut short.

The second build's code marks itself (``window.testBuild`` in the page, ``self.testBuild`` in the
solver's worker) so a test sees which build's code runs where, and every file a build's cache
holds is compared with that build's own files."""

from __future__ import annotations

import hashlib
import http.server
import importlib.util
import json
import shutil
import sys
import threading
from pathlib import Path

import pytest
from page_helpers import PHONE, READY, TIMEOUT, Tab, advice_of, my_move, start
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
# build.py at the top of the checkout (its seal() makes the second build)
_spec = importlib.util.spec_from_file_location("roll_or_hold_build", ROOT / "build.py")
build = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

LINK = "#game=ayzd&p=1&i=3&j=4&b=2&s=1"
CUT = "tables/yahtzee-free.roht"  # precached, and not needed to open LINK


class Deployment:
    """A copy of dist/ served over HTTP on 127.0.0.1. ``cut`` names a file whose download breaks
    off half-way (the headers promise the whole file); ``publish`` copies another build over."""

    def __init__(self, folder: Path):
        self.root = folder / "site"
        shutil.copytree(ROOT / "dist", self.root)
        self.cut: str | None = None
        deployment = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(deployment.root), **kwargs)

            def copyfile(self, source, outputfile):
                if deployment.cut and self.path.split("?")[0] == "/" + deployment.cut:
                    data = source.read()
                    outputfile.write(data[: len(data) // 2])
                    self.close_connection = True
                    return
                super().copyfile(source, outputfile)

            def log_message(self, *args):
                pass

        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                if not isinstance(sys.exc_info()[1], ConnectionError):  # (a download the browser gave up)
                    super().handle_error(request, client_address)

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def version(self, site: Path | None = None) -> str:
        return json.loads(((site or self.root) / "build-info.json").read_text())["version"]

    def next_build(self, folder: Path) -> Path:
        """Build 2: this site with a changed page script and solver worker, sealed again."""
        site = folder / "build-2"
        shutil.copytree(self.root, site)
        for name, scope in (("app.js", "window"), ("worker.js", "self")):
            with (site / name).open("a") as script:
                script.write(f"\n{scope}.testBuild = 2; // (tests/browser/test_updates.py)\n")
        build.seal(site, json.loads((site / "build-info.json").read_text()))
        return site

    def publish(self, site: Path, only: list[str] | None = None) -> None:
        """Copy ``site``'s files over this one: all, or only those named (a deploy under way)."""
        for path in sorted(p for p in site.rglob("*") if p.is_file()):
            name = path.relative_to(site).as_posix()
            if only is None or name in only:
                shutil.copy2(path, self.root / name)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def deployment(tmp_path):
    served = Deployment(tmp_path)
    yield served
    served.close()


@pytest.fixture
def context(browser):
    """A browser profile of its own (its own service worker and caches), phone-sized."""
    context = browser.new_context(**PHONE)
    yield context
    context.close()


def builds_kept(page) -> list[str]:
    return page.evaluate("caches.keys().then(names => names.filter(n => n.startsWith('roll-or-hold-')))")


def cached_digests(page, version: str) -> dict[str, str]:
    """Each file the cache of ``version`` holds: its sha256, as the page reads it from there."""
    return page.evaluate(
        """async name => {
            const cache = await caches.open(name);
            const digests = {};
            for (const request of await cache.keys()) {
                const body = await (await cache.match(request)).arrayBuffer();
                const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
                digests[new URL(request.url).pathname.slice(1)] = [...hash].map(b => b.toString(16).padStart(2, '0')).join('');
            }
            return digests;
        }""",
        "roll-or-hold-" + version,
    )


def assert_cache_is_exactly(page, version: str, site: Path) -> None:
    """The cache of ``version`` holds every file of ``site`` (that build) and nothing else."""
    expected = {
        p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in site.rglob("*")
        if p.is_file() and p.name != "sw.js"
    }
    expected[""] = expected["index.html"]  # ("./")
    assert cached_digests(page, version) == expected


def page_build(page) -> int | None:
    """Which build's page script runs in ``page`` (None: the first)."""
    return page.evaluate("window.testBuild ?? null")


def engine_build(page) -> int | None:
    """Which build's solver worker runs for ``page`` (the newest worker it started)."""
    return page.workers[-1].evaluate("self.testBuild ?? null")


def ready_offline(page) -> None:
    expect(page.get_by_test_id("sw-message")).to_contain_text("Ready to work offline", timeout=TIMEOUT)


def record_at_my_move(page) -> str:
    """The game's record once it is my move again (the computer moves on its own)."""
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    return page.get_by_test_id("play-record").input_value()


def look_for_an_update(page) -> None:
    """What the page does when a phone's screen comes back on: ask for a newer build."""
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def test_an_interrupted_first_visit_recovers_on_the_next(deployment, context, artifacts):
    """The first visit's download of the app for offline use breaks off: the page still answers
    and says the app is not kept offline yet; the next visit keeps it whole, and it then works
    with the network off."""
    deployment.cut = CUT
    page = context.new_page()
    page.goto(deployment.url + LINK)
    online = advice_of(page)
    expect(page.get_by_test_id("sw-message")).to_contain_text(
        "The app could not be kept for offline use (a download failed); it tries again on your next visit.",
        timeout=TIMEOUT)
    page.screenshot(path=str(artifacts / "phone-offline-failed.png"), full_page=True)
    assert builds_kept(page) == []  # nothing half kept
    deployment.cut = None
    page.reload()
    assert advice_of(page) == online
    ready_offline(page)
    assert_cache_is_exactly(page, deployment.version(), deployment.root)
    context.set_offline(True)
    page.reload()
    assert advice_of(page) == online
    expect(page.get_by_test_id("build")).to_have_text("Build " + deployment.version(), timeout=TIMEOUT)
    size = page.evaluate(f"fetch('{CUT}').then(r => r.arrayBuffer()).then(b => b.byteLength)")
    assert size == (deployment.root / CUT).stat().st_size


def test_a_half_published_build_is_refused_and_the_whole_one_replaces_the_old(deployment, context, tmp_path):
    """A deploy under way (the new service worker is up, a script it lists is still the old
    one): the new build is not installed, the page goes on with the old one, whole. Once all of
    it is up, the update is offered, applied when asked, and the old build is deleted."""
    first = deployment.version()
    page = context.new_page()
    page.goto(deployment.url + LINK)
    online = advice_of(page)
    ready_offline(page)
    second_site = deployment.next_build(tmp_path)
    second = deployment.version(second_site)
    assert second != first

    deployment.publish(second_site, only=["sw.js", "build-info.json", "worker.js"])  # app.js not yet
    page.reload()
    expect(page.get_by_test_id("sw-message")).to_contain_text(
        "An update could not be downloaded (it is tried again on your next visit); this version works offline.", timeout=TIMEOUT)
    assert advice_of(page) == online
    assert (page_build(page), engine_build(page)) == (None, None)
    assert builds_kept(page) == ["roll-or-hold-" + first]

    deployment.publish(second_site)
    page.reload()
    message = page.get_by_test_id("sw-message")
    expect(message).to_contain_text("An update is available", timeout=TIMEOUT)
    assert (page_build(page), engine_build(page)) == (None, None)  # (it waits to be asked)
    message.get_by_role("button", name="Update now").click()
    expect(page.get_by_test_id("build")).to_have_text("Build " + second, timeout=TIMEOUT)
    assert advice_of(page) == online
    assert (page_build(page), engine_build(page)) == (2, 2)
    assert_cache_is_exactly(page, second, second_site)
    # the old build goes when no page runs it any more and a page opens
    page.reload()
    advice_of(page)
    page.wait_for_function(
        "async kept => JSON.stringify((await caches.keys()).filter(n => n.startsWith('roll-or-hold-'))) === kept",
        arg=json.dumps(["roll-or-hold-" + second]), timeout=TIMEOUT)


def test_an_update_waits_for_the_player_and_a_game_in_progress_goes_on(deployment, context, tmp_path, artifacts):
    """A game in progress at the table, and a new build published: the update is offered, never
    forced, and the game goes on. Applied from another tab, it leaves the playing tab on its
    own build, whole (its solver restarting after a crash too); that tab's reload brings the new
    build and the game where it was."""
    first = deployment.version()
    table = context.new_page()
    start(Tab(table, deployment.url), "game=gro&goal=30", 5, "Fixed Hold-At")
    for n in range(3):
        assert my_move(table, n)
    ready_offline(table)
    record = record_at_my_move(table)
    second_site = deployment.next_build(tmp_path)
    deployment.publish(second_site)

    look_for_an_update(table)
    message = table.get_by_test_id("sw-message")
    expect(message).to_contain_text("An update is available", timeout=TIMEOUT)
    table.screenshot(path=str(artifacts / "phone-update-offered.png"), full_page=True)
    assert table.get_by_test_id("play-record").input_value() == record  # nothing reloaded
    assert my_move(table, 3)
    record = record_at_my_move(table)

    other = context.new_page()
    other.goto(deployment.url + LINK)
    expect(other.get_by_test_id("sw-message")).to_contain_text("An update is available", timeout=TIMEOUT)
    other.get_by_test_id("sw-message").get_by_role("button", name="Update now").click()
    expect(other.get_by_test_id("build")).to_have_text("Build " + deployment.version(second_site), timeout=TIMEOUT)
    assert (page_build(other), engine_build(other)) == (2, 2)

    expect(message).to_contain_text(
        "The app was updated in another tab; this tab goes on with its version until you reload it.",
        timeout=TIMEOUT)
    table.screenshot(path=str(artifacts / "phone-updated-elsewhere.png"), full_page=True)
    assert table.get_by_test_id("play-record").input_value() == record
    assert my_move(table, 4)
    # the solver's worker starts again (as after running out of memory) from the tab's own build
    table.workers[0].evaluate("setTimeout(() => { throw new Error('simulated: out of memory'); })")
    expect(table.get_by_test_id("status")).to_contain_text("The solver stopped", timeout=TIMEOUT)
    table.console.errors.clear()  # (the worker's own report of the error it was made to throw)
    assert my_move(table, 5)
    assert (page_build(table), engine_build(table)) == (None, None)
    assert table.evaluate("fetch('build-info.json').then(r => r.json()).then(i => i.version)") == first
    record = record_at_my_move(table)

    message.get_by_role("button", name="Reload").click()
    expect(table.get_by_test_id("build")).to_have_text("Build " + deployment.version(second_site), timeout=TIMEOUT)
    expect(table.get_by_test_id("play-board")).to_be_visible(timeout=TIMEOUT)
    expect(table.get_by_test_id("play-record")).to_have_value(record, timeout=TIMEOUT)
    assert (page_build(table), engine_build(table)) == (2, 2)
    assert my_move(table, 6)
