"""Observations as arrays (numpy only: both adapters use it)."""

from __future__ import annotations

import numpy as np

from courtly.core.encoding import Features


def dense(features: Features) -> np.ndarray:
    """An observation's numbers as a float32 array."""
    out = np.zeros(features.size, np.float32)
    values = features.values
    if values:
        n = len(values)
        out[np.fromiter(values, np.intp, n)] = np.fromiter(values.values(), np.float32, n)
    return out
