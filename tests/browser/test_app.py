"""End to end: the page in Chromium against the built dist/."""

import json
import subprocess
import sys

import pytest
from page_helpers import TIMEOUT, advice_of
from playwright.sync_api import expect

from pycore import api


def tap(page, label, url):
    """Tap a control and wait for the position it leads to and its answer."""
    page.get_by_label(label).click()
    expect(page).to_have_url(url, timeout=TIMEOUT)
    advice_of(page)


def cli_advice(game, state):
    result = api.call("advise", {"game": game, "state": state})
    return result


STATES = {
    "pig": ["i=0,j=0,k=20", "i=60,j=90,k=12", "i=95,j=40,k=0"],
    "gro": ["p=1,i=0,j=0,k=0,o=0", "p=1,i=10,j=20,k=12,o=1", "p=2,i=30,j=55,k=20,o=1", "p=2,i=40,j=45,k=7,o=2"],
    "ayzd": ["p=1,i=13,j=13,b=5,s=0", "p=2,i=5,j=12,b=3,s=1", "p=1,i=0,j=0,b=1,s=2"],
}


@pytest.mark.parametrize("game", sorted(STATES))
def test_page_gives_the_cli_numbers(shared_phone, game):
    for state in STATES[game]:
        expected = cli_advice(game, state)
        page = shared_phone.open(expected["link"])
        if expected["values"]["roll"] is not None:
            wait_for_roll_value(page, expected["values"]["roll"])
        shown = advice_of(page)
        assert shown["best"] == expected["best"], state
        assert shown["roll"] == pytest.approx(expected["values"]["roll"] or float("nan"), abs=1e-12, nan_ok=True)
        if expected["values"]["hold"] is None:
            assert shown["hold"] is None
        else:
            assert shown["hold"] == pytest.approx(expected["values"]["hold"], abs=1e-12)


