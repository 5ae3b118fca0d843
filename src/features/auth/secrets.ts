/**
 * Secrets handed to people once (access tokens, invite and reset codes): random, kept only as
 * SHA-256, and looked up by that hash. That is the constant-time comparison: the index compares
 * hashes, so how long a lookup takes tells a guesser nothing about the secret (only about a hash
 * they cannot steer). `sameHash` is for comparing two secrets directly (the metrics token).
 */
// Bun's own SHA-256 and the global crypto's timingSafeEqual, not node:crypto's: loading that
// module took 2.2 ms of each start of the executable (timed around its import), and nothing else
// the server loads at start needs it.

/** `prefix` + 32 random bytes in base64url (256 bits). */
export function newSecret(prefix: string, bytes = 32): string {
  return prefix + Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");
}

/** A code people may type: groups of Crockford base-32 (no I, L, O, U), 80 bits. */
export function newTypableCode(): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const raw = crypto.getRandomValues(new Uint8Array(16));
  const chars = [...raw].map((b) => alphabet[b & 31]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

/** What a typed code is compared by: upper case, no spaces or hyphens, O→0, I/L→1. */
export function normaliseCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

export function hashSecret(secret: string): string {
  return new Bun.CryptoHasher("sha256").update(secret).digest("hex");
}

/** Constant-time equality of two hex hashes of the same length. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
