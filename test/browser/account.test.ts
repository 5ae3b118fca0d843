/**
 * The account basics in the app, at 360×640: Settings changes the name, the email (with the password) and the
 * password, and says in words what went wrong; the sign-in page redeems a reset code an admin made. Each
 * change is checked against the API (GET /me, POST /login).
 */
import { beforeAll, expect, test } from "bun:test";
import { accessToken, apiGet, browserAndServer, signIn } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();
let adminToken = "";
beforeAll(async () => {
  // the server's first account is its admin, who makes reset codes
  const r = await post("/register", { email: "admin@example.org", password: "admin password 1", name: "Admin" });
  adminToken = ((await r.json()) as { access_token: string }).access_token;
});

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${env.srv.url}/api/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

test("Settings: Save account changes name and email, Change password changes the password", async () => {
  const { page, who } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ana Lima");
  const email = `lima${Date.now()}@example.org`;
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  const confirm = page.getByRole("textbox", { name: "Your password, to confirm the new email" });
  await confirm.fill("not my password");
  await page.getByRole("button", { name: "Save account" }).click();
  await page.getByRole("alert").filter({ hasText: "That is not your current password." }).waitFor();
  expect((await apiGet(env.srv.url, token, "/me")).email).toBe(who.email);
  await confirm.fill(who.password);
  await page.getByRole("button", { name: "Save account" }).click();
  await page.getByText("Saved. Sign in with your new email from now on.").waitFor();
  const me = await apiGet(env.srv.url, token, "/me");
  expect([me.name, me.email]).toEqual(["Ana Lima", email]);
  await page.getByText(`Signed in as Ana Lima (${email})`).waitFor();

  const region = page.getByRole("region", { name: "Password" });
  await region.getByRole("textbox", { name: "Current password" }).fill("wrong password");
  await region.getByRole("textbox", { name: "New password" }).fill("a brand new password");
  await region.getByRole("button", { name: "Change password" }).click();
  await region.getByRole("alert").filter({ hasText: "That is not your current password." }).waitFor();
  await region.getByRole("textbox", { name: "Current password" }).fill(who.password);
  await region.getByRole("textbox", { name: "New password" }).fill("short");
  await region.getByRole("button", { name: "Change password" }).click();
  await region.getByRole("alert").filter({ hasText: "The new password must be 8 to 128 characters long." }).waitFor();
  await region.getByRole("textbox", { name: "New password" }).fill("a brand new password");
  await region.getByRole("button", { name: "Change password" }).click();
  await region.getByText("Password changed.", { exact: false }).waitFor();
  expect((await post("/login", { email, password: who.password })).status).toBe(401);
  expect((await post("/login", { email, password: "a brand new password" })).status).toBe(200);
  // the app keeps its own session
  expect((await apiGet(env.srv.url, await accessToken(page), "/me")).email).toBe(email);
}, 120_000);

test("Forgot password? redeems the admin's reset code; a wrong code is explained", async () => {
  const { page, who } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(who.email);
  await page.getByRole("textbox", { name: "Reset code" }).fill("7KQ2-M9XD-4TVA-83HN");
  await page.getByRole("textbox", { name: "New password" }).fill("my reset password");
  await page.getByRole("button", { name: "Reset password" }).click();
  await page.getByRole("alert").filter({ hasText: "Ask your admin for a new one." }).waitFor();

  const users = await apiGet(env.srv.url, adminToken, "/admin/users");
  const id = users.items.find((u: { email: string }) => u.email === who.email).id;
  const made = await post(`/admin/users/${id}/password-reset`, {}, adminToken);
  expect(made.status).toBe(201);
  const { code } = (await made.json()) as { code: string };
  await page.getByRole("textbox", { name: "Reset code" }).fill(code);
  await page.getByRole("button", { name: "Reset password" }).click();
  await page.getByText("Your password is reset", { exact: false }).waitFor();
  expect((await post("/login", { email: who.email, password: who.password })).status).toBe(401);
  await page.getByRole("link", { name: "Sign in" }).click();
  await signIn(page, env.srv.url, { email: who.email, password: "my reset password" });
}, 120_000);
