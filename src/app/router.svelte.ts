/**
 * Hash router. Views live at `#/datasets`, `#/run`…; a shared result is
 * `#r=<payload>` (DESIGN.md, "permalinks") and opens the Results view.
 */
export const ROUTES = Object.freeze([
  { id: 'home', label: 'Home' },
  { id: 'datasets', label: 'Datasets' },
  { id: 'candidates', label: 'Your candidates' },
  { id: 'models', label: 'Models' },
  { id: 'run', label: 'Run' },
  { id: 'results', label: 'Results' },
  { id: 'compare', label: 'Compare' },
  { id: 'outcomes', label: 'Outcomes' },
  { id: 'learn', label: 'Learn' },
] as const);

export type RouteId = (typeof ROUTES)[number]['id'];

/**
 * Parses a location hash into a route, an optional sub-path (e.g. a run id or
 * a lesson id) and query parameters: `#/results/run-1?metric=ndcg@10`.
 */
export function parseHash(hash: string): { route: RouteId; rest: string; params: URLSearchParams } {
  if (hash.startsWith('#r=')) return { route: 'results', rest: '', params: new URLSearchParams() };
  const [path, query = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  const [head, ...rest] = path.split('/');
  const route = ROUTES.find((r) => r.id === head)?.id ?? 'home';
  return { route, rest: rest.join('/'), params: new URLSearchParams(query) };
}

export class Router {
  route = $state<RouteId>('home');
  rest = $state('');
  params = $state(new URLSearchParams());
  hash = $state('');

  constructor() {
    this.#sync();
    window.addEventListener('hashchange', () => this.#sync());
  }

  #sync(): void {
    const { route, rest, params } = parseHash(window.location.hash);
    this.route = route;
    this.rest = rest;
    this.params = params;
    this.hash = window.location.hash;
  }

  go(route: RouteId, rest = ''): void {
    window.location.hash = `#/${route}${rest ? `/${rest}` : ''}`;
  }
}
