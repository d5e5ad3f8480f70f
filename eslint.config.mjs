import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    "node_modules/**",
    ".next*/**",
    ".data*/**",
    "lib/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // What every /app page loads first (the shell, the dialer, Targets and power dialing, the API
    // client, storage, the call outbox): zod is not in its budget (bench:web), so answers there
    // are checked with lib/client/rules.ts, by rules generated from the schemas
    // (modules/*/client/*.gen.ts and lib/client/generated, npm run gen:rules) or, for stored
    // values, written by hand; each rule is held to its schema by tests/unit/client-rules.test.ts.
    // Types from the schemas are free.
    files: [
      "lib/client/generated/**",
      "modules/shell/components/**",
      "modules/dialer/**",
      "modules/targets/components/**",
      "modules/targets/lib/**",
      "lib/client/*.ts",
      // Each feature's browser data layer (its client/ folder), as lib/client/*.ts was before.
      "modules/*/client/*.ts",
      "lib/client/storage/**",
      "modules/power-dial/components/**",
      "modules/power-dial/hooks/**",
      "modules/power-dial/lib/{api,countdown,countdown-state,plan,saved-run,session-engine,summary,calling-window}.ts",
      "modules/do-not-call/lib/{api,dnc-guard}.ts",
    ],
    // Not first-load code: the analytics screen, the records' background sync, and the dialer's
    // Transfer dialog and warm-transfer panel (imported on demand during a real call,
    // call-controls.tsx, dialer-panel.tsx, dialer-in-call-bar.tsx).
    ignores: [
      "modules/analytics/client/analytics.ts",
      "modules/records/client/**",
      "modules/dialer/components/transfer-dialog.tsx",
      "modules/dialer/components/consult-panel.tsx",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message: "First-load code checks answers with lib/client/rules.ts, not zod.",
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ["**/schemas", "**/*-schemas"],
              message:
                "First-load code imports only types from schema files (their zod is not in its budget).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Layers: app/ -> modules/ -> lib/ and components/ (shared infrastructure and UI). The shared
    // layers never import a feature.
    files: ["lib/**", "components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/modules/*", "**/modules/*"],
              message:
                "lib/ and components/ are shared layers: they never import a feature (modules/).",
            },
          ],
        },
      ],
    },
  },
  {
    // Components call their feature's hooks (modules/<feature>/hooks/use-*.ts or client/*.ts),
    // which own the query keys, queries and mutations; only those call the API client. Types and
    // its errors stay free (ApiClientError and isAbortError come from @/lib/client/api-error).
    // no-restricted-syntax, not no-restricted-imports: the blocks above already configure both
    // import rules for parts of these folders, and a second configuration would replace theirs.
    files: ["modules/*/components/**", "components/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "ImportDeclaration[importKind!='type'][source.value=/lib.client.api-client$/] > :matches(ImportSpecifier[importKind!='type'], ImportDefaultSpecifier, ImportNamespaceSpecifier)",
          ":matches(ExportNamedDeclaration, ExportAllDeclaration)[exportKind!='type'][source.value=/lib.client.api-client$/]",
          "ImportExpression[source.value=/lib.client.api-client$/]",
        ].map((selector) => ({
          selector,
          message:
            "Components call their feature's hooks (modules/<feature>/hooks or client/), never " +
            "apiClient: the hooks own the query keys, queries and mutations.",
        })),
      ],
    },
  },
  {
    // No import cycles: the next one is refused here, not found in review.
    files: ["app/**", "lib/**", "modules/**", "components/**"],
    // Packages are not parsed for it (PGlite's bundle overflows the parser's stack).
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's `use` hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
]);
