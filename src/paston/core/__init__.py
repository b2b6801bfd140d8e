"""The game-independent platform: the protocol every game implements, records, errors."""
