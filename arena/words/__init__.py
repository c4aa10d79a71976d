"""Every word a fight shows: templates by id and the functions that draw them, read lazily."""
