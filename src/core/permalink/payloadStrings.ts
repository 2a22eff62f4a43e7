import type { PathStep } from './describeLocation.ts';
import { indexPath, keyPath } from './path.ts';

/** A place in a payload as a chain of steps back to the root (cheap to make, unrolled only when needed). */
interface Trail {
  readonly step: PathStep;
  readonly parent: Trail | undefined;
}

/** One string of a payload: a key or a string value, with the path where it sits. */
export interface PayloadString {
  readonly value: string;
  readonly path: string;
  readonly isKey: boolean;
  /** The steps from the root to it (the key's own step last), for describeLocation. */
  readonly steps: () => PathStep[];
}

interface Pending {
  readonly value: unknown;
  readonly path: string;
  readonly isKey: boolean;
  readonly trail: Trail | undefined;
}

function unroll(trail: Trail | undefined): PathStep[] {
  const steps: PathStep[] = [];
  for (let t = trail; t; t = t.parent) steps.push(t.step);
  return steps.reverse();
}

/**
 * Every string of a JSON-like value — object keys and string values — with its
 * path, depth first in document order (a key comes before its value).
 * Iterative, and each object or array is visited once, so deep or cyclic
 * input neither overflows the stack nor loops.
 */
export function* locatedPayloadStrings(payload: unknown): Generator<PayloadString> {
  const seen = new Set<object>();
  const stack: Pending[] = [{ value: payload, path: '', isKey: false, trail: undefined }];
  while (stack.length > 0) {
    const { value, path, isKey, trail } = stack.pop()!;
    if (typeof value === 'string') {
      yield { value, path, isKey, steps: () => unroll(trail) };
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const children: Pending[] = [];
    if (Array.isArray(value)) {
      value.forEach((item, i) => children.push({ value: item, path: indexPath(path, i), isKey: false, trail: { step: i, parent: trail } }));
    } else {
      for (const [key, item] of Object.entries(value)) {
        const at = keyPath(path, key);
        const step: Trail = { step: key, parent: trail };
        children.push({ value: key, path: at, isKey: true, trail: step }, { value: item, path: at, isKey: false, trail: step });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

/**
 * Every string of a payload — object keys and string values — depth first in
 * document order. What assertNoDatasetContent checks.
 * @example [...payloadStrings({ a: ['b'] })] // ['a', 'b']
 */
export function* payloadStrings(payload: unknown): Generator<string> {
  for (const s of locatedPayloadStrings(payload)) yield s.value;
}
