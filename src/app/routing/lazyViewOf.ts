import type { RouteId } from '../router.svelte.ts';

/** The views loaded on demand: every route but Home, and Run's predictions sub-view (`#/run/predictions`). */
export type LazyViewId = Exclude<RouteId, 'home'> | 'predictions';

/**
 * The lazily loaded view a route (and its sub-path) shows; undefined for Home,
 * which comes with the first page.
 *
 * @example
 * lazyViewOf('run', 'predictions'); // 'predictions'
 * lazyViewOf('results', 'run-1');   // 'results'
 * lazyViewOf('home', '');           // undefined
 */
export function lazyViewOf(route: RouteId, rest: string): LazyViewId | undefined {
  if (route === 'home') return undefined;
  if (route === 'run' && rest === 'predictions') return 'predictions';
  return route;
}
