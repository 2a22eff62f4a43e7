"""Reference values for Fairground's metrics, part A (stats, retrieval, classification).

Run with a Python that has numpy, scipy and scikit-learn:
    /usr/bin/python3 scripts/reference/metrics_a.py
Writes test/fixtures/reference/metrics-a.json, read by test/unit/core/reference-a.test.ts.

The retrieval metrics and Benjamini-Hochberg are written here from METRICS.md with NumPy,
independently of the TypeScript code; the rest comes from scikit-learn, SciPy and NumPy.
"""
import json
import math
import os

import numpy as np
from scipy import stats
from sklearn.metrics import balanced_accuracy_score, confusion_matrix, f1_score, roc_auc_score

rng = np.random.default_rng(20240917)
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "reference", "metrics-a.json")


def num(x):
    """Float for JSON, None for NaN."""
    x = float(x)
    return None if math.isnan(x) else x


# --- classification: sklearn ------------------------------------------------------------------
def classification_cases():
    cases = []
    for i in range(24):
        n = int(rng.integers(4, 60))
        labels = rng.integers(0, 2, n)
        if labels.min() == labels.max():
            labels[0] = 1 - labels[0]
        # coarse scores to force ties; some cases continuous
        if i % 3 == 0:
            scores = rng.normal(size=n) + labels * 0.7
        else:
            scores = np.round(rng.integers(0, 11, n) + labels * rng.integers(0, 3, n), 0) * 10.0
        threshold = float(rng.choice(scores)) if i % 4 else float(np.median(scores))
        pred = (scores >= threshold).astype(int)
        cm = confusion_matrix(labels, pred, labels=[0, 1])
        rows = cm.sum(axis=1, keepdims=True)
        cases.append({
            "labels": labels.tolist(),
            "scores": scores.tolist(),
            "threshold": threshold,
            "auc": roc_auc_score(labels, scores),
            "balanced_accuracy": balanced_accuracy_score(labels, pred),
            "macro_f1": f1_score(labels, pred, average="macro", labels=[0, 1], zero_division=0),
            "counts": cm.tolist(),
            "row_percent": (100 * cm / rows).tolist(),
        })
    return cases


def tune_cases():
    """Brute force: every distinct score, sklearn balanced accuracy, smallest argmax."""
    cases = []
    for i in range(12):
        n = int(rng.integers(4, 40))
        labels = rng.integers(0, 2, n)
        if labels.min() == labels.max():
            labels[0] = 1 - labels[0]
        scores = rng.integers(0, 8, n).astype(float) + labels * rng.integers(0, 3, n)
        best_t, best_ba = None, -1.0
        for t in np.unique(scores):  # ascending, so ">" keeps the smallest on ties
            ba = balanced_accuracy_score(labels, (scores >= t).astype(int))
            if ba > best_ba + 1e-12:
                best_t, best_ba = float(t), ba
        cases.append({"labels": labels.tolist(), "scores": scores.tolist(), "threshold": best_t, "balanced_accuracy": best_ba})
    return cases


# --- correlation and percentile: scipy / numpy -----------------------------------------------
def correlation_cases():
    cases = []
    for i in range(20):
        n = int(rng.integers(2, 150))
        if i % 2 == 0:
            x = rng.integers(0, 6, n).astype(float)
            y = (x + rng.integers(-3, 4, n)).astype(float)
        else:
            x = rng.normal(size=n)
            y = 0.5 * x + rng.normal(size=n)
        tau = stats.kendalltau(x, y, variant="b").statistic if n >= 2 else float("nan")
        r = stats.pearsonr(x, y).statistic if n >= 2 and x.std() > 0 and y.std() > 0 else float("nan")
        cases.append({"x": x.tolist(), "y": y.tolist(), "kendall": num(tau), "pearson": num(r)})
    return cases


def percentile_cases():
    cases = []
    for n in [1, 2, 3, 5, 10, 37, 200]:
        xs = np.sort(rng.normal(size=n) * 10)
        ps = [0, 2.5, 10, 25, 50, 62.5, 75, 97.5, 100] + rng.uniform(0, 100, 4).tolist()
        cases.append({"sorted": xs.tolist(), "p": ps, "values": [float(np.percentile(xs, p)) for p in ps]})
    return cases


# --- Benjamini-Hochberg: the step-up formula -------------------------------------------------
def bh(p):
    p = np.asarray(p, dtype=float)
    m = len(p)
    order = np.argsort(p, kind="stable")
    raw = p[order] * m / np.arange(1, m + 1)
    q_sorted = np.minimum(1.0, np.minimum.accumulate(raw[::-1])[::-1])
    q = np.empty(m)
    q[order] = q_sorted
    return q


