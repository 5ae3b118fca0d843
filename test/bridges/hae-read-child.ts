/**
 * Run by auto-export-stream.test.ts in a process of its own: reads the Health Auto Export push in the file named by
 * argv[2] through the real reader thread (readHealthInWorker, as the route does) and prints the process's peak RSS
 * growth over its RSS before (VmHWM, which counts the reader thread too) and what was read, as JSON.
 */
import { readFileSync } from "node:fs";
import { readHealthInWorker } from "../../src/features/bridges/read";

const status = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024;
Bun.gc(true);
const before = status("VmRSS");
const read = await readHealthInWorker({
  format: "health_auto_export",
  path: process.argv[2]!,
  timezone: "Europe/Berlin",
  dietaryEnergy: false,
  now: Date.now(),
}).catch((e: Error) => ({ error: e.message }));
console.log(
  JSON.stringify({
    growthMb: status("VmHWM") - before,
    read: "error" in read ? read : { counts: read.counts, days: Object.keys(read.days).length },
  }),
);
