"""One question, one answer in the page: a tap is one request to the worker, the big shipped
games open from their tables without a solve, Python writes every link, and a solve made in
the page is kept by Python across a reload."""

from page_helpers import TIMEOUT, advice_of
from playwright.sync_api import expect

from pycore import api

#: every message the page posts to its worker, as {action, lane} (the engine's requests)
RECORD_MESSAGES = """
(() => {
  const post = Worker.prototype.postMessage;
  window.__messages = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    window.__messages.push({ action: message.action, lane: message.lane || null });
    return post.call(this, message, ...rest);
  };
})();
"""


def messages(page) -> list[str]:
    return [m["action"] for m in page.evaluate("window.__messages")]


def test_a_stepper_tap_is_one_request_and_its_answer_is_pythons(site, page):
    page.add_init_script(RECORD_MESSAGES)
    page.goto(site + "#game=pig&i=10&j=20&k=5")
    advice_of(page)
    expect(page.locator("#jeopardy-screen[data-neighbours]")).to_be_attached(timeout=TIMEOUT)  # (the background's one)
    before = len(messages(page))
    page.get_by_label("Your score plus 1").click()
    expected = api.call("advise", {"game": "pig", "state": "i=11,j=20,k=5"})
    expect(page).to_have_url(site + expected["link"], timeout=TIMEOUT)
    assert advice_of(page)["roll"] == expected["values"]["roll"]
    # the tap's own request: the edit, its answer and its link in one (the answers one tap away
    # from the new position are asked for later, in the background)
    assert messages(page)[before:before + 1] == ["answer"]
    assert [m for m in messages(page)[before + 1:] if m != "neighbours"] == []


def test_three_player_gro_opens_from_its_table_without_a_solve(site, page):
    """The advisor's first answer of Great Rolled Ones for three is read from the shipped table
    (it used to re-sweep all 60 turns for minutes): no solve is asked for, and the page says
    where the values come from."""
    page.add_init_script(RECORD_MESSAGES)
    page.goto(site + "#game=gro-3")
    expected = api.call("advise", {"game": "gro-3", "state": "p=1,i=0,j=0,l=0,k=0,o=0"})
    expect(page).to_have_url(site + expected["link"], timeout=TIMEOUT)
    assert advice_of(page)["best"] == expected["best"]
    expect(page.locator("#status")).to_contain_text("read from its prebuilt table", timeout=TIMEOUT)
    assert "solve" not in messages(page) and "estimate" not in messages(page)


def test_a_solve_in_the_page_is_kept_by_python_across_a_reload(site, page):
    """Rules no table ships for are solved once: after a reload Python answers from the values
    it kept in the browser's storage (a turn limit's table is its solution: no sweep)."""
    link = "#game=pig-turns&goal=20&turns=8&turn_model=target&i=0&j=0&n=8&k=0&s=0"
    page.goto(site + link)
    expect(page.locator("#status")).to_contain_text("solved exactly, ", timeout=TIMEOUT)
    shown = advice_of(page)
    page.reload()
    expect(page.locator("#status")).to_contain_text("solved exactly on this device before", timeout=TIMEOUT)
    assert advice_of(page) == shown


def test_a_game_chosen_while_another_is_solved_is_the_one_shown(site, page):
    """The picker and the screen agree: another game chosen while a solve runs cancels the
    solve, and the screen shows the game chosen."""
    page.goto(site + "#game=zombie-dice&goal=5")
    page.get_by_test_id("solve-now").click(timeout=TIMEOUT)  # (tens of seconds: asked first)
    expect(page.locator("#progress")).to_contain_text("Solving Zombie Dice", timeout=TIMEOUT)
    page.get_by_test_id("game-select").select_option("gro")
    expect(page).to_have_url(site + "#game=gro&p=1&i=0&j=0&k=0&o=0", timeout=TIMEOUT)
    assert advice_of(page)["best"] == api.call("advise", {"game": "gro", "state": "p=1,i=0,j=0,k=0,o=0"})["best"]
    expect(page.get_by_test_id("input-o")).to_be_visible()  # (GRO's controls: the 1s set aside)
