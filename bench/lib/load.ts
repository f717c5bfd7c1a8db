import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { percentile } from './stats';

export interface LoadResult {
  /** Completed 2xx responses per second. */
  throughput: number;
  requests: number;
  p50: number;
  p99: number;
  /** Non-2xx responses plus transport errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  bytesRead: number;
  durationS: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  pipelining?: number;
  requests: autocannon.Request[];
  headers?: Record<string, string>;
}

/** Runs autocannon in this process, loopback only, for a bounded time, as fast as `connections` go (closed loop). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    pipelining: options.pipelining ?? 1,
    requests: options.requests,
    headers: options.headers,
    timeout: 10,
  });
  const ok = result['2xx'];
  const durationS = result.duration;
  return {
    throughput: ok / durationS,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
    bytesRead: result.throughput.total,
    durationS,
  };
}

/** One request of a fixed-rate load. */
export interface PlannedRequest {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface FixedRateOptions {
  url: string;
  /** Requests per second, evenly spaced. */
  rate: number;
  durationS: number;
  next: () => PlannedRequest;
  /** Keep-alive sockets at most (requests beyond wait for one: that wait counts in their latency). */
  maxSockets?: number;
}

/**
 * Open-loop load at a fixed rate: request i is due at start + i / rate and is sent when due, whether or not earlier
 * ones have been answered, and its latency counts from when it was due, so a slow answer cannot slow the generator
 * down and hide the queue behind it (coordinated omission). Not autocannon's `overallRate`: that lets each connection
 * send its share of a second back to back at the start of the second and then wait, so "500/s" over 20 connections
 * is bursts at full concurrency, not a rate (autocannon 8, lib/httpClient.js).
 */
export async function runFixedRate(options: FixedRateOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
  const total = Math.round(options.rate * options.durationS);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  let errors = 0;
  let bytesRead = 0;

  const send = (planned: PlannedRequest, due: number) =>
    new Promise<void>((resolve) => {
      const body = planned.body ?? '';
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: planned.method,
          path: planned.path,
          headers: { ...planned.headers, 'content-length': Buffer.byteLength(body) },
          timeout: 10_000,
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            bytesRead += chunk.byteLength;
          });
          res.on('end', () => {
            latencies.push(performance.now() - due);
            const status = res.statusCode ?? 0;
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
            if (status >= 200 && status < 300) {
              ok++;
            } else {
              errors++;
            }
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const pending = new Set<Promise<void>>();
  const start = performance.now() + 5;
  const dueAt = (i: number) => start + (i * 1000) / options.rate;
  let sent = 0;
  try {
    while (sent < total) {
      const now = performance.now();
      while (sent < total && dueAt(sent) <= now) {
        const sending = send(options.next(), dueAt(sent)).finally(() => pending.delete(sending));
        pending.add(sending);
        sent++;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt(sent) - performance.now())));
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  const durationS = (performance.now() - start) / 1000;
  return {
    throughput: ok / durationS,
    requests: sent,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    statusCodes,
    bytesRead,
    durationS,
  };
}
