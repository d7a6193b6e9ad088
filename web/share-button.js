// Copy or share a link (Web Share API where available): by default the state shown; a game's
// record box passes its own link (url) and test id.
export class ShareButtons {
  // url() -> the address, or null where there is none to give (``unavailable`` says why)
  constructor(root, say, { url = () => location.href, testid = "copy-link", what = "the position", unavailable = "" } = {}) {
    this.say = say;
    this.url = url;
    this.what = what;
    this.unavailable = unavailable;
    root.innerHTML = `
      <button type="button" data-testid="${testid}">Copy link</button>
      ${navigator.share ? `<button type="button" data-testid="${testid.replace("copy", "share")}">Share…</button>` : ""}`;
    root.querySelector(`[data-testid=${testid}]`).addEventListener("click", () => this.copy());
    const share = root.querySelector(`[data-testid=${testid.replace("copy", "share")}]`);
    if (share) share.addEventListener("click", () => this.share());
  }

  async copy() {
    const url = this.url();
    if (!url) {
      this.say(this.unavailable);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      this.say("Link copied.");
    } catch {
      this.say(`Copy this address to share ${this.what}: ${url}`);
    }
  }

  async share() {
    if (!this.url()) {
      this.say(this.unavailable);
      return;
    }
    try {
      await navigator.share({ title: document.title, url: this.url() });
    } catch {
      /* the user closed the share sheet */
    }
  }
}
