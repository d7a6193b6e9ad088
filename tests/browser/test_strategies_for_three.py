"""The strategy lab for three players (issue 54) on a phone: each paper's policy read for three
and a typed rule, each followed by one player at a time while the others keep the exact
advice; every player's chance and the follower's cost equal to the API's, the table within
the phone's width, axe clean in light and dark."""

import pytest
from page_helpers import PHONE
from playwright.sync_api import expect

from pycore import api, find_game
from pycore.service.seat_policies import policies_for_players
from pycore.store.prebuilt import read_manifest, tables_dir
from tests.browser.test_usability import axe_violations

TIMEOUT = 240_000
GAME = {"game": "ayzd-3", "goal": 5}


def test_the_strategies_of_three_players_on_a_phone(shared_phone):
    page = shared_phone.open("#game=ayzd-3&goal=5&view=strategies")
    tables = page.get_by_test_id("paper-policies").get_by_test_id("follower-table")
    expect(tables.first).to_be_visible(timeout=TIMEOUT)
    expected = api.call("policies", GAME)["policies"]
    assert tables.count() == len(expected) == 4
    for n, policy in enumerate(expected):
        rows = tables.nth(n).get_by_test_id("follower-row")
        assert tables.nth(n).get_attribute("data-name") == policy["name"]
        shown = [float(rows.nth(s).get_attribute("data-cost")) for s in range(3)]
        assert shown == pytest.approx([s["cost"] for s in policy["seats"]], abs=1e-12)
    # the head starts for three, and a rule with every score
    expect(page.get_by_test_id("komi")).to_contain_text("Fairest:", timeout=TIMEOUT)
    page.get_by_test_id("rule-input").fill("b < 2 + (max(j, l) - i) // 3 if s < 2 else b < 1")
    page.get_by_test_id("rule-evaluate").click()
    result = page.get_by_test_id("rule-result")
    expect(result).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    costs = [float(c) for c in result.get_attribute("data-costs").split(",")]
    rule = api.call("evaluate", {**GAME, "rule": "b < 2 + (max(j, l) - i) // 3 if s < 2 else b < 1"})
    assert costs == pytest.approx([s["cost"] for s in rule["seats"]], abs=1e-12)
    # the tables fit the phone's width, and axe finds nothing
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe_violations(page) == [], scheme
    page.emulate_media(color_scheme="light")
    # a rule naming what is not a variable is refused in words
    page.get_by_test_id("rule-input").fill("b < m")
    page.get_by_test_id("rule-evaluate").click()
    expect(page.get_by_test_id("rule-error")).to_contain_text("unknown name 'm'", timeout=TIMEOUT)


def _fits(page) -> list[bool]:
    """Whether each follower table fits its card and the phone's width (nothing to scroll)."""
    return page.evaluate("""() => [...document.querySelectorAll('[data-testid=follower-table]')].map(t =>
        t.parentElement.scrollWidth <= t.parentElement.clientWidth && t.getBoundingClientRect().right <= innerWidth)""")


@pytest.mark.parametrize("link, players", [("#game=ayzd&players=4&view=strategies", 4),
                                           ("#game=ayzd&players=5&goal=4&turns=0&view=strategies", 5)])
def test_every_seat_and_the_cost_fit_a_phone_at_four_and_five(shared_phone, link, players):
    """Four players (the shipped table's papers' policies) and five (to 4 without a turn limit,
    which settles there, evaluated here: its default 100 turns left are six times the work):
    each follower table shows every seat's chance and the cost within a phone's width, with nothing
    to scroll (at 4 players the cost column was cut off at the card's edge)."""
    page = shared_phone.open(link)
    tables = page.get_by_test_id("paper-policies").get_by_test_id("follower-table")
    expect(tables.first).to_be_visible(timeout=TIMEOUT)
    assert tables.count() == 4
    assert tables.first.get_by_test_id("follower-row").count() == players
    assert _fits(page) == [True] * 4


