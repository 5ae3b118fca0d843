/** A client's address as rate limits and the trusted-header check count it (http/client-address.ts finds it). */
import { isIP } from "../net";

/** `::ffff:10.0.0.1` → `10.0.0.1`, so one client has one key. */
export function normaliseIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return (m ? m[1]! : ip).toLowerCase();
}

/**
 * The key a rate limit counts a client under: an IPv4 address as it is, an IPv6 address by its /64
 * (one household, one phone carrier customer or one cloud machine gets a whole /64, so 64 addresses
 * from one /64 were 64 budgets).
 */
export function rateKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
