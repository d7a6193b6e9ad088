"""Human-playable policies: exact evaluation against optimal play, komi, and rules people write."""
