"""The game packages, one per game; each exposes GAME."""
