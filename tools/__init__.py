"""Build and serve helpers for the static site (run by the Makefile)."""
