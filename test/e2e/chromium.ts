/**
 * Where Chromium is and how Fairground starts it, shared by the e2e harness
 * and the browser benchmarks. No side effects on import.
 */
import { existsSync } from 'node:fs';

/** Flags for a sandbox-less, offline headless Chromium (no background traffic to Google's hosts). */
export const BASE_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The extra flag of the WebGPU path: SwiftShader then gives a real adapter. */
export const WEBGPU_FLAGS: readonly string[] = ['--enable-unsafe-webgpu'];

/** The Chromium binary: CHROMIUM_PATH or Debian's /usr/bin/chromium. Throws with install help when absent. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install Debian's: sudo apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to a Chromium/Chrome binary). The e2e tests never skip.',
    );
  }
  return path;
}
