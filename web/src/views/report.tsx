/**
 * `Report`: a week or a month (30 days) of the average per day against each target and goal (GET /report):
 * only days that count (complete ones; today once it is over or marked complete), how many foods each
 * average is from, the three nutrients furthest below target with the foods richest in each per 100 kcal,
 * printable (the print stylesheet leaves the app's chrome out) and exported as CSV (GET /report/csv). The
 * report is the server's (its suggestions need the catalogue); offline the last one read for the range is shown.
 */
import { useEffect, useState } from "preact/hooks";
import { isOffline, message } from "../api";
import { fetchReport, reportCsv } from "../stats";
import { getMeta, setMeta } from "../store";
import { addDays, dateIn, ErrorText, shortDay, useApp } from "../ui";
import { ReportBody, type Report } from "./report-parts";

export type Period = "week" | "month";
const DAYS: Record<Period, number> = { week: 7, month: 30 };

export const reportHash = (period: Period, to: string) => `#/report/${period}/${to}`;

export function ReportView({ period, to }: { period: Period; to: string | null }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const last = to ?? today;
  const from = addDays(last, 1 - DAYS[period]);
  const query = `from=${from}&to=${last}`;
  const [report, setReport] = useState<Report | null>(null);
  const [stale, setStale] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const key = `report:${query}`;
    fetchReport(from, last).then(
      async (r) => {
        if (!live) return;
        setReport(r);
        setStale(false);
        await setMeta(app.db, key, r);
      },
      async (e) => {
        if (!live) return;
        const kept = await getMeta<Report>(app.db, key);
        if (kept) {
          setReport(kept);
          setStale(true);
        } else setError(isOffline(e) ? "The report needs the server; it is not reachable now." : message(e));
      },
    );
    return () => {
      live = false;
    };
  }, [query, app.version]);

  async function exportCsv() {
    setError(null);
    try {
      const blob = await reportCsv(from, last);
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `morsel-report-${from}-${last}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (e) {
      setError(message(e));
    }
  }

  const step = (dir: -1 | 1) => app.go(reportHash(period, addDays(last, dir * DAYS[period])));
  return (
    <main class="report">
      <header class="day-head">
        <button type="button" class="icon no-print" aria-label="Earlier" onClick={() => step(-1)}>
          ‹
        </button>
        <h1>
          {period === "week" ? "Week" : "Month"} report: {shortDay(from)} to {shortDay(last)}
        </h1>
        <button type="button" class="icon no-print" aria-label="Later" onClick={() => step(1)}>
          ›
        </button>
      </header>
      <div class="report-tools no-print">
        <label>
          Period
          <select onChange={(e) => app.go(reportHash((e.target as HTMLSelectElement).value as Period, last))}>
            <option value="week" selected={period === "week"}>
              Week (7 days)
            </option>
            <option value="month" selected={period === "month"}>
              Month (30 days)
            </option>
          </select>
        </label>
        <div class="actions">
          <button type="button" onClick={() => print()}>
            Print
          </button>
          <button type="button" onClick={() => void exportCsv()}>
            Export CSV
          </button>
        </div>
      </div>
      <ErrorText error={error} focus={false} />
      {stale && <p class="notice">Offline: this is the report as it was last read.</p>}
      {report ? <ReportBody report={report} /> : !error && <p aria-busy="true">Reading the report…</p>}
    </main>
  );
}
