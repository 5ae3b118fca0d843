/** What passkeys add to the container (src/context.ts), and whom a passkey is made for. */
import { RateWindow } from "../../lib/rate-window";
import { PasskeyRepo } from "./passkey-repo";

export interface PasskeyServices {
  repo: PasskeyRepo;
  /** --public-url, whose host name is the relying party id; null: the request's own origin. */
  publicUrl: string | null;
  /** Sign-in options handed out per address and minute: each is a stored challenge. */
  optionsWindow: RateWindow;
}

declare module "../../context" {
  interface Deps {
    passkeys: PasskeyServices;
  }
}

/** Sign-in challenges one address (an IPv6 /64) may ask for per minute; a page asks for one per try. */
const OPTIONS_PER_MINUTE = 30;

export function passkeyServices(publicUrl: string | null): PasskeyServices {
  return { repo: new PasskeyRepo(), publicUrl, optionsWindow: new RateWindow(OPTIONS_PER_MINUTE, 60_000) };
}

/** The relying party a passkey is bound to: its id (a host name) and the origin pages must have. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * --public-url when given (behind a TLS proxy the request's own URL says http and an inner host);
 * else the request's URL, whose host is the Host header the host check already allowed: right for
 * localhost and for a server reached directly.
 */
export function relyingParty(publicUrl: string | null, request: Request): RelyingParty {
  const url = new URL(publicUrl ?? request.url);
  return { id: url.hostname, origin: url.origin };
}
