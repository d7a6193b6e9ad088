"""What the browser tests do on a page again and again: read the advice panel, start a game
against the computer and make a move in it."""

from playwright.sync_api import expect
from pytest import approx

TIMEOUT = 90_000  # first visit: Python starts and the game is solved in the page
ADVICE = "[data-testid=advice]"
BOARD = "[data-testid=play-board]"
READY = (f"{BOARD}[data-over=true], {BOARD} [data-testid=play-roll], {BOARD} [data-testid=play-hold], "
         f"{BOARD} [data-testid=play-option], {BOARD} [data-testid=play-option-list]")


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


def start(page, site, fragment, seed, opponent="optimal"):
    page.goto(site + "#" + fragment + "&view=play")
    open_play_setup(page)
    expect(page.get_by_test_id("play-opponent").locator("option")).not_to_have_count(1, timeout=TIMEOUT)
    page.get_by_test_id("play-seed").fill(str(seed))
    page.get_by_test_id("play-pace").select_option("fast")
    page.get_by_test_id("play-opponent").select_option(opponent)
    page.get_by_test_id("play-new").click()


def my_move(page, n):
    """Wait until it is my move (or the game is over), then move: hold every third chance, else
    roll (hold where only holding is allowed); after a roll offering a choice, the last option every other time (often not the
    best), else the first. Returns False once the game is over."""
    board = page.get_by_test_id("play-board")
    expect(page.locator(READY).first).to_be_visible(timeout=TIMEOUT)
    if board.get_attribute("data-over") == "true":
        return False
    moves = board.get_attribute("data-moves")
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
