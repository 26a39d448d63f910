"""Unit benches: one folder per RTL block, each with its own reference model."""