def test_editing_updates_the_link_and_the_link_reproduces_the_state(site, page, context):
    page.goto(site + "#game=gro&p=1&i=10&j=20&k=12&o=1")
    advice_of(page)
    page.get_by_test_id("set-p-2").click()
    page.get_by_label("Your score plus 1").click()
    expect(page).to_have_url(site + "#game=gro&p=2&i=11&j=20&k=12&o=1", timeout=TIMEOUT)
    shown = advice_of(page)
    # the CLI prints the same fragment
    done = subprocess.run(
        [sys.executable, "-m", "pycore", "link", "gro", "--state", "p=2,i=11,j=20,k=12,o=1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert page.url == site + done.stdout.strip()
    # a fresh page opened on that link shows the same state and numbers
    other = context.new_page()
    other.goto(page.url)
    assert advice_of(other) == shown
    expect(other.get_by_test_id("input-i")).to_have_value("11")
    expect(other.get_by_test_id("set-p-2")).to_have_attribute("aria-pressed", "true")
    other.close()


@pytest.mark.parametrize(
    "fragment, message, nearest",
    [
        (
            "#game=gro&p=1&i=10&j=70&k=5&o=1",
            "no such position at the start of a turn, whose turn 1, your score 10, opponent's score 70",
            "#game=gro&p=1&i=10&j=49&k=4&o=1",
        ),
        ("#game=chess&i=3", "there is no game 'chess' here (the games: Pig, Great Rolled Ones", "#game=pig&i=3&j=0&k=0"),
        ("#game=ayzd&s=7&b=x", "Shotguns (s) must be between 0 and 2", None),
        ("#%%%zz", "has no", "#game=pig&i=0&j=0&k=0"),
        ("#game=gro&k=1", "each roll adds 3-5 to the turn total", None),
    ],
)
def test_malformed_links_say_what_is_wrong_and_open_the_nearest_state(site, shared_phone, fragment, message, nearest):
    page = shared_phone.open(fragment)
    box = page.get_by_test_id("link-message")
    expect(box).to_be_visible(timeout=TIMEOUT)
    expect(box).to_contain_text(message)
    advice_of(page)
    if nearest:
        assert page.url == site + nearest


def test_keyboard_alone_can_change_the_state(site, shared_phone):
    page = shared_phone.open("#game=pig&i=10&j=20&k=5")
    advice_of(page)
    page.get_by_test_id("input-k").focus()
    page.keyboard.press("Tab")  # the + button after the turn total
    page.keyboard.press("Enter")
    expect(page).to_have_url(site + "#game=pig&i=10&j=20&k=6", timeout=TIMEOUT)


def test_a_stepper_moves_to_the_next_value_that_can_occur(site, shared_phone):
    """GRO's turn total moves by 3-5 points a roll: + from 0 gives 5 with no 1s set aside,
    and nothing else changes; - from 0 has nowhere to go and says why beside the control."""
    page = shared_phone.open("#game=gro&p=2&i=30&j=55&k=0&o=0")
    advice_of(page)
    tap(page, "Turn total plus 1", site + "#game=gro&p=2&i=30&j=55&k=5&o=0")
    tap(page, "Turn total minus 1", site + "#game=gro&p=2&i=30&j=55&k=0&o=0")
    page.get_by_label("Turn total minus 1").click()
    expect(page.get_by_test_id("note-k")).to_contain_text("Turn total is already at its lowest (0)", timeout=TIMEOUT)
    expect(page).to_have_url(site + "#game=gro&p=2&i=30&j=55&k=0&o=0")
    page.get_by_label("Turn total plus 1").click()  # a step that works clears the note
    expect(page).to_have_url(site + "#game=gro&p=2&i=30&j=55&k=5&o=0", timeout=TIMEOUT)
    expect(page.get_by_test_id("note-k")).to_be_hidden()


def test_each_game_keeps_its_own_position(site, page):
    page.goto(site + "#game=pig&i=60&j=70&k=0")
    advice_of(page)
    page.get_by_test_id("game-select").select_option("gro")
    expect(page).to_have_url(site + "#game=gro&p=1&i=0&j=0&k=0&o=0", timeout=TIMEOUT)
    advice_of(page)
    tap(page, "Your score plus 1", site + "#game=gro&p=1&i=1&j=0&k=0&o=0")
    page.get_by_test_id("game-select").select_option("ayzd")
    expect(page).to_have_url(site + "#game=ayzd&p=1&i=0&j=0&b=0&s=0", timeout=TIMEOUT)
    advice_of(page)
    page.get_by_test_id("game-select").select_option("pig")
    expect(page).to_have_url(site + "#game=pig&i=60&j=70&k=0", timeout=TIMEOUT)
    advice_of(page)
    page.get_by_test_id("game-select").select_option("gro")
    expect(page).to_have_url(site + "#game=gro&p=1&i=1&j=0&k=0&o=0", timeout=TIMEOUT)
    expect(page.get_by_test_id("link-message")).to_be_hidden()


def test_back_steps_through_the_positions_entered(site, page):
    page.goto(site + "#game=pig&i=10&j=20&k=5")
    advice_of(page)
    tap(page, "Your score plus 1", site + "#game=pig&i=11&j=20&k=5")
    tap(page, "Your score plus 1", site + "#game=pig&i=12&j=20&k=5")
    page.go_back()
    expect(page).to_have_url(site + "#game=pig&i=11&j=20&k=5", timeout=TIMEOUT)
    expect(page.get_by_test_id("input-i")).to_have_value("11", timeout=TIMEOUT)
    wait_for_roll_value(page, cli_advice("pig", "i=11,j=20,k=5")["values"]["roll"])
    page.go_back()
    expect(page.get_by_test_id("input-i")).to_have_value("10", timeout=TIMEOUT)
    page.go_forward()
    expect(page.get_by_test_id("input-i")).to_have_value("11", timeout=TIMEOUT)


def test_a_tap_before_python_is_ready_is_not_lost(site, page):
    """After a reload the kept answer shows at once; a tap then is queued, not dropped."""
    page.goto(site + "#game=ayzd&p=1&i=3&j=4&b=2&s=1")
    advice_of(page)
    page.reload()
    expect(page.get_by_test_id("set-s-2")).to_be_visible(timeout=TIMEOUT)
    page.get_by_test_id("set-s-2").click()
    expect(page).to_have_url(site + "#game=ayzd&p=1&i=3&j=4&b=2&s=2", timeout=TIMEOUT)
    wait_for_roll_value(page, cli_advice("ayzd", "p=1,i=3,j=4,b=2,s=2")["values"]["roll"])
    expect(page.get_by_test_id("set-s-2")).to_have_attribute("aria-pressed", "true")


def test_how_to_play_is_one_tap_away_for_every_game(shared_phone):
    page = shared_phone.open("#game=pig&i=0&j=0&k=0")
    advice_of(page)
    offered = [game for game in api.call("games")["games"] if game["offered"]]
    assert "farkle-penalty" not in {game["name"] for game in offered}  # (until its table ships: issue 35)
    for game in offered:
        page.get_by_test_id("game-select").select_option(game["name"])
        rules = page.get_by_test_id("how-to-play")
        expect(rules).to_contain_text(f"How to play {game['title']}", timeout=TIMEOUT)
        rules.locator("summary").click()
        expect(rules).to_contain_text(game["rules"][:60])
        assert len(game["rules"]) > 100


def test_works_offline_after_one_visit(site, browser):
    context = browser.new_context()
    page = context.new_page()
    page.goto(site + "#game=ayzd&p=1&i=3&j=4&b=2&s=1")
    expect(page.get_by_test_id("sw-message")).to_contain_text("Ready to work offline", timeout=TIMEOUT)
    online = advice_of(page)
    page.evaluate("navigator.serviceWorker.ready")
    context.set_offline(True)
    page.reload()
    assert advice_of(page) == online
    # a state not shown before is computed offline too
    page.evaluate("h => { location.hash = h }", "#game=ayzd&p=1&i=3&j=4&b=3&s=1")
    wait_for_roll_value(page, cli_advice("ayzd", "p=1,i=3,j=4,b=3,s=1")["values"]["roll"])
    context.close()


def wait_for_roll_value(page, expected):
    """Wait until the panel is ready and shows ``expected`` (to 1e-12: the
    browser's numpy is a WebAssembly build, the last bit may differ)."""
    page.wait_for_function(
        """expected => {
            const panel = document.querySelector('[data-testid=advice]');
            return panel.dataset.ready === 'true' && Math.abs(Number(panel.dataset.pRoll) - expected) < 1e-12;
        }""",
        arg=expected,
        timeout=TIMEOUT,
    )


def test_phone_screenshots(shared_phone, artifacts):
    """Each game on a phone: the CLI's answer, every state control generated from the game's
    description, nothing wider than the screen; the screenshots are kept for people to look at."""
    games = {g["name"]: g for g in api.call("games")["games"]}
    for game, state in [("pig", "i=60,j=90,k=12"), ("gro", "p=2,i=30,j=55,k=20,o=1"), ("ayzd", "p=2,i=5,j=12,b=3,s=1")]:
        expected = cli_advice(game, state)
        page = shared_phone.open(expected["link"])  # (one Python for the three)
        shown = advice_of(page)
        assert shown["best"] == expected["best"]
        assert shown["roll"] == pytest.approx(expected["values"]["roll"], abs=1e-12)
        for var in games[game]["state_vars"]:
            control = page.locator("#state-editor").get_by_text(var["label"]).first
            expect(control).to_be_visible()
        expect(page.get_by_test_id("progress")).to_be_hidden()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.screenshot(path=str(artifacts / f"phone-{game}.png"), full_page=True)


def test_manifest_makes_it_installable(shared_phone):
    page = shared_phone.open("#game=pig&i=0&j=0&k=0")
    manifest = json.loads(page.evaluate("fetch('manifest.webmanifest').then(r => r.text())"))
    assert manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        status = page.evaluate(f"fetch('{icon['src']}').then(r => r.status)")
        assert status == 200
