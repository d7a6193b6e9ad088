"""What the browser tests do on a page again and again: read the advice panel, start a game
against the computer and make a move in it."""

from __future__ import annotations

from playwright.sync_api import expect
from pytest import approx

#: the browser context options of a phone (360x740, touch) and of a desktop window (1280x800, mouse)
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TIMEOUT = 90_000  # first visit: Python starts and the game is solved in the page
ADVICE = "[data-testid=advice]"
BOARD = "[data-testid=play-board]"
READY = (f"{BOARD}[data-over=true], {BOARD} [data-testid=play-roll], {BOARD} [data-testid=play-hold], "
         f"{BOARD} [data-testid=play-option], {BOARD} [data-testid=play-option-list]")


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


class Tab:
    """A page and the site it opens links of: :meth:`open` shows the answer to a link. A page
    that shows the site already follows the link inside the page (a hashchange, Python up
    already), so tests that check the answer to a link, or a game started from one, share one
    page (the conftest's ``shared_phone``); a fresh page loads it (a first visit)."""

    def __init__(self, page, site: str):
        self.page = page
        self.site = site
        watch(page)

    def open(self, link: str):
        """The page, showing the answer to ``link`` (a fragment, ``#game=...``), in light mode on
        screen, scrolled to the top, its console watched by the test that asks; waits for the
        page's next answer (``data-answers``), never on time."""
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
            expect(page.locator("html")).not_to_have_attribute("data-answers", str(shown), timeout=TIMEOUT)
        page.evaluate("window.scrollTo(0, 0)")
        return page


def advice_of(page):
    panel = page.locator(ADVICE)
    expect(panel).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    p_hold = panel.get_attribute("data-p-hold")
    return {
        "best": panel.get_attribute("data-best"),
        "roll": float(panel.get_attribute("data-p-roll") or "nan"),
        "hold": None if p_hold == "" else float(p_hold),
    }


def seats(page, action: str) -> list[float]:
    """Every seat's chance under ``action`` as the advice panel lists it (more than two players)."""
    return [float(x) for x in page.get_by_test_id(f"seats-{action}").get_attribute("data-seats").split(",")]


def advised_as_the_api_advises(page, game: str, state: str, best: str, timeout: float = 120_000) -> dict:
    """The advice on the page once ready (a shipped table read on a first visit: up to
    ``timeout`` ms): its best action is ``best`` and every seat's chance under each action the
    API's for ``game`` at ``state`` (to 1e-12); returns the API's."""
    from pycore import api

    expect(page.locator(ADVICE)).to_have_attribute("data-ready", "true", timeout=timeout)
    expected = api.call("advise", {"game": game, "state": state})
    assert expected["source"].startswith("table ") and expected["best"] == best
    assert page.locator(ADVICE).get_attribute("data-best") == best
    for action in expected["seat_values"]:
        if expected["seat_values"][action] is not None:
            assert seats(page, action) == approx(expected["seat_values"][action], abs=1e-12)
    return expected


def open_play_setup(page):
    """The setup folds away while a game is played: open it as a player would."""
    setup = page.get_by_test_id("play-setup")
    expect(setup).to_be_attached(timeout=TIMEOUT)
    if not page.get_by_test_id("play-new").is_visible():
        setup.locator("summary").click()
    expect(page.get_by_test_id("play-new")).to_be_visible(timeout=TIMEOUT)


def start(tab: Tab, fragment: str, seed: int, opponent: str = "optimal", coach: bool = False):
    """A new game against ``opponent`` in the game of ``fragment`` (``game=pig&goal=20``),
    opened in ``tab``: you move first, the dice come from ``seed``, at fast pace, the coach on or
    off (every choice set: a page a test shares keeps the last game's); returns its page."""
    page = tab.open("#" + fragment + "&view=play")
    open_play_setup(page)
    expect(page.get_by_test_id("play-opponent").locator("option")).not_to_have_count(1, timeout=TIMEOUT)
    page.get_by_test_id("play-seed").fill(str(seed))
    page.get_by_test_id("play-pace").select_option("fast")
    page.get_by_test_id("play-opponent").select_option(opponent)
    page.get_by_test_id("play-seat").select_option(index=0)
    page.get_by_test_id("play-coach").set_checked(coach)
    page.get_by_test_id("play-new").click()
    return page


