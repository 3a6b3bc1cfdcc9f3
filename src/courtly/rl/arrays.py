"""Observations as arrays (numpy only: both adapters use it)."""

from __future__ import annotations

import numpy as np

from courtly.core.encoding import Features


def dense(features: Features) -> np.ndarray:
    """An observation's numbers as a float32 array."""
    out = np.zeros(features.size, np.float32)
    if features.values:
        out[list(features.values)] = list(features.values.values())
    return out
