/**
 * Helpers for bench files: the machine description every BENCHMARKS.md
 * section carries, timing (warm-up + median) and emitting the section to
 * run.mjs (see run.mjs for the protocol).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem, cpus } from 'node:os';
import { join } from 'node:path';

/** What a section records about where and when it was measured. */
export interface Machine {
  /** `date -u` output. */
  readonly date: string;
  /** Logical CPUs available to the process (as `nproc`). */
  readonly nproc: number;
  /** CPU model from /proc/cpuinfo. */
  readonly cpu: string;
  /** Total memory, GiB. */
  readonly memGiB: number;
  readonly node: string;
  /** 1, 5 and 15-minute load averages. */
  readonly load: readonly [number, number, number];
}

/** Describes this machine now; call it at the start of a bench (the load average is read then). */
export function machine(): Machine {
  let date: string;
  try {
    date = execFileSync('date', ['-u'], { encoding: 'utf8' }).trim();
  } catch {
    date = new Date().toUTCString();
  }
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpu = m[1].trim();
  } catch {
    // not Linux: keep os.cpus()
  }
  const [l1, l5, l15] = loadavg();
  return {
    date,
    nproc: availableParallelism(),
    cpu,
    memGiB: totalmem() / 2 ** 30,
    node: process.version,
    load: [l1, l5, l15],
  };
}

/** Markdown bullet lines for a Machine plus extra `label: value` entries (e.g. a NumPy version). */
export function machineMarkdown(m: Machine, command: string, extra: Record<string, string> = {}): string {
  const lines = [
    `- Command: \`${command}\``,
    `- Date: ${m.date}`,
    `- Machine: ${m.nproc} CPUs (\`nproc\`), ${m.cpu}, ${m.memGiB.toFixed(1)} GiB memory; Node ${m.node}` +
      Object.entries(extra)
        .map(([k, v]) => `; ${k} ${v}`)
        .join(''),
    // What a load average means for a time is said once, in BENCHMARKS.md's conventions.
    `- Load average at start: ${m.load.map((x) => x.toFixed(2)).join(', ')} (1, 5, 15 min).`,
  ];
  return lines.join('\n');
}

/** Timing of a function: all runs after the warm-up and their median, ms. */
export interface Timing {
  /** Median wall-clock time. */
  readonly median: number;
  readonly runs: readonly number[];
  /** Median CPU time of the process (user + system, all its threads, GC included): less sensitive to a busy machine. */
  readonly cpuMedian: number;
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs `fn` `warmup` times untimed, then `runs` times timed with
 * performance.now() (and process.cpuUsage()); returns the medians. The value of the last call is
 * passed to `keep` so the work cannot be optimised away and can be checked.
 */
export function timeMedian<T>(fn: () => T, options: { warmup?: number; runs?: number; keep?: (value: T) => void } = {}): Timing {
  const warmup = options.warmup ?? 1;
  const runs = options.runs ?? 5;
  let last: T | undefined;
  for (let i = 0; i < warmup; i++) last = fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    last = fn();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  if (options.keep && last !== undefined) options.keep(last);
  return { median: median(times), runs: times, cpuMedian: median(cpu) };
}

/**
 * Hands the section body (Markdown starting with `##`) to run.mjs, which
 * places it between this bench's markers in BENCHMARKS.md. Run directly
 * (without run.mjs), the section is only printed.
 */
export function emitSection(markdown: string): void {
  const dir = process.env.BENCH_SECTION_DIR;
  const name = process.env.BENCH_NAME;
  console.log(`\n${markdown.trim()}\n`);
  if (dir && name) writeFileSync(join(dir, `${name}.md`), `${markdown.trim()}\n`);
}
