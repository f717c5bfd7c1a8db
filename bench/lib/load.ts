import autocannon from 'autocannon';

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
  /** Fixed rate across all connections (requests per second); unset for as fast as possible. */
  overallRate?: number;
  pipelining?: number;
  requests: autocannon.Request[];
  headers?: Record<string, string>;
}

/** Runs autocannon in this process, loopback only, for a bounded time. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
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
