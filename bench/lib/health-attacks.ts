/**
 * bench:responsiveness's cases for the health readers (reliability round 4, marked [57.n] by the
 * finding): Health Auto Export pushes of 120k samples (7 MiB) and of ~32 MiB, and Apple Health ZIPs
 * holding one `<Workout/>` a million times, a million distinct step sources, steps on 300,000 days from
 * the year 1200, and a 96 KiB and a 1 MiB attribute; then a client that hangs up mid-import, with the
 * server's CPU measured after. Each row gives the server's extra RSS at its peak during the job
 * (VmRSS polled every 20 ms, minus the figure before). Also printed: Health Auto Export's per-sample
 * cost read in this process (readHae, the same function the route runs).
 */
import { zipSync } from "fflate";
import { readHae, type HaePayloadT } from "../../src/features/bridges/hae";
import { readHaeBytes } from "../../src/features/bridges/hae-stream";

interface Bench {
  base: string;
  pid: number;
  register: () => Promise<string>;
  measure: (label: string, job: () => Promise<string>) => Promise<void>;
  status: (r: Response | Promise<Response>) => Promise<string>;
}

const statusMb = async (pid: number, field: "VmRSS") =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(await Bun.file(`/proc/${pid}/status`).text())?.[1] ?? 0) / 1024;
/** utime + stime of the process, in clock ticks (1/100 s). */
const cpuTicks = async (pid: number) => {
  const fields = (await Bun.file(`/proc/${pid}/stat`).text()).split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
};

/** The job's answer, with the server's RSS growth at its peak while it ran. */
function peakRss(pid: number, job: () => Promise<string>) {
  return async () => {
    const before = await statusMb(pid, "VmRSS");
    let peak = before;
    let running = true;
    const poll = (async () => {
      while (running) {
        peak = Math.max(peak, await statusMb(pid, "VmRSS"));
        await Bun.sleep(20);
      }
    })();
    try {
      return `${await job()}, RSS +${(peak - before).toFixed(0)} MB at peak (${before.toFixed(0)} before)`;
    } finally {
      running = false;
      await poll;
    }
  };
}

