"""What a fresh interpreter imports: for the tests that keep the core light
and the research adapters free of the training example's libraries."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable


def imported_after(code: str, watched: Iterable[str]) -> list[str]:
    """The modules of ``watched`` that running ``code`` in a new Python imports, sorted."""
    probe = (f"{code}\nimport json, sys\n"
             f"print(json.dumps(sorted(set({sorted(watched)!r}) & set(sys.modules))))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True)
    return list(json.loads(out.stdout))
