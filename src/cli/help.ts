/** `morsel --help` and `morsel <command> --help`. Keep these true to src/config.ts and the commands. */
import { VERSION } from "../version";

const OPTIONS = `Options (flags win over environment variables):
  --port N            port to listen on (PORT, default 3000; 0 picks a free port)
  --host ADDR         address to bind (MORSEL_HOST, default 127.0.0.1; 0.0.0.0 for every interface)
  --data-dir DIR      where the database and JWT secret live (MORSEL_DATA_DIR,
                      default $XDG_DATA_HOME/morsel or ~/.local/share/morsel; created if missing)
  --database URL      keep user data in PostgreSQL, e.g. postgres://morsel:PW@db:5432/morsel
                      (MORSEL_DATABASE_URL; default: the SQLite file morsel.db in the data
                      directory). Several morsel processes may share one database; the data
                      directory then holds only the catalogue copy, and the JWT secret is kept
                      in the database so every process verifies the same tokens
  --catalogue FILE    food catalogue SQLite file (MORSEL_CATALOGUE, default: the bundled one)
  --log-requests B    one JSON line per request, true or false (MORSEL_LOG_REQUESTS, default true)
  --online-lookup B   on a barcode miss, ask Open Food Facts online and keep the answer
                      (MORSEL_ONLINE_LOOKUP); sets the admin's stored setting at each start when
                      given, else the stored one stays (default off: nothing leaves the machine)
  --off-url URL       Open Food Facts base URL for that lookup (MORSEL_OFF_URL)
  --tombstone-days N  how long sync remembers deletions (MORSEL_TOMBSTONE_DAYS, default 90);
                      a device offline longer than that pulls everything again
  --photo-workers N   processes running the food-photo model and the label reader, 0–16
                      (MORSEL_PHOTO_WORKERS, default: one per core but one, at least 1, at most 4);
                      0 turns food recognition and label reading off (photos still read barcodes)
  --trust-proxy CIDRS requests from these proxies (comma-separated addresses or CIDRs, e.g.
                      127.0.0.1,10.0.0.0/8) name the client in X-Forwarded-For or Forwarded, so
                      login limits count each client (MORSEL_TRUST_PROXY, default: none trusted)
  --public-url URL    the address people use, e.g. https://morsel.example.org; its host name is
                      answered, and passkeys belong to it (MORSEL_PUBLIC_URL)
  --allowed-hosts H   host names answered besides it, comma-separated, *.suffix allowed
                      (MORSEL_ALLOWED_HOSTS). Bound to loopback (the default), only localhost,
                      127.0.0.1 and [::1] are answered unless these add more: a web page cannot
                      reach your server through DNS rebinding. Bound elsewhere: any name, unless
                      --allowed-hosts is given.
  --registration M    who may register: open, invite or closed (MORSEL_REGISTRATION). When given,
                      sets the mode at each start; otherwise the stored one stays (open at first;
                      the admin changes it with PATCH /api/v1/admin/settings). The first account
                      may always register and becomes the admin. Warns at start when open on a
                      non-loopback address.
  --cors-origin O     origins whose web pages may call the API with a token, comma-separated
                      (e.g. http://homeassistant.local:8123), or * (MORSEL_CORS_ORIGIN, default none)
  --metrics B         serve Prometheus metrics at /metrics, true or false (MORSEL_METRICS, default
                      false): to callers on this machine that came straight here, or with
  --metrics-token T   Authorization: Bearer T from anywhere (MORSEL_METRICS_TOKEN, 16+ characters)
  --forward-auth B    trusted-header sign-in behind Authelia, Authentik or another forward-auth
                      proxy (MORSEL_FORWARD_AUTH, default false): POST /api/v1/login/header signs
                      in the account whose email the proxy names. Only requests from --trust-proxy
                      addresses count (required with it); from any other address the headers are
                      ignored. Personal access tokens work as before.
  --forward-auth-user-header H   the proxy's user-name header (MORSEL_FORWARD_AUTH_USER_HEADER,
                      default Remote-User)
  --forward-auth-email-header H  the proxy's email header (MORSEL_FORWARD_AUTH_EMAIL_HEADER,
                      default Remote-Email)
  --oidc-issuer U     single sign-on through an OpenID Provider (Authelia, Authentik, Keycloak…):
                      its issuer URL (MORSEL_OIDC_ISSUER). Needs --public-url: register the
                      redirect URI <public-url>/api/v1/auth/oidc/callback at the provider. The
                      sign-in page shows "Sign in with <name>". Discovery is lazy: the server
                      starts while the provider is down, and a sign-in then says so (503).
  --oidc-client-id I  the client id registered at the provider (MORSEL_OIDC_CLIENT_ID)
  --oidc-client-secret S  its secret (MORSEL_OIDC_CLIENT_SECRET; leave out for a public client,
                      PKCE alone); never printed
  --oidc-name N       the provider's name on the button (MORSEL_OIDC_NAME, default "single sign-on")
  --oidc-admin-group G  people whose --oidc-admin-claim lists G become admins at sign-in
  --oidc-admin-claim C  (MORSEL_OIDC_ADMIN_GROUP; MORSEL_OIDC_ADMIN_CLAIM, default groups)
  --password-login B  whether POST /api/v1/login and /register take a password (MORSEL_PASSWORD_LOGIN,
                      default true). false leaves single sign-on (or --forward-auth) as the way in;
                      personal access tokens (Health Auto Export, scripts) work as before.

Unknown flags are refused (exit 2) with the nearest known one. Bun also reads a .env file in the
working directory into the environment, so MORSEL_* variables can live there.`;

