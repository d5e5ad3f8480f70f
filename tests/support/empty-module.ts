// Stands in for the `server-only` marker package under Vitest, which runs outside React's server graph.
export {};
