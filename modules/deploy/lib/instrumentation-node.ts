import { startRefusal } from "@/lib/env-schema";

/**
 * The Node.js server's start (instrumentation.ts). A bad configuration stops it in one line
 * naming every bad setting, before any module that reads the settings loads (they would throw,
 * and Next would go on serving 500s with a stack trace).
 */
export async function startServer() {
  const refusal = startRefusal(process.env);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const { startup } = await import("./startup");
  await startup();
}
