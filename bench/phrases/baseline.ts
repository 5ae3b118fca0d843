/**
 * What bench:search compares against: the phrase figure measured before the composed dishes grew
 * from 32 to 264 (`bun bench/search.ts` at commit 65f5f2f: 124/128 phrases within 15 %), and that
 * commit's catalogue file, read from git, for latency measured side by side in the same run.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const TODAY = { commit: "65f5f2f", phrases: 124 };

/** `--baseline FILE`, else the catalogue at TODAY.commit from git; null when neither is there. */
export function baselineCatalogue(argv: string[]): { path: string; label: string } | null {
  const i = argv.indexOf("--baseline");
  if (i >= 0 && argv[i + 1]) return { path: argv[i + 1]!, label: argv[i + 1]! };
  const git = Bun.spawnSync(["git", "show", `${TODAY.commit}:data/catalogue.sqlite`], {
    cwd: join(import.meta.dir, "..", ".."),
    stdout: "pipe",
    stderr: "pipe",
  });
  if (git.exitCode !== 0) return null;
  const path = join(mkdtempSync(join(tmpdir(), "morsel-bench-")), "catalogue.sqlite");
  writeFileSync(path, git.stdout);
  return { path, label: `git ${TODAY.commit}` };
}
