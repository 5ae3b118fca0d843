/** The Morsel web app: session, the per-account store and sync, and the shell around the views (routes.tsx). */
import { render } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { dropGhostTaps, viewChanged } from "./action";
import { fetchMe, logOut } from "./account";
import { currentSession, onSession, setSession, type Session } from "./api";
import { startOfflineSearch, stopOfflineSearch } from "./offline-search";
import { OwnFoods } from "./own-foods";
import { Local } from "./records";
import { authMode, Route } from "./routes";
import { openStore, type Store } from "./store";
import { Sync } from "./sync";
import { Ctx, dateIn, type AppCtx, type Toast } from "./ui";
import { Auth } from "./views/auth";
import { lazyView } from "./views/lazy";
import { forgetOidc, signedInWithOidc } from "./views/oidc-sign-in";
import { Issues, StatusLine, ToastBar } from "./views/status";

// the first admin's Open Food Facts question: nothing shows until its chunk is in
const OffQuestion = lazyView<Record<string, never>>(
  () => import("./views/off-question").then((m) => m.OffQuestion),
  null,
);

function useHash(): string {
  const [hash, setHash] = useState(location.hash || "#/");
  useEffect(() => {
    const on = () => {
      viewChanged();
      setHash(location.hash || "#/");
      scrollTo(0, 0); // a new view opens at its top, not at the last one's scroll position
    };
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  return hash;
}

function App() {
  const [session, setLocal] = useState<Session | null>(currentSession());
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(
    () =>
      onSession((s, why) => {
        // only a session the server ended says so; signing out or deleting the account is the person's own doing
        setNotice(
          !s && session && why === "expired"
            ? "Your session ended. Sign in again; changes not yet sent are kept on this device."
            : null,
        );
        setLocal(s);
      }),
    [session],
  );
  const hash = useHash();
  if (!session) return <Auth mode={authMode(hash)} notice={notice} />;
  return <SignedIn key={session.user.id} session={session} hash={hash} />;
}

function SignedIn({ session, hash }: { session: Session; hash: string }) {
  const [db, setDb] = useState<Store | null>(null);
  const [version, setVersion] = useState(0);
  // a toast belongs to the view it was shown on: it never follows the person into another (Edit's Time and Note)
  const [toast, setToast] = useState<(Toast & { at: string }) | null>(null);
  useEffect(() => setToast((t) => (t && t.at !== hash ? null : t)), [hash]);
  const [sync, setSync] = useState<Sync | null>(null);

  useEffect(() => {
    let s: Sync | null = null;
    let closed = false;
    openStore(session.user.id).then((store) => {
      if (closed) return store.close();
      s = new Sync(store);
      s.onData = () => setVersion((v) => v + 1);
      s.start();
      setDb(store);
      setSync(s);
    });
    return () => {
      closed = true;
      s?.stop();
    };
  }, [session.user.id]);

  // The offline search's worker loads and indexes the catalogue copy in the background once someone is signed in
  // (after sign-in, or on opening the app signed in), so a search typed offline never waits for it; once the day
  // is drawn, so the worker's start does not hold up the first paint.
  useEffect(() => {
    const start = () => void startOfflineSearch();
    const idle = "requestIdleCallback" in window; // not in every Safari
    const started = idle ? requestIdleCallback(start, { timeout: 500 }) : window.setTimeout(start, 200);
    return () => {
      if (idle) cancelIdleCallback(started);
      else window.clearTimeout(started);
      stopOfflineSearch();
    };
  }, [session.user.id]);

  // The account as the server has it now: a weight unit, name or email changed elsewhere (another device, the
  // API) is followed here, rather than what this device was told at sign-in.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState !== "visible") return;
      fetchMe().then(
        (user) => {
          const s = currentSession();
          if (s && s.user.id === user.id && JSON.stringify(s.user) !== JSON.stringify(user)) setSession({ ...s, user });
        },
        () => {}, // offline: the account as it was
      );
    };
    check();
    document.addEventListener("visibilitychange", check);
    return () => document.removeEventListener("visibilitychange", check);
  }, [session.user.id]);

  const ctx = useMemo<AppCtx | null>(() => {
    if (!db || !sync) return null;
    const local = new Local(db, sync);
    return {
      db,
      sync,
      local,
      own: new OwnFoods(sync),
      user: session.user,
      version,
      go: (h, replace) => (replace ? location.replace(h) : (location.hash = h)),
      toast: (t) => setToast(t && { ...t, at: location.hash || "#/" }),
    };
  }, [db, sync, version, session.user]);

  if (!ctx) return <p class="loading">Opening your data…</p>;

  async function signOut() {
    await ctx!.sync.run();
    const waiting = await ctx!.db.count("queue");
    if (
      waiting &&
      !confirm(
        `${waiting} changes have not reached the server yet. They stay on this device until you sign in again. Sign out?`,
      )
    )
      return;
    try {
      await logOut(session.refresh_token);
    } catch {}
    ctx!.sync.stop();
    ctx!.db.close();
    if (!waiting) indexedDB.deleteDatabase(`morsel-${session.user.id}`); // nothing pending: leave nothing behind
    setSession(null);
    // signed in through the provider: sign out there too (RP-initiated logout; it comes back to the app)
    if (signedInWithOidc()) {
      forgetOidc();
      location.assign("/api/v1/auth/oidc/logout");
      return;
    }
    location.hash = "#/";
  }

  return (
    <Ctx.Provider value={ctx}>
      <a class="skip" href="#content">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Morsel</span>
        <nav aria-label="Main">
          <a
            href="#/"
            aria-current={hash === "#/" || hash === `#/day/${dateIn(session.user.timezone)}` ? "page" : undefined}
          >
            Today
          </a>
          <a href="#/week" aria-current={hash.startsWith("#/week") ? "page" : undefined}>
            Week
          </a>
          <a href="#/report" aria-current={hash.startsWith("#/report") ? "page" : undefined}>
            Report
          </a>
          <a href="#/weight" aria-current={hash.startsWith("#/weight") ? "page" : undefined}>
            Weight
          </a>
          <a href="#/foods" aria-current={hash.startsWith("#/foods") ? "page" : undefined}>
            Foods
          </a>
          <a href="#/settings" aria-current={hash.startsWith("#/settings") ? "page" : undefined}>
            Settings
          </a>
          {session.user.role === "admin" && (
            <a href="#/admin" aria-current={hash.startsWith("#/admin") ? "page" : undefined}>
              Admin
            </a>
          )}
        </nav>
        <StatusLine />
      </header>
      <div id="content">
        {session.user.role === "admin" && <OffQuestion />}
        <Issues />
        <Route hash={hash} signOut={signOut} />
      </div>
      <ToastBar toast={toast?.at === hash ? toast : null} onClose={() => setToast(null)} />
    </Ctx.Provider>
  );
}

if ("serviceWorker" in navigator) {
  // The app shell and the catalogue copy, cached for offline use; a new version is taken on the next visit.
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

const root = document.getElementById("app")!;
root.textContent = ""; // the "Loading" placeholder
dropGhostTaps();
render(<App />, root);
