// The live floor's query keys (one factory: never literals).
export const floorKeys = {
  all: ["floor"] as const,
  today: (since: string) => ["floor", since] as const,
};
