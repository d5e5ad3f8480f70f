// Build step (scripts/build.mjs runs it right after `next build`): the public pages are
// prerendered HTML that cannot carry a per-request nonce, so their Content-Security-Policy
// allows their inline scripts by hash. That policy is a header of next.config.ts
// (lib/security/public-page-routes.ts), built with a placeholder for the script sources; the
// hashes are computed here from the prerendered HTML and written into the build's routes
// manifest, where Next (and a platform's builder) reads the headers from. Nothing reads a file
// at run time, and no public page request needs the proxy for its policy.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const placeholderPrefix = "__DIALFLOW_PUBLIC_PAGE_SCRIPTS__";

/**
 * The script sources of `route`'s policy until the build fills them in: 'strict-dynamic' with no
 * hash or nonce runs no script at all, so a bare `next build` fails closed (Login stays disabled).
 */
export function scriptSourcesPlaceholder(route) {
  return `'strict-dynamic' '${placeholderPrefix}${route}'`;
}

function sha256(text) {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The script-src sources (after 'self') for one prerendered page. Every inline script is allowed
 * by the hash of its text. If every external script carries an integrity attribute (Next's SRI),
 * those hashes are listed too, with 'strict-dynamic', so that exactly these scripts and what they
 * load run. Turbopack leaves the page's own chunks without integrity, though, and a hash only
 * allows an external script through its integrity attribute: then external scripts are allowed by
 * origin ('self': our own static chunks) and inline ones still only by hash.
 */
export function scriptSources(html) {
  const inline = new Set();
  const external = new Set();
  let everyExternalHasIntegrity = true;
  for (const [, attributes = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\bsrc=/.test(attributes)) {
      if (/\bnomodule\b/i.test(attributes)) continue; // never run by the browsers we serve
      const integrity = /\bintegrity="([^"]+)"/.exec(attributes)?.[1];
      if (!integrity) everyExternalHasIntegrity = false;
      for (const hash of integrity?.split(/\s+/) ?? []) if (hash) external.add(`'${hash}'`);
    } else if (body) {
      inline.add(sha256(body));
    }
  }
  return everyExternalHasIntegrity
    ? [...inline, ...external, "'strict-dynamic'"].join(" ")
    : [...inline].join(" ");
}

function filesUnder(dir, suffix) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Computes the hashes of every prerendered public page and writes them into the routes manifest. */
export function writePublicPageCsp(distDir) {
  const pagesDir = path.join(distDir, "server/app/p");
  const sources = {};
  for (const file of filesUnder(pagesDir, ".html")) {
    const route = `/p/${path.relative(pagesDir, file).slice(0, -".html".length)}`;
    sources[route] = scriptSources(fs.readFileSync(file, "utf8"));
  }
  if (!Object.keys(sources).length) throw new Error(`no prerendered public pages in ${pagesDir}`);
  const manifestFile = path.join(distDir, "routes-manifest.json");
  const manifest = fs.readFileSync(manifestFile, "utf8");
  const placeholder = new RegExp(`'strict-dynamic' '${placeholderPrefix}(/p/[^']+)'`, "g");
  let written = 0;
  const filled = manifest.replace(placeholder, (_, route) => {
    // A policy for a page the build did not prerender would let no script run: stop here instead.
    if (!(route in sources)) throw new Error(`no prerendered HTML for ${route} in ${pagesDir}`);
    written++;
    return sources[route];
  });
  if (!written) throw new Error(`${manifestFile} holds no placeholder for the public pages' CSP`);
  fs.writeFileSync(manifestFile, filled);
  return { pages: Object.keys(sources).length, written };
}
