// HTTP load with autocannon: a warm-up, then a measured run whose every 2xx latency is kept, so the
// percentiles (p95 included, which autocannon does not report) are exact rather than whole milliseconds.
import autocannon from 'autocannon';
import { request } from 'node:http';

export const LOAD = {
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  /** Measured runs per scenario, the fastest kept: on a shared machine, other work only ever slows a run down. */
  repeat: Number(process.env.BENCH_REPEAT ?? 1),
};

/**
 * One autocannon run over `paths` (GETs; each connection cycles through them) or prepared `requests`; `onLatency`
 * sees every 2xx. `remaining()`, when given, caps the run at that many requests (requests that use up test data).
 */
function fire({ origin, paths, requests, remaining, connections, durationSeconds, onLatency }) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(origin)) throw new Error(`refusing to load a non-loopback origin: ${origin}`);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: durationSeconds,
        // GETs are pre-built (no per-request setup), so the load generator spends as little CPU as possible.
        requests: requests ?? paths.map((path) => ({ method: 'GET', path })),
        ...(remaining && { maxOverallRequests: remaining() }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onLatency) {
      instance.on('response', (_client, statusCode, _bytes, milliseconds) => {
        if (statusCode >= 200 && statusCode < 300) onLatency(milliseconds);
      });
    }
  });
}

/** Lets the answers still in flight when a run stops drain, so they do not weigh on the next run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/**
 * Fires `scenario` for `durationSeconds` at its `origin`, or at every one of its `origins` at once (instances of a
 * fleet, as a balancer spreads shoppers), the connections shared evenly: the runs' totals added up.
 */
async function fireAll({ origin, origins = [origin], connections, ...scenario }, durationSeconds, onLatency) {
  if (origins.length > 1 && scenario.remaining) throw new Error('a capped run (remaining) has one origin');
  const share = (index) => Math.floor(connections / origins.length) + (index < connections % origins.length ? 1 : 0);
  const results = await Promise.all(
    origins.map((each, index) => fire({ ...scenario, origin: each, connections: share(index), durationSeconds, onLatency })),
  );
  const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
  return {
    requests: sum((r) => r.requests.total),
    duration: Math.max(...results.map((r) => r.duration)),
    failures: sum((r) => r.errors + r.timeouts + r.non2xx),
    bytes: sum((r) => r.throughput.total),
  };
}

/** One measured run: requests per second, latency p50/p95/p99 (ms), failures (connection errors, timeouts, non-2xx). */
async function measureOnce(scenario) {
  const latencies = [];
  const result = await fireAll(scenario, LOAD.durationSeconds, (ms) => latencies.push(ms));
  await settle();
  const sorted = Float64Array.from(latencies).sort();
  return {
    connections: scenario.connections,
    requests: result.requests,
    rps: result.requests / result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    failures: result.failures,
    bytesPerResponse: result.requests ? result.bytes / result.requests : 0,
  };
}

/**
 * Warms up, then measures `repeat` times (over every one of `origins` at once, when given instead of `origin`) and keeps the fastest run (every run's failures count); `runs` has them all.
 */
export async function measure(scenario, repeat = LOAD.repeat) {
  await fireAll(scenario, LOAD.warmupSeconds);
  await settle();
  const runs = [];
  for (let i = 0; i < repeat; i++) runs.push(await measureOnce(scenario));
  const fastest = runs.reduce((best, run) => (run.rps > best.rps ? run : best));
  return { ...fastest, failures: runs.reduce((sum, run) => sum + run.failures, 0), runs };
}

/** Bytes of a response body as sent with `encoding` accepted (gzip, br), without its headers; throws unless 200. */
export function bodyBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} answers ${response.statusCode}`))));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Several measured runs of one scenario as one row: the run with the median p99 (its figures are the ones checked),
 * the lowest and highest p99 of the runs (the spread), the median throughput and every run's failures.
 */
export function medianRun(runs) {
  const byP99 = [...runs].sort((a, b) => a.p99 - b.p99);
  return {
    ...byP99[Math.floor(runs.length / 2)],
    p99Min: byP99[0].p99,
    p99Max: byP99.at(-1).p99,
    rpsMedian: median(runs.map((r) => r.rps)),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
  };
}
