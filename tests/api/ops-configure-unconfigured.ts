// Side-effect import: a laptop without systemctl and without build or deploy commands.
import path from "node:path";
import { configureOps, opsDir } from "./ops-env";

configureOps({ OPS_SYSTEMCTL: path.join(opsDir, "no-such-systemctl") });
delete process.env.OPS_BUILD_COMMAND;
delete process.env.OPS_DEPLOY_COMMAND;
