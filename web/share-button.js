// Copy or share the link of the state shown (Web Share API where available).
export class ShareButtons {
  constructor(root, say) {
    this.say = say;
    root.innerHTML = `
      <button type="button" data-testid="copy-link">Copy link</button>
      ${navigator.share ? `<button type="button" data-testid="share-link">Share…</button>` : ""}`;
    root.querySelector("[data-testid=copy-link]").addEventListener("click", () => this.copy());
    const share = root.querySelector("[data-testid=share-link]");
    if (share) share.addEventListener("click", () => this.share());
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(location.href);
      this.say("Link copied.");
    } catch {
      this.say("Copy this address to share the position: " + location.href);
    }
  }

  async share() {
    try {
      await navigator.share({ title: document.title, url: location.href });
    } catch {
      /* the user closed the share sheet */
    }
  }
}
