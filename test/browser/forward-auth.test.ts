/**
 * Behind a forward-auth proxy: the real process started with --forward-auth and --trust-proxy, and a
 * browser whose requests carry the proxy's Remote-Email (as Authelia's would, through Caddy) lands on
 * Today without the password form; without the header the form stays.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startProcess, tempDir } from "../helpers";
import { browserTimeouts, launch } from "./harness";

browserTimeouts();
let browser: Browser;
let srv: Awaited<ReturnType<typeof startProcess>>;
beforeAll(async () => {
  [browser, srv] = await Promise.all([
    launch(),
    startProcess(tempDir(), ["--trust-proxy", "127.0.0.1", "--forward-auth"]),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

test("with the proxy's Remote-Email the app signs in by itself; without it, the sign-in form stays", async () => {
  const email = "ana@example.org";
  const made = await fetch(`${srv.url}/api/v1/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", name: "Ana" }),
  });
  expect(made.status).toBe(201);

  const proxied = await browser.newContext({
    viewport: { width: 360, height: 640 },
    extraHTTPHeaders: { "Remote-User": "ana", "Remote-Email": email },
  });
  proxied.setDefaultTimeout(110_000);
  const page = await proxied.newPage();
  await page.goto(srv.url);
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  await page.getByRole("link", { name: "Settings" }).click();
  await page
    .getByRole("region", { name: "Sessions" })
    .getByText("through the sign-in proxy", { exact: false })
    .waitFor();
  await proxied.close();

  const direct = await browser.newContext({ viewport: { width: 360, height: 640 } });
  direct.setDefaultTimeout(110_000);
  const plain = await direct.newPage();
  const asked = plain.waitForResponse((r) => r.url().endsWith("/api/v1/register"));
  const tried = plain.waitForResponse((r) => r.url().endsWith("/api/v1/login/header"));
  await plain.goto(srv.url);
  expect(((await (await asked).json()) as { forward_auth?: boolean }).forward_auth).toBe(true);
  await plain.getByRole("button", { name: "Sign in", exact: true }).waitFor();
  // the header login was tried and refused: the form is still there, with nothing said
  expect((await tried).status()).toBe(401);
  expect(await plain.getByRole("textbox", { name: "Email" }).isVisible()).toBe(true);
  expect(await plain.getByRole("alert").count()).toBe(0);
  await direct.close();
});
