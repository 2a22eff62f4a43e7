import { indexPath, keyPath } from './path.ts';

/** One number that differs between two results, at `path` under `results`. */
export interface ResultDifference {
  readonly path: string;
  /** The number in the first results; null where it is missing, null or not finite. */
  readonly a: number | null;
  readonly b: number | null;
}

/** Options of diffResults. */
export interface DiffResultsOptions {
  /** Keys whose subtrees are skipped wherever they appear, e.g. `['timing']` for wall-clock numbers. */
  readonly ignoreKeys?: Iterable<string>;
}

/**
 * Every number that differs between `a.results` and `b.results`, in document
 * order (a's keys first, then keys only b has), for "Re-run": an empty list
 * means "no differences". Two numbers differ when |a − b| > tolerance. A
 * number facing a missing value, null, a string or a container is reported
 * with null on the other side; so is every number of a subtree or array item
 * only one side has. NaN and ±Infinity count as null (a link stores them as
 * null), so NaN against null is no difference. Strings and booleans are not
 * compared. Paths are relative to `results`, e.g.
 * `subsets[0].models[1].effectiveness.ndcg@10.mean`.
 * @throws {RangeError} for a negative or non-finite tolerance.
 * @example diffResults(stored, rerun, 1e-9, { ignoreKeys: ['timing'] }) // [] when reproduced
 */
export function diffResults(
  a: { readonly results: unknown },
  b: { readonly results: unknown },
  tolerance = 0,
  options: DiffResultsOptions = {},
): ResultDifference[] {
  if (!(tolerance >= 0) || !Number.isFinite(tolerance)) {
    throw new RangeError(`tolerance must be a finite number ≥ 0, got ${tolerance}`);
  }
  const out: ResultDifference[] = [];
  walk(a.results, b.results, '', tolerance, new Set(options.ignoreKeys ?? []), out);
  return out;
}

function walk(
  x: unknown,
  y: unknown,
  path: string,
  tolerance: number,
  ignore: ReadonlySet<string>,
  out: ResultDifference[],
): void {
  if (typeof x === 'number' || typeof y === 'number') {
    const xn = finiteOrNull(x);
    const yn = finiteOrNull(y);
    const differ = xn === null || yn === null ? xn !== yn : Math.abs(xn - yn) > tolerance;
    if (differ) out.push({ path, a: xn, b: yn });
    if (typeof x !== 'number') walk(x, undefined, path, tolerance, ignore, out);
    if (typeof y !== 'number') walk(undefined, y, path, tolerance, ignore, out);
    return;
  }
  const xArray = Array.isArray(x);
  const yArray = Array.isArray(y);
  if (xArray || yArray) {
    const xs = xArray ? x : [];
    const ys = yArray ? y : [];
    for (let i = 0; i < Math.max(xs.length, ys.length); i++) walk(xs[i], ys[i], indexPath(path, i), tolerance, ignore, out);
    // A side that is not an array (an object, say) still has its numbers reported.
    if (!xArray) walk(x, undefined, path, tolerance, ignore, out);
    if (!yArray) walk(undefined, y, path, tolerance, ignore, out);
    return;
  }
  const xObject = isObject(x) ? x : undefined;
  const yObject = isObject(y) ? y : undefined;
  if (xObject === undefined && yObject === undefined) return;
  const keys = new Set([...Object.keys(xObject ?? {}), ...Object.keys(yObject ?? {})]);
  for (const key of keys) {
    if (ignore.has(key)) continue;
    walk(xObject?.[key], yObject?.[key], keyPath(path, key), tolerance, ignore, out);
  }
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
