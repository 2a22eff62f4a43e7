/**
 * FNV-1a, 32 bits, over the UTF-16 code units of `text` (each unit fed as two bytes, low byte
 * first): a small stable hash to derive per-document random streams.
 * @example fnv1a(''); // 2166136261 (the offset basis)
 */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h = Math.imul(h ^ (c & 0xff), 0x01000193) >>> 0;
    h = Math.imul(h ^ (c >>> 8), 0x01000193) >>> 0;
  }
  return h >>> 0;
}
