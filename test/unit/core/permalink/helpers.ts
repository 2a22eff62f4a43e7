/** Fragments built with node:zlib and Buffer, independently of the code under test. */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** `r=` + base64url(deflate-raw(text)), as the format specifies. */
export function fragmentOfText(text: string | Uint8Array): string {
  return 'r=' + deflateRawSync(typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64url');
}

/** The fragment of any JSON value. */
export function fragmentOfJson(value: unknown): string {
  return fragmentOfText(JSON.stringify(value));
}

/** The JSON a fragment holds, read with node:zlib. */
export function jsonOfFragment(fragment: string): unknown {
  return JSON.parse(inflateRawSync(Buffer.from(fragment.slice(2), 'base64url')).toString('utf8'));
}
