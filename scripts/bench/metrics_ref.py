"""Vectorised NumPy reference for scripts/bench/metrics.bench.ts.

Usage: /usr/bin/python3 scripts/bench/metrics_ref.py DIR [retrieval|twins|bootstrap ...]
(no family: all three; the bench calls it once per family, right after timing the same family
in TypeScript, so both sides are measured under the same machine load).

DIR holds the inputs that metrics.bench.ts generated with createRng (raw little-endian
binaries and manifest.json). This script computes the same metrics as the TypeScript core
(METRICS.md §1, §3, §6) with whole-array NumPy operations (no per-item Python loops: the
only Python loops are over the 500 twin queries for scipy's Kendall tau and over bootstrap
chunks), times each family (1 warm-up, median of `runs` runs, time.perf_counter) and prints
one JSON object on stdout: timings, results and versions. The bench compares the results.

Ordering under the tie rule (score descending, identifier descending) is done on one
unsigned 64-bit key per item: the order-preserving bits of the float32 score in the high
half and the identifier's corpus index (zero-padded, so numeric order = code-unit order)
in the low bits, so one sort or partition applies the tie rule exactly.
"""
import json
import math
import os
import platform
import sys
import time

import numpy as np
import scipy
from scipy import stats

U64 = np.uint64


def load(dir_, name, dtype, shape=None):
    a = np.fromfile(os.path.join(dir_, name), dtype=dtype)
    return a.reshape(shape) if shape is not None else a


def timed(fn, runs):
    """1 warm-up call, then `runs` timed calls: ({median, runs, cpu_median} in ms, last result).
    cpu is the process's CPU time (time.process_time), less sensitive to a busy machine."""
    out = fn()
    times, cpu = [], []
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return {"median": float(np.median(times)), "runs": times, "cpu_median": float(np.median(cpu))}, out


def f32_key(x):
    """uint32 keys that order like the float32 values (IEEE trick; -0.0 taken as +0.0)."""
    bits = (np.asarray(x, dtype=np.float32) + np.float32(0)).view(np.uint32)
    return np.where(bits & np.uint32(0x80000000), ~bits, bits | np.uint32(0x80000000))


def num(x):
    x = float(x)
    return None if math.isnan(x) else x


