"""Paris, the two-pack Shithead/Palace shedding game for 2 to 9 players: engine, records."""
