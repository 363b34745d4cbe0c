/** The part of autocannon's programmatic api the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Worker threads that make the requests; 0 runs them on the caller's event loop. */
      workers?: number;
      headers?: Record<string, string>;
      method?: string;
      timeout?: number;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      /** Seconds the run took. */
      duration: number;
      latency: Histogram & { totalCount: number };
      requests: Histogram & { sent: number };
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
