/**
 * IP addresses and CIDRs, with node:net's `isIP` and `BlockList` loaded on first use: loading
 * node:net took 2.7 ms in a compiled executable (timed around its import), and a server without --trust-proxy
 * needs it only for a login's or a search's rate key, long after it started.
 */
import type * as Net from "node:net";

let net: typeof Net | null = null;
const load = (): typeof Net => (net ??= require("node:net") as typeof Net);

/** 4, 6, or 0 when `input` is not an IP address (node:net's isIP). */
export const isIP = (input: string): number => load().isIP(input);

export const newBlockList = (): Net.BlockList => new (load().BlockList)();

/** "10.0.0.0/8" or a bare address → its parts, or null when it is not one. */
export function parseCidr(cidr: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address = "", bits] = cidr.split("/");
  const v = isIP(address);
  if (!v) return null;
  const max = v === 4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const prefix = bits === undefined ? max : Number(bits);
  return prefix <= max ? { address, prefix, family: v === 4 ? "ipv4" : "ipv6" } : null;
}
