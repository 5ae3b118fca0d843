/**
 * Run by stuck-label.test.ts in a process of its own: a label read whose job outlasts the pool's
 * timeout, so the pool kills what runs it. Before the photo workers were child processes, killing a
 * worker thread inside onnxruntime-node aborted this whole process (SIGABRT, exit 134). Prints one JSON
 * line with what happened; the test reads it and the exit code.
 */
import { join } from "node:path";
import { DETECTOR_FILES } from "../../src/assets";
import { checkImage } from "../../src/features/scanner/image";
import { readLabel } from "../../src/features/scanner/label/reader";
import { DetectorPool } from "../../src/features/scanner/recognition/pool";
import { quietLogger } from "../../src/lib/log";

const timeoutMs = Number(process.argv[2] ?? 300);
const root = join(import.meta.dir, "../..");
const photo = new File([await Bun.file(join(root, "test/fixtures/labels/us-2.jpg")).bytes()], "us-2.jpg", {
  type: "image/jpeg",
});
const img = await checkImage(photo);
const pool = new DetectorPool({ size: 1, files: DETECTOR_FILES, logger: quietLogger, jobTimeoutMs: timeoutMs });
await pool.warm();
let stuck: string;
try {
  await readLabel(img, (det, source, opts) => pool.readText(det, source, opts));
  stuck = "finished";
} catch (e) {
  stuck = e instanceof Error ? e.message : String(e);
}
// the pool goes on: a fresh worker has loaded its model (a job on it would meet the same short timeout)
const after = await pool.warm().then(
  () => "ready",
  (e: Error) => `failed: ${e.message}`,
);
console.log(JSON.stringify({ stuck, after, restarts: pool.stats.restarts }));
await pool.close();