# ---------------------------------------------------------------- retrieval (§1) --
def retrieval(S, I, G, X, F, k, tau):
    nq = S.shape[0]
    key = (f32_key(S).astype(U64) << U64(32)) | I.astype(U64)
    part = np.argpartition(~key, k - 1, axis=1)[:, :k]  # the k largest keys, unordered
    order = np.argsort(~np.take_along_axis(key, part, 1), axis=1)
    top = np.take_along_axis(part, order, 1)  # (nq, k) in rank order
    in_run = (F & 2) != 0
    g = np.take_along_axis(G, top, 1).astype(np.float64) * in_run[:, None]
    disc = 1.0 / np.log2(np.arange(2, k + 2, dtype=np.float64))
    dcg = np.maximum(g, 0) @ disc
    # IDCG: the k best of all judged grades (ranked docs' grades and the unranked extras)
    best = -np.partition(-G, k - 1, axis=1)[:, :k]
    ideal = -np.sort(-np.concatenate([best, X], axis=1), axis=1)[:, :k]
    idcg = np.maximum(ideal, 0).astype(np.float64) @ disc
    nrel = (G >= tau).sum(1) + (X >= tau).sum(1)
    rel = g >= tau
    hits = rel.sum(1)
    first = np.argmax(rel, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        ndcg = np.where(idcg > 0, dcg / idcg, 0.0)
        mrr = np.where(rel.any(1), 1.0 / (first + 1), 0.0)
        recall = hits / nrel
        ap = (rel * np.cumsum(rel, axis=1) / np.arange(1, k + 1)).sum(1) / nrel
    judged = (F & 1) != 0
    ev = judged & (nrel > 0)
    p = hits / k
    mean = {f"{m}@{k}": float(v[ev].mean()) for m, v in
            (("ndcg", ndcg), ("p", p), ("mrr", mrr), ("recall", recall), ("map", ap))}
    return {"mean": mean, "n_queries": int(ev.sum()), "n_skipped": int((judged & (nrel == 0)).sum())}


# -------------------------------------------------------------------- twins (§3) --
def twin_keys(P, I, TI, TS):
    """Composite keys: query index in bits 52+, score bits 20..51, corpus index (< 2^20) 0..19,
    so all pools sort in one flat array and one searchsorted serves every query."""
    nq = P.shape[0]
    qoff = (np.arange(nq, dtype=U64) << U64(52))[:, None]
    comp = qoff | (f32_key(P).astype(U64) << U64(20)) | I.astype(U64)
    comp_t = qoff | (f32_key(TS).astype(U64) << U64(20)) | np.take_along_axis(I, TI, 1).astype(U64)
    return comp, comp_t


def substitution_ranks(srt, comp_o, comp_t, rank_o, n):
    """rank_t = 1 + #{x ranked above (s(d'), key(d))} − [d itself is above], by binary search."""
    nq, m = comp_t.shape
    end = ((np.arange(nq, dtype=np.int64) + 1) * n)[:, None]
    above = end - np.searchsorted(srt, comp_t.ravel(), side="right").reshape(nq, m)
    rank_t = 1 + above - (comp_o > comp_t)
    return rank_t


def twins(P, I, TI, TS, FG, k):
    nq, n = P.shape
    comp, comp_t = twin_keys(P, I, TI, TS)
    srt = np.sort(comp, axis=1)  # the pools, sorted once (ascending; rank 1 is last)
    flat = srt.ravel()
    comp_o = np.take_along_axis(comp, TI, 1)
    end = ((np.arange(nq, dtype=np.int64) + 1) * n)[:, None]
    rank_o = 1 + end - np.searchsorted(flat, comp_o.ravel(), side="right").reshape(comp_o.shape)
    rank_t = substitution_ranks(flat, comp_o, comp_t, rank_o, n)
    shift = np.abs(rank_o - rank_t)
    first = ((FG == 0) & (rank_o < rank_t)) | ((FG == 1) & (rank_t < rank_o))
    second = ((FG == 0) & (rank_t < rank_o)) | ((FG == 1) & (rank_o < rank_t))
    wf, wm = int(first.sum()), int(second.sum())
    # RBC per query (METRICS.md §3: each query's pairs, then the mean), beside the pooled one
    qf, qm = first.sum(1).astype(np.float64), second.sum(1).astype(np.float64)
    rbc_q = np.where(qf + qm == 0, 0.0, (qf - qm) / np.maximum(qf + qm, 1))
    # IoU@k and Dropout@k: top k of the original world (A) and of the twin world (B)
    world = comp.copy()
    np.put_along_axis(world, TI, comp_t, 1)
    rows = np.arange(nq)[:, None]
    in_a = np.zeros((nq, n), dtype=bool)
    in_b = np.zeros((nq, n), dtype=bool)
    in_s = np.zeros((nq, n), dtype=bool)
    in_a[rows, np.argpartition(~comp, k - 1, axis=1)[:, :k]] = True
    in_b[rows, np.argpartition(~world, k - 1, axis=1)[:, :k]] = True
    in_s[rows, TI] = True
    both = (in_a & in_b).sum(1)
    iou = both / (2 * k - both)
    s_in_a = (in_a & in_s).sum(1)
    dropped = (in_a & in_s & ~in_b).sum(1)
    dropout = np.where(s_in_a == 0, 0.0, dropped / np.maximum(s_in_a, 1))
    # Pearson r of s(d) and s(d') over S, row-wise
    x = np.take_along_axis(P, TI, 1).astype(np.float64)
    y = TS.astype(np.float64)
    dx = x - x.mean(1, keepdims=True)
    dy = y - y.mean(1, keepdims=True)
    r = np.clip((dx * dy).sum(1) / (np.sqrt((dx * dx).sum(1)) * np.sqrt((dy * dy).sum(1))), -1, 1)
    # Kendall tau-b of original vs twin-world scores over P: scipy, one call per query
    pw = P.astype(np.float64)
    tw = pw.copy()
    np.put_along_axis(tw, TI, y, 1)
    tau = np.array([stats.kendalltau(pw[q], tw[q])[0] for q in range(nq)])
    ok_tau = ~np.isnan(tau)
    ok_r = ~np.isnan(r)
    return {
        "summary": {
            "rankShift": float((shift.sum(1) / shift.shape[1]).mean()),
            "iou": float(iou.mean()),
            "dropout": float(dropout.mean()),
            "rbc": float(rbc_q.mean()),
            "rbcPooled": 0.0 if wf + wm == 0 else (wf - wm) / (wf + wm),
            "kendallTau": num(tau[ok_tau].mean()) if ok_tau.any() else None,
            "pearson": num(r[ok_r].mean()) if ok_r.any() else None,
            "queries": int(nq),
            "pairs": int(TI.size),
        },
        "wins": [wf, wm],
        "rank_t_sum": int(rank_t.sum()),
        "shift_sum": int(shift.sum()),
    }


# ---------------------------------------------------------------- bootstrap (§6) --
def bootstrap(v, b, seed, chunk=100):
    rng = np.random.default_rng(seed)
    n = v.size
    means = np.empty(b)
    for c in range(0, b, chunk):
        m = min(chunk, b - c)
        idx = rng.integers(0, n, size=(m, n), dtype=np.int32)  # (chunk, n) index matrix
        means[c:c + m] = v[idx].mean(1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return {"mean": float(v.mean()), "ci": [float(lo), float(hi)]}


def main():
    d = sys.argv[1]
    families = sys.argv[2:] or ["retrieval", "twins", "bootstrap"]
    man = json.load(open(os.path.join(d, "manifest.json")))
    runs = man["runs"]
    R, T, B = man["retrieval"], man["twins"], man["bootstrap"]
    out = {"versions": {"python": platform.python_version(), "numpy": np.__version__, "scipy": scipy.__version__}}

    if "retrieval" in families:
        retrieval_family(d, R, runs, out)
    if "twins" in families:
        twins_family(d, T, runs, out)
    if "bootstrap" in families:
        bootstrap_family(d, B, runs, out)
    json.dump(out, sys.stdout)


def retrieval_family(d, R, runs, out):
    q, n, e = R["queries"], R["docs"], R["extra"]
    S = load(d, "ret_scores.f32", "<f4", (q, n))
    I = load(d, "ret_ids.u32", "<u4", (q, n))
    G = load(d, "ret_grades.i8", "i1", (q, n))
    X = load(d, "ret_extra.i8", "i1", (q, e))
    F = load(d, "ret_flags.u8", "u1")
    t, res = timed(lambda: retrieval(S, I, G, X, F, R["k"], R["threshold"]), runs)
    out["retrieval"] = {"timing": t, **res}


def twins_family(d, T, runs, out):
    q, n, m = T["queries"], T["docs"], T["twins"]
    P = load(d, "tw_scores.f32", "<f4", (q, n))
    I = load(d, "tw_ids.u32", "<u4", (q, n))
    TI = load(d, "tw_twin_index.u32", "<u4", (q, m)).astype(np.intp)
    TS = load(d, "tw_twin_score.f32", "<f4", (q, m))
    FG = load(d, "tw_first_group.u8", "u1", (q, m))
    t, res = timed(lambda: twins(P, I, TI, TS, FG, T["k"]), runs)
    # substitution ranks alone, pools sorted beforehand (as the TS side's rankPool)
    comp, _ = twin_keys(P, I, TI, TS)
    flat = np.sort(comp, axis=1).ravel()
    comp_o = np.take_along_axis(comp, TI, 1)
    end = ((np.arange(q, dtype=np.int64) + 1) * n)[:, None]
    rank_o = 1 + end - np.searchsorted(flat, comp_o.ravel(), side="right").reshape(comp_o.shape)

    def twin_keys_t(I, TI, TS):  # the twins' keys only (pools are sorted already)
        qoff = (np.arange(q, dtype=U64) << U64(52))[:, None]
        return None, qoff | (f32_key(TS).astype(U64) << U64(20)) | np.take_along_axis(I, TI, 1).astype(U64)

    def ranks_only():
        _, comp_t = twin_keys_t(I, TI, TS)
        rank_t = substitution_ranks(flat, comp_o, comp_t, rank_o, n)
        return int(rank_t.sum()), int(np.abs(rank_o - rank_t).sum())

    t_ranks, (rs, ss) = timed(ranks_only, runs)
    if (rs, ss) != (res["rank_t_sum"], res["shift_sum"]):
        raise SystemExit("ranks_only disagrees with twins()")
    out["twins"] = {"timing": t, "ranks_timing": t_ranks, **res}


def bootstrap_family(d, B, runs, out):
    v = load(d, "boot_values.f64", "<f8")
    t, res = timed(lambda: bootstrap(v, B["resamples"], B["seed"]), runs)
    ts_means = np.sort(load(d, "boot_ts_resamples.f64", "<f8"))
    lo, hi = np.percentile(ts_means, [2.5, 97.5])
    out["bootstrap"] = {"timing": t, **res, "ci_of_ts_resamples": [float(lo), float(hi)],
                        "peak_chunk_bytes": 100 * v.size * (4 + 8)}


if __name__ == "__main__":
    main()