export const HELP = `morsel ${VERSION} — self-hosted calorie tracker

Usage:
  morsel [serve] [options]                 start the HTTP API (default command)
  morsel import FILE... --format F --user EMAIL [--preview] [--weight-unit kg|lb] [--skip-invalid] [--dietary-energy] [--data-dir DIR]
                                           import another tracker's export into an account (F:
                                           myfitnesspal, cronometer, loseit, wger; apple_health,
                                           google_fit for a phone's health export)
  morsel import-off FILE [--data-dir DIR]  import an Open Food Facts export (JSONL or CSV/TSV, plain
                                           or .gz) so barcode scans find those products offline
  morsel backup PATH [--data-dir DIR]      write a consistent copy of the database (server may run)
  morsel restore PATH [--data-dir DIR]     replace the database with a backup (refused while a
                                           server runs on that data dir: stop it first)
  morsel user reset-password EMAIL [--password P] [--data-dir DIR]
                                           set a new password (random if not given) and end sessions
  morsel user list [--data-dir DIR]        accounts: role, state, created, last seen, meal count
  morsel user promote EMAIL [--data-dir DIR]
                                           make an account an admin
                                           (import, import-off and user take --database URL too:
                                           the PostgreSQL database the servers use)
  morsel healthcheck [--port N] [--host H] [--url URL]
                                           exit 0 if the server's /healthz answers 200, else 1
                                           (for Docker's HEALTHCHECK; reads PORT and MORSEL_HOST)
  morsel COMMAND --help                    help for one command
  morsel --version                         print the version

${OPTIONS}

The API is served under /api/v1; /docs shows its OpenAPI description; /healthz answers liveness.
SIGTERM or SIGINT stops the server gracefully: no new connections, in-flight requests finish,
the database is closed.`;

