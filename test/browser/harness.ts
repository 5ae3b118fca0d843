/**
 * Browser tests: a real Morsel server (a child process on port 0, its own temp data dir) and
 * Debian's Chromium driven by playwright-core (Playwright's own browser download cannot work here;
 * `.ci/run` installs the `chromium` package). The accessible names come from ../shared/WEBAPP.md.
 */
import { afterAll, afterEach, beforeAll, setDefaultTimeout } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startProcess, tempDir } from "../helpers";
import { closeSeededPages, seededPage } from "./seed";

/**
 * Every browser test waits on conditions, never on the clock; on a shared 2-core box (load 10 happens) one drive
 * through the app can pass the command's 30 s per test. 120 s for each test of a file that uses this harness, as
 * the long ones already set: a test cut off mid-drive makes bun kill the file's shared Chromium, and every test
 * after it fails too. Called at the top of each browser test file (browserAndServer does): bun's setDefaultTimeout
 * is for the file it runs in, and this module is loaded once for all the files a bun process runs, so a call here
 * at load reached only the first of them (the rest had the command's 30 s, or bun's 5 s).
 */
export function browserTimeouts(): void {
  setDefaultTimeout(120_000);
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function requireChromium(): void {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not at ${CHROMIUM}: run \`apt-get install -y chromium\` (.ci/run does) or set CHROMIUM_PATH`,
    );
}

export async function launch(): Promise<Browser> {
  requireChromium();
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export type Server = Awaited<ReturnType<typeof startProcess>> & { dir: string; port: number };

export async function server(dir = tempDir(), port = 0): Promise<Server> {
  const s = await startProcess(dir, port ? ["--port", String(port)] : []);
  return { ...s, dir, port: Number(new URL(s.url).port) };
}

/**
 * One browser and one server for a test file, closed after it; `srv` may be replaced (a restart). The pages a test
 * opened on the file's shared device (seed.ts) are closed after each test.
 */
export function browserAndServer(): { browser: Browser; srv: Server } {
  browserTimeouts();
  const env = {} as { browser: Browser; srv: Server };
  beforeAll(async () => {
    [env.browser, env.srv] = await Promise.all([launch(), server()]);
  });
  afterEach(() => closeSeededPages(env.browser));
  afterAll(async () => {
    await env.browser?.close();
    await env.srv?.stop();
  });
  return env;
}

export async function device(
  browser: Browser,
  base: string,
  viewport = { width: 360, height: 640 },
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport, baseURL: base });
  // a wait is on a condition; on a busy box (load 10 on 2 cores) a step can pass Playwright's 30 s, so the
  // test's own timeout (120 s) bounds it instead
  ctx.setDefaultTimeout(110_000);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
  return { ctx, page };
}

