"""Screens of the coach (review, puzzles, tutorial) share the staged, coached table."""
