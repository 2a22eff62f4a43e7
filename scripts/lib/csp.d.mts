/** The Hub and the CDN hosts its downloads redirect to. */
export const HUB_CONNECT_ORIGINS: readonly string[];
/** The environment variable that adds origins to connect-src. */
export const CONNECT_ENV: 'FAIRGROUND_CONNECT_SRC';
export interface PolicyOptions {
  /** Origins added to connect-src (a Hub mirror, the e2e mock Hub). */
  readonly connect?: readonly string[];
  /** 'sha256-…' hashes of the inline <style> elements the page may hold. */
  readonly styleHashes?: readonly string[];
  /** 'meta' leaves out the directives a <meta> policy cannot carry. */
  readonly delivery?: 'meta' | 'header';
  /** A same-origin path violation reports are POSTed to (header only). */
  readonly reportUri?: string;
}
export function policyDirectives(options?: PolicyOptions): [string, string[]][];
export function contentSecurityPolicy(options?: PolicyOptions): string;
export function connectOrigins(text: string | undefined): string[];
export function policyMetaTag(policy: string): string;
export function metaPolicyOf(html: string): string | undefined;
export function withMetaPolicy(html: string, policy: string): string;
export function styleHashesOf(policy: string): string[];
