"""What got in a new player's way on a phone (360x740, touch) and a desktop (1280x800): each
finding of the usability issue as a test that would have caught it."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from page_helpers import ranked_moves, start
from playwright.sync_api import expect

from pycore import api

TIMEOUT = 90_000
ADVICE = "[data-testid=advice]"
YZ_ADVICE = "[data-testid=yahtzee-advice]"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_violations(page) -> list:
    """axe's WCAG 2.2 AA violations on the page as it is: (rule, the first three nodes)."""
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": AXE_TAGS}})
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]]


def ready(page, selector=ADVICE):
    expect(page.locator(selector)).to_have_attribute("data-ready", "true", timeout=TIMEOUT)


def box(page, testid):
    return page.get_by_test_id(testid).bounding_box()


def overlap(a, b):
    apart_across = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
    return not (apart_across or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


# -- entering a position ------------------------------------------------------------------


def test_a_typed_value_that_cannot_occur_moves_only_its_own_variable(site, shared_phone):
    page = shared_phone.open("#game=gro&p=2&i=30&j=55&k=20&o=0")
    ready(page)
    page.get_by_test_id("input-k").fill("1")
    page.get_by_test_id("input-k").press("Enter")
    expect(page).to_have_url(site + "#game=gro&p=2&i=30&j=55&k=0&o=0", timeout=TIMEOUT)
    expect(page.get_by_test_id("note-k")).to_contain_text("Turn total 1 cannot occur here", timeout=TIMEOUT)
    expect(page.get_by_test_id("link-message")).to_be_hidden()  # beside the control, not at the top
    page.get_by_test_id("input-i").fill("")
    page.get_by_test_id("input-i").press("Enter")
    expect(page.get_by_test_id("note-i")).to_have_text("Your score is empty: type a number")
    expect(page).to_have_url(site + "#game=gro&p=2&i=30&j=55&k=0&o=0")


def test_the_slider_moves_only_its_own_variable_and_keeps_the_keyboard(site, shared_phone):
    page = shared_phone.open("#game=gro&p=2&i=30&j=55&k=20&o=0&view=slice&axis=k")
    expect(page.get_by_test_id("slice")).to_be_visible(timeout=TIMEOUT)
    slider = page.get_by_test_id("slice-slider")
    slider.focus()
    # k = 19 cannot occur with no 1s set aside (5 a roll): the next possible one down is taken
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(site + "#game=gro&p=2&i=30&j=55&k=15&o=0&view=slice&axis=k", timeout=TIMEOUT)
    expect(page.get_by_test_id("slice-note")).to_contain_text("Turn total 19 cannot occur here")
    expect(page.get_by_test_id("slice-at")).to_have_text("15", timeout=TIMEOUT)
    # the keyboard stays on the slider, so the next arrow goes on from there
    assert page.evaluate("document.activeElement.dataset.testid") == "slice-slider"


def test_the_chart_says_when_the_position_is_off_it(shared_phone):
    page = shared_phone.open("#game=gro&p=2&i=30&j=55&k=10&o=0&view=slice&axis=k")
    expect(page.get_by_test_id("slice-off-chart")).to_contain_text("(j = 55) is off the chart", timeout=TIMEOUT)
    expect(page.get_by_test_id("slice-here")).to_have_count(0)


def test_chart_cells_are_reached_by_keyboard_and_by_arrows_on_a_phone(site, shared_phone):
    page = shared_phone.open("#game=gro&p=1&i=10&j=20&k=12&o=1&view=slice&axis=i")
    chart = page.get_by_test_id("slice")
    expect(chart).to_be_visible(timeout=TIMEOUT)
    chart.focus()  # starts on this state: j=20, k=12
    tip = page.get_by_test_id("slice-tip")
    expect(tip).to_contain_text("j=20, k=12, i=10")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(tip).to_contain_text("j=21, k=10, i=10")
    # k = 10 cannot occur with one 1 set aside: Enter says so and stays
    page.keyboard.press("Enter")
    expect(tip).to_contain_text("is not a state of the game")
    for _ in range(4):  # on a phone: the arrow buttons under the chart
        page.get_by_label("cell above").click()
    expect(tip).to_contain_text("j=21, k=14, i=10")
    page.get_by_test_id("slice-open").click()
    expect(page).to_have_url(site + "#game=gro&p=1&i=10&j=21&k=14&o=1&view=slice&axis=i", timeout=TIMEOUT)


def test_axis_text_is_readable_and_the_chart_fits_the_window(shared_phone, shared_desktop):
    for shared, height in ((shared_phone, 740), (shared_desktop, 800)):
        p = shared.open("#game=ayzd&p=2&i=5&j=12&b=3&s=1&view=slice&axis=b")
        chart = p.get_by_test_id("slice")
        expect(chart).to_be_visible(timeout=TIMEOUT)
        # the tick numbers' rendered height: 12 px text is about 14 px high, on a phone and a desktop
        heights = p.evaluate(
            "() => [...document.querySelectorAll('[data-testid=slice] text.tick')].map((t) => t.getBoundingClientRect().height)"
        )
        assert heights and min(heights) >= 11 and max(heights) <= 18, heights
        assert chart.bounding_box()["height"] <= 0.7 * height + 1
        assert p.evaluate("document.documentElement.scrollWidth") <= p.viewport_size["width"]


def test_the_3d_view_fits_a_phone(shared_phone):
    page = shared_phone.open("#game=ayzd&p=2&i=5&j=12&b=3&s=1&view=solid")
    expect(page.locator("[data-testid=solid-canvas][data-ready=true]")).to_be_visible(timeout=TIMEOUT)
    assert page.get_by_test_id("solid-canvas").bounding_box()["width"] <= 360 - 2 * 8 - 2 * 12
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    expect(page.get_by_test_id("boundary")).to_contain_text("b (brains this turn)")


# -- layout -------------------------------------------------------------------------------


def test_on_a_phone_the_answer_is_right_below_the_controls_and_on_screen(shared_phone):
    page = shared_phone.open("#game=gro&p=2&i=30&j=55&k=10&o=0")
    ready(page)
    editor, advice = page.locator("#state-editor").bounding_box(), page.locator(ADVICE).bounding_box()
    assert editor["y"] + editor["height"] <= advice["y"] <= editor["y"] + editor["height"] + 16
    assert advice["y"] < 740  # the verdict is on the first screen, under the controls being tapped


def test_on_a_desktop_the_answer_covers_nothing(shared_desktop):
    page = shared_desktop.open("#game=gro&p=1&i=10&j=20&k=12&o=1&view=strategies")
    expect(page.get_by_test_id("komi")).to_be_visible(timeout=120_000)
    for y in (0, 400, 900, 1600):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert not overlap(page.locator(ADVICE).bounding_box(), page.get_by_test_id("boundary").bounding_box())
    page = shared_desktop.open("#game=gro&p=1&i=10&j=20&k=12&o=1&view=slice&axis=k")
    expect(page.get_by_test_id("slice")).to_be_visible(timeout=TIMEOUT)
    page.get_by_test_id("slice-slider").scroll_into_view_if_needed()
    assert not overlap(page.locator(ADVICE).bounding_box(), page.get_by_test_id("slice-slider").bounding_box())


def test_yahtzee_uses_the_whole_width_of_a_desktop(shared_desktop):
    page = shared_desktop.open("#game=yahtzee&joker=forced")
    ready(page, YZ_ADVICE)
    screen = page.locator("#scorecard-screen").bounding_box()
    picker = page.locator("#game-picker").bounding_box()
    assert screen["width"] == pytest.approx(picker["width"], abs=2)
    # the scorecard beside the position and the answer
    assert page.locator(".yz-card").bounding_box()["x"] > screen["x"] + screen["width"] / 3
    target = page.get_by_test_id("target")
    assert page.evaluate("(el) => el.scrollWidth <= el.clientWidth", target.element_handle())  # "optional" not cut


def test_the_status_line_is_about_the_game_on_screen(site, page):
    """(A page of its own: a shared one keeps a kind of game's screen once shown, see the
    conftest's SharedPage.)"""
    page.goto(site + "#game=pig&i=1&j=2&k=0")
    ready(page)
    expect(page.get_by_test_id("status")).to_contain_text("Pig", timeout=TIMEOUT)
    page.get_by_test_id("game-select").select_option("yahtzee")
    ready(page, YZ_ADVICE)
    expect(page.get_by_test_id("status")).not_to_contain_text("Pig")


# -- why ----------------------------------------------------------------------------------


def moves_read(answer) -> list[str]:
    """The advisor's moves table as the API's numbers say it should read, best first (win
    chances with their bust chance and points this turn; for the most points, the points and the
    bust chance), then the moves not allowed."""
    outlook, allowed = answer["outlook"], [a for a, v in answer["values"].items() if v is not None]
    rows = []
    for action in sorted(allowed, key=lambda a: -answer["values"][a]):
        value, o = answer["values"][action], outlook[action]
        bust = f"{100 * o['bust']:.1f}%" if action == "roll" else "—"
        if answer["objective"] == "turn-score":
            rows.append(f"{action.title()} {value:.2f} {bust}")
        else:
            rows.append(f"{action.title()} {100 * value:.2f}% {bust} {o['points']:.1f}" if action == "roll"
                        else f"{action.title()} {100 * value:.2f}% {bust} {o['points']:.0f}")
    return rows + [f"{a.title()} not allowed here" for a, v in answer["values"].items() if v is None]


@pytest.mark.parametrize("game, state, objective", [
    ("gro", "p=2,i=30,j=55,k=10,o=0", "win"),
    ("pig", "i=60,j=54,k=17", "win"),  # holding is best: it comes first
    ("pig", "i=60,j=54,k=17", "turn-score"),  # rolling makes the most points: it comes first
    ("pig", "i=0,j=0,k=0", "win"),  # a turn's start: holding is not allowed
])
def test_the_answer_ranks_every_move_with_its_bust_chance_and_points(shared_phone, game, state, objective):
    """Issue 52: in the advisor, each move's expected points this turn and chance to bust stand
    beside its chance to win, ranked best first, in one compact table that fits a 360-px screen
    (it was two bars in a fixed roll-then-hold order)."""
    expected = api.call("advise", {"game": game, "state": state, "objective": objective})
    page = shared_phone.open(expected["link"])
    ready(page)
    panel = page.locator(ADVICE)
    expect(page.get_by_test_id("reason")).to_have_text(expected["reason"])
    moves = panel.get_by_role("table")
    expect(moves).to_have_count(1)
    expect(moves.locator("caption")).to_have_text(
        "Best first (expected points this turn)" if objective == "turn-score" else "Best first (your chance of winning)")
    heads = ["Move", "Points this turn", "Bust"] if objective == "turn-score" else ["Move", "Chance", "Bust", "Points this turn"]
    expect(moves.get_by_role("columnheader")).to_have_text(heads)
    assert ranked_moves(panel) == moves_read(expected)
    # the best move is marked (bold), the others not
    weights = moves.get_by_role("row").filter(has=page.get_by_role("rowheader")).evaluate_all(
        "rows => rows.map(r => getComputedStyle(r).fontWeight)")
    assert weights[0] == "700" and all(w != "700" for w in weights[1:]), weights
    # whole on a phone's screen, beside nothing cut
    table, screen = moves.bounding_box(), page.viewport_size["width"]
    assert table["x"] >= 0 and table["x"] + table["width"] <= screen - 8, (table, screen)
    assert moves.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth")


def test_three_players_advice_ranks_the_moves_and_says_every_seats_chance_after_each(shared_phone):
    """Issue 52, three players: the moves ranked as for two, and every player's chance after
    each move in the same order under the table."""
    state = "i=61,j=16,l=61,k=10"
    expected = api.call("advise", {"game": "pig-3", "state": state})
    page = shared_phone.open(expected["link"])
    ready(page)
    panel = page.locator(ADVICE)
    assert ranked_moves(panel) == moves_read(expected)
    order = sorted(expected["values"], key=lambda a: -expected["values"][a])
    said = panel.locator("p").filter(has_text="After ").all_inner_texts()
    names = ("you", "next player", "third player")
    assert said == [f"After {'rolling' if a == 'roll' else 'holding'}: "
                    + " · ".join(f"{n} {100 * p:.1f}%" for n, p in zip(names, expected["seat_values"][a], strict=True)) for a in order]


# -- Yahtzee ------------------------------------------------------------------------------


def test_typed_dice_that_are_wrong_stay_with_a_note(site, shared_phone):
    page = shared_phone.open("#game=yahtzee&joker=forced&dice=22456&rolls=1")
    ready(page, YZ_ADVICE)
    field = page.get_by_test_id("dice-text")
    field.fill("1335")
    field.press("Enter")
    expect(page.get_by_test_id("note-dice")).to_have_text('Type 5 dice (e.g. 13356): "1335" has 4')
    expect(field).to_have_value("1335")  # kept to be corrected
    expect(page).to_have_url(site + "#game=yahtzee&joker=forced&dice=22456&rolls=1")
    field.fill("13357")
    field.press("Enter")
    expect(page.get_by_test_id("note-dice")).to_have_text('Dice show 1 to 6: "13357" has 7')
    field.fill("13356")
    field.press("Enter")
    expect(page).to_have_url(site + "#game=yahtzee&joker=forced&dice=13356&rolls=1", timeout=TIMEOUT)
    expect(page.get_by_test_id("note-dice")).to_be_hidden()


def test_after_a_keep_row_a_die_tap_still_changes_the_die(site, shared_phone):
    page = shared_phone.open("#game=yahtzee&joker=forced&dice=13356&rolls=2")
    ready(page, YZ_ADVICE)
    page.locator("button[data-keep]").nth(1).click()
    page.get_by_test_id("dice-0").click()
    expect(page).not_to_have_url(site + "#game=yahtzee&joker=forced&dice=13356&rolls=2", timeout=TIMEOUT)
    ready(page, YZ_ADVICE)
    assert "dice=23356" in page.url


def test_kept_dice_are_dark_on_yellow(shared_phone):
    page = shared_phone.open("#game=yahtzee&joker=forced&dice=13356&rolls=2")
    ready(page, YZ_ADVICE)
    kept = page.locator(".dice .die.kept").first
    expect(kept).to_be_visible()
    colours = kept.evaluate("(el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]")

    def luminance(css):
        r, g, b = (int(x) / 255 for x in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted(map(luminance, colours), reverse=True)
    assert (high + 0.05) / (low + 0.05) >= 7, colours


def test_the_joker_rule_is_explained_under_it(shared_phone):
    page = shared_phone.open("#game=yahtzee&joker=forced")
    ready(page, YZ_ADVICE)
    yahtzee = next(g for g in api.call("games")["games"] if g["name"] == "yahtzee")
    described = next(p for p in yahtzee["parameters"] if p["name"] == "joker")
    for choice, help_text in zip(described["choices"], described["choice_help"], strict=True):
        page.get_by_test_id("param-joker").select_option(choice)
        expect(page.get_by_test_id("param-help-joker")).to_have_text(help_text, timeout=TIMEOUT)


def test_applying_a_box_moves_the_card_to_the_next_turn(site, shared_phone):
    page = shared_phone.open("#game=yahtzee&joker=forced&dice=22256&rolls=0")
    ready(page, YZ_ADVICE)
    best = api.call("advise", {"game": "yahtzee", "joker": "forced", "dice": [2, 2, 2, 5, 6], "rolls_left": 0})["best"]
    page.get_by_test_id("apply-choice").click()
    expect(page).to_have_url(site + f"#game=yahtzee&joker=forced&card={best['scorecard_after']}", timeout=TIMEOUT)
    ready(page, YZ_ADVICE)
    expect(page.get_by_test_id(f"box-{best['box']}")).to_have_value(str(best["points"]))


def test_a_game_in_play_survives_reload_rule_change_and_game_switch(site, page):
    page.goto(site + "#game=yahtzee&joker=forced")
    ready(page, YZ_ADVICE)
    page.get_by_test_id("yz-tab-play").click()
    play = page.get_by_test_id("play")
    expect(page.get_by_test_id("play-card").locator("li[data-box]")).to_have_count(13)  # the card on screen
    page.get_by_test_id("play-roll").click()
    expect(play).to_have_attribute("data-rolls-left", "2", timeout=TIMEOUT)
    page.get_by_test_id("play-hint").click()
    expect(page.get_by_test_id("play-hint-text")).to_contain_text("Best:", timeout=TIMEOUT)
    dice = page.locator("[data-testid=play-dice] .die").evaluate_all("(ds) => ds.map((d) => d.dataset.value)")
    best = api.call("advise", {"game": "yahtzee", "joker": "forced", "dice": [int(d) for d in dice], "rolls_left": 2})["best"]
    kept_faces = sorted(page.locator(".dice[data-testid=play-dice] .die.kept").evaluate_all("(ds) => ds.map((d) => d.dataset.value)"))
    assert "".join(kept_faces) == "".join(str(d) for d in sorted(best["keep"]))  # the hint marks the solver's dice to keep
    page.reload()
    page.get_by_test_id("yz-tab-play").click()
    expect(play).to_have_attribute("data-rolls-left", "2", timeout=TIMEOUT)
    assert page.locator("[data-testid=play-dice] .die").evaluate_all("(ds) => ds.map((d) => d.dataset.value)") == dice
    page.get_by_test_id("param-joker").select_option("free")
    ready(page, YZ_ADVICE)
    expect(play).to_have_attribute("data-rules", json.dumps({"joker": "forced"}, separators=(",", ":")))
    expect(page.get_by_test_id("play-rules")).to_contain_text("New game uses the rules chosen above")
    page.get_by_test_id("game-select").select_option("pig")
    ready(page)
    page.get_by_test_id("game-select").select_option("yahtzee")
    ready(page, YZ_ADVICE)
    page.get_by_test_id("yz-tab-play").click()
    expect(play).to_have_attribute("data-rolls-left", "2", timeout=TIMEOUT)
    # New game asks first; "No" keeps the game
    page.get_by_test_id("play-new").click()
    expect(page.get_by_test_id("play-confirm")).to_be_visible()
    page.get_by_test_id("play-confirm-no").click()
    expect(play).to_have_attribute("data-rolls-left", "2")
    # a box ends the turn: the next turn starts with no dice showing
    page.get_by_test_id("play-boxes").locator("button").first.click()
    expect(play).to_have_attribute("data-turn", "2", timeout=TIMEOUT)
    assert set(page.locator("[data-testid=play-dice] .die").evaluate_all("(ds) => ds.map((d) => d.dataset.value)")) == {"0"}
    page.get_by_test_id("play-new").click()
    page.get_by_test_id("play-confirm-yes").click()
    expect(play).to_have_attribute("data-turn", "1")
    expect(play).to_have_attribute("data-rules", json.dumps({"joker": "free"}, separators=(",", ":")))


# -- look and feel ------------------------------------------------------------------------


def test_dark_mode_follows_the_system(shared_phone):
    page = shared_phone.open("#game=pig&i=1&j=2&k=0")
    page.emulate_media(color_scheme="dark")  # (the phone turns dark while the answer is up)
    ready(page)
    background = page.evaluate(
        "getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor"
    )
    paper = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    text = page.evaluate("getComputedStyle(document.documentElement).color")
    channels = [int(x) for x in paper[paper.index("(") + 1 : paper.index(")")].split(",")[:3]]
    assert max(channels) < 40, (paper, background)
    assert min(int(x) for x in text[text.index("(") + 1 : text.index(")")].split(",")[:3]) > 200


def test_the_focus_ring_is_strong_on_white(shared_phone):
    page = shared_phone.open("#game=pig&i=1&j=2&k=0")
    ready(page)
    page.keyboard.press("Tab")
    outline = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); return [s.outlineColor, s.outlineWidth]; })()")
    assert outline[1] == "3px" and outline[0] == "rgb(17, 24, 39)", outline


