#!/usr/bin/python3
"""Reference values for the multi-task statistics of issue 15, written from METRICS.md §9 and the
benchmark's published recipe with scikit-learn, SciPy and the standard library, independently of
the TypeScript code:

- the character-bigram TF-IDF baseline: each text lower-cased, whitespace runs collapsed to one
  space and trimmed, anchors cut to 1,500 and candidates to 400 code points; scikit-learn's
  TfidfVectorizer(analyzer='char', ngram_range=(2, 2), lowercase=True, smooth_idf=True,
  sublinear_tf=False, norm='l2') fitted on the task's unique texts; candidates ranked by cosine
  to the anchor, descending, ties in input order (a stable sort); the task score from that
  ranking (nDCG@5 of the single positive, or the retrieval mean of Recall@3, Recall@10, MRR@10);
- Spearman's rho (scipy.stats.spearmanr), direction agreement over system pairs (a pair tied on
  either board counts in the denominator, never as an agreement) and the exact permutation
  p-value (share of all n! orders of b, itertools.permutations, with rho >= observed - 1e-12);
- the expected score of a uniform random permutation, by enumerating every order.

Run:  /usr/bin/python3 scripts/reference/multitask.py
Writes test/fixtures/reference/multitask.json (checked by
test/unit/core/reference-multitask.test.ts to 1e-9).
"""
import itertools
import json
import math
import os
import re

import numpy as np
from scipy.stats import spearmanr
from sklearn.feature_extraction.text import TfidfVectorizer

SEED = 20260115
rng = np.random.default_rng(SEED)
OUT = os.path.join(os.path.dirname(__file__), '..', '..', 'test', 'fixtures', 'reference', 'multitask.json')
WORDS = ['Data', 'engineer', 'nurse', 'Python', 'SQL', 'Kubernetes', 'care', 'Pflege', 'équipe', 'Ärztin',
         'manager', 'sales', 'Figma', 'UX', 'design', '数据', '工程师', 'cloud', 'AWS', 'team', 'lead', 'IFRS']
SPACES = [' ', ' ', ' ', '  ', '\t', '\n', ' \n ', '\u00a0', '\r\n']


def random_text(lo, hi):
    k = int(rng.integers(lo, hi + 1))
    parts = []
    for _ in range(k):
        parts.append(WORDS[int(rng.integers(len(WORDS)))])
        parts.append(SPACES[int(rng.integers(len(SPACES)))])
    lead = SPACES[int(rng.integers(len(SPACES)))] if rng.random() < 0.3 else ''
    return lead + ''.join(parts)


def baseline_text(text, limit):
    return re.sub(r'\s+', ' ', text.lower()).strip()[:limit]


def ndcg5(ranking, positive):
    slot = ranking.index(positive) + 1
    return 1 / math.log2(slot + 1) if slot <= 5 else 0.0


def retrieval_mean(ranking, relevant):
    rel = set(relevant)
    top3 = sum(1 for d in ranking[:3] if d in rel)
    top10 = sum(1 for d in ranking[:10] if d in rel)
    rr = next((1 / (i + 1) for i, d in enumerate(ranking[:10]) if d in rel), 0.0)
    return (top3 / len(rel) + top10 / len(rel) + rr) / 3


def tfidf_case(kind, groups_n):
    records = []
    for g in range(groups_n):
        n = int(rng.integers(2, 21))
        cands = [f'g{g}-c{j}' for j in range(n)]
        texts = [random_text(1, 12) for _ in range(n)]
        if n > 3 and rng.random() < 0.5:  # an exact duplicate text: a similarity tie
            texts[n - 1] = texts[1]
        if rng.random() < 0.3:  # long texts: the cut-offs matter
            texts[0] = random_text(120, 160)
        anchor = random_text(3, 15) if rng.random() < 0.8 else random_text(300, 360)
        if kind == 'ranking':
            ref = cands[int(rng.integers(n))]
        else:
            k = int(rng.integers(1, min(4, n) + 1))
            ref = [cands[int(i)] for i in rng.choice(n, size=k, replace=False)]
        records.append({'id': f'g{g}', 'reference': ref, 'candidates': cands, 'anchor': anchor, 'candidate_texts': texts})
    anchors = [baseline_text(r['anchor'], 1500) for r in records]
    cand_texts = [[baseline_text(t, 400) for t in r['candidate_texts']] for r in records]
    unique = sorted(set(anchors + [t for ts in cand_texts for t in ts]))
    vec = TfidfVectorizer(analyzer='char', ngram_range=(2, 2), lowercase=True, smooth_idf=True, sublinear_tf=False, norm='l2')
    vec.fit(unique)
    sims, rankings, scores = [], [], []
    for r, a, ts in zip(records, anchors, cand_texts):
        av = vec.transform([a])
        cv = vec.transform(ts)
        s = (cv @ av.T).toarray().ravel()
        order = sorted(range(len(ts)), key=lambda j: -s[j])  # stable: ties in input order
        ranking = [r['candidates'][j] for j in order]
        sims.append([float(x) for x in s])
        rankings.append(ranking)
        scores.append(ndcg5(ranking, r['reference']) if kind == 'ranking' else retrieval_mean(ranking, r['reference']))
    return {'kind': kind, 'records': records, 'similarities': sims, 'rankings': rankings,
            'score': 100 * float(np.mean(scores)), 'unique_texts': len(unique)}


def direction(a, b):
    agree = tied = pairs = 0
    for i in range(len(a)):
        for j in range(i + 1, len(a)):
            pairs += 1
            if a[i] == a[j] or b[i] == b[j]:
                tied += 1
            elif (a[i] < a[j]) == (b[i] < b[j]):
                agree += 1
    return {'agree': agree, 'tied': tied, 'pairs': pairs, 'share': agree / pairs}


def correspondence_case(n):
    a = [float(x) for x in np.round(rng.normal(50, 10, n), 0 if rng.random() < 0.5 else 2)]
    if rng.random() < 0.5:
        b = [x + float(rng.normal(0, 6)) for x in a]
    else:
        b = [float(x) for x in np.round(rng.normal(50, 10, n), 0)]
    rho = float(spearmanr(a, b).statistic)
    hits = total = 0
    for perm in itertools.permutations(range(n)):
        total += 1
        r = spearmanr(a, [b[p] for p in perm]).statistic
        if r >= rho - 1e-12:
            hits += 1
    return {'a': a, 'b': b, 'rho': rho, 'p': hits / total, 'direction': direction(a, b)}


def expectation_case(n, relevant):
    items = list(range(n))
    rel = list(range(relevant))
    total = 0.0
    count = 0
    for perm in itertools.permutations(items):
        count += 1
        total += ndcg5(list(perm), 0) if relevant == 0 else retrieval_mean(list(perm), rel)
    return {'n': n, 'relevant': relevant, 'expected': total / count}


cases = {
    'seed': SEED,
    'tfidf': [tfidf_case('ranking', 40), tfidf_case('retrieval', 40), tfidf_case('ranking', 15)],
    'correspondence': [correspondence_case(n) for n in [3, 4, 5, 5, 6, 7, 8, 8]],
    'expectation': [expectation_case(n, 0) for n in range(1, 8)] + [expectation_case(n, r) for n in range(1, 8) for r in range(1, min(n, 3) + 1)],
}
os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, 'w') as f:
    json.dump(cases, f, ensure_ascii=False, indent=1)
    f.write('\n')
print(f'wrote {OUT}')
