/**
 * Passkeys from the browser (API.md §Accounts and tokens, "Passkeys"): the server's options go to the
 * authenticator through @simplewebauthn/browser, its answer back to the server. The library is loaded
 * by the first passkey used, not with the app (the first-load budget).
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { Schemas } from "./api-data";
import { client, ok, open } from "./api";
import { startSession } from "./sign-in";
const webauthn = () => import("@simplewebauthn/browser");

/** The authenticator's refusal (the person cancelled, or none holds a passkey here) in words. */
function inWords(e: unknown): Error {
  const name = e instanceof Error ? e.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return new Error("No passkey was used: it was cancelled, or this device holds none for this site.");
  if (name === "InvalidStateError") return new Error("This device already holds a passkey for your account.");
  return e instanceof Error ? e : new Error(String(e));
}

async function assertion(options: PublicKeyCredentialRequestOptionsJSON) {
  const { startAuthentication } = await webauthn();
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (e) {
    throw inWords(e);
  }
}

/** Signs in with a passkey alone: the authenticator offers this site's passkeys, no email is typed. */
export async function signInWithPasskey(): Promise<void> {
  const options = await ok(open.POST("/api/v1/login/passkey/options"));
  const credential = await assertion(options as PublicKeyCredentialRequestOptionsJSON);
  startSession(await ok(open.POST("/api/v1/login/passkey", { body: { credential } })));
}

/** The second step of a sign-in with one of the account's passkeys instead of a code. */
export async function secondFactorWithPasskey(challenge_token: string): Promise<void> {
  const options = await ok(open.POST("/api/v1/login/two-factor/passkey/options", { body: { challenge_token } }));
  const credential = await assertion(options as PublicKeyCredentialRequestOptionsJSON);
  startSession(await ok(open.POST("/api/v1/login/two-factor/passkey", { body: { challenge_token, credential } })));
}

/** Adds a passkey for the signed-in account. */
export async function addPasskey(): Promise<Schemas["Passkey"]> {
  // made by @simplewebauthn/server for this library: the API document names only the fields it promises
  const options = (await ok(
    client.POST("/api/v1/me/passkeys/options"),
  )) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const { startRegistration } = await webauthn();
  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    credential = await startRegistration({ optionsJSON: options });
  } catch (e) {
    throw inWords(e);
  }
  return ok(client.POST("/api/v1/me/passkeys", { body: { credential } }));
}
