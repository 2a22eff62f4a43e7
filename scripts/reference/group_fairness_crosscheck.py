#!/usr/bin/python3
"""A second, outside check of test/fixtures/reference/group-fairness.json (METRICS.md §12): the
fixture's per-query values recomputed by public reference implementations, checked out beside the
repository (their code is not part of Fairground and is not copied into it):

- TREC2021_FAIR: a checkout of github.com/fair-trec/trec2021-fair-public. Its `metrics.py`
  `qr_awrf` (the track's AWRF: attention 1/log2(max(r, 2)), 1 - SciPy jensenshannon^2) is run on
  every query with an AWRF. The track computes its discount in float32, so agreement is to ~1e-7.
  (Its `qr_ndcg` is binary with the same max(r, 2) discount over 1000 ranks: not §1's nDCG, so
  AWRF x nDCG is not compared.)
- FAIRRANKTUNE: a checkout of github.com/KCachel/FairRankTune. `EXP` (group exposure, the mean of
  1/log2(1 + r) over a group's ranked items, and its MinMaxRatio), `EXPU` (exposure over utility,
  Singh & Joachims' disparate treatment, MinMaxRatio; it needs relevance in [0, 1], so the grades
  are divided by the largest, which leaves the ratio unchanged) and `NDKL` (Geyik et al. eq. 4,
  with the whole ranking's own group shares as the target and 1e-7 added to every share) run on
  each query's L (labelled documents of the top K). EXP and EXPU are compared where every group
  of the pool is in L and, for EXPU, has a positive mean grade; NDKL where the query's target
  equals L's own shares (whole pools ranked). FairRankTune's `AWRF` is another metric (geometric
  attention, a ratio of group averages), so it is not compared.

Run:  TREC2021_FAIR=/path/trec2021-fair-public FAIRRANKTUNE=/path/FairRankTune \\
        /usr/bin/python3 scripts/reference/group_fairness_crosscheck.py
Prints, per metric, how many values were compared and the largest |difference|. Either variable may be left
out (that library is skipped).
"""
import importlib.util
import json
import os
import sys
import types

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, '..', '..', 'test', 'fixtures', 'reference', 'group-fairness.json')
sys.path.insert(0, HERE)
from group_fairness import ranked  # noqa: E402  (the tie rule only)


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_fairranktune(root):
    """FairRankTune's metric modules, without its package __init__ (which imports the rankers too)."""
    base = os.path.join(root, 'src', 'FairRankTune')
    for name, path in [('FairRankTune', base), ('FairRankTune.Metrics', os.path.join(base, 'Metrics'))]:
        package = types.ModuleType(name)
        package.__path__ = [path]
        sys.modules[name] = package
    metrics = os.path.join(base, 'Metrics')
    load_module('FairRankTune.Metrics.ComboUtil', os.path.join(metrics, 'ComboUtil.py'))
    return {name: load_module(f'FairRankTune.Metrics.{name}', os.path.join(metrics, f'{name}.py')) for name in ['EXP', 'NDKL']}


def labelled_top(scenario, query):
    """L: the labelled documents of the top K, in rank order."""
    labels = scenario['labels']
    return [d for d in ranked(query['run'])[: scenario['options']['k']] if d in labels]


class Diffs:
    def __init__(self):
        self.max = {}
        self.n = {}

    def add(self, metric, a, b):
        self.max[metric] = max(self.max.get(metric, 0.0), abs(float(a) - float(b)))
        self.n[metric] = self.n.get(metric, 0) + 1

    def report(self):
        for metric in sorted(self.max):
            print(f'{metric:48s} {self.n[metric]:4d} values   max |diff| = {self.max[metric]:.3e}')


def check_trec(trec, scenario, query, expected, diffs):
    if expected['awrf'] is None:
        return
    groups = expected['groups']
    docs = labelled_top(scenario, query)
    align = pd.DataFrame([[1.0 if scenario['labels'][d] == g else 0.0 for g in groups] for d in docs], index=docs, columns=groups)
    target = np.array([expected['target'][g] for g in groups])
    diffs.add('AWRF (TREC 2021 qr_awrf)', trec.qr_awrf(pd.Series(docs), align, target), expected['awrf'])


def check_fairranktune(frt, scenario, query, expected, diffs):
    docs = labelled_top(scenario, query)
    if not docs:
        return
    groups = expected['groups']
    ranking = pd.DataFrame({'r': docs})
    of = {d: scenario['labels'][d] for d in docs}
    present = sorted(set(of.values()))
    ratio, per_group = frt['EXP'].EXP(ranking, of, 'MinMaxRatio')
    for g in present:
        diffs.add('exposure per group (FairRankTune EXP)', per_group[g], expected['exposure'][g])
    if present == groups and len(groups) >= 2:
        diffs.add('exposure ratio (FairRankTune EXP MinMaxRatio)', ratio, expected['exposure_ratio'])
    check_expu(frt, scenario, query, expected, docs, of, diffs)
    shares = {g: sum(1 for d in docs if of[d] == g) / len(docs) for g in groups}
    if expected['target'] is not None and expected['ndkl'] is not None and all(abs(shares[g] - expected['target'][g]) < 1e-12 for g in groups):
        diffs.add('NDKL, target = L\'s shares (FairRankTune NDKL)', frt['NDKL'].NDKL(ranking, of), expected['ndkl'])


def check_expu(frt, scenario, query, expected, docs, of, diffs):
    judgments = query['judgments']
    if judgments is None or expected['disparate_treatment'] is None:
        return
    if sorted(set(of.values())) != expected['groups']:
        return
    grades = np.array([max(judgments.get(d, 0.0), 0.0) for d in docs])
    if min(grades[[of[d] == g for d in docs]].mean() for g in expected['groups']) <= 0:
        return
    relevance = pd.DataFrame({'r': grades / grades.max()})
    ratio, _ = frt['EXP'].EXPU(pd.DataFrame({'r': docs}), of, relevance, 'MinMaxRatio')
    diffs.add('disparate treatment (FairRankTune EXPU)', ratio, expected['disparate_treatment'])


def main():
    fixture = json.load(open(FIXTURE))
    trec_root = os.environ.get('TREC2021_FAIR')
    frt_root = os.environ.get('FAIRRANKTUNE')
    if not trec_root and not frt_root:
        sys.exit('set TREC2021_FAIR and/or FAIRRANKTUNE to a checkout of the reference implementation')
    trec = load_module('trec2021_metrics', os.path.join(trec_root, 'metrics.py')) if trec_root else None
    frt = load_fairranktune(frt_root) if frt_root else None
    diffs = Diffs()
    for scenario in fixture['scenarios']:
        for query, expected in zip(scenario['queries'], scenario['expected']['per_query']):
            if trec:
                check_trec(trec, scenario, query, expected, diffs)
            if frt:
                check_fairranktune(frt, scenario, query, expected, diffs)
    diffs.report()


if __name__ == '__main__':
    main()
