import { indexPath, keyPath } from './path.ts';

/** One string of a payload: a key or a string value, with the path where it sits. */
export interface PayloadString {
  readonly value: string;
  readonly path: string;
  readonly isKey: boolean;
}

interface Pending {
  readonly value: unknown;
  readonly path: string;
  readonly isKey: boolean;
}

/**
 * Every string of a JSON-like value — object keys and string values — with its
 * path, depth first in document order (a key comes before its value).
 * Iterative, and each object or array is visited once, so deep or cyclic
 * input neither overflows the stack nor loops.
 */
export function* locatedPayloadStrings(payload: unknown): Generator<PayloadString> {
  const seen = new Set<object>();
  const stack: Pending[] = [{ value: payload, path: '', isKey: false }];
  while (stack.length > 0) {
    const { value, path, isKey } = stack.pop()!;
    if (typeof value === 'string') {
      yield { value, path, isKey };
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const children: Pending[] = [];
    if (Array.isArray(value)) {
      value.forEach((item, i) => children.push({ value: item, path: indexPath(path, i), isKey: false }));
    } else {
      for (const [key, item] of Object.entries(value)) {
        const at = keyPath(path, key);
        children.push({ value: key, path: at, isKey: true }, { value: item, path: at, isKey: false });
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
