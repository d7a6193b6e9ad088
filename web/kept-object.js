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
