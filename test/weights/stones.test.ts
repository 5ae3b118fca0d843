/** Stones and pounds: `st` is a weight unit of the account; weights are stored in kg and given in lb by the API. */
import { expect, test } from "bun:test";
import { expectError, makeApp, signedIn } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-24T18:00:00Z");

test("PATCH /me weight_unit st: /me says st, weights come in lb, a stone is 14 lb", async () => {
  const { api } = await signedIn(t, { timezone: "Europe/London" });
  const me = await api("PATCH", "/me", { weight_unit: "st" });
  expect(me.status).toBe(200);
  expect(me.json.weight_unit).toBe("st");
  expect((await api("GET", "/me")).json.weight_unit).toBe("st");
  // 11 st 4 lb = 158 lb = 71.668 kg
  const w = await api("PUT", "/weights/2026-11-24", { lb: 11 * 14 + 4 });
  expect(w.status).toBe(201);
  expect([w.json.kg, w.json.value, w.json.unit]).toEqual([71.668, 158, "lb"]);
  const list = (await api("GET", "/weights?from=2026-11-24&to=2026-11-24")).json;
  expect([list.unit, list.items[0].value]).toEqual(["lb", 158]);
  expect((await api("GET", "/stats/expenditure")).json.weight_unit).toBe("lb");
});

test("a unit that is not kg, lb or st: validation_failed naming the three", async () => {
  const { api } = await signedIn(t);
  const e = expectError(await api("PATCH", "/me", { weight_unit: "stone" }), 400, "validation_failed");
  expect(e.message).toContain('"st"');
});
