/**
 * sharp itself, in a module of its own: lib/sharp.ts requires this module on first use, and the
 * executable's bundle then keeps sharp's code (and semver's, detect-libc's) in a chunk of its own
 * that the server loads on its first photo instead of at every start.
 */
import type Sharp from "sharp";

export const sharp = require("sharp") as typeof Sharp;
