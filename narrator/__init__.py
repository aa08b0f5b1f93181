"""The judge around the rules engine: voice, listening, phones and the moderator loop."""
