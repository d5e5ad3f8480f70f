// Types for dist-dir.mjs.
export declare const distDir: string;
