/**
 * Single sign-on in the browser: the real process with --oidc-issuer (a real OpenID Provider in this
 * test process, test/auth/oidc-op.ts) and --password-login false. The sign-in page shows only
 * `Sign in with <name>`; one click goes through the provider and back to Today.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startProcess, tempDir } from "../helpers";
import { CLIENT, realProvider, type RealProvider } from "../auth/oidc-op";
import { browserTimeouts, launch } from "./harness";

browserTimeouts();
let browser: Browser;
let srv: Awaited<ReturnType<typeof startProcess>>;
let op: RealProvider;
beforeAll(async () => {
  // the redirect URI names the server's port, so the port is chosen first
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const base = `http://127.0.0.1:${probe.port}`;
  probe.stop(true);
  op = await realProvider({ redirectUri: `${base}/api/v1/auth/oidc/callback`, appUrl: `${base}/` });
  op.person = { sub: "ana-1", email: "ana@example.org", email_verified: true, name: "Ana" };
  [browser, srv] = await Promise.all([
    launch(),
    startProcess(tempDir(), [
      ...["--port", base.split(":")[2]!, "--public-url", base],
      ...["--oidc-issuer", op.issuer, "--oidc-client-id", CLIENT.id, "--oidc-client-secret", CLIENT.secret],
      ...["--oidc-name", "Test ID", "--password-login", "false"],
    ]),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await srv?.stop();
  op?.stop();
});

test("the sign-in page offers Sign in with <name> alone, and it signs in through the provider", async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  context.setDefaultTimeout(110_000);
  const page = await context.newPage();
  await page.goto(srv.url);
  const button = page.getByRole("button", { name: "Sign in with Test ID" });
  await button.waitFor();
  // password sign-in is off: no password form
  expect(await page.getByRole("textbox", { name: "Password" }).isVisible()).toBe(false);
  await button.click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  // no token ever sat in the address bar
  expect(page.url()).not.toContain("code=");
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("region", { name: "Sessions" }).getByText("through single sign-on", { exact: false }).waitFor();
  await context.close();
});