let seq = 0;
export async function register(page: Page, base: string): Promise<{ email: string; password: string }> {
  const email = `web${Date.now()}-${++seq}@example.org`;
  const password = "correct horse battery";
  await page.goto(base);
  await page.getByRole("link", { name: "Create account" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Ana");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  return { email, password };
}

export async function signIn(page: Page, base: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(base);
  await page.getByRole("textbox", { name: "Email" }).fill(who.email);
  await page.getByRole("textbox", { name: "Password" }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
}

/**
 * Answers a new account's first-day questions as a daily logger has by their second day: `Not now` to
 * `Set your goal` (shown until the account has an energy goal), and, for the server's first account (its
 * admin), `Not now` to the Open Food Facts question. Both stand at the top of the day and move what is below.
 */
export async function answerFirstDay(page: Page, base: string): Promise<void> {
  await page.getByRole("region", { name: "Set your goal" }).getByRole("button", { name: "Not now" }).click();
  await page.getByRole("region", { name: "Set your goal" }).waitFor({ state: "detached" });
  const token = await accessToken(page);
  if ((await apiGet<{ role: string }>(base, token, "/me")).role !== "admin") return;
  const off = page.getByRole("dialog", { name: "Open Food Facts look-ups" });
  await off.getByRole("button", { name: "Not now" }).click();
  await off.waitFor({ state: "detached" });
}

export const status = (page: Page) => page.getByRole("status").and(page.locator(".status"));
/** Nothing waits in the browser's queue and the status line says so. */
export async function synced(page: Page): Promise<void> {
  // evaluated in the page (DOM types there; this file is type-checked without them)
  const done = () =>
    page.evaluate(async () => {
      const g = globalThis as any;
      const s = JSON.parse(g.localStorage.getItem("morsel.session")) as { user: { id: number } };
      const db = await new Promise<any>((ok, fail) => {
        const r = g.indexedDB.open(`morsel-${s.user.id}`);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      const n = await new Promise<number>((ok) => {
        const r = db.transaction("queue").objectStore("queue").count();
        r.onsuccess = () => ok(r.result);
      });
      db.close();
      return n === 0 && g.document.querySelector(".status")?.textContent === "Synced";
    });
  while (!(await done())) await Bun.sleep(50);
}

/**
 * Holds the page's requests to `url` (a Playwright glob) until `release()`: a real request, answered by the real
 * server once let go, to put the app in the state between sending and hearing back. `asked()`: one has been sent.
 */
export async function hold(page: Page, url: string): Promise<{ asked: () => boolean; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((ok) => (release = ok));
  let asked = false;
  await page.route(url, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release };
}

/** From the day view: Add food in a meal's region, search, pick, choose the unit, log. */
export async function logFood(
  page: Page,
  o: { meal: string; query: string; food: string; unit?: RegExp; quantity?: number },
): Promise<void> {
  await page.getByRole("region", { name: o.meal }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill(o.query);
  await page.getByRole("listitem").filter({ hasText: o.food }).first().click();
  await page.getByRole("spinbutton", { name: "Quantity" }).waitFor(); // the log form is open
  if (!o.unit && o.quantity !== undefined)
    await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "grams" });
  if (o.unit) {
    const options = await page.getByRole("combobox", { name: "Unit" }).locator("option").allTextContents();
    const label = options.find((t) => o.unit!.test(t));
    if (!label) throw new Error(`no unit like ${o.unit} among ${options.join(" | ")}`);
    await page.getByRole("combobox", { name: "Unit" }).selectOption({ label });
  }
  if (o.quantity !== undefined) await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(o.quantity));
  await page.getByRole("button", { name: "Log" }).click();
  await page.getByRole("region", { name: "Totals" }).waitFor();
}

export const accessToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("morsel.session")!) as { access_token: string }).access_token);

export async function apiGet<T = any>(base: string, token: string, path: string): Promise<T> {
  const r = await fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** A request to the API with the account's token: a JSON body when given (the test reads the status or body). */
export function apiSend(base: string, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Today in the signed-in account's time zone, as the app counts it. */
export function todayOf(page: Page): Promise<string> {
  // evaluated in the page (DOM types there; this file is type-checked without them)
  return page.evaluate(() => {
    const g = globalThis as any;
    const s = JSON.parse(g.localStorage.getItem("morsel.session")) as { user: { timezone: string } };
    return new Intl.DateTimeFormat("en-CA", { timeZone: s.user.timezone }).format(new Date());
  });
}

/** The service worker controls the page and has cached the shell and the catalogue copy. */
export async function offlineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const sw = (navigator as unknown as { serviceWorker: { ready: Promise<unknown>; controller: unknown } })
      .serviceWorker;
    await sw.ready;
    while (!sw.controller) await new Promise((r) => setTimeout(r, 20));
  });
}

/** A new account on a new device, synced and ready to work offline (the shell and catalogue cached), with its token. */
export async function readyForOffline(
  browser: Browser,
  base: string,
): Promise<{ ctx: BrowserContext; page: Page; token: string }> {
  const { ctx, page } = await seededPage(browser, base, { answered: false, own: true });
  await synced(page);
  await offlineReady(page);
  return { ctx, page, token: await accessToken(page) };
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
/** axe-core's serious and critical violations on the page as it stands, in light and dark. */
export async function axeFinds(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // evaluated, not added as a script tag: the app's CSP allows no inline script, and this needs no bypassCSP
    await page.evaluate(readFileSync(AXE, "utf8"));
    const r = (await page.evaluate(() =>
      (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ["violations"] }),
    )) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    for (const v of r.violations)
      if (v.impact === "serious" || v.impact === "critical")
        found.push(`${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}
