// The parts of autocannon (which ships no types) that the benchmarks use.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
  };
  type Result = {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
    latency: { p50: number; p90: number; p99: number };
  };
  type Instance = EventEmitter & PromiseLike<Result>;
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
