/**
 * CORS in a real browser: a dashboard page on another origin calls the API with a personal access
 * token. Allowed by --cors-origin, its GET and its preflighted POST work; a page on an origin not
 * listed cannot read anything.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startProcess, tempDir } from "../helpers";
import { browserTimeouts, launch } from "./harness";

browserTimeouts();

const PAGE = "<!doctype html><html lang=en><title>Kitchen dashboard</title><h1>Kitchen dashboard</h1>";
const dashboard = () =>
  Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () => new Response(PAGE, { headers: { "content-type": "text/html" } }),
  });

const env = {} as {
  browser: Browser;
  allowed: ReturnType<typeof dashboard>;
  other: ReturnType<typeof dashboard>;
  srv: Awaited<ReturnType<typeof startProcess>>;
};
beforeAll(async () => {
  env.allowed = dashboard();
  env.other = dashboard();
  [env.browser, env.srv] = await Promise.all([
    launch(),
    startProcess(tempDir(), ["--cors-origin", `http://127.0.0.1:${env.allowed.port}`]),
  ]);
});
afterAll(async () => {
  await env.browser?.close();
  await env.srv?.stop();
  env.allowed?.stop(true);
  env.other?.stop(true);
});

/** Runs fetch calls inside a page on `origin`: the browser applies CORS, not us. */
async function fromPage(origin: string, api: string, token: string) {
  const page = await env.browser.newPage();
  try {
    await page.goto(origin);
    return await page.evaluate(
      async ({ api, token }) => {
        const call = async (method: string, path: string, body?: unknown) => {
          try {
            const r = await fetch(api + path, {
              method,
              headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
              body: body ? JSON.stringify(body) : undefined,
            });
            return { status: r.status, requestId: r.headers.get("x-request-id"), body: await r.json() };
          } catch (e) {
            return { error: String(e) };
          }
        };
        const logged = await call("POST", "/api/v1/meals", { food_id: 9040, quantity: 118, meal_type: "snack" });
        const day = await call("GET", "/api/v1/meals/daily");
        return { logged, day };
      },
      { api, token },
    );
  } finally {
    await page.close();
  }
}

test("a page on an allowed origin logs a meal and reads the day with a token; another origin cannot", async () => {
  const api = env.srv.url;
  const reg = (await (
    await fetch(`${api}/api/v1/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "dash@example.org", password: "correct horse battery", name: "Dash" }),
    })
  ).json()) as { access_token: string };
  const made = (await (
    await fetch(`${api}/api/v1/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${reg.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "dashboard", scopes: ["read", "write"] }),
    })
  ).json()) as { token: string };

  const ok = await fromPage(`http://127.0.0.1:${env.allowed.port}/`, api, made.token);
  expect(ok.logged).toMatchObject({ status: 201, body: { food: { id: 9040 }, nutrients: { energy_kcal: 105 } } });
  expect(ok.logged.requestId).toBeTruthy(); // an exposed header
  expect(ok.day).toMatchObject({ status: 200, body: { meals: [{ food: { id: 9040 } }] } });

  const refused = await fromPage(`http://127.0.0.1:${env.other.port}/`, api, made.token);
  expect(refused.logged.error).toContain("Failed to fetch");
  expect(refused.day.error).toContain("Failed to fetch");
  // the refused POST never reached the handler: still one meal
  const day = (await (
    await fetch(`${api}/api/v1/meals/daily`, { headers: { authorization: `Bearer ${reg.access_token}` } })
  ).json()) as { meals: unknown[] };
  expect(day.meals.length).toBe(1);
});
