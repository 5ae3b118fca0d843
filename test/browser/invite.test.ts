/** An invited person creates their account in the web app with the admin's code. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startProcess, tempDir } from "../helpers";
import { browserTimeouts, device, launch } from "./harness";

browserTimeouts();

const env = {} as { browser: Browser; srv: Awaited<ReturnType<typeof startProcess>> };
beforeAll(async () => {
  [env.browser, env.srv] = await Promise.all([launch(), startProcess(tempDir(), ["--registration", "invite"])]);
});
afterAll(async () => {
  await env.browser?.close();
  await env.srv?.stop();
});

test("in invite mode: the form asks for the code and will not go without it; with the admin's code the account is made", async () => {
  const api = `${env.srv.url}/api/v1`;
  const post = async (path: string, body: unknown, token?: string) =>
    (await (
      await fetch(api + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  const admin = await post("/register", {
    email: "admin@home.example",
    password: "correct horse battery",
    name: "Admin",
  });
  const invite = await post("/admin/invites", { note: "Bea" }, admin.access_token);

  const { ctx, page } = await device(env.browser, env.srv.url);
  await page.goto("/");
  await page.getByRole("link", { name: "Create account" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Bea");
  await page.getByRole("textbox", { name: "Email" }).fill("bea@home.example");
  await page.getByRole("textbox", { name: "Password" }).fill("correct horse battery");
  const code = page.getByRole("textbox", { name: "Invite code" });
  expect(await code.evaluate((el) => (el as unknown as { required: boolean }).required)).toBe(true);
  await page.getByRole("button", { name: "Create account" }).click();
  // the browser holds the form back: nothing was sent, the code field says what is missing
  expect(
    await code.evaluate((el) => (el as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing),
  ).toBe(true);
  await page.getByText("At least 8 characters.").waitFor();

  await code.fill(invite.code!.toLowerCase());
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  const users = (await (
    await fetch(`${api}/admin/users`, { headers: { authorization: `Bearer ${admin.access_token}` } })
  ).json()) as { items: { email: string; role: string }[] };
  expect(users.items.map((u) => [u.email, u.role])).toEqual([
    ["admin@home.example", "admin"],
    ["bea@home.example", "user"],
  ]);
  await ctx.close();
});

test("a code the server does not know: the reason in the form's words, brought into view and focused", async () => {
  const { ctx, page } = await device(env.browser, env.srv.url);
  await page.goto("/");
  await page.getByRole("link", { name: "Create account" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Cy");
  await page.getByRole("textbox", { name: "Email" }).fill("cy@home.example");
  await page.getByRole("textbox", { name: "Password" }).fill("correct horse battery");
  await page.getByRole("textbox", { name: "Invite code" }).fill("AAAA-BBBB-CCCC-DDDD");
  await page.getByRole("button", { name: "Create account" }).click();
  const alert = page.getByRole("alert");
  await alert.waitFor();
  // "invite_code is not…" was the API's field name; the form calls it Invite code
  expect(await alert.textContent()).toBe("Invite code is not a live invite code (unknown, already used or expired).");
  expect(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute("role"))).toBe("alert");
  await ctx.close();
});

test("registration closed: the form says so before anything is typed", async () => {
  const api = `${env.srv.url}/api/v1`;
  const admin = (await (
    await fetch(`${api}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@home.example", password: "correct horse battery" }),
    })
  ).json()) as { access_token: string };
  const patched = await fetch(`${api}/admin/settings`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${admin.access_token}` },
    body: JSON.stringify({ registration: "closed" }),
  });
  expect(patched.status).toBe(200);
  const { ctx, page } = await device(env.browser, env.srv.url);
  await page.goto("/#/register");
  await page.getByText("This server is not taking new accounts.", { exact: false }).waitFor();
  await ctx.close();
});
