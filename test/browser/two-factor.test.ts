/**
 * Two-factor sign-in in the app at 360×640: Settings → Security sets it up (QR, the app's first code,
 * recovery codes shown once), then signing in asks for a code after the password. The codes are
 * computed here with otpauth from the key the app shows, as an authenticator app would.
 */
import { expect, test } from "bun:test";
import { Secret, TOTP } from "otpauth";
import { accessToken, apiGet, browserAndServer } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: ms,
  });

test("Settings → Security sets up two-factor; signing in then asks for a code and Verify signs in", async () => {
  const { page, who } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Settings" }).click();
  const security = page.getByRole("region", { name: "Security" });
  await security.getByRole("button", { name: "Set up two-factor" }).click();
  await security.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
  const secret = (await security.locator("code[data-secret]").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await security.getByRole("textbox", { name: "Code" }).fill(codeAt(secret, Date.now()));
  await security.getByRole("button", { name: "Confirm" }).click();
  const codes = security.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  await security.getByRole("button", { name: "I have saved them" }).click();
  await security.getByText("Two-factor sign-in is on", { exact: false }).waitFor();
  expect(await codes.count()).toBe(0); // shown once
  expect((await apiGet(env.srv.url, await accessToken(page), "/me/two-factor")).enabled).toBe(true);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Sign in to Morsel" }).waitFor();
  await page.getByRole("textbox", { name: "Email" }).fill(who.email);
  await page.getByRole("textbox", { name: "Password" }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const code = page.getByRole("textbox", { name: "Code" });
  await code.waitFor();
  await code.fill("000000" === codeAt(secret, Date.now() + 30_000) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("alert").waitFor();
  // the next 30-second step's code: one step of clock drift is allowed, and the set-up spent this step's
  await code.fill(codeAt(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  const sessions = await apiGet(env.srv.url, await accessToken(page), "/sessions");
  expect(sessions.items.find((s: { current: boolean }) => s.current).method).toBe("totp");
  await page.getByRole("link", { name: "Settings" }).click();
  await page
    .getByRole("region", { name: "Sessions" })
    .getByText("with the password and a code", { exact: false })
    .first()
    .waitFor();
});
