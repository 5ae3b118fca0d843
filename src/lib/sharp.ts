/**
 * sharp, loaded on first use. Inside the executable, its native addon needs libvips on disk: the
 * embedded copy is written out once and dlopen'ed before `require("sharp")`, so the addon's
 * dependency resolves by soname. (An ESM `import` of sharp is not embedded by `bun build
 * --compile`; `require` reaches its CJS entry, which requires the .node file statically.)
 */
import { dlopen } from "bun:ffi";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Sharp from "sharp";
import { ASSETS, COMPILED, extracted } from "../assets";

let sharpModule: typeof Sharp | null = null;
let nativeDir = join(tmpdir(), "morsel-native");

/** Where the executable writes native libraries (the data dir, set once at start). */
export function setNativeLibDir(dir: string): void {
  nativeDir = dir;
}

/** That directory (the photo workers load onnxruntime from it too). */
export const nativeLibDir = (): string => nativeDir;

export function getSharp(): typeof Sharp {
  if (sharpModule) return sharpModule;
  if (COMPILED) {
    const lib = extracted(ASSETS.libvips, nativeDir, "libvips-cpp.so.8.18.7");
    dlopen(lib, { vips_version: { args: ["i32"], returns: "i32" } });
  }
  sharpModule = (require("./sharp-addon") as typeof import("./sharp-addon")).sharp;
  return sharpModule;
}
