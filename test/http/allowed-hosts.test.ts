/** The Host check against DNS rebinding: which names a server bound to loopback, or to more, answers. */
import { describe, expect, test } from "bun:test";
import { makeApp } from "../helpers";

describe("Host check (DNS rebinding)", () => {
  const LOOPBACK = ["localhost", "127.0.0.1", "[::1]", "*.localhost"];
  const at = async (t: ReturnType<typeof makeApp>, host: string) =>
    (await t.started()).handle(new Request(`http://${host}/api/v1/foods/search?q=apple`));

  test("bound to loopback: a foreign Host → 421 host_not_allowed with the flag to use; loopback names pass", async () => {
    const t = makeApp({ options: { allowedHosts: LOOPBACK } });
    const evil = await at(t, "evil.example");
    expect(evil.status).toBe(421);
    const body = (await evil.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("host_not_allowed");
    expect(body.error.message).toContain("--allowed-hosts evil.example");
    for (const ok of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "app.localhost", "LOCALHOST"])
      expect(`${ok} ${(await at(t, ok)).status}`).toBe(`${ok} 200`);
    expect((await at(t, "127.0.0.1.evil.example")).status).toBe(421);
  });

  test("--allowed-hosts adds names, with *.suffix wildcards", async () => {
    const t = makeApp({ options: { allowedHosts: [...LOOPBACK, "morsel.home.arpa", "*.example.org"] } });
    expect((await at(t, "morsel.home.arpa")).status).toBe(200);
    expect((await at(t, "tracker.example.org")).status).toBe(200);
    expect((await at(t, "example.org.evil.example")).status).toBe(421);
  });

  test("not bound to loopback and no --allowed-hosts: any name (a LAN server reached by its IP)", async () => {
    expect((await at(makeApp(), "192.168.1.20:3000")).status).toBe(200);
  });
});
