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
      errors: number;
      timeouts: number;
    };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
