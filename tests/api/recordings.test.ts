// The recording API on the embedded default's store: files under DATA_DIR/recordings.
import "./recordings-limits-env";
import { recordingCases } from "./recordings-cases";

recordingCases("local");
