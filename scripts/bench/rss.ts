import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process tree every 200 ms from /proc: the Next.js server (app), the database (db), the rest (runner). */
export type RssGroup = 'app' | 'db' | 'runner';
export type RssFigures = Record<RssGroup, number>;

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  const tasks = (() => {
    try {
      return readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  })();
  const children: number[] = [];
  for (const task of tasks) {
    const text = read(`/proc/${pid}/task/${task}/children`);
    if (text) children.push(...text.trim().split(/\s+/).filter(Boolean).map(Number));
  }
  return children;
}

/** The pid and its descendants. */
export function processTree(root: number): number[] {
  const seen = new Set<number>();
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    if (seen.has(pid) || read(`/proc/${pid}/stat`) === null) continue;
    seen.add(pid);
    queue.push(...childrenOf(pid));
  }
  return [...seen];
}

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? '');
  return match ? Number(match[1]) : 0;
}

function groupOf(pid: number): RssGroup {
  const comm = (read(`/proc/${pid}/comm`) ?? '').trim();
  const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ');
  if (comm === 'ferretdb' || comm === 'mongod' || /ferretdb|mongod/.test(cmdline.split(' ')[0] ?? '')) return 'db';
  if (comm.startsWith('next-server')) return 'app';
  return 'runner';
}

export function sampleTree(root: number): RssFigures {
  const figures: RssFigures = { app: 0, db: 0, runner: 0 };
  for (const pid of processTree(root)) figures[groupOf(pid)] += rssKb(pid) * 1024;
  return figures;
}

export class RssSampler {
  private timer: NodeJS.Timeout | null = null;
  readonly peak: RssFigures = { app: 0, db: 0, runner: 0 };
  current: RssFigures = { app: 0, db: 0, runner: 0 };

  constructor(private readonly root: number) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), 200);
    this.timer.unref();
    return this;
  }

  /** Starts a new window: peaks from here on (a load phase). */
  window(): RssWindow {
    const window = new RssWindow();
    this.windows.add(window);
    return window;
  }

  close(window: RssWindow): void {
    this.windows.delete(window);
  }

  private readonly windows = new Set<RssWindow>();

  sample(): void {
    this.current = sampleTree(this.root);
    for (const group of ['app', 'db', 'runner'] as const) {
      this.peak[group] = Math.max(this.peak[group], this.current[group]);
      for (const window of this.windows) window.peak[group] = Math.max(window.peak[group], this.current[group]);
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

export class RssWindow {
  readonly peak: RssFigures = { app: 0, db: 0, runner: 0 };
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** CPU time (user and system, in seconds) the process tree has used so far. */
export function cpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    // The fields after the command (which may hold spaces) start at the state: utime and stime are the 12th and 13th.
    const stat = read(`/proc/${pid}/stat`) ?? '';
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / 100; // USER_HZ
}

/** The share of one core the process tree uses over `seconds` (its resting load when nothing is asked of it). */
export async function cpuShare(root: number, seconds: number): Promise<number> {
  const before = cpuSeconds(root);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return (cpuSeconds(root) - before) / ((performance.now() - started) / 1000);
}

/** Waits until the tree uses under `busy` of a core over `quietSeconds` (a run leaves emails to send); `busy`: resting load plus margin. */
export async function waitForIdleTree(
  root: number,
  { busy = 0.05, quietSeconds = 6, maxSeconds = 600 } = {},
): Promise<{ seconds: number; quiet: boolean }> {
  const stepSeconds = 0.5;
  const started = performance.now();
  const window: number[] = [cpuSeconds(root)];
  const steps = Math.round(quietSeconds / stepSeconds);
  while (performance.now() - started < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, stepSeconds * 1000));
    window.push(cpuSeconds(root));
    if (window.length > steps + 1) window.shift();
    if (window.length === steps + 1 && (window.at(-1)! - window[0]!) / quietSeconds < busy)
      return { seconds: (performance.now() - started) / 1000, quiet: true };
  }
  return { seconds: (performance.now() - started) / 1000, quiet: false };
}
