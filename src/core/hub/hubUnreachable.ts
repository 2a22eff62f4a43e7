/**
 * A Hub that could not be reached, in words (issue 48): a fetch that gets no response rejects with
 * a bare "Failed to fetch" (Chromium), "NetworkError when attempting to fetch resource." (Firefox),
 * "Load failed" (Safari) or "fetch failed" (Node, its cause ENOTFOUND, ECONNREFUSED …) — none names
 * the host or what to do. The browser and the CLI both read a model's load failure through
 * `explainHubFailure`, so they say the same.
 */
import { DEFAULT_HUB_HOST } from '../models/modelSource.ts';

/** What a fetch that got no response rejects with, in each runtime. */
const NO_RESPONSE: readonly RegExp[] = Object.freeze([
  /\bFailed to fetch\b(?! dynamically imported module)/i,
  /\bNetworkError when attempting to fetch\b/i,
  /^Load failed$/i,
  /\bfetch failed\b/i,
  /\b(ENOTFOUND|ECONNREFUSED|ECONNRESET|EAI_AGAIN|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH)\b/,
]);

/** Where the advice is read: the site (its Models view, its connect policy) or the command line. */
export type HubAdviceSide = 'browser' | 'cli';

/** A model load that failed because the Hub gave no response. */
export class HubUnreachableError extends Error {
  override readonly name = 'HubUnreachableError';
  constructor(
    readonly host: string,
    message: string,
    cause: unknown,
  ) {
    super(message, { cause });
  }
}

/** The message of an error and of its causes, one after another (Node's "fetch failed" hides its code in `cause`). */
function messagesOf(e: unknown): string[] {
  const out: string[] = [];
  for (let x: unknown = e, depth = 0; x !== undefined && x !== null && depth < 4; depth++) {
    if (x instanceof Error || (typeof x === 'object' && 'message' in x)) {
      const { message, code, cause } = x as { message?: unknown; code?: unknown; cause?: unknown };
      if (typeof message === 'string') out.push(message);
      if (typeof code === 'string') out.push(code);
      x = cause;
    } else {
      out.push(String(x));
      break;
    }
  }
  return out;
}

/**
 * Whether an error is a fetch that got no response (no network, a host down or blocked).
 * @example isNoResponse(new TypeError('Failed to fetch')) // true
 * @example isNoResponse(new Error('Could not locate file: "…/config.json".')) // false
 */
export function isNoResponse(e: unknown): boolean {
  return messagesOf(e).some((m) => NO_RESPONSE.some((r) => r.test(m)));
}

/** The host of a Hub address, for a sentence: `huggingface.co`, `mirror.example:8080`. */
export function hubHostName(host: string): string {
  try {
    return new URL(host).host;
  } catch {
    return host;
  }
}

const ADVICE: Readonly<Record<HubAdviceSide, string>> = Object.freeze({
  browser:
    'Check the network; or load the model from a folder on this machine (Models → A model folder on this machine); or use a mirror — set it as the Hub address (Models), and serve or build Fairground with FAIRGROUND_CONNECT_SRC naming it so the page may connect to it; or try again later.',
  cli: 'Check the network; or give --model the path of a folder holding the model (config.json, tokenizer.json, onnx/), downloaded once where the Hub can be reached; or use the bundled fairground-glove-100d offline; or try again later.',
});

/**
 * The sentence a user reads when the Hub gave no response while loading a model.
 * @example hubUnreachableMessage('https://huggingface.co/', 'Xenova/all-MiniLM-L6-v2', 'Failed to fetch', 'browser')
 *   // 'The Hugging Face Hub could not be reached at huggingface.co while loading Xenova/all-MiniLM-L6-v2 (Failed to fetch): there is no network, or the host is down or blocked. Check the network; …'
 */
export function hubUnreachableMessage(host: string, modelId: string, reason: string, side: HubAdviceSide): string {
  const name = hubHostName(host);
  const hub = name === hubHostName(DEFAULT_HUB_HOST) ? 'The Hugging Face Hub' : 'The Hub mirror';
  return `${hub} could not be reached at ${name} while loading ${modelId} (${reason}): there is no network, or the host is down or blocked. ${ADVICE[side]}`;
}

/**
 * A model's load failure as the user reads it: a `HubUnreachableError` when the Hub gave no
 * response, the error itself otherwise.
 * @example explainHubFailure(new TypeError('Failed to fetch'), { host: 'https://huggingface.co/', id: 'org/m' }, 'browser').message // 'The Hugging Face Hub could not be reached at huggingface.co …'
 */
export function explainHubFailure(e: unknown, source: { readonly host: string; readonly id: string }, side: HubAdviceSide): unknown {
  if (e instanceof HubUnreachableError || !isNoResponse(e)) return e;
  const reason = (messagesOf(e)[0] ?? String(e)).split('\n')[0];
  return new HubUnreachableError(source.host, hubUnreachableMessage(source.host, source.id, reason, side), e);
}