def open_table_setup(table) -> None:
    """The table's setup folds away during a game (the last test's, in a shared page): open it
    as a player would."""
    setup = table.get_by_test_id("table-setup")
    expect(setup).to_be_attached(timeout=TIMEOUT)
    if setup.get_attribute("open") is None:
        setup.locator("summary").click()
    expect(table.get_by_test_id("table-new")).to_be_visible(timeout=TIMEOUT)


def new_table_game(tab: Tab, link: str, players: int, coach: str = "asked", names=()):
    """A new game at the table of ``link`` opened in ``tab``: ``players`` seats named ``names``
    (the rest "Player N": a page a test shares keeps the last game's names), advised ``coach``
    ("asked" or "always"); returns the table once its scores are shown."""
    table = tab.open(link).get_by_test_id("table")
    open_table_setup(table)
    table.get_by_test_id("table-count").select_option(str(players))
    for seat in range(players):
        table.get_by_test_id(f"table-name-{seat}").fill(names[seat] if seat < len(names) else f"Player {seat + 1}")
    table.get_by_test_id("table-coach").select_option(coach)
    table.get_by_test_id("table-new").click()
    expect(table.get_by_test_id("table-scores")).to_contain_text("0", timeout=TIMEOUT)
    return table


def my_move(page, n):
    """Wait until it is my move (or the game is over), then move: hold every third chance, else
    roll (hold where only holding is allowed); after a roll offering a choice, the last option every other time (often not the
    best), else the first. Returns False once the game is over."""
    board = page.get_by_test_id("play-board")
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    if board.get_attribute("data-over") == "true":
        return False
    moves = board.get_attribute("data-moves")
    # (the moves offered are drawn once the page is ready: wait for one before counting them)
    offered = "[data-testid=play-option-list], [data-testid=play-option], [data-testid=play-roll], [data-testid=play-hold]"
    expect(board.locator(offered).first).to_be_visible(timeout=TIMEOUT)
    options, listed = page.get_by_test_id("play-option"), page.get_by_test_id("play-option-list")
    hold = page.get_by_test_id("play-hold")
    if listed.count():
        values = listed.locator("option").evaluate_all("os => os.map(o => o.value)")
        listed.select_option(values[-1] if n % 2 else values[0])
        page.get_by_test_id("play-choose").click()
    elif options.count():
        (options.last if n % 2 else options.first).click()
    else:
        roll = page.get_by_test_id("play-roll")
        (hold if hold.count() and (n % 3 == 2 or not roll.count()) else roll).click()
    expect(board).not_to_have_attribute("data-moves", moves, timeout=TIMEOUT)
    return True


def labels_cut(page, charts: str) -> list[str]:
    """The texts of the charts (``charts``: a CSS selector of their svg elements) that are not
    drawn whole inside their chart (a label right-aligned left of the margin loses its first
    characters: "54.54%" read "4.54%")."""
    return page.evaluate(
        """selector => [...document.querySelectorAll(selector)].flatMap(svg => {
            const box = svg.getBoundingClientRect();
            return [...svg.querySelectorAll('text')].filter(t => {
                const r = t.getBoundingClientRect();
                return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
            }).map(t => t.textContent);
        })""",
        charts,
    )


def ranked_moves(scope):
    """The rows of the moves table (action-table.js) under ``scope`` as read, best first: each
    row's text with its cells separated by single spaces ("Hold 71.36% — 17")."""
    rows = scope.get_by_role("table").first.get_by_role("row").filter(has=scope.page.get_by_role("rowheader"))
    return [" ".join(text.split()) for text in rows.all_inner_texts()]
