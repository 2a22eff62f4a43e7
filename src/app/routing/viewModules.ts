/**
 * Where each view's code lives: one dynamic `import()` per view, so each
 * view and the libraries only it needs (document readers, d3, the Hub
 * client…) are their own chunks, fetched when the route opens or when the
 * pointer or focus reaches its nav link (preloadView). Home is not here: it
 * is the first page, bundled with the shell (App.svelte).
 */
import type { Component } from 'svelte';
import type { RouteId } from '../router.svelte.ts';
import { memoLoader } from './memoLoader.ts';
import { lazyViewOf, type LazyViewId } from './lazyViewOf.ts';

/** A view module as `import('./X.svelte')` gives it, with the view's own Props. */
export type ViewModule<P extends Record<string, unknown> = Record<string, never>> = { readonly default: Component<P> };

/** The lazily loaded views: every route but Home, and Run's predictions sub-view. */
export const VIEW_MODULES = Object.freeze({
  datasets: memoLoader(() => import('../views/Datasets.svelte')),
  candidates: memoLoader(() => import('../views/Candidates.svelte')),
  models: memoLoader(() => import('../views/Models.svelte')),
  run: memoLoader(() => import('../views/Run.svelte')),
  predictions: memoLoader(() => import('../views/Predictions.svelte')),
  results: memoLoader(() => import('../views/Results.svelte')),
  compare: memoLoader(() => import('../views/Compare.svelte')),
  outcomes: memoLoader(() => import('../views/Outcomes.svelte')),
  learn: memoLoader(() => import('../learn/Learn.svelte')),
} satisfies Record<LazyViewId, () => Promise<unknown>>);

/**
 * Starts loading a route's view without waiting for it (preload on intent);
 * a failure here is left for the route itself to show when it opens.
 */
export function preloadView(route: RouteId, rest = ''): void {
  const id = lazyViewOf(route, rest);
  if (id) VIEW_MODULES[id]().catch(() => undefined);
}
