"""Buckets of equity histograms: k-means with a distance that knows how far apart the
bins are, behind the ``pokerhands[cluster]`` extra (scikit-learn, imported lazily).

Two histograms of river equity are close when their mass sits at close equities: the
earth mover's distance (EMD) between two one-dimensional histograms on equal bins is
the L1 distance between their cumulative sums times the bin width.  k-means needs a
Euclidean space, so the histograms are clustered by their cumulative sums: the
Euclidean distance between cumulative sums (the Cramér distance) orders histograms by
how far their mass moved, as EMD does, and scikit-learn's k-means runs on it unchanged.
`emd` measures the result in EMD itself.  No k-means of our own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator.checks import count
from evaluator.checks import seed as check_seed

__all__ = ["Buckets", "cluster", "emd"]

EXTRA = "pokerhands[cluster]"


def _sklearn_cluster() -> Any:
    try:
        from sklearn import cluster as sk_cluster
    except ImportError as e:
        raise ImportError(f"clustering needs scikit-learn: pip install '{EXTRA}'") from e
    return sk_cluster


def _histograms(h: Any, name: str = "histograms") -> npt.NDArray[np.float64]:
    arr = np.asarray(h)
    if arr.dtype.kind not in "fiu":
        raise TypeError(f"{name} must be a numeric array, got dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] < 1:
        raise ValueError(f"{name} must have shape (N, bins), got {arr.shape}")
    arr = arr.astype(np.float64)
    if not np.isfinite(arr).all():
        bad = int(np.argmax(~np.isfinite(arr).all(axis=1)))
        raise ValueError(f"{name}[{bad}] holds NaN or infinity (a dead hand's row? "
                         f"keep the live rows)")
    if (arr < 0).any():
        raise ValueError(f"{name} must not be negative")
    return arr


def emd(a: Any, b: Any) -> npt.NDArray[np.float64]:
    """Earth mover's distance between histograms of equal bins over [0, 1]: rows of a
    against rows of b (broadcast), each row normalised to sum to 1.

    >>> float(emd([[1, 0, 0, 0]], [[0, 0, 0, 1]])[0])    # all the mass moves 3/4
    0.75
    """
    x = _histograms(np.atleast_2d(a), "a")
    y = _histograms(np.atleast_2d(b), "b")
    if x.shape[1] != y.shape[1]:
        raise ValueError(f"a has {x.shape[1]} bins but b has {y.shape[1]}")
    x = x / x.sum(axis=1, keepdims=True)
    y = y / y.sum(axis=1, keepdims=True)
    out: npt.NDArray[np.float64] = (
        np.abs(np.cumsum(x, axis=1) - np.cumsum(y, axis=1)).sum(axis=1) / x.shape[1])
    return out


@dataclass(frozen=True)
class Buckets:
    """k-means buckets of histograms: each row's bucket, and each bucket's centre as a
    histogram (rows summing to 1)."""

    labels: npt.NDArray[np.int64]
    centers: npt.NDArray[np.float64]
    inertia: float          # k-means' sum of squared Cramér distances to the centres

    def mean_emd(self, histograms: Any) -> float:
        """Mean earth mover's distance from each histogram to its bucket's centre."""
        h = _histograms(histograms)
        return float(emd(h, self.centers[self.labels]).mean())


def cluster(histograms: Any, k: int, *, seed: Any = 0, batch: bool | None = None,
            n_init: int = 3) -> Buckets:
    """Bucket histograms (N, bins) into k clusters with scikit-learn's k-means on their
    cumulative sums (see the module).  seed makes the run repeatable; batch=True uses
    MiniBatchKMeans (default: for more than 100,000 rows).

    >>> import numpy as np
    >>> h = np.array([[1, 0, 0, 0], [0.9, 0.1, 0, 0], [0, 0, 0.1, 0.9], [0, 0, 0, 1]])
    >>> b = cluster(h, 2)
    >>> bool(b.labels[0] == b.labels[1] != b.labels[2] == b.labels[3])
    True
    """
    h = _histograms(histograms)
    k = count(k, "k", 1, len(h))
    n_init = count(n_init, "n_init", 1, 1000)
    seed_value = check_seed(seed) % (1 << 32)
    if batch is not None and not isinstance(batch, bool):
        raise TypeError(f"batch must be True, False or None, got {type(batch).__name__}")
    sk = _sklearn_cluster()
    sums = h.sum(axis=1, keepdims=True)
    if (sums == 0).any():
        raise ValueError(f"histograms[{int(np.argmax(sums[:, 0] == 0))}] is all zeros")
    cdf = np.cumsum(h / sums, axis=1)
    if batch or (batch is None and len(h) > 100_000):
        model = sk.MiniBatchKMeans(n_clusters=k, random_state=seed_value, n_init=n_init,
                                   batch_size=4096)
    else:
        model = sk.KMeans(n_clusters=k, random_state=seed_value, n_init=n_init)
    labels = model.fit_predict(cdf).astype(np.int64)
    centers_cdf = np.clip(np.maximum.accumulate(model.cluster_centers_, axis=1), 0, 1)
    centers = np.diff(centers_cdf, axis=1, prepend=0.0)
    centers /= np.maximum(centers.sum(axis=1, keepdims=True), 1e-300)
    return Buckets(labels, centers, float(model.inertia_))