@pytest.mark.parametrize(
    "link, wait",
    [
        ("#game=gro&p=1&i=10&j=20&k=12&o=1", ADVICE),
        ("#game=gro&p=1&i=10&j=20&k=12&o=1&view=slice&axis=k", ADVICE),
        ("#game=gro&p=1&i=10&j=20&k=0&o=0&view=slice&axis=k", ADVICE),  # opened at k = 15, said so; Hold not allowed
        ("#game=pig&i=0&j=0&k=0&view=strategies", ADVICE),
        ("#game=yahtzee&joker=forced&dice=13356&rolls=2&target=250", YZ_ADVICE),
        ("#game=zombie-dice&p=1&i=5&j=8&b=3&fp=GY&br=GGR&sg=R", ADVICE),  # with the roll entry
        ("#game=zombie-dice&p=1&i=5&j=8&b=3&fp=GY&br=GGR&sg=R&view=thresholds&objective=turn-score", ADVICE),
        ("#game=farkle&rules=zilch&i=0&j=0&k=350&d=2", ADVICE),
        ("#game=gro&view=table", ADVICE),
        ("#game=zombie-dice&view=play", ADVICE),
        ("#game=pig-3&i=61&j=16&l=61&k=10", ADVICE),  # every seat's chance under each action
        ("#game=ayzd-3&p=3&i=10&j=14&l=12&b=3&s=1", ADVICE),  # the place in the round, three scores
        ("#game=gro-3&p=2&i=30&j=35&l=52&k=14&o=1&view=slice&axis=k", ADVICE),  # a last turn's boundary
    ],
)
def test_axe_finds_no_violations(shared_phone, shared_desktop, link, wait):
    """Issue 33: WCAG 2.2 AA (axe's wcag22aa rules, target size among them) on a phone and a
    desktop in light mode and on a phone in dark mode (each link in the shared pages)."""
    for shared in (shared_phone, shared_desktop):
        p = shared.open(link)
        ready(p, wait)
        if "strategies" in link:
            expect(p.get_by_test_id("komi")).to_be_visible(timeout=120_000)
        if "thresholds" in link:
            expect(p.get_by_test_id("threshold-here")).to_be_visible(timeout=TIMEOUT)
        if "yahtzee" in link:
            p.get_by_test_id("yz-tab-distribution").click()
            expect(p.get_by_test_id("target-curve")).to_be_visible(timeout=TIMEOUT)
        if "view=play" in link:  # a game under way: its board, dice, log and chance line
            start(shared, link.removeprefix("#").removesuffix("&view=play"), 9)
            p.get_by_test_id("play-roll").click(timeout=TIMEOUT)
            expect(p.get_by_test_id("play-faces")).to_be_visible(timeout=TIMEOUT)
            expect(p.get_by_test_id("play-chance")).to_be_visible(timeout=TIMEOUT)
        for scheme in ("light", "dark") if shared is shared_phone else ("light",):
            # the phone turns dark while the answer is up (as a phone does at dusk): one boot, both themes
            p.emulate_media(color_scheme=scheme)
            assert p.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
            assert axe_violations(p) == [], scheme


