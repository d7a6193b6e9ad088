// The review of a finished game (the engine's "review" answer), in Play and at the table:
// each player's decisions that were not the best and what they cost, the P(win) curve over the game,
// and every decision (who, what was played, the best, its cost) with links to its position in the
// advisor and in the boundary view.
// Test contract: data-testid="play-review" (data-ready) holds play-total (data-total: the cost of
// the chosen seat's decisions; one per seat at the table, data-seat), play-decision rows (data-cost),
// each with an advisor link (data-link="advice") and, where the game has one, a boundary link
// (data-link="boundary").
import { escapeHtml } from "./escape-html.js";

const points = (p) => (100 * p).toFixed(2); // a chance as percentage points

export class ReviewPanel {
  // navigate(fragment): open a state in another view
  constructor(root, { navigate }) {
    this.root = root;
    this.navigate = navigate;
    this.clear();
  }

  clear() {
    this.root.innerHTML = "";
    this.root.dataset.ready = "false";
  }

  // answer: the review; names: the players' labels in seat order; you: your seat, or your seats
  // (a game of three against the computer: one or two), whose chance the curve shows (with two,
  // that one of them wins) and whose totals come first (null at the table: every player's total,
  // the first player's curve; three or more players of a game with no variant for them:
  // two-player values, said so, and no curve)
  show(answer, names, you = null) {
    const yours = you === null ? [] : [].concat(you);
    const seats = yours.length ? yours : names.map((_, seat) => seat);
    const viewers = yours.length ? yours : [0];
    const ordinal = (seat) => ["first", "second", "third"][seat] ?? `player ${seat + 1}`;
    const you1 = (seat) => (yours.length > 1 ? `You (${ordinal(seat)})` : "You");
    const who = (seat) => (yours.includes(seat) ? you1(seat) : names[seat]);
    const totals = seats
      .map((seat) => {
        const mine = answer.decisions.filter((d) => d.player === seat);
        const costly = mine.filter((d) => d.cost > 1e-12).length;
        const whose = yours.includes(seat) ? (yours.length > 1 ? `Your decisions in the ${ordinal(seat)} seat` : "Your decisions") : `${escapeHtml(names[seat])}'s decisions`;
        // each cost is the chance given away at its own moment: their sum over a game is no chance
        // (a player who won from 33% had "69.07 percentage points" in all), so the review gives
        // the costliest decision and the cost a decision on average
        const worst = mine.reduce((a, d) => (d.cost > (a?.cost ?? 1e-12) ? d : a), null);
        const summary = worst
          ? `The costliest, move ${worst.move}, gave away <strong>${points(worst.cost)}</strong> percentage points of
            winning chance at its moment; a decision gave away ${points(answer.total_cost[seat] / mine.length)} on average.`
          : "";
        return `<p data-testid="play-total" data-seat="${seat}" data-total="${answer.total_cost[seat]}">${whose}: ${mine.length},
          ${costly} not the best. ${summary}</p>`;
      })
      .join("");
    const links = (d) =>
      `<a href="${escapeHtml(d.link)}" data-link="advice">advisor</a>` +
      (d.boundary_link ? ` · <a href="${escapeHtml(d.boundary_link)}" data-link="boundary">boundary</a>` : "");
    const where = (d) => Object.entries(d.state).map(([k, v]) => `${k}=${v}`).join(" ");
    this.root.innerHTML = `
      <h3>Review</h3>
      ${totals}
      ${answer.curve.length ? curveSvg(answer, viewers, yours.length ? "You" : names[0], names.length) : ""}
      ${answer.two_player_values ? `<p class="note" data-testid="review-two-player">With ${names.length} players each decision is
        valued as in the two-player game against the strongest opponent at that moment (the advice given at the table):
        a guide, not the optimum of the ${names.length}-player game. Decisions that position does not value are left out.</p>` : ""}
      <div class="table-scroll"><table class="play-review-table">
        <thead><tr><th>Move</th><th>Who</th><th>Played</th><th>Best</th><th>Cost</th><th>Open</th><th>Position</th></tr></thead>
        <tbody>${answer.decisions
          .map(
            (d) => `<tr data-testid="play-decision" data-cost="${d.cost}" class="${d.cost > 1e-12 ? "costly" : ""}">
              <td>${d.move}</td><td>${escapeHtml(who(d.player))}</td>
              <td>${escapeHtml(d.played_label)}</td><td>${escapeHtml(d.best_label)}</td><td>${(100 * d.cost).toFixed(2)}</td>
              <td>${links(d)}</td><td>${escapeHtml(where(d))}</td></tr>`,
          )
          .join("")}</tbody></table></div>
      <p class="note">Cost: the best move's chance of winning minus the one played, in percentage points, for the player
        who chose. Open a position in the advisor, or on the roll/hold boundary.</p>`;
    this.root.querySelectorAll("a[data-link]").forEach((a) =>
      a.addEventListener("click", (event) => {
        event.preventDefault();
        this.navigate(a.getAttribute("href").slice(1));
      }),
    );
    this.root.dataset.ready = "true";
  }
}

// the viewers' chance before each move (that one of them wins: each seat's is in the review's
// curves, the first player's in its curve): a line over the game, an even share (50%, 33% of
// three) marked
function curveSvg(answer, viewers, whose, players = 2) {
  const title = whose === "You" ? "Your chance of winning" : `${escapeHtml(whose)}'s chance of winning`;
  const curves = answer.curves?.length ? answer.curves : [answer.curve, answer.curve.map((p) => 1 - p)];
  const mine = answer.curve.map((_, n) => viewers.reduce((sum, seat) => sum + curves[seat][n], 0));
  const share = viewers.length / players;
  const ticks = [[1, "100%"], [share, `${Math.round(100 * share)}%`], [0, "0%"]];
  return lineFigure(mine, { low: 0, high: 1, ticks, base: share, title: `${title}, move by move` });
}

// a line over a game's moves, as a small figure: values between low and high, the ticks
// ([value, label]) on the left, a base line at ``base``; the title is HTML (escaped by the caller)
export function lineFigure(values, { low, high, ticks, base, title }) {
  const W = 320;
  const H = 110;
  const pad = 24;
  const left = 46;
  const y = (v) => (H - pad - ((H - 2 * pad) * (v - low)) / Math.max(1e-12, high - low)).toFixed(1);
  const points = values.map((v, n) => `${(left + ((W - left - pad) * n) / Math.max(1, values.length - 1)).toFixed(1)},${y(v)}`);
  return `<figure class="play-curve"><figcaption>${title}</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${title.replace(/<[^>]*>/g, "")}">
      <line x1="${left}" x2="${W - pad}" y1="${y(base)}" y2="${y(base)}" class="base"/>
      ${ticks.map(([v, label]) => `<text x="2" y="${Number(y(v)) + 4}" class="axis">${escapeHtml(label)}</text>`).join("")}
      <polyline points="${points.join(" ")}" fill="none" class="line"/></svg></figure>`;
}
