"""AI-assisted storytelling companion for narrative card games (the pure domain)."""
