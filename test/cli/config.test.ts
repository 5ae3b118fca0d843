/** Config is read once from flags and environment; bad values fail with a message. */
import { describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, defaultWorkers, loadConfig } from "../../src/config";
import { loadOrCreateSecret } from "../../src/lib/secret";
import { tempDir } from "../helpers";

describe("loadConfig", () => {
  test("defaults: port 3000, host 127.0.0.1, XDG data dir, bundled catalogue", () => {
    const c = loadConfig([], { XDG_DATA_HOME: "/srv/xdg", HOME: "/home/ana" });
    expect(c.port).toBe(3000);
    expect(c.host).toBe("127.0.0.1");
    expect(c.dataDir).toBe("/srv/xdg/morsel");
    expect(c.cataloguePath.endsWith(join("data", "catalogue.sqlite"))).toBe(true);
    expect(loadConfig([], { HOME: "/home/ana" }).dataDir).toBe("/home/ana/.local/share/morsel");
  });

  test("flags win over environment", () => {
    const env = { PORT: "4000", MORSEL_DATA_DIR: "/env/dir", HOME: "/h" };
    expect(loadConfig([], env).port).toBe(4000);
    const c = loadConfig(["--port", "5000", "--data-dir=/flag/dir", "--host", "0.0.0.0"], env);
    expect(c.port).toBe(5000);
    expect(c.dataDir).toBe("/flag/dir");
    expect(c.host).toBe("0.0.0.0");
  });

  test("a relative data dir is made absolute, so the binary behaves the same from anywhere", () => {
    expect(loadConfig(["--data-dir", "rel/dir"], { HOME: "/h" }).dataDir).toBe(join(process.cwd(), "rel/dir"));
  });

  test.each([
    [["--port", "abc"], "--port"],
    [["--port", "70000"], "--port"],
    [["--port", "-1"], "--port"],
    [["--port"], "--port"],
    [["--data-dir="], "--data-dir"],
    [["--host", "bad host!"], "--host"],
    [["--log-requests", "maybe"], "--log-requests"],
  ])("%p fails with a message naming %s", (argv, flag) => {
    expect(() => loadConfig(argv as string[], { HOME: "/h" })).toThrow(ConfigError);
    expect(() => loadConfig(argv as string[], { HOME: "/h" })).toThrow(flag);
  });

  test("the online lookup flag: not given leaves the admin's stored setting (null); bare --online-lookup turns it on; the URL is checked", () => {
    expect(loadConfig([], { HOME: "/h" }).onlineLookup).toBeNull();
    expect(loadConfig(["--online-lookup", "false"], { HOME: "/h" }).onlineLookup).toBe(false);
    expect(loadConfig(["--online-lookup"], { HOME: "/h" }).onlineLookup).toBe(true);
    expect(loadConfig([], { HOME: "/h", MORSEL_ONLINE_LOOKUP: "1" }).onlineLookup).toBe(true);
    expect(loadConfig(["--off-url", "http://127.0.0.1:8080/"], { HOME: "/h" }).offUrl).toBe("http://127.0.0.1:8080");
    expect(() => loadConfig(["--off-url", "ftp://x"], { HOME: "/h" })).toThrow("--off-url");
    expect(() => loadConfig(["--online-lookup", "perhaps"], { HOME: "/h" })).toThrow("--online-lookup");
  });

  test("photo workers: one per core but one by default (1–4), 0 turns recognition off, validated", () => {
    expect(defaultWorkers(1)).toBe(1);
    expect(defaultWorkers(2)).toBe(1);
    expect(defaultWorkers(3)).toBe(2);
    expect(defaultWorkers(32)).toBe(4);
    expect(loadConfig([], { HOME: "/h" }).photoWorkers).toBe(defaultWorkers());
    expect(loadConfig(["--photo-workers", "0"], { HOME: "/h" }).photoWorkers).toBe(0);
    expect(loadConfig([], { HOME: "/h", MORSEL_PHOTO_WORKERS: "3" }).photoWorkers).toBe(3);
    for (const bad of ["-1", "17", "two", "1.5", ""])
      expect(() => loadConfig(["--photo-workers", bad], { HOME: "/h" })).toThrow("--photo-workers");
  });

  test("tombstone retention: 90 days by default, configurable, validated", () => {
    expect(loadConfig([], { HOME: "/h" }).tombstoneDays).toBe(90);
    expect(loadConfig(["--tombstone-days", "30"], { HOME: "/h" }).tombstoneDays).toBe(30);
    expect(loadConfig([], { HOME: "/h", MORSEL_TOMBSTONE_DAYS: "365" }).tombstoneDays).toBe(365);
    for (const bad of ["0", "-5", "ninety", "1.5"])
      expect(() => loadConfig(["--tombstone-days", bad], { HOME: "/h" })).toThrow("--tombstone-days");
  });

  test("registration, CORS origins and metrics: off or unset by default, set by flag or environment, validated", () => {
    const d = loadConfig([], { HOME: "/h" });
    expect([d.registration, d.corsOrigins, d.metrics, d.metricsToken]).toEqual([null, [], false, null]);
    expect(loadConfig(["--registration", "invite"], { HOME: "/h" }).registration).toBe("invite");
    expect(loadConfig([], { HOME: "/h", MORSEL_REGISTRATION: "closed" }).registration).toBe("closed");
    expect(() => loadConfig(["--registration", "invites"], { HOME: "/h" })).toThrow("--registration");
    expect(
      loadConfig(["--cors-origin", "https://dash.example.org/, http://homeassistant.local:8123"], { HOME: "/h" })
        .corsOrigins,
    ).toEqual(["https://dash.example.org", "http://homeassistant.local:8123"]);
    expect(loadConfig([], { HOME: "/h", MORSEL_CORS_ORIGIN: "*" }).corsOrigins).toEqual(["*"]);
    for (const bad of ["dash.example.org", "https://dash.example.org/app", "ftp://x"])
      expect(() => loadConfig(["--cors-origin", bad], { HOME: "/h" })).toThrow("--cors-origin");
    expect(loadConfig(["--metrics"], { HOME: "/h" }).metrics).toBe(true);
    expect(loadConfig(["--metrics", "--metrics-token", "0123456789abcdef"], { HOME: "/h" }).metricsToken).toBe(
      "0123456789abcdef",
    );
    expect(() => loadConfig(["--metrics-token", "short"], { HOME: "/h" })).toThrow("--metrics-token");
    expect(() => loadConfig(["--metrics", "sometimes"], { HOME: "/h" })).toThrow("--metrics");
  });

  test("with --allowed-hosts on a non-loopback address, loopback names are answered too (morsel healthcheck asks 127.0.0.1)", () => {
    const c = loadConfig(["--host", "0.0.0.0", "--allowed-hosts", "morsel.home.arpa"], { HOME: "/h" });
    expect(c.allowedHosts).toEqual(["morsel.home.arpa", "localhost", "127.0.0.1", "[::1]", "*.localhost"]);
    expect(loadConfig(["--host", "0.0.0.0"], { HOME: "/h" }).allowedHosts).toBeNull();
  });

  test("the result is frozen", () => {
    expect(Object.isFrozen(loadConfig([], { HOME: "/h" }))).toBe(true);
  });
});

describe("JWT secret", () => {
  test("is generated once at mode 0600 and kept", () => {
    const dir = tempDir();
    const a = loadOrCreateSecret(dir);
    expect(a.created).toBe(true);
    expect(a.secret.length).toBeGreaterThanOrEqual(64);
    expect(statSync(a.path).mode & 0o777).toBe(0o600);
    const b = loadOrCreateSecret(dir);
    expect(b.created).toBe(false);
    expect(b.secret).toBe(a.secret);
  });
});
