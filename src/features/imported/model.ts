/** Shapes of the Open Food Facts text search (API.md §Foods, GET /foods/online). */
import { t } from "elysia";
import { Nullable, Text } from "../../schema/schemas";
import { intParam } from "../../schema/validation";

export const OnlineSearchQuery = t.Object({
  q: Text({ maxLength: 100, description: "the words sent to Open Food Facts, 1–100 characters after trimming" }),
  limit: t.Optional(intParam("limit", { minimum: 1, maximum: 20, default: 10 })),
});
export type OnlineSearchInput = typeof OnlineSearchQuery.static;

export const OnlineProduct = t.Object(
  {
    barcode: t.String({ description: "GTIN-14: pick it with POST /scanner/barcode { barcode, online: true }" }),
    name: t.String(),
    brand: Nullable(t.String()),
    energy_kcal: t.Number({ description: "per 100 g" }),
    protein_g: Nullable(t.Number()),
    fat_g: Nullable(t.Number()),
    carbohydrate_g: Nullable(t.Number()),
    serving: Nullable(t.Object({ name: t.String(), grams: t.Number() })),
  },
  { title: "OnlineProduct", description: "an Open Food Facts product as found, not yet kept on this server" },
);

export const OnlineSearchResponse = t.Object(
  {
    items: t.Array(OnlineProduct, {
      description: "at most `limit`; products without a name, barcode or energy are left out",
    }),
    attribution: t.String(),
  },
  { title: "OnlineSearch" },
);
export type OnlineSearchT = typeof OnlineSearchResponse.static;

export const OnlineAllowed = t.Object(
  {
    allowed: t.Boolean({
      description: "whether the admin lets this server ask Open Food Facts (GET /foods/online, barcode misses)",
    }),
  },
  { title: "OnlineAllowed" },
);
