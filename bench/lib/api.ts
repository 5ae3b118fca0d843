/** A JSON client for a benchmark's server: throws on any answer ≥ 300 (a bench must not time errors). */
export function apiClient(base: () => string) {
  return async function call(method: string, path: string, token?: string, body?: unknown): Promise<any> {
    const r = await fetch(`${base()}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status >= 300) throw new Error(`${method} ${path} → ${r.status}: ${(await r.text()).slice(0, 200)}`);
    return r.status === 204 ? null : r.json();
  };
}
