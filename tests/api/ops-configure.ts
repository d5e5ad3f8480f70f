// Side-effect import: the default console configuration for an ops API test file.
import { configureOps } from "./ops-env";

configureOps();
