"""The New Moon event cards (新月事件): the deck as data, its state in a game, and the steps
the cards add to the agenda (`docs/events.md`)."""