def test_a_finished_game_of_three_and_its_review_pass_axe_in_both_themes(shared_phone):
    """A finished game at the table, opened from its share link: the scores, the review's
    totals, the first player's curve and the decisions that cost something (highlighted
    rows: once pale yellow under pale text in dark mode) pass axe, light and dark."""
    hold, roll = {"action": "hold"}, (lambda f: {"action": "roll", "faces": [f]})
    moves = [roll(6), roll(5), hold, roll(1), roll(4), hold] + [roll(6)] * 3 + [roll(2), hold]
    record = {"game": "pig", "params": {"goal": 30}, "komi": 0, "seed": None, "players": ["Ann", "Bob", "Cy"], "moves": moves}
    share = api.call("move", {"game": "pig", "goal": 30, "record": record})["share"]
    page = shared_phone.open(share)
    review = page.get_by_test_id("table").get_by_test_id("play-review")
    expect(review).to_have_attribute("data-ready", "true", timeout=TIMEOUT)
    expect(review.locator("tr.costly")).not_to_have_count(0)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe_violations(page) == [], scheme


def test_before_python_is_ready_no_card_is_empty(site, browser):
    """The page as served, before any script runs: every card says what is coming."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    page.goto(site + "#game=pig")
    picker, editor, advice = (page.locator(s).inner_text() for s in ("#game-picker", "#state-editor", ADVICE))
    context.close()
    assert "Loading the solver" in picker and "about 17 MB" in picker
    assert "controls appear as soon as the solver is ready" in editor
    assert advice.strip() == "Starting…"
