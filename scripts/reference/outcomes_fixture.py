#!/usr/bin/python3
"""Writes test/fixtures/outcomes/callbacks-synthetic.csv: a small, made-up decisions table shaped
like the Bertrand & Mullainathan (2004) callback data (job ads, race- and gender-signalling
names, a 0/1 callback), plus a 0-100 score with ties and a 0/1 'qualified' label, so that every
branch of the group-outcome audit (METRICS.md §10) has data: the intersection, a category under
2% of the rows, ties at the median, a quoted cell with a comma. No real person or record is in it.

Run:  /usr/bin/python3 scripts/reference/outcomes_fixture.py
"""
import csv
import os

import numpy as np

SEED = 20041004
OUT = os.path.join(os.path.dirname(__file__), '..', '..', 'test', 'fixtures', 'outcomes', 'callbacks-synthetic.csv')
NAMES = {
    ('white', 'f'): ['Allison', 'Anne', 'Carrie', 'Emily', 'Jill', 'Laurie', 'Kristen', 'Meredith', 'Sarah'],
    ('white', 'm'): ['Brad', 'Brendan', 'Geoffrey', 'Greg', 'Brett', 'Jay', 'Matthew', 'Neil', 'Todd'],
    ('black', 'f'): ['Aisha', 'Ebony', 'Keisha', 'Kenya', 'Lakisha', 'Latonya', 'Latoya', 'Tamika', 'Tanisha'],
    ('black', 'm'): ['Darnell', 'Hakim', 'Jamal', 'Jermaine', 'Kareem', 'Leroy', 'Rasheed', 'Tremayne', 'Tyrone'],
    ('asian', 'f'): ['Mei'],
    ('asian', 'm'): ['Hiroshi'],
}
CALLBACK = {'white': 0.13, 'black': 0.08, 'asian': 0.10}


def main():
    rng = np.random.default_rng(SEED)
    rows = []
    cid = 0
    for job in range(1, 61):
        size = 4 if rng.random() < 0.8 else 2
        races = ['white', 'black'] * (size // 2)
        rng.shuffle(races)
        for race in races:
            if rng.random() < 0.018:
                race = 'asian'
            gender = 'f' if rng.random() < 0.75 else 'm'
            name = NAMES[(race, gender)][int(rng.integers(len(NAMES[(race, gender)])))]
            if rng.random() < 0.04:
                name += ', Jr.'
            qualified = int(rng.random() < 0.55)
            callback = int(rng.random() < CALLBACK[race] * (1.6 if qualified else 0.5))
            score = int(np.clip(np.round(48 + 12 * rng.standard_normal() + 10 * qualified + 6 * callback - (3 if race == 'black' else 0)), 0, 100))
            cid += 1
            rows.append([str(100 + job * 7), f'c{cid:03d}', name, race, gender, callback, score, qualified])
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['job_ad_id', 'candidate_id', 'firstname', 'race', 'gender', 'received_callback', 'score', 'qualified'])
        w.writerows(rows)
    print(f'wrote {len(rows)} rows to {os.path.normpath(OUT)}')


if __name__ == '__main__':
    main()
