/**
 * Passkeys in the app with Chromium's virtual authenticator (DevTools protocol WebAuthn domain: a CTAP2
 * platform authenticator that holds discoverable credentials and verifies its user): Settings →
 * Security adds one, signing out and `Sign in with a passkey` signs in with it alone, and Remove
 * removes it. The page is on localhost: a relying party id is a host name, never an IP address.
 */
import { expect, test } from "bun:test";
import { accessToken, apiGet, browserAndServer, device, register } from "./harness";

const env = browserAndServer();

test("add a passkey, sign out, sign in with it, remove it", async () => {
  const base = env.srv.url.replace("127.0.0.1", "localhost");
  const { ctx, page } = await device(env.browser, base);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await register(page, base);
  await page.getByRole("link", { name: "Settings" }).click();
  const security = page.getByRole("region", { name: "Security" });
  await security.getByRole("button", { name: "Add a passkey" }).click();
  const passkeys = security.getByRole("list", { name: "Passkeys" }).getByRole("listitem");
  await passkeys.first().getByText("not used yet", { exact: false }).waitFor();
  expect(await passkeys.count()).toBe(1);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Sign in to Morsel" }).waitFor();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  const sessions = await apiGet(base, await accessToken(page), "/sessions");
  expect(sessions.items.find((s: { current: boolean }) => s.current).method).toBe("passkey");

  await page.getByRole("link", { name: "Settings" }).click();
  await passkeys.first().getByText("last used", { exact: false }).waitFor();
  await passkeys.first().getByRole("button", { name: "Remove" }).click();
  await security.getByText("No passkeys yet.").waitFor();
  expect(await passkeys.count()).toBe(0);
  await ctx.close();
});
