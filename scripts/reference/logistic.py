"""Reference values for src/core/stats/logistic.ts (1-D logistic regression).

Run with a Python that has numpy, scipy and scikit-learn:
    /usr/bin/python3 scripts/reference/logistic.py
Prints the cases as TypeScript literals; they are pasted into
test/unit/core/stats/logistic.test.ts (the test names this script).

Non-separable cases: sklearn LogisticRegression(C = 1/ridge, solver='newton-cg',
tol=1e-12) — the same objective, L2 on the slope only, intercept unpenalised.
Separable case: scipy.optimize.minimize (BFGS, gtol 1e-10) on the penalised
negative log-likelihood written out here, independently of the TypeScript code.
"""
import json
import warnings

import numpy as np
from scipy.optimize import minimize
from scipy.special import expit
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression

# newton-cg warns that it cannot reach tol=1e-12; its answers still agree with scipy BFGS to ~1e-8.
warnings.filterwarnings("ignore", category=ConvergenceWarning)

rng = np.random.default_rng(20240918)


def sk(x, y, ridge):
    m = LogisticRegression(C=1.0 / ridge, solver="newton-cg", tol=1e-12, max_iter=10000)
    m.fit(x.reshape(-1, 1), y)
    return float(m.coef_[0, 0]), float(m.intercept_[0])


def scipy_fit(x, y, ridge):
    def f(w):
        z = w[0] * x + w[1]
        return np.sum(np.logaddexp(0, z) - y * z) + 0.5 * ridge * w[0] ** 2

    def g(w):
        r = expit(w[0] * x + w[1]) - y
        return np.array([np.sum(r * x) + ridge * w[0], np.sum(r)])

    res = minimize(f, np.zeros(2), jac=g, method="BFGS", options={"gtol": 1e-10, "maxiter": 100000})
    return float(res.x[0]), float(res.x[1])


cases = []
# cosine-like similarities: labels drawn from a true logistic model
x = np.round(rng.uniform(0.2, 0.9, 40), 4)
y = (rng.uniform(size=40) < expit(12 * (x - 0.55))).astype(int)
for ridge in (1.0, 1e-6):
    a, b = sk(x, y, ridge)
    cases.append({"name": f"cosine-like n=40 ridge={ridge}", "x": x.tolist(), "y": y.tolist(), "ridge": ridge, "a": a, "b": b, "via": "sklearn"})

# 0-100 scale, imbalanced
x2 = np.round(rng.uniform(0, 100, 60), 2)
y2 = (rng.uniform(size=60) < expit(0.08 * (x2 - 70))).astype(int)
a, b = sk(x2, y2, 1e-6)
cases.append({"name": "0-100 scale n=60 imbalanced", "x": x2.tolist(), "y": y2.tolist(), "ridge": 1e-6, "a": a, "b": b, "via": "sklearn"})

# separable: the ridge keeps the slope finite
x3 = np.array([0.61, 0.64, 0.66, 0.7, 0.72, 0.75, 0.78, 0.8])
y3 = np.array([0, 0, 0, 0, 1, 1, 1, 1])
a, b = scipy_fit(x3, y3, 1e-2)
cases.append({"name": "separable ridge=1e-2", "x": x3.tolist(), "y": y3.tolist(), "ridge": 1e-2, "a": a, "b": b, "via": "scipy"})

print(json.dumps(cases, indent=1))
