"""mp-tutor: rules engine and teaching library for The Princes of Machu Picchu."""
