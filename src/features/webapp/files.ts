/**
 * The built web app's file list (files.gen.ts, written by scripts/build-web.ts), read where it may be
 * missing: a checkout started from source before its first build serves the API and a page at `/`
 * that says how to build the app (routes.ts); `serve` warns at start (cli/serve.ts).
 */

/** The built web app's files (URL path → file), or null before `bun scripts/build-web.ts` has run. */
export function builtWebFiles(): Record<string, string> | null {
  try {
    // require, not import: the file may be missing, and then its absence is an answer, not a crash
    const gen: { WEB_FILES: Record<string, string> } = require("./files.gen");
    return gen.WEB_FILES;
  } catch (e) {
    // no files.gen.ts, or one whose web/dist files are gone: the web app is not built
    const code = (e as { code?: unknown } | null)?.code;
    if ((code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") && /files\.gen|web\/dist\//.test(String(e)))
      return null;
    throw e;
  }
}
