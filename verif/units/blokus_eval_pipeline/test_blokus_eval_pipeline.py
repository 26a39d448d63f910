"""Unit bench of the Blokus evaluation pipeline:
verif/units/blokus_eval_pipeline/tb_blokus_eval_pipeline.py."""
from verif.units.common import run_unit


def test_blokus_eval_pipeline():
    run_unit("blokus_eval_pipeline")
