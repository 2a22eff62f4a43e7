import { PARETO_MODELS, STEP_X, STEP_Y, frontierOfModels, nudge } from './paretoExample.ts';
import type { ParetoPoint } from '../../../core/pareto.ts';

/** State of the Pareto lesson: five models, one selected for nudging, and the core's frontier. */
export class ParetoLessonState {
  points = $state<ParetoPoint[]>([...PARETO_MODELS]);
  selected = $state('Model D');
  result = $derived(frontierOfModels(this.points));
  readonly stepX = STEP_X;
  readonly stepY = STEP_Y;

  move(dx: number, dy: number): void {
    this.points = nudge(this.points, this.selected, dx, dy);
  }

  get current(): ParetoPoint {
    return this.points.find((p) => p.id === this.selected)!;
  }

  reset(): void {
    this.points = [...PARETO_MODELS];
  }
}