const date = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} +0000`;
const xml = (lines: Iterable<string>) => {
  const parts = ['<?xml version="1.0"?>\n<HealthData locale="en_US">\n'];
  for (const l of lines) parts.push(l, "\n");
  parts.push("</HealthData>\n");
  return new TextEncoder().encode(parts.join(""));
};
const appleZip = (body: Uint8Array) => zipSync({ "apple_health_export/export.xml": body }, { level: 9 });
function* times<T>(n: number, f: (i: number) => T) {
  for (let i = 0; i < n; i++) yield f(i);
}
const steps = (at: string, source: string) =>
  `<Record type="HKQuantityTypeIdentifierStepCount" sourceName="${source}" unit="count" startDate="${at}" endDate="${at}" value="12"/>`;

/** A push of `metrics` metrics of `n` per-minute samples each. */
function push(metrics: string[], n: number): HaePayloadT {
  const from = Date.UTC(2024, 0, 1);
  return {
    data: {
      metrics: metrics.map((name) => ({
        name,
        units: name === "step_count" ? "count" : "kcal",
        data: Array.from({ length: n }, (_, i) => ({ qty: 3, date: date(from + i * 60_000), source: "Watch" })),
      })),
    },
  };
}

export async function healthAttackCases({ base, pid, register, measure, status }: Bench): Promise<void> {
  const token = await register();
  const pat = (await (
    await fetch(`${base}/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench", scopes: ["write"] }),
    })
  ).json()) as { token: string };
  const hae = (body: string) =>
    fetch(`${base}/health/auto-export`, {
      method: "POST",
      headers: { authorization: `Bearer ${pat.token}`, "content-type": "application/json" },
      body,
      timeout: false, // on a loaded box a capped import writes for minutes; fetch's own 5 min would end the bench
    });
  const upload = (bytes: Uint8Array, signal?: AbortSignal) =>
    fetch(`${base}/import/health?format=apple_health`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/zip" },
      body: bytes,
      signal,
      timeout: false,
    });

  const small = push(["step_count"], 120_000);
  const smallBody = JSON.stringify(small);
  await measure(
    `[57.1] Health Auto Export push: step_count, 120k samples (${(smallBody.length / 2 ** 20).toFixed(1)} MiB)`,
    peakRss(pid, () => status(hae(smallBody))),
  );
  const bigBody = JSON.stringify(push(["step_count", "active_energy", "dietary_water"], 180_000));
  await measure(
    `[57.1] Health Auto Export push: 3 metrics × 180k samples (${(bigBody.length / 2 ** 20).toFixed(1)} MiB)`,
    peakRss(pid, () => status(hae(bigBody))),
  );
  const t0 = performance.now();
  await readHae(small, { timezone: "Europe/Berlin", dietaryEnergy: false, now: Date.now(), pause: async () => {} });
  const perSample = ((performance.now() - t0) * 1000) / 120_000;
  console.log(`summary: Health Auto Export readHae per sample (120k, Europe/Berlin) | ${perSample.toFixed(2)} µs`);
  // what the reader thread runs: the push read from its bytes, checks included (hae-stream.ts)
  const bytes = new TextEncoder().encode(smallBody);
  const t1 = performance.now();
  await readHaeBytes(bytes, {
    timezone: "Europe/Berlin",
    dietaryEnergy: false,
    now: Date.now(),
    pause: async () => {},
  });
  const perByte = ((performance.now() - t1) * 1000) / 120_000;
  console.log(
    `summary: Health Auto Export read from its bytes per sample, checks included (120k, Europe/Berlin) | ${perByte.toFixed(2)} µs`,
  );

  const workout = `<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalEnergyBurned="300" totalEnergyBurnedUnit="kcal" startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:30:00 +0000"/>`;
  const cases: [string, () => Uint8Array][] = [
    ["[57.2] one <Workout/> a million times", () => appleZip(xml(times(1_000_000, () => workout)))],
    [
      "[57.3] StepCount from a million distinct sources",
      () => appleZip(xml(times(1_000_000, (i) => steps("2024-01-01 10:00:00 +0000", `src ${i}`)))),
    ],
    [
      "[57.4] StepCount on 300,000 distinct days from the year 1200",
      () => appleZip(xml(times(300_000, (i) => steps(date(Date.UTC(1200, 0, 1 + i, 10)), "iPhone")))),
    ],
    // the largest reads the caps allow (limits.ts): the worst memory an import can take by design
    [
      "[57.2] 49,999 distinct workouts (just under the cap)",
      () =>
        appleZip(
          xml(
            times(49_999, (i) =>
              workout.replaceAll("2024-01-01 10:", date(Date.UTC(2000, 0, 1) + i * 3_600_000).slice(0, 14)),
            ),
          ),
        ),
    ],
    [
      "[57.3] 99,980 source-days (20 sources × 4,999 days, just under the cap)",
      () =>
        appleZip(
          xml(times(99_980, (i) => steps(date(Date.UTC(1990, 0, 1 + Math.floor(i / 20), 10)), `source ${i % 20}`))),
        ),
    ],
    ...[96 * 1024, 1024 * 1024 - 200].map((n): [string, () => Uint8Array] => [
      `[57.7] a record with a ${(n / 1024).toFixed(0)} KiB attribute run`,
      () => appleZip(xml([`<Record type="HKQuantityTypeIdentifierStepCount" ${"a".repeat(n)}/>`])),
    ]),
  ];
  for (const [label, build] of cases) {
    const zip = build();
    await measure(
      `${label} (${(zip.length / 1e6).toFixed(2)} MB ZIP)`,
      peakRss(pid, () => status(upload(zip))),
    );
  }

  // a real-sized import the client abandons: the reader must stop, not keep a core busy
  const heart = xml(
    times(
      2_000_000,
      (i) =>
        `<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="${date(Date.UTC(2020, 0, 1) + i * 60_000)}" value="${60 + (i % 40)}"/>`,
    ),
  );
  const zip = appleZip(heart);
  await measure(`[57.7] a ${(heart.length / 1e6).toFixed(0)} MB export.xml abandoned after 1 s`, async () => {
    const abort = new AbortController();
    const sent = upload(zip, abort.signal).catch(() => null);
    await Bun.sleep(1000);
    abort.abort();
    await sent;
    await Bun.sleep(300); // the hang-up reaches the server
    const a = await cpuTicks(pid);
    await Bun.sleep(2000);
    const used = (await cpuTicks(pid)) - a;
    return `server CPU in the 2 s after the hang-up: ${used * 10} ms (${used / 2}% of a core, the prober included)`;
  });
}
