"""Burgle Bros. rules engine: pure Python, deterministic from a seed, no dependencies."""

__version__ = "0.1.0"
