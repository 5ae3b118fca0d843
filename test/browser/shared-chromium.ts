/**
 * One Chromium for every browser file of a `bun test --parallel` run (test/browser/harness.ts `launch`): started
 * by the first file that needs it, as a process of its own, so it outlives the worker that started it. Playwright's
 * browser server (the same launch and flags as `chromium.launch`), its endpoint written to `argv[3]` once it
 * listens; it closes when the run's main process (`argv[2]`) is gone. Each file then connects and works in its
 * own browser contexts. Launching Chromium once per file cost about a CPU second each, 43 times a run.
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

if (import.meta.main) {
  const [main, endpointFile] = [Number(process.argv[2]), process.argv[3]!];
  const written = (text: string) => {
    writeFileSync(`${endpointFile}.tmp`, text);
    renameSync(`${endpointFile}.tmp`, endpointFile); // whole, or not there at all
  };
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }).catch((e: Error) => {
    written(`failed: ${e.message}`); // the files waiting on it fail with this, not a timeout
    process.exit(1);
  });
  written(server.wsEndpoint());
  while (alive(main)) await Bun.sleep(500);
  await server.close();
  rmSync(endpointFile, { force: true });
  rmSync(`${endpointFile}.lock`, { force: true });
  process.exit(0);
}
