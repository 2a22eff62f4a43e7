#!/usr/bin/python3
"""Reference values for the group-outcome audit (METRICS.md §10, CIs §6), written from
METRICS.md with NumPy and pandas, independently of the TypeScript code.

Point estimates are computed from the data alone. Seeded bootstrap draws cannot be reproduced
across languages, so the CIs are computed here from the SAME resample index matrices that
Fairground draws (written by scripts/reference/outcomesResamples.ts): each row of a matrix is one
resample of the units (candidates, or jobs in order of first appearance), and every statistic is
recomputed here on the rows it selects; the CI is numpy's percentile (linear) at 2.5 and 97.5 of
the resamples where the statistic is defined. The fixture records each matrix's SHA-256, so the
unit test can check it draws the same matrix before comparing.

Run:  npx tsx scripts/reference/outcomesResamples.ts && /usr/bin/python3 scripts/reference/outcomes.py
Writes test/fixtures/reference/outcomes.json (checked by test/unit/core/reference-outcomes.test.ts
to 1e-12). Cases on ../shared/external data are left out when that data is absent.
"""
import hashlib
import json
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
DATA = {
    'synthetic': os.path.join(ROOT, 'test', 'fixtures', 'outcomes', 'callbacks-synthetic.csv'),
    'resume': os.path.normpath(os.path.join(ROOT, '..', 'shared', 'external', 'bertrand-mullainathan-callbacks', 'resume.csv')),
}
MATRICES = os.path.join(ROOT, '.bench-tmp', 'outcomes-resamples')
OUT = os.path.join(ROOT, 'test', 'fixtures', 'reference', 'outcomes.json')
SMALL = 0.02


def none_if_nan(x):
    return None if x is None or (isinstance(x, float) and np.isnan(x)) else float(x)


class Table:
    """One case's columns as arrays; categories of each grouping sorted by their value tuples."""

    def __init__(self, case, frame):
        self.n = len(frame)
        self.groups = [frame[g].astype(str).str.strip().to_numpy() for g in case['groups']]
        if 'selected' in case:
            self.rule = 'selected'
            self.y_fixed = frame[case['selected']].astype(int).to_numpy()
        else:
            self.scores = frame[case['score']].astype(float).to_numpy()
            if 'cutoff' in case:
                self.rule = 'cutoff'
                self.y_fixed = (self.scores >= case['cutoff']).astype(int)
            else:
                self.rule = 'scoring-rate'
        self.labels = frame[case['label']].astype(int).to_numpy() if 'label' in case else None
        if 'job' in case:
            jobs = frame[case['job']].astype(str).str.strip().to_numpy()
            order = pd.unique(jobs)  # order of first appearance
            self.unit_rows = [np.nonzero(jobs == j)[0] for j in order]
        else:
            self.unit_rows = None
        # groupings: each column, then the intersection of all (with two or more)
        names = list(case['groups'])
        self.groupings = [([names[i]], [self.groups[i]]) for i in range(len(names))]
        if len(names) > 1:
            self.groupings.append((names, self.groups))
        self.codes = []
        for cols, values in self.groupings:
            tuples = list(zip(*values))
            cats = sorted(set(tuples))
            index = {t: k for k, t in enumerate(cats)}
            self.codes.append((cats, np.array([index[t] for t in tuples])))
        full = np.arange(self.n)
        self.compared = []
        for cats, code in self.codes:
            share = np.bincount(code, minlength=len(cats)) / self.n
            small = share < SMALL
            self.compared.append(~small if case.get('exclude_small') else np.ones(len(cats), bool))
        self.small = [np.bincount(code, minlength=len(cats)) / self.n < SMALL for cats, code in self.codes]
        self.full = full

    def rows_of(self, units):
        if self.unit_rows is None:
            return units
        return np.concatenate([self.unit_rows[u] for u in units])

    def statistics(self, rows):
        """Every reported number of one sample (rows with repetition), NaN where undefined."""
        if self.rule == 'scoring-rate':
            median = float(np.median(self.scores[rows]))
            y = (self.scores[rows] > median).astype(int)
        else:
            median = np.nan
            y = self.y_fixed[rows]
        out = {'median': median, 'groupings': []}
        for (cats, code), compared in zip(self.codes, self.compared):
            c = code[rows]
            k = len(cats)
            n = np.bincount(c, minlength=k).astype(float)
            sel = np.bincount(c, weights=y, minlength=k)
            with np.errstate(invalid='ignore', divide='ignore'):
                sr = np.where(n > 0, sel / np.where(n > 0, n, 1), np.nan)
            ok = compared & ~np.isnan(sr)
            top = sr[ok].max() if ok.any() else np.nan
            ir = sr / top if top > 0 else np.full(k, np.nan)
            g = {'selection_rate': sr, 'impact_ratio': ir}
            if ok.sum() >= 2:
                g['dpd'] = sr[ok].max() - sr[ok].min()
                g['dpr'] = sr[ok].min() / sr[ok].max() if sr[ok].max() > 0 else np.nan
            else:
                g['dpd'] = g['dpr'] = np.nan
            if self.labels is not None:
                lab = self.labels[rows]
                rates = {}
                for name, want in (('tpr', 1), ('fpr', 0)):
                    m = lab == want
                    tot = np.bincount(c[m], minlength=k).astype(float)
                    hit = np.bincount(c[m], weights=y[m], minlength=k)
                    rate = np.where(tot > 0, hit / np.where(tot > 0, tot, 1), np.nan)
                    good = compared & ~np.isnan(rate)
                    rates[name] = rate
                    rates[name + '_diff'] = rate[good].max() - rate[good].min() if good.sum() >= 2 else np.nan
                g['tpr'], g['fpr'] = rates['tpr'], rates['fpr']
                g['eod'] = rates['tpr_diff']
                g['eodd'] = np.nan if np.isnan(rates['tpr_diff']) or np.isnan(rates['fpr_diff']) else max(rates['tpr_diff'], rates['fpr_diff'])
            out['groupings'].append(g)
        return out


