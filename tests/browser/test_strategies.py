"""The strategy lab in the browser."""

import pytest
from playwright.sync_api import expect

from pycore import api

TIMEOUT = 120_000

PRINTED = {
    "gro": {
        "Fixed Hold-At": -0.0268,
        "Simple Player and Ones Cases": -0.0201,
        "Keep Pace, End Race, by Case": -0.0100,
        "Roll with 4 or 5 Dice": -0.0535,  # printed -0.0536; see tests/test_papers.py
    },
    "ayzd": {"Fixed Hold-At": -0.0274, "Minh Cases": -0.0134, "Llano Cases": -0.0118, "Neller Cases": -0.0100},
}


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_strategies_view_shows_the_papers_numbers(shared_phone, name):
    page = shared_phone.open(f"#game={name}&view=strategies")
    rows = page.get_by_test_id("policy-row")
    expect(rows.first).to_be_visible(timeout=TIMEOUT)
    shown = {rows.nth(n).get_attribute("data-name"): float(rows.nth(n).get_attribute("data-difference")) for n in range(rows.count())}
    assert {k: round(v, 4) for k, v in shown.items()} == PRINTED[name]
    cli = {p["name"]: p["difference"] for p in api.call("policies", {"game": name})["policies"]}
    for policy, value in shown.items():
        assert value == pytest.approx(cli[policy], abs=1e-12)
    if name == "gro":
        expect(page.get_by_test_id("komi")).to_have_attribute("data-fairest", "3", timeout=TIMEOUT)


def test_a_rule_equal_to_a_paper_policy_gets_the_same_number(shared_phone):
    page = shared_phone.open("#game=ayzd&view=strategies")
    expect(page.get_by_test_id("policy-row").first).to_be_visible(timeout=TIMEOUT)
    paper = float(page.locator("[data-testid=policy-row][data-name='Fixed Hold-At']").get_attribute("data-difference"))
    row = page.locator("[data-testid=policy-row][data-name='Fixed Hold-At']")
    row.locator("summary").click()
    row.get_by_test_id("try-policy").click()  # the paper's policy as a rule, copied into the editor
    expect(page.get_by_test_id("rule-input")).to_have_value(
        "True if p == 2 and j >= 13 and i + b < j else True if s == 0 else b < 4 if s == 1 else b < 1"
    )
    page.get_by_test_id("rule-evaluate").click()
    result = page.get_by_test_id("rule-result")
    expect(result).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    assert float(result.get_attribute("data-difference")) == pytest.approx(paper, abs=1e-12)
    expect(page.get_by_test_id("mistake-list")).to_be_visible(timeout=TIMEOUT)
    loss = float(page.get_by_test_id("mistake-list").get_attribute("data-loss"))
    assert loss == pytest.approx(-paper / 2, abs=1e-12)  # the listed costs add up to the loss
    # and the page says why the two figures differ (−0.0421 beside "2.11 percentage points")
    expect(page.locator("body")).to_contain_text(
        f"it wins {100 * (0.5 - loss):.2f}% of its games against optimal play, not 50% (the difference above, "
        f"{'−' if paper < 0 else '+'}{abs(paper):.4f}, is its win rate minus the optimal player's: twice as much)")


def test_malformed_and_hostile_rules_show_positioned_errors(shared_phone):
    page = shared_phone.open("#game=pig&view=strategies")
    expect(page.get_by_test_id("policy-row").first).to_be_visible(timeout=TIMEOUT)
    for rule, message in [
        ("k < 20 and", "column 11: the rule stops in the middle"),
        ("__import__('os').system('echo hi')", "only min, max and abs can be called"),
        ("k.real < 3", "attribute access is not allowed"),
    ]:
        page.get_by_test_id("rule-input").fill(rule)
        page.get_by_test_id("rule-evaluate").click()
        error = page.get_by_test_id("rule-error")
        expect(error).to_contain_text(message, timeout=TIMEOUT)
        expect(page.get_by_test_id("rule-result")).to_have_attribute("data-ready", "false")


def test_a_link_with_a_rule_shows_it_but_waits_to_be_asked(site, page):
    link = "#game=pig&i=0&j=0&k=0&view=strategies&rule=k%20%3C%2025%20and%20i%20%2B%20k%20%3C%20100"
    page.goto(site + link)
    expect(page.get_by_test_id("policy-row").first).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("rule-input")).to_have_value("k < 25 and i + k < 100")
    expect(page.get_by_test_id("rule-result")).to_have_attribute("data-ready", "false")
    expect(page.get_by_test_id("mistake-list")).to_have_count(0)
    assert page.url == site + link
    page.get_by_test_id("rule-evaluate").click()
    expect(page.get_by_test_id("rule-result")).to_have_attribute("data-ready", "true", timeout=TIMEOUT)


def test_disagreements_are_marked_on_the_boundary(shared_phone):
    page = shared_phone.open("#game=ayzd&p=1&i=3&j=4&b=2&s=1&view=strategies&rule=b%20%3C%203")
    expect(page.get_by_test_id("policy-row").first).to_be_visible(timeout=TIMEOUT)
    page.get_by_test_id("rule-show-boundary").click()
    marks = page.get_by_test_id("slice-marks")
    expect(marks).to_be_visible(timeout=TIMEOUT)
    expected = api.call(
        "slice", {"game": "ayzd", "fixed": {"p": 1, "s": 1}, "axis": "b", "at": 2, "rule": "b < 3"}
    )["disagreements"]
    expect(page.get_by_test_id("slice-marks-legend")).to_contain_text(f"({len(expected)} here)")
    assert len(expected) > 0

    # and on the 3-D view (the rule was asked about in this page)
    page.get_by_test_id("view-solid").click()
    expected_3d = api.call("solid", {"game": "ayzd", "fixed": {"p": 1, "s": 1}, "rule": "b < 3"})["disagreements"]
    expect(page.get_by_test_id("solid-marks-legend")).to_contain_text(f"({len(expected_3d)} states)", timeout=TIMEOUT)
    assert len(expected_3d) > len(expected)
