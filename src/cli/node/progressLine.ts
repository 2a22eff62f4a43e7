/**
 * A run's progress on stderr, one line rewritten in place, when stderr is a
 * terminal (never when piped or with --quiet): the model, what it is doing,
 * done/total and the time left — the browser's run-progress, headless.
 */
import type { ProgressPort } from '../../core/audit/run/index.ts';
import { escapeControl } from '../errors.ts';

/** Seconds as `1 min 05 s` / `42 s`. */
function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/** A ProgressPort that prints to `stream` at most every `everyMs`, or undefined when it should stay quiet. */
export function terminalProgress(stream: { isTTY?: boolean; write(text: string): unknown }, quiet: boolean, everyMs = 250): (ProgressPort & { end(): void }) | undefined {
  if (quiet || !stream.isTTY) return undefined;
  let last = 0;
  let shown = false;
  const port = ((key, p) => {
    const now = Date.now();
    if (now - last < everyMs && p.status !== 'done') return;
    last = now;
    const share = p.total > 0 ? ` ${p.done.toLocaleString('en')}/${p.total.toLocaleString('en')}` : '';
    const eta = p.etaSeconds !== undefined ? ` · ${duration(p.etaSeconds)} left` : '';
    const message = p.message ? ` · ${p.message}` : '';
    stream.write(`\r\x1b[2K${escapeControl(`${key}: ${p.status}${share}${eta}${message}`).slice(0, 160)}`);
    shown = true;
  }) as ProgressPort & { end(): void };
  port.end = () => {
    if (shown) stream.write('\r\x1b[2K');
  };
  return port;
}
