/**
 * A software authenticator for API tests: an outside device's stand-in, as a browser with a platform
 * authenticator would answer (WebAuthn Level 3 §6.1 authenticator data, "none" attestation, ES256).
 * The browser test uses Chromium's own virtual authenticator instead.
 */
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64u = (b: Uint8Array) => Buffer.from(b).toString("base64url");
const sha256 = async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", data));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};

/** ECDSA's raw r‖s (WebCrypto) as the ASN.1 DER sequence WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (x: Uint8Array) => {
    let i = 0;
    while (i < x.length - 1 && x[i] === 0) i++;
    const v = x.slice(i);
    return v[0]! & 0x80 ? concat(Uint8Array.of(0x02, v.length + 1, 0), v) : concat(Uint8Array.of(0x02, v.length), v);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(Uint8Array.of(0x30, body.length), body);
}

export interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  /** The signature counter; many real passkeys leave it at 0. */
  counter = 1;
  userHandle = "";
  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly credentialId: string,
  ) {}

  static async make(): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    return new SoftAuthenticator(keys, b64u(crypto.getRandomValues(new Uint8Array(16))));
  }

  private async authData(rpId: string, attested: Uint8Array | null): Promise<Uint8Array> {
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0); // user present, user verified, attested data
    return concat(
      await sha256(new TextEncoder().encode(rpId)),
      Uint8Array.of(flags),
      u32(this.counter),
      attested ?? new Uint8Array(),
    );
  }

  /** navigator.credentials.create's answer, as RegistrationResponseJSON. */
  async create(options: Options, origin = "http://localhost") {
    const raw = new Uint8Array(await crypto.subtle.exportKey("raw", this.keys.publicKey)); // 0x04 ‖ x ‖ y
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, raw.slice(1, 33)],
        [-3, raw.slice(33, 65)],
      ]),
    );
    const id = Buffer.from(this.credentialId, "base64url");
    const attested = concat(new Uint8Array(16), Uint8Array.of(id.length >> 8, id.length & 0xff), id, cose);
    const authData = await this.authData(options.rp?.id ?? "localhost", attested);
    this.userHandle = options.user?.id ?? "";
    const clientData = { type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false };
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64u(new TextEncoder().encode(JSON.stringify(clientData))),
        attestationObject: b64u(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get's answer, as AuthenticationResponseJSON; the counter moves on first. */
  async get(options: Options, origin = "http://localhost") {
    this.counter++;
    const authData = await this.authData(options.rpId ?? "localhost", null);
    const clientDataJSON = new TextEncoder().encode(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(der(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
