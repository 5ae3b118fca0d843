/**
 * Server for bench/auth.ts: two trivial routes, one behind the real auth macro (HS256 verify +
 * session primary-key join) and one open, over a real SQLite file with one registered user.
 * Prints `PORT n` and `TOKEN t`.
 */
import { Elysia } from "elysia";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client";
import { SqliteStore } from "../../src/db/store";
import { AuthRepo } from "../../src/features/auth/repo";
import { Tokens } from "../../src/features/auth/tokens";
import { authPipeline } from "../../src/http/auth";
import { requestStart } from "../../src/http/request-start";
import { Catalogue } from "../../src/db/catalogue";
import { loadConfig } from "../../src/config";
import { createServices } from "../../src/services";
import { register } from "../../src/features/auth/service";
import { LoginThrottle } from "../../src/features/auth/throttle";
import { AccountCodes } from "../../src/features/auth/account-codes-repo";
import { Registration } from "../../src/features/auth/registration";
import { TotpRepo } from "../../src/features/auth/two-factor-repo";
import { RateWindow } from "../../src/lib/rate-window";
import { tempDir } from "./tmp";

const db = openDatabase(join(tempDir(), "bench.db"));
const store = new SqliteStore(db);
const repo = new AuthRepo();
const tokens = new Tokens("bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz");
const pair = await register({
  ctx: {
    store,
    repo,
    tokens,
    throttle: new LoginThrottle(),
    inviteThrottle: new LoginThrottle(),
    registration: new Registration(),
    codes: new AccountCodes(),
    totp: new TotpRepo(),
    registrations: new RateWindow(1, 1),
    now: new Date(),
    passwordCost: { memoryCost: 19456, timeCost: 2 },
    address: "bench",
  },
  input: { email: "bench@example.org", password: "bench password", name: "Bench" },
});
const services = createServices({
  store,
  catalogue: new Catalogue(loadConfig([], {}).cataloguePath),
  jwtSecret: "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
});
const app = new Elysia()
  .use(requestStart())
  .use(authPipeline(services, services.authenticator).plugin)
  .get("/open", () => ({ ok: true }))
  .get("/authed", ({ user }) => ({ ok: true, id: user.id }), { auth: "read" })
  .listen({ port: 0, hostname: "127.0.0.1" });
console.log(`TOKEN ${pair.access_token}`);
console.log(`PORT ${app.server!.port}`);
