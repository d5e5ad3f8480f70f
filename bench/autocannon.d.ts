// The part of autocannon's API the benchmarks use (it ships no types; a local declaration keeps
// the lock file free of another package).
declare module "autocannon" {
  namespace autocannon {
    type RequestParams = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    };
    type Request = RequestParams & { setupRequest?: (req: RequestParams) => RequestParams };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      overallRate?: number;
      headers?: Record<string, string>;
      method?: string;
      body?: string;
      requests?: Request[];
    };
    type Histogram = { average: number; p50: number; p99: number; max: number };
    type Result = {
      requests: Histogram & { total: number };
      latency: Histogram;
      non2xx: number;
      /** Responses per status code ("200", "401"...). */
      statusCodeStats: Record<string, { count: number }>;
      errors: number;
      timeouts: number;
    };
  }
  /** The run is a promise of its result and an emitter of each response (bench:calls times them). */
  type Instance = Promise<autocannon.Result> & {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
    ): Instance;
  };
  function autocannon(options: autocannon.Options): Instance;
  export default autocannon;
}
