// A JSON object kept in localStorage across visits (each game's last position, a game in play).
// Unreadable or blocked storage never breaks the page: reading gives {}, writing is skipped and
// the values still live for this visit.
export function readKept(key) {
  try {
    const kept = JSON.parse(localStorage.getItem(key) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

export function writeKept(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked
  }
}

// a game opened from a link puts the game kept under key aside (unless it is that game): whether it did
export function putAside(key, kept, incoming) {
  if (!kept.record || JSON.stringify(kept.record) === JSON.stringify(incoming)) return false;
  writeKept(`${key}:aside`, kept);
  return true;
}

// the record of the game put aside under key (null if none), no longer kept aside
export function takeAside(key) {
  const aside = readKept(`${key}:aside`);
  writeKept(`${key}:aside`, {});
  return aside.record || null;
}
