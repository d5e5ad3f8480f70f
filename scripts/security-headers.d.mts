// Types for security-headers.mjs (shared by next.config.ts and scripts/serve.mjs).
export declare const staticSecurityHeaders: { key: string; value: string }[];
export declare const apiCsp: string;
