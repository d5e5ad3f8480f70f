// Types for public-page-csp.mjs (the build step that writes the public pages' script hashes).
export declare function scriptSources(html: string): string;
export declare function scriptSourcesPlaceholder(route: string): string;
export declare function writePublicPageCsp(distDir: string): { pages: number; written: number };
