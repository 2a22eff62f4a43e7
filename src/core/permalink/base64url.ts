/**
 * base64url without padding (RFC 4648 §5), the alphabet of a permalink
 * fragment: it needs no percent-encoding in a URL.
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;
const CHUNK = 0x8000;

/**
 * Encodes bytes as base64url without `=` padding.
 * @example base64UrlEncode(new Uint8Array([251, 255])) // '-_8'
 */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes unpadded base64url. Returns `null` (never throws) for a character
 * outside the alphabet or a length no encoding can have (4n + 1).
 * @example base64UrlDecode('-_8') // Uint8Array [251, 255]
 */
export function base64UrlDecode(text: string): Uint8Array | null {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