def test_pig_for_three_shows_its_shipped_policies_on_a_first_visit(site, page):
    """Pig for three to 100 ships its papers' policies (28 minutes of two cores, over the page's
    budget): a first visit to its strategies shows both, the manifest's figures as the API gives
    them, within the phone's width; and once Python is up its start is no longer said (the
    bar said "Loading numpy and the solver…" over the answer while the head starts were
    computed)."""
    page.goto(site + "#game=pig&players=3&view=strategies")
    tables = page.get_by_test_id("paper-policies").get_by_test_id("follower-table")
    expect(tables.first).to_be_visible(timeout=TIMEOUT)
    shown = page.evaluate("() => { const bar = document.getElementById('progress'); return bar.hidden ? '' : bar.textContent; }")
    assert "numpy" not in shown and "Starting Python" not in shown, shown
    expected = api.call("policies", {"game": "pig", "players": 3})["policies"]
    assert [tables.nth(n).get_attribute("data-name") for n in range(tables.count())] == [p["name"] for p in expected]
    for n, policy in enumerate(expected):
        costs = [float(c) for c in tables.nth(n).get_by_test_id("follower-row").evaluate_all("rs => rs.map(r => r.dataset.cost)")]
        assert costs == pytest.approx([s["cost"] for s in policy["seats"]], abs=1e-12)
    assert _fits(page) == [True, True]
    expect(page.get_by_test_id("komi")).to_contain_text("Fairest:", timeout=TIMEOUT)
    expect(page.get_by_test_id("progress")).to_be_hidden()


def _shown_policies(page, expected: dict):
    """The paper policies' tables of GRO for three's strategies: each the API's ``expected``
    policy, its costs the API's (returns the tables' locator)."""
    tables = page.get_by_test_id("paper-policies").get_by_test_id("follower-table")
    expect(tables).to_have_count(len(expected["policies"]), timeout=TIMEOUT)
    assert [tables.nth(n).get_attribute("data-name") for n in range(tables.count())] == [
        p["name"] for p in expected["policies"]]
    for n, policy in enumerate(expected["policies"]):
        costs = [float(c) for c in tables.nth(n).get_by_test_id("follower-row").evaluate_all("rs => rs.map(r => r.dataset.cost)")]
        assert costs == pytest.approx([s["cost"] for s in policy["seats"]], abs=1e-12)
    return tables


def test_gro_for_three_shows_the_four_policies_its_table_ships(shared_phone):
    """GRO for three to 50 ships its four papers' policies (about half an hour of two cores
    each, added a part at a time): its strategies show each one, the API's figures, none
    named as not evaluated; within the phone's width."""
    page = shared_phone.open("#game=gro&players=3&view=strategies")
    expected = api.call("policies", {"game": "gro", "players": 3})
    assert len(expected["policies"]) == 4 and "unevaluated" not in expected
    tables = _shown_policies(page, expected)
    expect(page.get_by_test_id("unevaluated-policies")).to_have_count(0)
    assert _fits(page) == [True] * tables.count()


def test_a_table_shipping_its_first_policies_names_the_others_with_the_command(browser, site):
    """A table that ships only its first policies (as GRO for three's did while they were added
    a part at a time): the page's manifest here lists GRO for three's first three, so the
    strategies show those and name the fourth with the command that adds it, as the API
    does for the same entry."""
    context = browser.new_context(**PHONE, service_workers="block")  # (the worker's fetch of the manifest is routed)

    def first_three(route):
        response = route.fetch()
        manifest = response.json()
        for entry in manifest["tables"]:
            if entry["rules"]["game"] == "gro-3":
                entry["seat_policies"] = entry["seat_policies"][:3]
        route.fulfill(response=response, json=manifest)

    try:
        context.route("**/tables/manifest.json", first_three)
        page = context.new_page()
        page.goto(site + "#game=gro&players=3&view=strategies")
        entry = next(e for e in read_manifest(tables_dir())["tables"] if e["rules"]["game"] == "gro-3")
        game = find_game("gro", players=3)
        expected = policies_for_players(game, None, entry["seat_policies"][:3], entry["policies_seconds"])
        tables = _shown_policies(page, expected)
        pending = page.get_by_test_id("unevaluated-policies")
        expect(pending).to_contain_text("Keep Pace, End Race, by Case")
        expect(pending).to_contain_text("python -m pycore tables --game gro-3 --add-policies 1")
        assert _fits(page) == [True] * tables.count()
    finally:
        context.close()
