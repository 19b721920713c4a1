"""Bots take a seat and play through the same decision API as people."""
