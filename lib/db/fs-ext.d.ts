// fs-ext ships no types; only flockSync is used (lib/db/embedded-lock.ts).
declare module "fs-ext" {
  export function flockSync(fd: number, flags: "sh" | "ex" | "shnb" | "exnb" | "un"): void;
}
