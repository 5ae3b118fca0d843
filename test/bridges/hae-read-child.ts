/**
 * Run in a process of its own (auto-export-stream.test.ts, bench:health-memory's reader rows): reads the health file
 * at argv[2] through the real reader thread (readHealthInWorker, as the routes do), argv[4] copies at once (default
 * 1), as format argv[3] (default health_auto_export), and prints the process's peak RSS growth over its RSS before
 * (VmHWM, which counts the reader threads too) and what the first read, as JSON.
 */
import { readFileSync } from "node:fs";
import { readHealthInWorker } from "../../src/features/bridges/read";
import type { ToHealthReader } from "../../src/features/bridges/read-worker";

const status = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024;
const format = (process.argv[3] ?? "health_auto_export") as ToHealthReader["format"];
const copies = Number(process.argv[4] ?? 1);
Bun.gc(true);
const before = status("VmRSS");
const reads = await Promise.all(
  Array.from({ length: copies }, () =>
    readHealthInWorker({
      format,
      path: process.argv[2]!,
      timezone: "Europe/Berlin",
      dietaryEnergy: false,
      now: Date.now(),
    }).catch((e: Error) => ({ error: e.message })),
  ),
);
const read = reads[0]!;
console.log(
  JSON.stringify({
    growthMb: status("VmHWM") - before,
    read: "error" in read ? read : { counts: read.counts, days: Object.keys(read.days).length },
  }),
);
