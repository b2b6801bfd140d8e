"""High card's bots: a random one and a simple one (the play hooks offer them)."""
