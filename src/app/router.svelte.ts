/**
 * Hash router. Views live at `#/datasets`, `#/run`…; a shared result is
 * `#r=<payload>` (DESIGN.md, "permalinks") and opens the Results view.
 */
export const ROUTES = Object.freeze([
  { id: 'home', label: 'Home' },
  { id: 'datasets', label: 'Datasets' },
  { id: 'models', label: 'Models' },
  { id: 'run', label: 'Run' },
  { id: 'results', label: 'Results' },
  { id: 'learn', label: 'Learn' },
] as const);

export type RouteId = (typeof ROUTES)[number]['id'];

/** Parses a location hash into a route and an optional sub-path (e.g. a run id). */
export function parseHash(hash: string): { route: RouteId; rest: string } {
  if (hash.startsWith('#r=')) return { route: 'results', rest: '' };
  const path = hash.replace(/^#\/?/, '');
  const [head, ...rest] = path.split('/');
  const route = ROUTES.find((r) => r.id === head)?.id ?? 'home';
  return { route, rest: rest.join('/') };
}

export class Router {
  route = $state<RouteId>('home');
  rest = $state('');

  constructor() {
    this.#sync();
    window.addEventListener('hashchange', () => this.#sync());
  }

  #sync(): void {
    const { route, rest } = parseHash(window.location.hash);
    this.route = route;
    this.rest = rest;
  }

  go(route: RouteId, rest = ''): void {
    window.location.hash = `#/${route}${rest ? `/${rest}` : ''}`;
  }
}