def percentile_ci(values):
    v = np.asarray(values, dtype=float)
    v = v[~np.isnan(v)]
    if len(v) == 0:
        return None
    return [float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5))]


def run_case(case):
    frame = pd.read_csv(DATA[case['data']], dtype=str, keep_default_na=False)
    t = Table(case, frame)
    n_units = t.n if t.unit_rows is None else len(t.unit_rows)
    path = os.path.join(MATRICES, case['name'] + '.u32')
    raw = open(path, 'rb').read()
    matrix = np.frombuffer(raw, dtype='<u4').reshape(case['resamples'], n_units)
    point = t.statistics(t.full)
    boots = [t.statistics(t.rows_of(matrix[b])) for b in range(case['resamples'])]

    def reported(get):
        return {'mean': none_if_nan(get(point)), 'ci': percentile_ci([get(s) for s in boots])}

    groupings = []
    for gi, ((cols, _), (cats, code)) in enumerate(zip(t.groupings, t.codes)):
        counts = np.bincount(code, minlength=len(cats))
        sel_full = np.bincount(code, weights=t.y_fixed if t.rule != 'scoring-rate' else (t.scores > point['median']).astype(int), minlength=len(cats))
        categories = []
        for j, cat in enumerate(cats):
            entry = {
                'category': ' × '.join(cat),
                'n': int(counts[j]),
                'selected': int(sel_full[j]),
                'small': bool(t.small[gi][j]),
                'selection_rate': reported(lambda s, gi=gi, j=j: s['groupings'][gi]['selection_rate'][j]),
                'impact_ratio': reported(lambda s, gi=gi, j=j: s['groupings'][gi]['impact_ratio'][j]),
            }
            if t.labels is not None:
                entry['true_positive_rate'] = reported(lambda s, gi=gi, j=j: s['groupings'][gi]['tpr'][j])
                entry['false_positive_rate'] = reported(lambda s, gi=gi, j=j: s['groupings'][gi]['fpr'][j])
            categories.append(entry)
        g = {
            'name': ' × '.join(cols),
            'categories': categories,
            'demographic_parity_difference': reported(lambda s, gi=gi: s['groupings'][gi]['dpd']),
            'demographic_parity_ratio': reported(lambda s, gi=gi: s['groupings'][gi]['dpr']),
        }
        if t.labels is not None:
            g['equal_opportunity_difference'] = reported(lambda s, gi=gi: s['groupings'][gi]['eod'])
            g['equalized_odds_difference'] = reported(lambda s, gi=gi: s['groupings'][gi]['eodd'])
        groupings.append(g)
    expected = {'n_rows': t.n, 'n_units': n_units, 'groupings': groupings}
    if t.rule == 'scoring-rate':
        expected['median'] = reported(lambda s: s['median'])
    return {**case, 'matrix_sha256': hashlib.sha256(raw).hexdigest(), 'expected': expected}


def main():
    cases = json.load(open(os.path.join(HERE, 'outcomes-cases.json')))['cases']
    done = []
    for case in cases:
        if not os.path.exists(DATA[case['data']]) or not os.path.exists(os.path.join(MATRICES, case['name'] + '.u32')):
            print(f"skipped {case['name']}: its data or resample matrix is absent")
            continue
        done.append(run_case(case))
        print(f"{case['name']}: {case['resamples']} resamples")
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w') as f:
        json.dump({'generator': 'scripts/reference/outcomes.py', 'numpy': np.__version__, 'pandas': pd.__version__, 'cases': done}, f, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main()
