/** The benchmarks' account: registered on the server at `port`, with 10 meals on 2026-11-22; its request headers. */
export async function signUp(port: number, email = "bench@example.org"): Promise<Record<string, string>> {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const reg = await fetch(`${base}/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench password", name: "Bench" }),
  });
  const headers = {
    authorization: `Bearer ${((await reg.json()) as { access_token: string }).access_token}`,
    "content-type": "application/json",
  };
  for (let i = 0; i < 10; i++) {
    await fetch(`${base}/meals`, {
      method: "POST",
      headers,
      body: JSON.stringify({ food_id: i % 2 ? 9040 : 9003, quantity: 100 + i, meal_type: "snack", date: "2026-11-22" }),
    });
  }
  return headers;
}
