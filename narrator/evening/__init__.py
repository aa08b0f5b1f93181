"""An evening at the table: several games in a row by the same phones, and their scores."""
