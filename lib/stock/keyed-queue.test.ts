import { ClientGoneError, ServiceUnavailableError } from '@/lib/core/errors';
import { KeyedQueue } from '@/lib/stock/keyed-queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recorder() {
  const events: string[] = [];
  const task = (name: string, ms: number) => async () => {
    events.push(`${name}:start`);
    await sleep(ms);
    events.push(`${name}:end`);
    return name;
  };
  return { events, task };
}

describe('KeyedQueue', () => {
  it('never interleaves two tasks of one key', async () => {
    const queue = new KeyedQueue();
    const { events, task } = recorder();
    const results = await Promise.all([
      queue.run('part-1', task('a', 30), { waitMs: 1000 }),
      queue.run('part-1', task('b', 10), { waitMs: 1000 }),
      queue.run('part-1', task('c', 5), { waitMs: 1000 }),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(queue.activeKeys).toBe(0);
  });

  it('makes a third task, arriving after the first ended while the second runs, wait for the second', async () => {
    const queue = new KeyedQueue();
    const { events, task } = recorder();
    const first = queue.run('part-1', task('a', 10), { waitMs: 1000 });
    const second = queue.run('part-1', task('b', 80), { waitMs: 1000 });
    await first;
    await sleep(20);
    expect(events).toEqual(['a:start', 'a:end', 'b:start']);
    expect(queue.activeKeys).toBe(1);
    const third = queue.run('part-1', task('c', 5), { waitMs: 1000 });
    await Promise.all([second, third]);
    expect(events).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(queue.activeKeys).toBe(0);
  });

  it('runs tasks of two keys side by side', async () => {
    const queue = new KeyedQueue();
    const { events, task } = recorder();
    await Promise.all([queue.run('part-1', task('a', 30), { waitMs: 1000 }), queue.run('part-2', task('b', 30), { waitMs: 1000 })]);
    expect(events.slice(0, 2).sort()).toEqual(['a:start', 'b:start']);
  });

  it('gives up waiting after waitMs with a 503 that says when to retry, never running the task', async () => {
    const queue = new KeyedQueue();
    const { events, task } = recorder();
    const holder = queue.run('part-1', task('slow', 200), { waitMs: 1000 });
    const started = Date.now();
    const late = queue.run('part-1', task('late', 1), { waitMs: 50 });
    await expect(late).rejects.toBeInstanceOf(ServiceUnavailableError);
    await late.catch((error: ServiceUnavailableError) => expect(error.retryAfterSeconds).toBeGreaterThan(0));
    expect(Date.now() - started).toBeLessThan(150);
    // The next task does not wait for the abandoned one: it runs right after the holder.
    const next = queue.run('part-1', task('next', 1), { waitMs: 1000 });
    await holder;
    await next;
    expect(events).toEqual(['slow:start', 'slow:end', 'next:start', 'next:end']);
  });

  it('drops a task whose client left, before it starts, and at once when it had already left', async () => {
    const queue = new KeyedQueue();
    const { events, task } = recorder();
    const holder = queue.run('part-1', task('holder', 100), { waitMs: 1000 });
    const controller = new AbortController();
    const waiting = queue.run('part-1', task('gone', 1), { waitMs: 1000, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(waiting).rejects.toBeInstanceOf(ClientGoneError);
    const aborted = AbortSignal.abort();
    await expect(queue.run('part-2', task('never', 1), { waitMs: 1000, signal: aborted })).rejects.toBeInstanceOf(ClientGoneError);
    await holder;
    expect(events).toEqual(['holder:start', 'holder:end']);
  });

  it('keeps serving a key after a task fails', async () => {
    const queue = new KeyedQueue();
    await expect(
      queue.run(
        'part-1',
        async () => {
          throw new Error('boom');
        },
        { waitMs: 100 },
      ),
    ).rejects.toThrow('boom');
    await expect(queue.run('part-1', async () => 'after', { waitMs: 100 })).resolves.toBe('after');
  });
});
