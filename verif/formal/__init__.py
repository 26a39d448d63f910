"""Formal proofs of the RTL's serial path and checkers (SymbiYosys): see proofs.py
and docs/formal.md. `python -m verif.formal --help` runs them."""
