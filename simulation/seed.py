"""One random seed per run (standard library only: the root conftest imports it,
so golden's tests run with golden's own dependencies)."""
import os
import random

ENV_SEED = "SEED"


def run_seed():
    """$SEED if set, else chosen once and exported, so that every simulation of
    this run (and the pytest-xdist workers) use the same."""
    if not os.environ.get(ENV_SEED):
        os.environ[ENV_SEED] = str(random.SystemRandom().randrange(1, 2 ** 31))
    return int(os.environ[ENV_SEED])