def bh_cases():
    cases = []
    for m in [1, 2, 5, 12, 40]:
        p = rng.uniform(0, 0.2, m)
        if m > 3:
            p[1] = p[2]  # a tie
        cases.append({"p": p.tolist(), "q": bh(p).tolist()})
    return cases


# --- retrieval: METRICS.md section 1 in NumPy --------------------------------------------------
def rank_order(ids, scores):
    """Score descending, then id descending in code-unit order (ASCII ids here)."""
    id_rank = np.argsort(np.argsort(np.array(ids, dtype=object).astype(str), kind="stable"), kind="stable")
    return np.lexsort((-id_rank, -np.asarray(scores)))


def gain(g, kind):
    g = np.maximum(np.asarray(g, dtype=float), 0)
    return 2 ** g - 1 if kind == "exp" else g


def query_metrics(docs, judged, ks, tau, kind):
    ids = [d for d, _ in docs]
    scores = [s for _, s in docs]
    ranked = [ids[i] for i in rank_order(ids, scores)] if docs else []
    grades = np.array([judged.get(d, 0) for d in ranked], dtype=float)
    ideal = np.sort(gain(list(judged.values()), kind))[::-1]
    n_rel = sum(1 for g in judged.values() if g >= tau)
    out = {}
    for k in ks:
        top = grades[:k]
        disc = 1 / np.log2(np.arange(2, len(top) + 2))
        dcg = float(np.sum(gain(top, kind) * disc))
        itop = ideal[:k]
        idcg = float(np.sum(itop / np.log2(np.arange(2, len(itop) + 2))))
        rel = top >= tau
        hits = int(rel.sum())
        out[f"ndcg@{k}"] = dcg / idcg if idcg > 0 else 0.0
        out[f"p@{k}"] = hits / k
        first = np.flatnonzero(rel)
        out[f"mrr@{k}"] = 1.0 / (first[0] + 1) if len(first) else 0.0
        out[f"recall@{k}"] = hits / n_rel
        prec_at = np.cumsum(rel) / np.arange(1, len(rel) + 1)
        out[f"map@{k}"] = float(np.sum(prec_at[rel])) / n_rel
    return out


def retrieval_cases():
    cases = []
    letters = list("abcdefghij")
    for c in range(8):
        n_queries = int(rng.integers(3, 9))
        ks = sorted(set(int(k) for k in rng.choice([1, 2, 3, 5, 10, 20], 3)))
        tau = [1, 1, 2, 1][c % 4]
        kind = "exp" if c % 2 else "linear"
        run, qrels = {}, {}
        for qi in range(n_queries):
            q = f"q{qi}"
            corpus = [f"{letters[int(rng.integers(0, 10))]}{j}" for j in range(int(rng.integers(2, 30)))]
            corpus = list(dict.fromkeys(corpus))
            judged_ids = rng.choice(corpus, size=int(rng.integers(1, len(corpus) + 1)), replace=False)
            qrels[q] = {str(d): int(rng.integers(0, 4)) for d in judged_ids}
            if qi == 0:
                qrels[q] = {str(d): 0 for d in judged_ids}  # no relevant doc: skipped
            if qi == 1:
                continue  # judged, absent from the run: scores 0
            ranked = rng.choice(corpus, size=int(rng.integers(1, len(corpus) + 1)), replace=False)
            run[q] = [[str(d), float(rng.integers(0, 5))] for d in ranked]  # many ties
        run["q_unjudged"] = [["x1", 1.0]]  # absent from qrels: ignored
        per_query = {}
        skipped = 0
        for q, judged in qrels.items():
            if not any(g >= tau for g in judged.values()):
                skipped += 1
                continue
            per_query[q] = query_metrics(run.get(q, []), judged, ks, tau, kind)
        cases.append({"run": run, "qrels": qrels, "k": ks, "threshold": tau, "gain": kind,
                      "per_query": per_query, "n_skipped": skipped})
    return cases


def main():
    data = {
        "generator": "scripts/reference/metrics_a.py",
        "versions": {"numpy": np.__version__, "scipy": __import__("scipy").__version__,
                     "sklearn": __import__("sklearn").__version__},
        "classification": classification_cases(),
        "tune": tune_cases(),
        "correlation": correlation_cases(),
        "percentile": percentile_cases(),
        "bh": bh_cases(),
        "retrieval": retrieval_cases(),
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(data, f, separators=(",", ":"))
    print(f"wrote {OUT} ({os.path.getsize(OUT)} bytes)")


if __name__ == "__main__":
    main()
