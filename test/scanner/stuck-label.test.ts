/**
 * A stuck label read never takes the server down: the pool's job timeout kills the worker running it,
 * the job is tried once more and then refused, and the pool goes on answering. Forced here with a
 * 100 ms timeout (a real read takes about a second, its first model load alone 0.3 s), in a process of its own so that a regression
 * aborts that process, not the test runner (before the fix: SIGABRT, exit 134, every time).
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

test("a label read killed by the job timeout: the process lives, the read is refused, a new worker is ready", async () => {
  const proc = Bun.spawn(["bun", join(import.meta.dir, "stuck-label-child.ts"), "100"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  expect(`exit ${code} ${err.includes("Napi::Error") ? "Napi::Error" : ""}`.trim()).toBe("exit 0");
  const result = JSON.parse(out.trim().split("\n").at(-1)!) as { stuck: string; after: string; restarts: number };
  expect(result.stuck).toBe("the photo worker died twice on this photo");
  expect(result.after).toBe("ready");
  expect(result.restarts).toBe(2);
}, 120_000);
