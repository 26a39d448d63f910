"""Hypothesis settings for the golden-model tests.

The `ci` profile (chosen when CI is set) keeps the example count modest and
prints the seed of every failing example so that a failure can be replayed
with `--hypothesis-seed`.
"""
import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, deadline=None,
                          print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=300, deadline=None,
                          print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")
