/**
 * Behind a forward-auth proxy (Authelia, Authentik) the person has already signed in there: when the
 * server says trusted-header sign-in is on (GET /register's `forward_auth`), the sign-in page asks
 * POST /login/header for a session before showing its form. Quiet when it is off or refused: the
 * form stays.
 */
import { useEffect } from "preact/hooks";
import type { Schemas } from "../api-data";
import { api, setSession } from "../api";

export function useForwardSignIn(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let live = true;
    api<{ forward_auth?: true }>("GET", "/register", undefined, { auth: false })
      .then(async (r) => {
        if (!r.forward_auth || !live) return;
        const pair = await api<Schemas["TokenPair"]>("POST", "/login/header", undefined, { auth: false });
        if (!live) return;
        setSession({ access_token: pair.access_token, refresh_token: pair.refresh_token, user: pair.user });
        location.hash = "#/";
      })
      .catch(() => {}); // offline, off, or the proxy named no account here: the password form stays
    return () => {
      live = false;
    };
  }, [active]);
}
