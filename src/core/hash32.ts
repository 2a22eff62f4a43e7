/**
 * FNV-1a (32 bits) of a string's UTF-16 code units, then MurmurHash3's 32-bit finaliser, so that
 * strings differing only in their last characters (cv1, cv2, …) spread over the whole range and
 * the low bits mix as well as the high ones (a hash table indexes by the low bits). Not a
 * cryptographic hash: for splits and tables, where correctness never rests on it being unique.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
