/** GET latency percentiles and throughput of a running shop: `tsx scripts/bench-http.ts <url> [requests=200] [concurrency=10]`. */
const [url, requestsArg = '200', concurrencyArg = '10'] = process.argv.slice(2);
if (!url) throw new Error('usage: tsx scripts/bench-http.ts <url> [requests] [concurrency]');
const requests = Number(requestsArg);
const concurrency = Number(concurrencyArg);

async function main(): Promise<void> {
  const timings: number[] = [];
  let failures = 0;
  let next = 0;
  await fetch(url!); // warm the cache and the route
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(url!);
        await res.arrayBuffer();
        if (!res.ok) failures += 1;
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(1);
  console.log(
    `${url}: ${timings.length} requests, concurrency ${concurrency}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms, ${(timings.length / seconds).toFixed(0)} req/s, ${failures} failed`,
  );
}

void main();
