"""Unit bench of the Score-4 opening book's scan: verif/units/score4_book/tb_score4_book.py."""
from verif.units.common import run_unit


def test_score4_book():
    run_unit("score4_book")
