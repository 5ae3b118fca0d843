#!/usr/bin/env bun
/**
 * The first step of `bun run test`: what the suite needs besides the npm packages, installed when it
 * is missing and this machine can (as root, with Debian's apt-get), else one clear line saying what to
 * install and a non-zero exit. Today that is Chromium for the browser tests (playwright-core drives
 * Debian's `chromium`; CHROMIUM_PATH points elsewhere) and PostgreSQL for the tests of the
 * PostgreSQL backend (Debian's `postgresql`, started here, with a test role that may create
 * databases; MORSEL_TEST_POSTGRES_URL points at another server instead); `--with stress-ng` adds
 * what `bun run test:under-load` needs.
 */
import { existsSync, readdirSync } from "node:fs";
import { ensurePostgres } from "./test-postgres";

interface Need {
  /** What the tests look for. */
  present: () => boolean;
  /** The Debian package that provides it. */
  apt: string;
  why: string;
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const NEEDS: Record<string, Need> = {
  chromium: {
    present: () => existsSync(chromium),
    apt: "chromium",
    why: `the browser tests drive Chromium at ${chromium}`,
  },
  postgresql: {
    // a server elsewhere needs nothing installed here
    present: () => process.env.MORSEL_TEST_POSTGRES_URL !== undefined || postgresVersions().length > 0,
    apt: "postgresql",
    why: "the PostgreSQL backend's tests run against a real server",
  },
  "stress-ng": {
    present: () => Bun.which("stress-ng") !== null,
    apt: "stress-ng",
    why: "test:under-load runs the suite beside a CPU load",
  },
};

/** The PostgreSQL major versions Debian installed (/usr/lib/postgresql/<major>/bin/postgres). */
function postgresVersions(): string[] {
  const root = "/usr/lib/postgresql";
  return existsSync(root) ? readdirSync(root).filter((v) => existsSync(`${root}/${v}/bin/postgres`)) : [];
}

const wanted = ["chromium", "postgresql", ...process.argv.slice(2).filter((_a, i, all) => all[i - 1] === "--with")];
const missing = wanted.map((name) => [name, NEEDS[name]!] as const).filter(([, need]) => !need.present());
if (missing.length) {
  const packages = missing.map(([, need]) => need.apt);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !Bun.which("apt-get")) {
    const how = Bun.which("apt-get")
      ? `sudo apt-get install -y ${packages.join(" ")}`
      : `install ${packages.join(" and ")} with your package manager`;
    console.error(
      `test setup: missing ${packages.join(", ")} (${missing.map(([, n]) => n.why).join("; ")}): run \`${how}\`, then \`bun run test\` again`,
    );
    process.exit(1);
  }
  console.log(
    `test setup: installing ${packages.join(" ")} with apt-get (${missing.map(([, n]) => n.why).join("; ")})`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const cmd of [
    ["apt-get", "update"],
    ["apt-get", "install", "-y", ...packages],
  ]) {
    const r = Bun.spawnSync(cmd, { env, stdin: "ignore", stdout: "ignore", stderr: "inherit" });
    if (r.exitCode !== 0) {
      console.error(
        `test setup: \`${cmd.join(" ")}\` failed (exit ${r.exitCode}); install ${packages.join(" ")} yourself, then run the tests again`,
      );
      process.exit(1);
    }
  }
  const still = missing.filter(([, need]) => !need.present());
  if (still.length) {
    console.error(`test setup: ${still.map(([name]) => name).join(", ")} still missing after apt-get install`);
    process.exit(1);
  }
}

await ensurePostgres(postgresVersions());
