"""The moderator: the loop that narrates the engine's steps, waits for decisions and keeps time."""
