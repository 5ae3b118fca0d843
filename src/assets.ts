/**
 * Every file the server needs besides its code, imported `with { type: "file" }`: a real path in
 * development, a path inside the executable when built with `bun run build`. Files that cannot be
 * used from inside the executable (SQLite cannot open it; a native library must be dlopen'ed from
 * disk) are copied out once by `extracted`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import catalogue from "../data/catalogue.sqlite" with { type: "file" };
import zxingWasm from "zxing-wasm/reader/zxing_reader.wasm" with { type: "file" };
import swaggerCss from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import swaggerJs from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import libvips from "@img/sharp-libvips-linux-x64/binary" with { type: "file" };

export const ASSETS = { catalogue, zxingWasm, swaggerCss, swaggerJs, libvips } as const;

/** True inside a `bun build --compile` executable. */
export const COMPILED = Bun.main.startsWith("/$bunfs/") || import.meta.dir.startsWith("/$bunfs");

/** The migrations folder: next to the code in the executable (--asset), in the repo otherwise. */
export const MIGRATIONS = COMPILED ? join(import.meta.dir, "drizzle") : join(import.meta.dir, "..", "drizzle");

/**
 * A real file with the asset's content under `dir` (copied on first use, kept after), or the asset
 * itself when it already is one (development).
 */
export function extracted(asset: string, dir: string, name = basename(asset)): string {
  if (!asset.startsWith("/$bunfs")) return asset;
  const target = join(dir, name);
  const size = Bun.file(asset).size;
  if (existsSync(target) && statSync(target).size === size) return target;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, readFileSync(asset), { mode: 0o600 }); // copyFile cannot read from inside the executable
  renameSync(tmp, target);
  return target;
}
