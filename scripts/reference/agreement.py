#!/usr/bin/python3
"""Reference values for label agreement (METRICS.md §11), written from METRICS.md with NumPy and
scikit-learn, independently of the TypeScript code: for every pair of annotators with common
items, fuzzy agreement (|a - b| <= 1), relevant agreement (same side of tau), Cohen's kappa with
quadratic weights (sklearn.metrics.cohen_kappa_score(weights='quadratic'), categories = the union
of the pair's labels) and binarised kappa (cohen_kappa_score on a >= tau, unweighted); then the
mean, min and max of each over the pairs where it is defined (sklearn's NaN = undefined).

Inputs, each kept in the fixture as a long table (item, annotator, label):
- vacancy-resume-matching (Vanetik & Kogan 2023): the two annotators' rankings of the 5 vacancies
  for CVs 1-20 (annotator 2 ranked only those). Each array lists vacancy numbers from best to
  worst (SOURCE.md), so vacancy v at position p (0-based) gets grade 5 - p (best 5, worst 1).
  Annotator 1's array for CV 9 repeats vacancy 1 and omits vacancy 3 (as published): CV 9 is left
  out, as one annotator cannot give one item two grades. tau = 4 (the top two places).
- ferr-hr-relevance-annotations, label_interaction.csv (grades 1-7 by 25 HR users): every
  (jd_id, resume_id) pair was graded by exactly one HR user, so keyed by (jd_id, resume_id) no two
  annotators share an item — agreement is undefined there, and the fixture pins that. (Keyed by
  resume_id alone, one HR user grades the same resume twice, for two JDs: not an agreement
  table, and Fairground rejects it; the test checks that.) tau = 5.
- synthetic: seeded random tables (numpy default_rng) with scales 0-1, 0-3, 1-5, gaps in the
  scale, constant annotators and one-item overlaps, so every edge case meets sklearn.

Run:  /usr/bin/python3 scripts/reference/agreement.py
Writes test/fixtures/reference/agreement.json (checked by test/unit/core/reference-agreement.test.ts
to 1e-9).
"""
import ast
import csv
import itertools
import json
import math
import os
import re
import warnings

import numpy as np
from sklearn.metrics import cohen_kappa_score

HERE = os.path.dirname(__file__)
ROOT = os.path.join(HERE, '..', '..')
EXTERNAL = os.path.join(os.environ.get('FAIRGROUND_SHARED_DIR') or os.path.join(ROOT, '..', 'shared'), 'external')
OUT = os.path.join(ROOT, 'test', 'fixtures', 'reference', 'agreement.json')
SEED = 20260214


def defined(x):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


def kappa(a, b, weights):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return defined(cohen_kappa_score(a, b, weights=weights))


def pair_stats(a, b, tau):
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    return {
        'n_common': int(len(a)),
        'fuzzy_agreement': float(np.mean(np.abs(a - b) <= 1)),
        'relevant_agreement': float(np.mean((a >= tau) == (b >= tau))),
        'kappa_quadratic': kappa(a, b, 'quadratic'),
        'kappa_binary': kappa((a >= tau).astype(int), (b >= tau).astype(int), None),
    }


def agreement(rows, tau):
    """rows: [item, annotator, label]; annotators in order of first appearance."""
    grades = {}
    for item, annotator, label in rows:
        grades.setdefault(annotator, {})[item] = float(label)
    names = list(grades)
    pairs = []
    for x, y in itertools.combinations(names, 2):
        common = [i for i in grades[x] if i in grades[y]]
        if not common:
            continue
        stats = pair_stats([grades[x][i] for i in common], [grades[y][i] for i in common], tau)
        pairs.append({'annotators': [x, y], **stats})
    summary = {}
    for key in ('fuzzy_agreement', 'relevant_agreement', 'kappa_quadratic', 'kappa_binary'):
        values = [p[key] for p in pairs if p[key] is not None]
        summary[key] = {
            'mean': float(np.mean(values)) if values else None,
            'min': float(np.min(values)) if values else None,
            'max': float(np.max(values)) if values else None,
            'n_pairs': len(values),
        }
    items = {r[0] for r in rows}
    return {
        'threshold': tau,
        'n_rows': len(rows),
        'n_items': len(items),
        'n_annotators': len(names),
        'n_annotator_pairs': len(names) * (len(names) - 1) // 2,
        'pairs': pairs,
        'summary': summary,
    }


