/**
 * An account's region (API.md §Accounts, §Foods): set at sign-up, on GET /me, changed by PATCH /me; it decides
 * what a pint, a cup and a tablespoon hold and which words are read first ("chips").
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, signedIn } from "../helpers";
import { measuresOf, regionalName, regionalText, regionOfLanguage } from "../../src/features/foods/region";

const app = makeApp();

async function withRegion(region?: string) {
  const u = await signedIn(app);
  if (region) expect((await u.api("PATCH", "/me", { region })).status).toBe(200);
  return u;
}

describe("region on the account", () => {
  test("sign-up takes a region (any case), else US; GET /me shows it and PATCH /me changes it", async () => {
    const plain = await signedIn(app);
    expect((await plain.api("GET", "/me")).json.region).toBe("US");
    const r = await app.call("POST", "/api/v1/register", {
      body: {
        email: `gb-${crypto.randomUUID().slice(0, 8)}@example.org`,
        password: "correct horse",
        name: "Jo",
        region: "gb",
      },
    });
    expect(r.status).toBe(201);
    expect(r.json.user.region).toBe("GB");
    const me = await app.call("GET", "/api/v1/me", { token: r.json.access_token });
    expect(me.json.region).toBe("GB");
    const changed = await app.call("PATCH", "/api/v1/me", { token: r.json.access_token, body: { region: "au" } });
    expect(changed.status).toBe(200);
    expect(changed.json.region).toBe("AU");
    expect((await app.call("GET", "/api/v1/me", { token: r.json.access_token })).json.region).toBe("AU");
  });

  test("a region that is no country → 400 validation_failed naming the field", async () => {
    const u = await signedIn(app);
    for (const region of ["XX", "GBR", "", "1"]) {
      const r = await u.api("PATCH", "/me", { region });
      expect(expectError(r, 400, "validation_failed").message).toContain("region");
    }
    const reg = await app.call("POST", "/api/v1/register", {
      body: {
        email: `x-${crypto.randomUUID().slice(0, 8)}@example.org`,
        password: "correct horse",
        name: "Jo",
        region: "ZZ",
      },
    });
    expect(expectError(reg, 400, "validation_failed").message).toContain("region");
  });
});

describe("region in the export and import", () => {
  test("the export's profile carries the region and an import of it sets the account's; a bad one is refused", async () => {
    const gb = await withRegion("GB");
    const doc = (await gb.api("GET", "/export?format=json")).json;
    expect(doc.profile.region).toBe("GB");
    const other = await withRegion("US");
    const r = await other.api("POST", "/import", doc);
    expect(r.status).toBe(200);
    expect((await other.api("GET", "/me")).json.region).toBe("GB");
    // a hand-made file (no checksum) with a region that is no country
    const { checksum: _, ...unsigned } = doc;
    const bad = await other.api("POST", "/import", { ...unsigned, profile: { ...doc.profile, region: "ZZ" } });
    expect(expectError(bad, 400, "validation_failed").details?.some((d) => d.field === "profile.region")).toBe(true);
    expect((await other.api("GET", "/me")).json.region).toBe("GB");
  });
});

describe("measures and words by region", () => {
  test("a pint of beer is 568 ml in Britain and 473 ml in the US, shown in the person's measures", async () => {
    const gb = await withRegion("GB");
    const us = await withRegion();
    const pint = async (u: typeof gb) => {
      const r = await u.api("GET", `/foods/search?q=${encodeURIComponent("a pint of beer")}&limit=1`);
      expect(r.status).toBe(200);
      return r.json.items[0].serving;
    };
    const [inGb, inUs] = [await pint(gb), await pint(us)];
    expect(inGb.measure).toBe("1 pint (568 ml)");
    expect(inUs.measure).toBe("1 pint (473 ml)");
    expect(inGb.grams / inUs.grams).toBeCloseTo(568.261 / 473.176, 2);
    expect(inGb.grams).toBeGreaterThan(560);
  });

  test("POST /foods/parse reads a British line in British measures", async () => {
    const gb = await withRegion("GB");
    const r = await gb.api("POST", "/foods/parse", { text: "a pint of bitter, a cup of tea" });
    expect(r.status).toBe(200);
    const [beer, tea] = r.json.items;
    expect(beer.serving.measure).toBe("1 pint (568 ml)");
    expect(tea.serving.measure).toBe("1 cup (250 ml)");
  });

  test("a pint of lager is beer, not the shandy that names lager among its words", async () => {
    // a day of use: "a pint of lager" and "half a pint of lager" were the shandy dish, marked sure
    const gb = await withRegion("GB");
    const r = await gb.api("POST", "/foods/parse", {
      text: "a pint of lager, half a pint of lager, a pint of lager shandy",
    });
    expect(r.status).toBe(200);
    const [pint, half, shandy] = r.json.items;
    expect([pint.food.id, half.food.id, shandy.food.id]).toEqual([14003, 14003, 901107]);
    expect(pint.serving.measure).toBe("1 pint (568 ml)");
  });

  test("chips are fries in Britain and crisps in the US", async () => {
    const name = async (u: Awaited<ReturnType<typeof withRegion>>) =>
      (await u.api("GET", "/foods/search?q=chips&limit=1")).json.items[0].name as string;
    expect(await name(await withRegion("GB"))).toMatch(/french fr/i);
    expect(await name(await withRegion("US"))).toMatch(/potato chips|snacks/i);
  });

  test("squash, biscuit, jelly, lemonade and a bag of crisps: the region decides, checked at GB, AU, IN, CA and US", async () => {
    const users = new Map<string, Awaited<ReturnType<typeof withRegion>>>();
    for (const r of ["GB", "AU", "IN", "CA", "US"]) users.set(r, await withRegion(r));
    const first = async (region: string, text: string) => {
      const r = await users.get(region)!.api("POST", "/foods/parse", { text });
      expect(r.status).toBe(200);
      return r.json.items[0] as {
        food: { id: number; name: string };
        serving: { grams: number; measure?: string };
        sure: boolean;
      };
    };
    // squash: the diluted drink in Britain and Australia (no added sugar, CoFID 17-846), the vegetable elsewhere;
    // the drink is the squash dish, not USDA's US powdered apple drink (43388) it was before
    for (const r of ["GB", "AU"]) {
      const squash = await first(r, "a glass of squash");
      expect(squash.food).toMatchObject({ id: 901214, name: "Squash drink, no added sugar, diluted" });
      expect(squash.serving.grams).toBe(250);
    }
    for (const r of ["IN", "CA", "US"]) expect((await first(r, "squash")).food.name).toMatch(/^Squash, /);
    for (const r of ["GB", "US"]) expect((await first(r, "butternut squash")).food.id).toBe(11485);
    // biscuit: a cookie where English is British, the scone-like bread in the US and Canada
    for (const r of ["GB", "AU", "IN"]) expect((await first(r, "2 biscuits")).food.name).toMatch(/^Cookies/);
    for (const r of ["CA", "US"])
      expect((await first(r, "a biscuit")).food.name).toMatch(/^Biscuits, plain or buttermilk/);
    expect((await first("US", "2 digestive biscuits")).food.name).toMatch(/Digestive/);
    // jelly: the set dessert in Britain, Australia and India, jam in North America
    for (const r of ["GB", "AU", "IN"]) expect((await first(r, "jelly")).food.id).toBe(19173);
    for (const r of ["CA", "US"]) expect((await first(r, "jelly")).food.id).toBe(19297);
    // lemonade: the clear fizzy drink in Britain and Australia, the lemon drink elsewhere
    for (const r of ["GB", "AU"]) expect((await first(r, "lemonade")).food.id).toBe(14144);
    for (const r of ["IN", "CA", "US"]) expect((await first(r, "lemonade")).food.name).toMatch(/^Lemonade/);
    // a bag of crisps is the 25 g single-serve bag ("crisps" is the British word wherever it is typed)
    for (const r of ["GB", "US"]) {
      const bag = await first(r, "a bag of crisps");
      expect(bag.serving).toMatchObject({ grams: 25, measure: "1 bag (25 g)" });
    }
    expect((await first("GB", "2 packets of crisps")).serving.grams).toBe(50);
    // and a bag of crisps is as sure as a packet of them (the bag was read as a word of the food's name)
    for (const text of ["a bag of crisps", "2 bags of crisps", "a packet of crisps"])
      expect((await first("GB", text)).sure).toBe(true);
    // a brew is a mug of tea in Britain
    expect((await first("GB", "a brew")).food.id).toBe(901101);
    expect((await first("US", "a brew")).food.id).not.toBe(901101);
    // a bag of chips is the chip shop's portion where chips are fries, a bag of potato chips elsewhere
    expect((await first("GB", "a bag of chips")).food.id).toBe(900136);
    expect((await first("US", "a bag of chips")).food.name).toMatch(/potato chips/);
    // a dish's own "pint (568 ml)" is no US pint: the grams agree with the measure said
    const shandy = await first("US", "a pint of shandy");
    expect(shandy.serving.measure).toBe("1 pint (473 ml)");
    expect(shandy.serving.grams).toBeCloseTo(473.2, 0);
    expect((await first("GB", "a pint of shandy")).serving.grams).toBeCloseTo(568.3, 0);
  });

  test("a can of drink is the region's can: 330 ml in Britain (440 ml of beer), 375 ml in Australia, 12 fl oz in the US", async () => {
    const can = async (region: string, text: string) => {
      const r = await (await withRegion(region)).api("POST", "/foods/parse", { text });
      expect(r.status).toBe(200);
      return r.json.items.map((i: { food: { id: number }; serving: { grams: number; measure?: string } }) => ({
        id: i.food.id,
        ...i.serving,
      }));
    };
    // cola: USDA's can is 12 fl oz (368 g); its fl oz weighs 30.7 g
    const [gbCoke, gbBeer, gbTwo] = await can("GB", "a can of coke, a can of beer, 2 cans of lager");
    expect(gbCoke).toMatchObject({ id: 14400, measure: "1 can (330 ml)" });
    expect(gbCoke.grams).toBeCloseTo((330 / 29.574) * 30.7, 0);
    expect(gbBeer).toMatchObject({ id: 14003, measure: "1 can (440 ml)" });
    expect(gbTwo.measure).toBe("2 cans (440 ml)");
    expect(gbTwo.grams).toBeCloseTo(gbBeer.grams * 2, 1);
    const [auCoke, auBeer] = await can("AU", "a can of coke, a can of beer");
    expect([auCoke.measure, auBeer.measure]).toEqual(["1 can (375 ml)", "1 can (375 ml)"]);
    expect((await can("IN", "a can of coke"))[0].measure).toBe("1 can (330 ml)");
    // the US can is USDA's own portion, as before
    const [usCoke] = await can("US", "a can of coke");
    expect(usCoke).toMatchObject({ id: 14400, grams: 368 });
    expect(usCoke.portion_id).not.toBeNull();
    expect(measuresOf("NZ")).toMatchObject({ can: 330, beerCan: 330 });
  });

  test("the measures, the words and the browser's language", () => {
    expect(measuresOf("GB")).toMatchObject({ pint: 568.261, cup: 250, tbsp: 15, floz: 28.413 });
    expect(measuresOf("AU")).toMatchObject({ cup: 250, tbsp: 20 });
    expect(measuresOf("US")).toMatchObject({ pint: 473.176, tbsp: 14.787 });
    expect(regionalText("large chips", "IE")).toBe("large french fries");
    expect(regionalText("tortilla chips", "GB")).toBe("tortilla chips");
    expect(regionOfLanguage("en-GB")).toBe("GB");
    expect(regionOfLanguage("en")).toBeNull();
  });

  test("a food's name in a list reads as the region says it; the catalogue's name is left as it is", () => {
    expect(regionalName("Zucchini, raw", "GB")).toBe("Courgette, raw");
    expect(regionalName("Zucchini, raw", "AU")).toBe("Zucchini, raw");
    expect(regionalName("Eggplant, raw", "IE")).toBe("Aubergine, raw");
    expect(regionalName("Arugula, raw", "AU")).toBe("Rocket, raw");
    expect(regionalName("Potato chips, salted", "GB")).toBe("Crisps, salted");
    expect(regionalName("Coriander (cilantro) leaves, raw", "GB")).toBe("Coriander (cilantro) leaves, raw");
    expect(regionalName("Zucchini, raw", "US")).toBe("Zucchini, raw");
    expect(regionalName("Zucchini, raw", null)).toBe("Zucchini, raw");
  });
});
