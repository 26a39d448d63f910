"""pytest options shared by every test folder."""
import pytest

from simulation.seed import run_seed


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="also run the long tests (whole games at the real 50 MHz clock)")


def pytest_configure(config):
    run_seed()   # chosen before xdist starts its workers, so they share it


def pytest_report_header(config):
    return "random seed: %d (replay with SEED=%d)" % (run_seed(), run_seed())


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="long run: opt in with --run-slow (make sim-long)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
