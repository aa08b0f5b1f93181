"""A Wyoming voice satellite as the judge's mouth and ears (Home Assistant's and Rhasspy's protocol)."""
