/**
 * An account made through the API and a page opened on it already signed in, for the browser tests that are not
 * about signing up or the first day's questions (harness.ts's `register`, `signIn` and `answerFirstDay` keep those
 * flows proven end to end in the UI, in a11y, admin, brands, import-health, not-sure, passkeys, repeats, writes-once
 * and offline).
 *
 * Why: a page on a new browser context costs ~5 CPU s on this box (measured: its service worker installs and
 * caches the build, 3.6 MB, and the app's code is compiled cold), a new page on a context that has loaded the app
 * ~2 s. So a file's seeded pages share one context, one device on which each test signs in to its own account: the
 * session goes where the web app keeps it (web/src/api.ts: localStorage `morsel.session`, the token pair's tokens and
 * account), set before the page's first load; each account has its own IndexedDB (`morsel-<id>`), filled by the
 * app's first pull as on any device that signs in. A test that changes the context itself (offline, routes,
 * permissions) asks for its own (`own: true`). The pages a test opened are closed after it (browserAndServer),
 * so no earlier test's app is left running beside the next one's.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";

export interface Seeded {
  ctx: BrowserContext;
  page: Page;
  token: string;
  who: { email: string; password: string };
  user: { id: number; role: string; timezone: string };
}

let seq = 0;

async function call(base: string, token: string | null, method: string, path: string, body: unknown) {
  const r = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** A new account through `POST /register`, with its token pair; the time zone is the browser's (Chromium's is ours). */
export async function registerByApi(
  base: string,
  o: { name?: string; email?: string } = {},
): Promise<{ token: string; refresh: string; who: Seeded["who"]; user: Seeded["user"] }> {
  const who = { email: o.email ?? `seed${Date.now()}-${++seq}@example.org`, password: "correct horse battery" };
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const pair = (await call(base, null, "POST", "/register", { ...who, name: o.name ?? "Ana", timezone })) as {
    access_token: string;
    refresh_token: string;
    user: Seeded["user"];
  };
  return { token: pair.access_token, refresh: pair.refresh_token, who, user: pair.user };
}

/**
 * The first day's questions answered as `answerFirstDay` answers them in the UI: `Not now` to `Set your goal`
 * (the profile's `goal_step_dismissed`, which the app reads from the synced profile) and, for the server's admin,
 * `Not now` to Open Food Facts (`online_lookup: false` marks the question answered).
 */
export async function answerFirstDayByApi(base: string, token: string, role: string): Promise<void> {
  await call(base, token, "PUT", "/targets/profile", { goal_step_dismissed: true });
  if (role === "admin") await call(base, token, "PATCH", "/admin/settings", { online_lookup: false });
}

const shared = new WeakMap<Browser, { ctx: Promise<BrowserContext>; pages: Page[] }>();

async function newContext(browser: Browser, base: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, baseURL: base });
  ctx.setDefaultTimeout(110_000); // as harness.ts's device(): the test's own timeout bounds a wait
  return ctx;
}

/** Closes the pages the test opened on the file's shared device (browserAndServer calls it after each test). */
export async function closeSeededPages(browser: Browser | undefined): Promise<void> {
  const s = browser && shared.get(browser);
  if (s) await Promise.all(s.pages.splice(0).map((p) => p.close()));
}

export interface Options {
  answered?: boolean;
  path?: string;
  viewport?: { width: number; height: number };
  own?: boolean;
}

/**
 * A new account through the API (`answered`: its first day's questions answered, the default), not yet open in a
 * browser: a test writes what it needs through the API first, then `open`s the app once, which reads it all in its
 * first pull (no reload). `today`: the account's today (its time zone), as the app counts it.
 */
export async function seededAccount(base: string, o: Options = {}) {
  const account = await registerByApi(base);
  if (o.answered !== false) await answerFirstDayByApi(base, account.token, account.user.role);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: account.user.timezone }).format(new Date());
  return {
    ...account,
    today,
    /** The app opened on this account, at `path` (default the day, waited for); `own`: a context of its own. */
    open: (browser: Browser, more: Omit<Options, "answered"> = {}) =>
      openSignedIn(browser, base, account, { ...o, ...more }),
  };
}

/** A device signed in to a new account, its first page open at `path` (default the day, waited for). */
export async function seededPage(browser: Browser, base: string, o: Options = {}): Promise<Seeded> {
  return (await seededAccount(base, o)).open(browser);
}

async function openSignedIn(
  browser: Browser,
  base: string,
  account: Awaited<ReturnType<typeof registerByApi>>,
  o: Options,
): Promise<Seeded> {
  let ctx: BrowserContext;
  if (o.own) ctx = await newContext(browser, base);
  else {
    if (!shared.has(browser)) shared.set(browser, { ctx: newContext(browser, base), pages: [] });
    ctx = await shared.get(browser)!.ctx;
  }
  const page = await ctx.newPage();
  if (!o.own) shared.get(browser)!.pages.push(page);
  page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
  if (o.viewport) await page.setViewportSize(o.viewport);
  const session = JSON.stringify({ access_token: account.token, refresh_token: account.refresh, user: account.user });
  // once per tab (sessionStorage outlives a reload): a test that signs out and reloads stays signed out
  await page.addInitScript((s) => {
    if (sessionStorage.getItem("morsel.test-seeded")) return;
    localStorage.setItem("morsel.session", s);
    sessionStorage.setItem("morsel.test-seeded", "1");
  }, session);
  const path = o.path ?? "/";
  await page.goto(`${base}${path}`);
  if (path === "/" || path === "/#/") await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  return { ctx, page, token: account.token, who: account.who, user: account.user };
}
