import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { describe, expect, it } from "vitest";
import { diffSchemaAgainstMigrations } from "@/lib/db/schema-engine";

describe("prisma/migrations", () => {
  it("matches prisma/schema.prisma (a schema change needs `npm run db:migration -- <name>`)", async () => {
    const scratch = new PGlite();
    const sql = await diffSchemaAgainstMigrations(new PrismaPGlite(scratch));
    await scratch.close();
    expect(sql.replace(/^-- This is an empty migration\.?$/m, "").trim()).toBe("");
  });
});
