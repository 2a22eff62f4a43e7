/** Where the browser POSTs violation reports when serveSite is given onCspReport. */
export const CSP_REPORT_PATH: string;
export interface ServeOptions {
  port?: number;
  host?: string;
  open?: boolean;
  /** Origins added to connect-src; default those in FAIRGROUND_CONNECT_SRC. */
  connect?: readonly string[];
  /** false: no policy header (the <meta> alone, as on a static host). Default true. */
  cspHeader?: boolean;
  /** Receives each violation report (the JSON the browser POSTs). */
  onCspReport?: (report: unknown) => void;
}
/** Starts the preview server on dist/ with the isolation headers and the site's policy; port 0 picks a free one. */
export function serveSite(options?: ServeOptions): Promise<{ url: string; connect: string[]; close(): Promise<void> }>;
