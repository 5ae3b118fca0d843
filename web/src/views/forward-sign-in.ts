/**
 * Behind a forward-auth proxy (Authelia, Authentik) the person has already signed in there: when the
 * server says trusted-header sign-in is on (GET /register's `forward_auth`), the sign-in page asks
 * POST /login/header for a session before showing its form. Quiet when it is off or refused: the
 * form stays.
 */
import { useEffect } from "preact/hooks";
import { logInByHeader, startSession, whoMayRegister } from "../sign-in";

export function useForwardSignIn(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let live = true;
    whoMayRegister()
      .then(async (r) => {
        if (!r.forward_auth || !live) return;
        const pair = await logInByHeader();
        if (live) startSession(pair);
      })
      .catch(() => {}); // offline, off, or the proxy named no account here: the password form stays
    return () => {
      live = false;
    };
  }, [active]);
}
