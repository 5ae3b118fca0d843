/**
 * A tracker's step counts (MyFitnessPal's calorie-adjustment rows, others.ts) as the day's `steps` daily value,
 * `source` the tracker, through the daily-values service with its checks. A day holds one count: the file's
 * largest that day (MyFitnessPal adds a row each time the phone's count grows). A day whose steps came from
 * elsewhere (typed in, a watch) keeps them, as a day with a weigh-in keeps it; importing again changes nothing.
 */
import type { Ctx } from "../../../context";
import type { Store } from "../../../db/store";
import { addDays } from "../../../lib/time";
import { exportDailyValues, setDailyValue } from "../../daily-values/service";
import type { Skip, TrackerSteps } from "./entries";
import type { TrackerFormat } from "./formats";

/** One count a day, the largest; a day out of 1970..tomorrow is a skip (file and line). */
export function convertSteps(rows: TrackerSteps[], today: string): { days: Map<string, number>; skipped: Skip[] } {
  const days = new Map<string, number>();
  const skipped: Skip[] = [];
  for (const s of rows) {
    if (s.date > addDays(today, 1) || s.date < "1970-01-01") {
      skipped.push({
        file: s.file,
        line: s.line,
        column: null,
        message: `the steps' date ${s.date} is in the future or before 1970`,
      });
      continue;
    }
    days.set(s.date, Math.max(days.get(s.date) ?? 0, s.steps));
  }
  return { days, skipped };
}

/** Writes each day's steps (one short transaction each, paced); a preview writes nothing and counts the same. */
export async function writeSteps(
  store: Store,
  ctx: Ctx,
  days: Map<string, number>,
  format: TrackerFormat,
  pause: () => Promise<void>,
  preview = false,
): Promise<{ added: number; unchanged: number }> {
  const out = { added: 0, unchanged: 0 };
  if (!days.size) return out;
  const stored = new Map(
    (await store.run(exportDailyValues(ctx))).filter((v) => v.metric === "steps").map((v) => [v.date, v]),
  );
  for (const [date, value] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
    await pause();
    const was = stored.get(date);
    if (was && (was.source !== format || was.value === value)) out.unchanged++;
    else if (preview) out.added++;
    else {
      const r = await store.run(setDailyValue({ ctx, date, metric: "steps", input: { value, source: format } }));
      out[r.changed ? "added" : "unchanged"]++;
    }
  }
  return out;
}
