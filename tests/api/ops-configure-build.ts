// Side-effect import: the console configured with the stub build and a node one-liner deploy.
import path from "node:path";
import { configureOps } from "./ops-env";

configureOps({
  OPS_BUILD_COMMAND: JSON.stringify(["node", path.resolve("tests/fixtures/build-stub.cjs")]),
  OPS_DEPLOY_COMMAND: JSON.stringify([
    "node",
    "-e",
    "console.log('deployed ' + process.env.NEXT_DIST_DIR)",
  ]),
  OPS_BUILD_TIMEOUT_SECONDS: "30",
});
