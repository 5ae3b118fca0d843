/** A synthetic but valid export document (catalogue foods only) of about `mb` megabytes, for import benches. */
import { checksumOf } from "../../src/features/portability/export";

export function syntheticExport(mb: number, email = "bench@example.org") {
  const meals: unknown[] = [];
  const day0 = Date.UTC(2020, 0, 1);
  const target = mb * 1e6;
  let size = 0;
  for (let i = 0; size < target; i++) {
    const date = new Date(day0 + Math.floor(i / 6) * 86_400_000).toISOString().slice(0, 10);
    const m = {
      id: crypto.randomUUID(),
      food_id: 9040,
      food_name: "Bananas, raw",
      meal_type: ["breakfast", "lunch", "dinner", "snack"][i % 4],
      quantity: 100 + (i % 50),
      portion: null,
      grams: 100 + (i % 50),
      date,
      eaten_at: `${date}T12:00:00Z`,
      note: i % 3 ? null : "with a little honey and some oat flakes, eaten at the desk",
      nutrients: {
        energy_kcal: 89,
        protein_g: 1.09,
        fat_g: 0.33,
        carbohydrate_g: 22.84,
        fiber_g: 2.6,
        sugars_g: 12.23,
        saturated_fat_g: 0.11,
        sodium_mg: 1,
      },
      per_100g: {
        energy_kcal: 89,
        protein_g: 1.09,
        fat_g: 0.33,
        carbohydrate_g: 22.84,
        fiber_g: 2.6,
        sugars_g: 12.23,
        saturated_fat_g: 0.11,
        sodium_mg: 1,
      },
      created_at: `${date}T12:00:05Z`,
    };
    size += JSON.stringify(m).length + 1;
    meals.push(m);
  }
  const content = {
    format: "morsel-export",
    version: 1,
    exported_at: "2026-11-22T10:00:00Z",
    profile: { email, name: "Bench", timezone: "UTC" },
    goals: { energy_kcal: 2000, protein_g: null, fat_g: null, carbohydrate_g: null },
    custom_foods: [],
    meals,
  };
  return { doc: { ...content, checksum: checksumOf(content) }, meals: meals.length };
}
