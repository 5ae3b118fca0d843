/**
 * Isolation: for every endpoint that takes an id (found in the OpenAPI document, so a new one
 * joins this test or fails it), a second user gets 404 (403 on the admin's routes) and never the
 * first user's data; and no listing, stats, export, search or sync pull of the second user shows
 * the first user's records. The first user is the server's admin, and the same holds the other
 * way round: being admin reaches accounts, never their meals or foods.
 */
import { expect, test } from "bun:test";
import { plainPhoto, multipart } from "../fixtures/images";
import { makeApp, registerUser } from "../helpers";
import { SoftAuthenticator } from "../auth/passkey-device";

test("a second user gets 404 on every id route and never sees the first user's records", async () => {
  const t = makeApp();
  const { call } = t;
  const a = await registerUser(call);
  const b = await registerUser(call);
  const A = { token: a.access_token };
  const B = { token: b.access_token };
  const food = (
    await call("POST", "/api/v1/foods", {
      ...A,
      body: { name: "Zqxsecret stew", barcode: "5901234123457", nutrients: { energy_kcal: 300 } },
    })
  ).json;
  const meal = (
    await call("POST", "/api/v1/meals", {
      ...A,
      body: { food_id: food.id, quantity: 200, meal_type: "dinner", note: "zqxsecret note" },
    })
  ).json;
  await call("PUT", "/api/v1/goals", { ...A, body: { energy_kcal: 1234 } });
  const { body, contentType } = multipart(await plainPhoto());
  const photo = (
    await call("POST", "/api/v1/scanner/photo", { ...A, raw: body, headers: { "content-type": contentType } })
  ).json;

  expect(a.user.role).toBe("admin");
  const aSession = (await call("GET", "/api/v1/sessions", A)).json.items[0].id;
  const aToken = (await call("POST", "/api/v1/tokens", { ...A, body: { name: "zqxsecret script", scopes: ["read"] } }))
    .json;
  const invite = (await call("POST", "/api/v1/admin/invites", { ...A, body: { note: "zqxsecret guest" } })).json;
  const weightDate = "2026-01-05";
  expect(
    (await call("PUT", `/api/v1/weights/${weightDate}`, { ...A, body: { kg: 71.3, note: "zqxsecret scale" } })).status,
  ).toBe(201);
  expect((await call("PUT", `/api/v1/days/${weightDate}`, { ...A, body: { complete: true } })).status).toBe(201);
  const saved = await call("POST", "/api/v1/saved-meals", {
    ...A,
    body: { name: "Zqxsecret breakfast", entries: [{ food_id: 9040, quantity: 1 }] },
  });
  expect(saved.status).toBe(201);
  expect((await call("PUT", "/api/v1/weights/2026-01-04", { ...A, body: { kg: 70 } })).status).toBe(201);
  const exercise = await call("POST", "/api/v1/exercises", {
    ...A,
    body: { activity: "run-9.7", minutes: 30, date: weightDate, note: "zqxsecret run" },
  });
  expect(exercise.status).toBe(201);
  expect((await call("PUT", `/api/v1/daily-values/${weightDate}/steps`, { ...A, body: { value: 4321 } })).status).toBe(
    201,
  );
  const recipe = (
    await call("POST", "/api/v1/recipes", {
      ...A,
      body: {
        name: "Zqxsecret chili",
        servings: 4,
        ingredients: [
          { food_id: food.id, quantity: 300 },
          { food_id: 9040, quantity: 100 },
        ],
      },
    })
  ).json;
  expect(recipe.id).toBeGreaterThan(1_000_000);
  const passkeyOptions = (await call("POST", "/api/v1/me/passkeys/options", A)).json;
  const passkey = await call("POST", "/api/v1/me/passkeys", {
    ...A,
    body: { credential: await (await SoftAuthenticator.make()).create(passkeyOptions), name: "zqxsecret phone" },
  });
  expect(passkey.status).toBe(201);

  // every OpenAPI path with an {id}, each method: B gets 404 with A's id (403 on the admin's routes)
  const doc = (await call("GET", "/api/v1/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
  const idOf: Record<string, string | number> = {
    "/api/v1/meals/{id}": meal.id,
    "/api/v1/foods/{id}": food.id,
    "/api/v1/sessions/{id}": aSession,
    "/api/v1/tokens/{id}": aToken.id,
    "/api/v1/admin/users/{id}": a.user.id,
    "/api/v1/admin/users/{id}/password-reset": a.user.id,
    "/api/v1/admin/users/{id}/two-factor": a.user.id,
    "/api/v1/admin/invites/{id}": invite.id,
    "/api/v1/recipes/{id}": recipe.id,
    "/api/v1/weights/{date}": weightDate,
    "/api/v1/days/{date}": weightDate,
    "/api/v1/saved-meals/{id}": saved.json.id,
    "/api/v1/saved-meals/{id}/log": saved.json.id,
    "/api/v1/exercises/{id}": exercise.json.id,
    "/api/v1/daily-values/{date}": weightDate,
    "/api/v1/daily-values/{date}/{metric}": weightDate,
    "/api/v1/me/passkeys/{id}": passkey.json.id,
  };
  const idRoutes = Object.entries(doc.paths).filter(([p]) => p.includes("{"));
  expect(idRoutes.map(([p]) => p).sort()).toEqual(Object.keys(idOf).sort());
  const bodyFor = (method: string) =>
    method === "get" || method === "delete"
      ? undefined
      : { name: "mine now", quantity: 1, disabled: true, kg: 99, meal_type: "snack" };
  for (const [path, methods] of idRoutes) {
    for (const method of Object.keys(methods)) {
      const url = path.replace(/\{(id|date)\}/, String(idOf[path])).replace("{metric}", "steps");
      // a date of B's own diary: below
      if (method === "put" && (path.endsWith("/{date}") || path.endsWith("/{metric}"))) continue;
      const r = await call(method.toUpperCase(), url, { ...B, body: bodyFor(method) });
      if (path === "/api/v1/daily-values/{date}" && method === "get") {
        // a date's values are B's own day: there, none (A's 4321 steps never show)
        expect(r.status).toBe(200);
        expect(r.json.values.steps).toBeNull();
        continue;
      }
      const expected = path.startsWith("/api/v1/admin/") ? 403 : 404;
      expect(`${method} ${path} ${r.status}`).toBe(`${method} ${path} ${expected}`);
      expect(r.text).not.toContain("zqxsecret");
      expect(r.text).not.toContain("Zqxsecret");
    }
  }
  // a weight's id is a date in one's own diary: B writing A's date makes B's own weight, never A's
  expect((await call("PUT", `/api/v1/weights/${weightDate}`, { ...B, body: { kg: 99 } })).status).toBe(201);
  expect((await call("GET", `/api/v1/weights/${weightDate}`, A)).json.kg).toBe(71.3);
  expect((await call("PUT", `/api/v1/days/${weightDate}`, { ...B, body: { complete: false } })).status).toBe(201);
  expect((await call("GET", `/api/v1/days/${weightDate}`, A)).json.complete).toBe(true);
  expect((await call("GET", `/api/v1/saved-meals/${saved.json.id}`, A)).json.name).toBe("Zqxsecret breakfast");
  expect((await call("PUT", `/api/v1/daily-values/${weightDate}/steps`, { ...B, body: { value: 9 } })).status).toBe(
    201,
  );
  expect((await call("GET", `/api/v1/daily-values/${weightDate}/steps`, A)).json.value).toBe(4321);
  expect((await call("GET", `/api/v1/exercises/${exercise.json.id}`, A)).json.note).toBe("zqxsecret run");
  expect((await call("GET", `/api/v1/recipes/${recipe.id}`, A)).json.name).toBe("Zqxsecret chili");
  // A's session, token and invite are untouched
  expect((await call("GET", "/api/v1/sessions", A)).json.items.map((x: { id: string }) => x.id)).toContain(aSession);
  expect((await call("GET", "/api/v1/tokens", A)).json.items.map((x: { id: number }) => x.id)).toContain(aToken.id);
  expect((await call("GET", "/api/v1/admin/invites", A)).json.items[0].used_at).toBeNull();
  // A's things are untouched
  expect((await call("GET", `/api/v1/meals/${meal.id}`, A)).json).toEqual(meal);
  expect((await call("GET", `/api/v1/foods/${food.id}`, A)).json.name).toBe("Zqxsecret stew");

  // nothing of A's reaches B through any other door
  const bViews = [
    await call("GET", `/api/v1/meals/daily?date=${meal.date}`, B),
    await call("GET", `/api/v1/stats/daily?date=${meal.date}`, B),
    await call("GET", "/api/v1/goals", B),
    await call("GET", "/api/v1/foods/search?q=zqxsecret%20stew", B),
    await call("GET", "/api/v1/sync/changes", B),
    await call("GET", "/api/v1/export", B),
    await call("GET", "/api/v1/export?format=csv", B),
    await call("POST", "/api/v1/scanner/barcode", { ...B, body: { barcode: "5901234123457" } }),
    await call("POST", "/api/v1/meals", { ...B, body: { food_id: food.id, quantity: 1, meal_type: "snack" } }),
    await call("POST", "/api/v1/meals", {
      ...B,
      body: { food_id: 9040, quantity: 1, meal_type: "snack", photo_id: photo.photo_id },
    }),
    await call("POST", "/api/v1/sync/push", {
      ...B,
      body: {
        mutations: [
          { mutation_id: crypto.randomUUID(), entity: "meal", id: meal.id, op: "delete", base_version: 1, data: null },
        ],
      },
    }),
    await call("GET", "/api/v1/recipes", B),
    await call("GET", "/api/v1/weights?from=2026-01-01&to=2026-01-31", B),
    await call("GET", `/api/v1/meals?from=${meal.date}&to=${meal.date}`, B),
    await call("GET", "/api/v1/stats/days?from=2026-01-01&to=2026-01-31", B),
    await call("POST", "/api/v1/meals/copy", { ...B, body: { meal_ids: [meal.id], to_date: meal.date } }),
    await call("POST", "/api/v1/recipes", {
      ...B,
      body: { name: "Mine", servings: 1, ingredients: [{ food_id: recipe.id, quantity: 100 }] },
    }),
    await call("POST", "/api/v1/sync/push", {
      ...B,
      body: {
        mutations: [
          {
            mutation_id: crypto.randomUUID(),
            entity: "recipe",
            id: recipe.id,
            op: "delete",
            base_version: 1,
            data: null,
          },
        ],
      },
    }),
  ];
  for (const [i, r] of bViews.entries()) {
    if (i < 7) expect(r.text).not.toContain(meal.id); // the reads; the writes below echo B's own input
    expect(r.text).not.toContain("zqxsecret note");
    expect(r.text).not.toContain("Zqxsecret stew"); // the food's name (search echoes the query, in lower case)
  }
  expect(bViews[2]!.json.energy_kcal).toBeNull(); // B's goals, not A's 1234
  expect(bViews[3]!.json.items.map((i: { id: number }) => i.id)).not.toContain(food.id);
  expect(bViews[7]!.status).toBe(404);
  expect(bViews[8]!.status).toBe(404);
  expect(bViews[9]!.status).toBe(400);
  expect(bViews[10]!.json.results[0].status).toBe("rejected");
  expect(bViews[11]!.json.items).toEqual([]);
  expect(bViews[12]!.json.items.map((w: { kg: number }) => w.kg)).toEqual([99]); // B's own weight that date, never A's 71.3
  expect(bViews[13]!.json.items).toEqual([]);
  expect(
    bViews[14]!.json.days
      .map((d: { weight_kg: number | null }) => d.weight_kg)
      .filter((k: number | null) => k !== null),
  ).toEqual([99]);
  expect(bViews[15]!.status).toBe(404); // copying A's meal
  expect(bViews[16]!.status).toBe(404); // A's recipe as an ingredient
  // deleting A's recipe by its id answers as deleting an id that never existed does (nothing to delete),
  // so a guessed food id tells B nothing; A's recipe is untouched (checked below)
  const unknownDelete = await call("POST", "/api/v1/sync/push", {
    ...B,
    body: {
      mutations: [
        {
          mutation_id: crypto.randomUUID(),
          entity: "recipe",
          id: 1_999_999_000,
          op: "delete",
          base_version: 1,
          data: null,
        },
      ],
    },
  });
  const { mutation_id: _a, ...theirs } = bViews[17]!.json.results[0];
  const { mutation_id: _b, ...unknown } = unknownDelete.json.results[0];
  expect(theirs).toEqual(unknown);
  expect((await call("GET", `/api/v1/recipes/${recipe.id}`, A)).status).toBe(200);
  for (const r of bViews.slice(11)) expect(r.text.toLowerCase()).not.toContain("zqxsecret");
  // only B's own weight, day mark and steps, written above
  expect(bViews[4]!.json.changes.map((c: { entity: string }) => c.entity)).toEqual(["weight", "day", "daily_value"]);
  expect((await call("GET", `/api/v1/meals/${meal.id}`, A)).status).toBe(200); // the push above did not delete it

  // the admin (A) against B's records: every data {id} route is 404, and the admin's own views of
  // accounts carry counts, never B's meals or foods
  const bFood = (
    await call("POST", "/api/v1/foods", { ...B, body: { name: "Qwvprivate soup", nutrients: { energy_kcal: 90 } } })
  ).json;
  const bMeal = (
    await call("POST", "/api/v1/meals", {
      ...B,
      body: { food_id: bFood.id, quantity: 300, meal_type: "lunch", note: "qwvprivate note" },
    })
  ).json;
  const bSession = (await call("GET", "/api/v1/sessions", B)).json.items[0].id;
  const bRecipe = (
    await call("POST", "/api/v1/recipes", {
      ...B,
      body: { name: "Qwvprivate pie", servings: 2, ingredients: [{ food_id: bFood.id, quantity: 200 }] },
    })
  ).json;
  const bSaved = (
    await call("POST", "/api/v1/saved-meals", {
      ...B,
      body: { name: "Qwvprivate lunch", entries: [{ food_id: 9040, quantity: 1 }] },
    })
  ).json;
  const bExercise = (
    await call("POST", "/api/v1/exercises", { ...B, body: { name: "Qwvprivate swim", minutes: 20, kcal: 150 } })
  ).json;
  const bPasskey = (
    await call("POST", "/api/v1/me/passkeys", {
      ...B,
      body: {
        credential: await (await SoftAuthenticator.make()).create(
          (await call("POST", "/api/v1/me/passkeys/options", B)).json,
        ),
        name: "Qwvprivate key",
      },
    })
  ).json;
  const bOf: Record<string, string | number> = {
    "/api/v1/exercises/{id}": bExercise.id,
    "/api/v1/saved-meals/{id}": bSaved.id,
    "/api/v1/saved-meals/{id}/log": bSaved.id,
    "/api/v1/meals/{id}": bMeal.id,
    "/api/v1/foods/{id}": bFood.id,
    "/api/v1/sessions/{id}": bSession,
    "/api/v1/tokens/{id}": 999999,
    "/api/v1/recipes/{id}": bRecipe.id,
    "/api/v1/me/passkeys/{id}": bPasskey.id,
  };
  // (weights are keyed by a date of one's own diary: the admin's dates are the admin's; checked above)
  for (const [path, methods] of idRoutes.filter(([p]) => !p.startsWith("/api/v1/admin/") && !p.includes("{date}"))) {
    for (const method of Object.keys(methods)) {
      const r = await call(method.toUpperCase(), path.replace("{id}", String(bOf[path])), {
        ...A,
        body:
          method === "get" || method === "delete"
            ? undefined
            : { name: "admin's now", quantity: 1, meal_type: "snack" },
      });
      expect(`admin ${method} ${path} ${r.status}`).toBe(`admin ${method} ${path} 404`);
      expect(r.text.toLowerCase()).not.toContain("qwvprivate");
    }
  }
  const adminViews = [
    await call("GET", "/api/v1/admin/users", A),
    await call("GET", `/api/v1/meals/daily?date=${bMeal.date}`, A),
    await call("GET", "/api/v1/export", A),
    await call("GET", "/api/v1/sync/changes", A),
    await call("GET", "/api/v1/foods/search?q=qwvprivate%20soup", A),
  ];
  for (const r of adminViews) {
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(bMeal.id);
    expect(r.text).not.toContain("qwvprivate note");
    expect(r.text).not.toContain("Qwvprivate soup");
  }
  expect(adminViews[0]!.json.items.find((u: { id: number }) => u.id === b.user.id).meal_count).toBe(1);
  expect((await call("GET", `/api/v1/meals/${bMeal.id}`, B)).json).toEqual(bMeal); // untouched by the admin's attempts
});
