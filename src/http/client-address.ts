/**
 * Who the client is, for rate limits. Behind Caddy or nginx every request comes from the proxy, so
 * one address stood for the whole household and 20 failed logins locked everyone out. With
 * `--trust-proxy CIDRs`, and only for requests arriving from those addresses, the forwarding
 * headers name the client: RFC 7239 `Forwarded: for=…`, else `X-Forwarded-For`. The list is read
 * from the right (the hop nearest to us), skipping trusted proxies; the first untrusted address is
 * the client. From any other peer the headers are ignored, so a client cannot choose its address.
 */
import type { Server } from "bun";
import type { BlockList } from "node:net";
import { isIP, newBlockList, parseCidr } from "../net";

// kept in lib/ so services (login throttles, forward auth) use them without importing the request pipeline
import { normaliseIp } from "../lib/ip";
export { normaliseIp, rateKey } from "../lib/ip";

/** One `for=` value or X-Forwarded-For item → a bare IP, or null (obfuscated ids, "unknown"). */
function bareIp(raw: string): string | null {
  let v = raw.trim().replace(/^"|"$/g, "");
  if (v.startsWith("[")) v = v.slice(1, v.indexOf("]") > 0 ? v.indexOf("]") : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(":"));
  return isIP(v) ? normaliseIp(v) : null;
}

function forwardedChain(headers: Headers): (string | null)[] | null {
  const forwarded = headers.get("forwarded");
  if (forwarded) {
    return forwarded.split(",").map((element) => {
      const pair = element
        .split(";")
        .map((p) => p.trim())
        .find((p) => p.toLowerCase().startsWith("for="));
      return pair ? bareIp(pair.slice(4)) : null;
    });
  }
  const xff = headers.get("x-forwarded-for");
  return xff ? xff.split(",").map(bareIp) : null;
}

/** The client's address (for rate limits), through trusted proxies (--trust-proxy). */
export type ClientAddressOf = (request: Request, server: Server<unknown> | null) => string;

export class ClientAddress {
  /** The trusted proxies; null without --trust-proxy (nothing is trusted). */
  private readonly trusted: BlockList | null;

  constructor(cidrs: readonly string[] = []) {
    this.trusted = cidrs.length > 0 ? newBlockList() : null;
    for (const c of cidrs) {
      const p = parseCidr(c);
      if (p) this.trusted!.addSubnet(p.address, p.prefix, p.family);
    }
  }

  private isTrusted(trusted: BlockList, ip: string): boolean {
    return trusted.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
  }

  /** The client's address: the peer's, or, from a trusted proxy, the one it forwarded for. */
  of(peer: string | undefined, headers: Headers): string {
    const direct = peer ? normaliseIp(peer) : "unknown";
    const trusted = this.trusted;
    if (!trusted || !peer || !this.isTrusted(trusted, direct)) return direct;
    const chain = forwardedChain(headers);
    if (!chain) return direct;
    for (let i = chain.length - 1; i >= 0; i--) {
      const ip = chain[i];
      if (!ip) return direct; // an unreadable hop: do not guess past it
      if (!this.isTrusted(trusted, ip)) return ip;
    }
    return chain[0] ?? direct;
  }
}
