/** Examples for the OpenAPI document, taken from docs/API.md. */
export const OPENAPI_EXAMPLES: Record<string, unknown> = {
  FoodSummary: {
    id: 9040, name: "Bananas, raw", short_name: "Bananas, raw", origin: "usda_sr24", source: "usda", brand: null, barcode: null,
    group: { code: "09", name: "Fruits and Fruit Juices" },
    energy_kcal: 89, protein_g: 1.09, fat_g: 0.33, carbohydrate_g: 22.84,
    default_portion: { id: 4189, name: "medium (7\" to 7-7/8\" long)", amount: 1, grams: 118 },
  },
  Meal: {
    id: "0193c1b4-7d2e-7c3a-9f1e-2b5d8c4a6e10", food: { id: 9040, name: "Bananas, raw" }, meal_type: "breakfast",
    quantity: 1, portion: { id: 4189, name: "medium (7\" to 7-7/8\" long)", grams: 118 }, grams: 118,
    date: "2026-11-22", eaten_at: "2026-11-22T08:15:00Z", note: null,
    nutrients: { energy_kcal: 105, protein_g: 1.29, fat_g: 0.39, carbohydrate_g: 26.95, fiber_g: 3.07, sugars_g: 14.43, saturated_fat_g: 0.13, sodium_mg: 1.18 },
    created_at: "2026-11-22T08:15:02Z", updated_at: "2026-11-22T08:15:02Z",
  },
  CreateMeal: { food_id: 9040, quantity: 1, portion_id: 4189, meal_type: "breakfast" },
  Error: { error: { code: "validation_failed", message: "quantity must be greater than 0", details: [{ field: "quantity", message: "must be greater than 0" }] } },
  User: { id: 1, email: "ana@example.org", name: "Ana", timezone: "Europe/Lisbon", role: "admin", weight_unit: "kg" },
};
