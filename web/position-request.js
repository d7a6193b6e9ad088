// A position as the page holds it, {game, params, keys, view, edit?}: the keys are the
// position's own (a jeopardy game's state variables, a scorecard's card, dice, rolls and
// target), the view {view, axis, rule, objective; Test yourself's seed, count, mix}. Python
// writes the link of it (the page never composes a link's keys): answerArgs gives the arguments
// of its answer request.

// a request's game and rules ("pig|{...}"), where the page holds them (a link's: not yet known)
export function variantOf(request) {
  return request && typeof request === "object" ? `${request.game}|${JSON.stringify(request.params)}` : null;
}

// the arguments of an answer (or resolve) request for a position the page holds
export function answerArgs(request) {
  const view = {};
  // (every name or number of the view; a game's record is an object, which a link holds otherwise)
  for (const [key, value] of Object.entries(request.view || {})) {
    if (typeof value === "string" || typeof value === "number") view[key] = value;
  }
  return { game: request.game, ...request.params, keys: request.keys || {}, view, ...(request.edit ? { edit: request.edit } : {}) };
}
