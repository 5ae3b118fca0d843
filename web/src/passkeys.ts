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
import { api, setSession } from "./api";

type Pair = Schemas["TokenPair"];
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

function signedIn(pair: Pair): void {
  setSession({ access_token: pair.access_token, refresh_token: pair.refresh_token, user: pair.user });
  location.hash = "#/";
}

/** Signs in with a passkey alone: the authenticator offers this site's passkeys, no email is typed. */
export async function signInWithPasskey(): Promise<void> {
  const options = await api<PublicKeyCredentialRequestOptionsJSON>("POST", "/login/passkey/options", undefined, {
    auth: false,
  });
  const credential = await assertion(options);
  signedIn(await api<Pair>("POST", "/login/passkey", { credential }, { auth: false }));
}

/** The second step of a sign-in with one of the account's passkeys instead of a code. */
export async function secondFactorWithPasskey(challenge_token: string): Promise<void> {
  const options = await api<PublicKeyCredentialRequestOptionsJSON>(
    "POST",
    "/login/two-factor/passkey/options",
    { challenge_token },
    { auth: false },
  );
  const credential = await assertion(options);
  signedIn(await api<Pair>("POST", "/login/two-factor/passkey", { challenge_token, credential }, { auth: false }));
}

/** Adds a passkey for the signed-in account. */
export async function addPasskey(): Promise<Schemas["Passkey"]> {
  const options = await api<PublicKeyCredentialCreationOptionsJSON>("POST", "/me/passkeys/options");
  const { startRegistration } = await webauthn();
  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    credential = await startRegistration({ optionsJSON: options });
  } catch (e) {
    throw inWords(e);
  }
  return api<Schemas["Passkey"]>("POST", "/me/passkeys", { credential });
}
