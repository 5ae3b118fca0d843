/**
 * The JWT signing secret: generated on first start (64 random bytes), kept in the data dir at
 * mode 0600, reused on every later start so tokens survive restarts. Rotating it = deleting the
 * file and restarting: every token in circulation stops verifying and users sign in again.
 */
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const SECRET_FILE = "jwt-secret";

export function loadOrCreateSecret(dataDir: string): { secret: string; created: boolean; path: string } {
  const path = join(dataDir, SECRET_FILE);
  if (existsSync(path)) {
    const secret = readFileSync(path, "utf8").trim();
    if (secret.length < 32)
      throw new Error(`${path} holds a secret shorter than 32 characters; delete it to generate a new one`);
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    return { secret, created: false, path };
  }
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(64))).toString("base64url");
  writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return { secret, created: true, path };
}
