/**
 * One-dimensional logistic regression, p(y = 1 | x) = σ(a·x + b), fitted by
 * Newton–Raphson (iteratively reweighted least squares) on the penalised
 * negative log-likelihood
 *
 *   L(a, b) = −Σ_i [y_i·log p_i + (1 − y_i)·log(1 − p_i)] + (λ/2)·a²,
 *
 * the objective of scikit-learn's LogisticRegression(C = 1/λ) (L2 penalty on
 * the slope only, the intercept unpenalised). The small default ridge
 * λ = 1e-6 makes the minimum finite when the classes are separable (the
 * unpenalised slope would diverge to ±∞); on ordinary data it moves the fit
 * by far less than the test tolerance.
 *
 * Each Newton step solves the 2×2 system H·Δ = g exactly; a step that does
 * not lower L is halved (backtracking, at most 50 halvings), so the
 * iteration converges from the start a = 0, b = logit(ȳ) on any data.
 * Stops when max(|g_a|, |g_b|) ≤ tolerance · max(1, n) or after maxIterations.
 */

/** A fitted 1-D logistic model. */
export interface LogisticFit {
  /** Slope a. */
  readonly a: number;
  /** Intercept b. */
  readonly b: number;
  /** Newton iterations taken. */
  readonly iterations: number;
  /** The gradient criterion was met within maxIterations. */
  readonly converged: boolean;
}

/** Options of `fitLogistic`. */
export interface LogisticOptions {
  /** L2 penalty λ on the slope (sklearn C = 1/λ); default 1e-6. Must be ≥ 0. */
  readonly ridge?: number;
  /** Default 100. */
  readonly maxIterations?: number;
  /** Gradient tolerance per observation; default 1e-10. */
  readonly tolerance?: number;
}

/** The logistic function σ(z) = 1/(1 + e^(−z)), computed without overflow. */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** log(1 + e^z) without overflow. */
function softplus(z: number): number {
  return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
}

function objective(x: ArrayLike<number>, y: ArrayLike<number>, a: number, b: number, ridge: number): number {
  // −log-likelihood = Σ softplus(z) − y·z
  let loss = 0;
  for (let i = 0; i < x.length; i++) {
    const z = a * x[i] + b;
    loss += softplus(z) - y[i] * z;
  }
  return loss + 0.5 * ridge * a * a;
}

/**
 * Fits p = σ(a·x + b) to 0/1 labels (see the module comment for the method).
 * @throws {RangeError} when the lengths differ, there are no observations,
 *   a label is not 0/1, an x is not finite, the ridge is negative, or the
 *   labels hold one class only with ridge 0 (the intercept would diverge).
 * @example fitLogistic([0, 1, 2, 3], [0, 1, 0, 1], { ridge: 1 }) // { a ≈ 0.3, b ≈ −0.45, … }
 */
export function fitLogistic(x: ArrayLike<number>, y: ArrayLike<number>, options: LogisticOptions = {}): LogisticFit {
  const ridge = options.ridge ?? 1e-6;
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-10;
  const n = x.length;
  if (y.length !== n) throw new RangeError(`x and y differ in length: ${n} and ${y.length}`);
  if (n === 0) throw new RangeError('no observations to fit');
  if (!(ridge >= 0)) throw new RangeError(`ridge must be ≥ 0, got ${ridge}`);
  let positives = 0;
  for (let i = 0; i < n; i++) {
    if (y[i] !== 0 && y[i] !== 1) throw new RangeError(`label must be 0 or 1, got ${y[i]}`);
    if (!Number.isFinite(x[i])) throw new RangeError(`x must be finite, got ${x[i]}`);
    positives += y[i];
  }
  if (positives === 0 || positives === n) {
    throw new RangeError('labels hold one class only: the intercept of a logistic fit diverges');
  }
  let a = 0;
  let b = Math.log(positives / (n - positives));
  let current = objective(x, y, a, b, ridge);
  const limit = tolerance * Math.max(1, n);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    // gradient g and Hessian H of L
    let ga = ridge * a;
    let gb = 0;
    let haa = ridge;
    let hab = 0;
    let hbb = 0;
    for (let i = 0; i < n; i++) {
      const p = sigmoid(a * x[i] + b);
      const r = p - y[i];
      const w = p * (1 - p);
      ga += r * x[i];
      gb += r;
      haa += w * x[i] * x[i];
      hab += w * x[i];
      hbb += w;
    }
    if (Math.max(Math.abs(ga), Math.abs(gb)) <= limit) return { a, b, iterations: iteration, converged: true };
    const det = haa * hbb - hab * hab;
    // A singular Hessian (all weights underflowed) falls back to a gradient step.
    let da: number;
    let db: number;
    if (det > 0 && Number.isFinite(det)) {
      da = (hbb * ga - hab * gb) / det;
      db = (haa * gb - hab * ga) / det;
    } else {
      da = ga;
      db = gb;
    }
    let step = 1;
    let next = objective(x, y, a - da, b - db, ridge);
    for (let halving = 0; halving < 50 && !(next <= current); halving++) {
      step /= 2;
      next = objective(x, y, a - step * da, b - step * db, ridge);
    }
    if (!(next <= current)) return { a, b, iterations: iteration + 1, converged: false };
    a -= step * da;
    b -= step * db;
    const stalled = current - next <= 1e-15 * Math.max(1, Math.abs(current));
    current = next;
    if (stalled && step < 1) return { a, b, iterations: iteration + 1, converged: true };
  }
  return { a, b, iterations: maxIterations, converged: false };
}

/** The fitted probability σ(a·x + b). */
export function logisticProbability(fit: Pick<LogisticFit, 'a' | 'b'>, x: number): number {
  return sigmoid(fit.a * x + fit.b);
}
