// Text made safe to put into HTML (every module that writes markup uses it; advice-panel.js
// passes it on to the modules that import it from there).
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