export const COMMAND_HELP: Record<string, string> = {
  import: `morsel import FILE... --format F --user EMAIL [--preview] [--weight-unit kg|lb] [--skip-invalid] [--dietary-energy] [--data-dir DIR]

Imports another tracker's export into the account with that email. F is myfitnesspal (the ZIP of
Export Data), cronometer (servings.csv and biometrics.csv), loseit (the export ZIP) or wger (its
weight CSV). Each entry becomes a meal: the catalogue food with the exported amount where the name,
amount and energy agree, else a quick add with the tracker's energy and macros. Weigh-ins become
weights (a day that already has one keeps it); --weight-unit says their unit where the file does not
(default: the account's). --preview writes nothing and says what would be imported. A file with
rows that cannot be read is refused whole, each listed with file, line and column; with
--skip-invalid the rest imports and those rows are listed. Importing the same files
again changes nothing. Exercise rows become exercises with the file's kcal.

F apple_health: Apple Health's export.zip (Health → your picture → Export All Health Data), read as a
stream: workouts become exercises; steps, active energy and water daily values; body fat; body mass
weigh-ins on days without one. --dietary-energy also brings dietary energy, as a quick add on each day
without meals. F google_fit: Google Takeout's Fit ZIP (its daily summary: steps and weight). One FILE;
dates land on the account's time zone's days; importing again changes nothing.

Runs beside a running server. The web app does the same in Settings → Import. With --database URL
(MORSEL_DATABASE_URL) it imports into that PostgreSQL database instead of the data dir's file.`,
  serve: `morsel serve [options] — start the HTTP API.\n\n${OPTIONS}\n\nSIGTERM/SIGINT: stop accepting, finish in-flight requests (up to 10 s), close the database.`,
  "import-off": `morsel import-off FILE [--data-dir DIR]

Imports an Open Food Facts export into the data dir (or, with --database URL, the PostgreSQL
database the servers use): JSONL (one product per line) or CSV/TSV with a
header row containing "code", plain or gzip (detected from the content). Streams with constant
memory and shows progress on a terminal. Safe to re-run: unchanged products are left alone. Lines
that cannot be used are skipped and listed with their numbers. Runs beside a running server:
products are written in short batches, so the server's own writes go on between them. Exit code 1 if the file could not
be read to its end (e.g. a truncated .gz); the whole lines before that are kept.`,
  backup: `morsel backup PATH [--data-dir DIR]

Writes a consistent copy of the data dir's database to PATH (SQLite VACUUM INTO) while the server
keeps running, then checks the copy's integrity. PATH must not exist. Keep jwt-secret too if you
want sign-ins to survive a move to another machine. With --database (PostgreSQL) it refuses and
says how to use pg_dump, which makes a consistent copy while servers run.`,
  restore: `morsel restore PATH [--data-dir DIR]

Replaces the data dir's database with the backup at PATH, after checking it. Refused, with
nothing changed, while a server runs on that data dir (it holds the data dir's lock): stop the
server first. The replaced database is kept beside it as morsel.db.before-restore-<time>. An older backup
is upgraded to this version's schema. With --database (PostgreSQL) it refuses and says how to use
pg_restore.`,
  user: `morsel user reset-password EMAIL [--password P] [--data-dir DIR]
morsel user list [--data-dir DIR]
morsel user promote EMAIL [--data-dir DIR]

reset-password: for a locked-out self-hoster, sets the account's password (a random one, printed
once, unless --password gives one of 8–128 characters) and ends every session of that account.
list: every account with its role, state (active or disabled), creation, last use and meal count.
promote: makes the account an admin (a second admin, or a new one when the admin is gone).
Each runs beside a running server. --database URL (MORSEL_DATABASE_URL): the accounts in that
PostgreSQL database instead of the data dir's file.`,
  healthcheck: `morsel healthcheck [--port N] [--host H] [--url URL]

Asks the server's GET /healthz and exits 0 when it answers 200 (ready), 1 otherwise, with the
reason on stderr; gives up after 5 seconds. Reads PORT and MORSEL_HOST like serve, so it finds
the server started in the same environment; a server on 0.0.0.0 is asked on 127.0.0.1. --url
names another (http://host:port). Made for Docker's HEALTHCHECK, where curl is not installed.`,
};
