"""The report file a benchmark writes: checked before the (long) run, written after."""
import os
from pathlib import Path


def unwritable(path):
    """None when a report can be written at ``path`` (its folder is made),
    else the reason it cannot."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return e.strerror or str(e)
    if path.is_dir():
        return "it is a directory"
    if not os.access(str(path if path.exists() else path.parent), os.W_OK):
        return "permission denied"
    return None


def write(path, text):
    """Write ``text`` to ``path``; OSError as it comes."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
