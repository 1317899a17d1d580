import { scheduleJobs, type Job } from '@/lib/jobs/jobs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduleJobs', () => {
  it('starts the jobs only the given time after the first one ended, then repeats the periodic ones', async () => {
    const events: Array<[string, number]> = [];
    const start = Date.now();
    const note = (name: string) => events.push([name, Date.now() - start]);
    const first: Job = { name: 'index', everyMs: 0, run: () => sleep(50).then(() => note('index')) };
    const once: Job = { name: 'once', everyMs: 0, run: async () => note('once') };
    const periodic: Job = { name: 'periodic', everyMs: 100, run: async () => note('periodic') };

    const stop = scheduleJobs(first, [once, periodic], 200);
    try {
      await sleep(200);
      // The index is in; the other jobs wait their 200 ms.
      expect(events.map(([name]) => name)).toEqual(['index']);
      await sleep(500);
    } finally {
      stop();
    }
    const at = (name: string) => events.filter(([n]) => n === name).map(([, ms]) => ms);
    const indexAt = at('index')[0]!;
    expect(at('once')).toHaveLength(1);
    expect(at('once')[0]! - indexAt).toBeGreaterThanOrEqual(195);
    // Run at once when the jobs start, then every 100 ms.
    expect(at('periodic').length).toBeGreaterThanOrEqual(2);
    expect(at('periodic')[0]! - indexAt).toBeGreaterThanOrEqual(195);

    const runs = events.length;
    await sleep(250);
    expect(events).toHaveLength(runs);
  });

  it('starts the jobs after a first job that failed, and a stop before then starts nothing', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    const failing: Job = { name: 'index', everyMs: 0, run: () => Promise.reject(new Error('database down')) };
    const job: Job = { name: 'job', everyMs: 0, run: async () => void ran.push('job') };

    scheduleJobs(failing, [job], 20);
    await sleep(80);
    expect(ran).toEqual(['job']);
    expect(error).toHaveBeenCalledWith('[jobs] index failed:', expect.objectContaining({ message: 'database down' }));

    const stop = scheduleJobs(failing, [job], 50);
    await sleep(10);
    stop();
    await sleep(100);
    expect(ran).toEqual(['job']);
    error.mockRestore();
  });
});
