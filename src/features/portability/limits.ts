/** Limits of imports, and the key of tracker-import meal ids. */
/** Largest import body; a year of meals is about 2 MB of JSON. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
/**
 * Imports at once: one per account, three per server (the import route's gate, entered before its
 * body is read). Each holds its body (at most 64 MB) and, for another tracker's file, a reader
 * thread whose memory is bounded by the limits of trackers/files.ts.
 */
export const IMPORTS_AT_ONCE = { perAccount: 1, total: 3 };
/** An import's body must keep coming (a byte at least every 15 s) and be whole within 120 s, or 408. */
export const IMPORT_BODY_DEADLINE = { stallMs: 15_000, totalMs: 120_000 };

/** The import-id key from the server's secret: a key of its own, so the secret itself is never used twice. */
export const importIdKeyOf = (secret: string) =>
  new Bun.CryptoHasher("sha256", secret).update("morsel tracker-import meal ids").digest("hex");