def vacancy_rows():
    text = open(os.path.join(EXTERNAL, 'vacancy-resume-matching', 'annotations-for-the-first-30-vacancies.txt'), encoding='utf-8').read()
    rankings = {}
    for name in ('ANNOTATOR_1_RANKINGS', 'ANNOTATOR_2_RANKINGS'):
        body = re.search(name + r'\s*=\s*(\[.*?\]\])', text, re.S).group(1)
        rankings[name] = ast.literal_eval(re.sub(r'#[^\n]*', '', body))
    both = min(len(r) for r in rankings.values())
    rows = []
    for cv in range(1, both + 1):
        arrays = [rankings[n][cv - 1] for n in rankings]
        if any(sorted(a) != [1, 2, 3, 4, 5] for a in arrays):
            continue  # CV 9: annotator 1 repeats a vacancy
        for n, a in zip(('annotator_1', 'annotator_2'), arrays):
            for position, vacancy in enumerate(a):
                rows.append([f'{cv}/{vacancy}', n, 5 - position])
    return rows


def ferr_rows():
    path = os.path.join(EXTERNAL, 'ferr-hr-relevance-annotations', 'label_interaction.csv')
    with open(path, newline='', encoding='utf-8') as f:
        records = list(csv.DictReader(f))
    return [[f"{r['jd_id']}/{r['resume_id']}", r['hr_id'], int(r['score'])] for r in records]


def synthetic_cases():
    rng = np.random.default_rng(SEED)
    cases = []
    specs = [
        ('binary scale, 3 annotators', [0, 1], 3, 30, 0.8, 1),
        ('0-3 scale, 4 annotators, sparse', [0, 1, 2, 3], 4, 25, 0.6, 2),
        ('1-5 scale, 5 annotators', [1, 2, 3, 4, 5], 5, 40, 0.7, 4),
        ('gapped scale 1,2,5,9', [1, 2, 5, 9], 3, 20, 0.9, 5),
        ('two items each, tiny overlaps', [0, 1, 2], 6, 8, 0.3, 1),
    ]
    for name, scale, n_annotators, n_items, density, tau in specs:
        rows = []
        truth = rng.choice(scale, size=n_items)
        for a in range(n_annotators):
            for i in range(n_items):
                if rng.random() < density:
                    label = truth[i] if rng.random() < 0.6 else rng.choice(scale)
                    rows.append([f'i{i}', f'a{a}', int(label)])
        cases.append({'name': name, 'rows': rows, 'threshold': tau})
    # edge cases: a constant pair (kappa undefined), one common item, no common item
    cases.append({'name': 'constant annotators', 'threshold': 1, 'rows': [['x', 'a', 2], ['y', 'a', 2], ['x', 'b', 2], ['y', 'b', 2]]})
    cases.append({'name': 'one common item', 'threshold': 2, 'rows': [['x', 'a', 3], ['x', 'b', 1], ['y', 'a', 2]]})
    cases.append({'name': 'no common item', 'threshold': 1, 'rows': [['x', 'a', 1], ['y', 'b', 0]]})
    return cases


def main():
    cases = []
    for case in synthetic_cases():
        cases.append({'name': case['name'], 'source': 'synthetic', 'rows': case['rows'], 'expected': agreement(case['rows'], case['threshold'])})
    real = [
        ('vacancy-resume-matching: annotators 1 and 2, CVs 1-20 but 9, grade 5 - position', 'vacancy', vacancy_rows(), 4),
        ('ferr label_interaction keyed by (jd_id, resume_id): no shared item', 'ferr_jd_resume', ferr_rows(), 5),
    ]
    for name, source, rows, tau in real:
        cases.append({'name': name, 'source': source, 'rows': rows, 'expected': agreement(rows, tau)})
    with open(OUT, 'w', encoding='utf-8') as f:
        json.dump({'generator': 'scripts/reference/agreement.py', 'seed': SEED, 'cases': cases}, f, indent=1, ensure_ascii=False)
        f.write('\n')
    for c in cases:
        s = c['expected']['summary']
        print(f"{c['name']}: {len(c['expected']['pairs'])} pairs; kappa_quadratic mean {s['kappa_quadratic']['mean']}, kappa_binary mean {s['kappa_binary']['mean']}")


if __name__ == '__main__':
    main()
