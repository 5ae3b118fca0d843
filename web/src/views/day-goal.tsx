/**
 * The goal at the top of today's day view: `Set your goal` while the account has no energy goal (and has not said
 * `Not now`), and, once the expenditure estimate (GET /stats/expenditure) has enough days and puts the goal for the
 * person's chosen rate 50 kcal or more away from today's, `Use the estimate`: one tap sets it as Week → Expenditure
 * does (apply-rate.ts), with the reason said beside it.
 */
import { useEffect, useState } from "preact/hooks";
import type { Schemas } from "../api-data";
import { fetchExpenditure } from "../stats";
import { chosenRate, goalStepDue } from "../goal-step";
import { goalsFor, type GoalsRecord } from "../goals";
import { getMeta } from "../store";
import { kcal, useApp, useData } from "../ui";
import { applyRate } from "./apply-rate";
import { GoalStep } from "./goal-step";

type Expenditure = Schemas["Expenditure"];
/** Closer than this to the goal, the estimate is no reason to move it (it rounds to 10 kcal and moves daily). */
const WORTH_KCAL = 50;

export function DayGoal({ today }: { today: string }) {
  const app = useApp();
  const [closed, setClosed] = useState(false);
  // the first pull says whether the account has goals already (a pull with no changes touches no data)
  const [pulled, setPulled] = useState(app.sync.state.pulled);
  useEffect(() => app.sync.subscribe(() => setPulled(app.sync.state.pulled)), [app.sync]);
  const due = useData(() => goalStepDue(app.db, today, pulled), [today, pulled]);
  if (closed) return null;
  if (due) return <GoalStep today={today} onDone={() => setClosed(true)} />;
  return due === false ? <UseEstimate today={today} /> : null;
}

function UseEstimate({ today }: { today: string }) {
  const app = useApp();
  const [e, setE] = useState<Expenditure | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const known = useData(async () => {
    const record = (await getMeta<{ goals: GoalsRecord | null }>(app.db, "goals"))?.goals ?? null;
    return { record, goal: goalsFor(record, today)?.energy_kcal ?? null, rate: await chosenRate(app.db) };
  }, [today]);
  const hasGoal = known !== undefined && known.goal !== null;
  useEffect(() => {
    if (!hasGoal) return; // nothing to move: the server is not asked
    let live = true;
    fetchExpenditure(today).then(
      (r) => live && setE(r),
      () => {}, // offline: nothing to offer until the server can be asked
    );
    return () => {
      live = false;
    };
  }, [today, hasGoal, app.sync.state.online]);
  if (note)
    return (
      <p class="notice" aria-live="polite">
        {note}
      </p>
    );
  if (!e?.enough_data || !known || known.goal === null || e.expenditure_kcal === null) return null;
  // the suggestion for the rate the person chose (the nearest offered), else keeping the weight
  const s = [...e.suggestions].sort(
    (a, b) => Math.abs(a.rate_per_week - known.rate) - Math.abs(b.rate_per_week - known.rate),
  )[0];
  if (!s || Math.abs(s.energy_kcal - known.goal) < WORTH_KCAL) return null;
  const aim =
    s.rate_per_week === 0
      ? "to keep your weight"
      : `to ${s.rate_per_week < 0 ? "lose" : "gain"} ${Math.abs(s.rate_per_week)} ${e.weight_unit} a week`;
  const label = s.rate_per_week === 0 ? "Keep your weight" : aim.replace(/^to /, "");
  async function use() {
    setNote(
      await applyRate(app.local, known!.record, s!.energy_kcal, label, { keepShape: true, fitMacros: true }, today),
    );
  }
  return (
    <section class="group use-estimate" aria-labelledby="use-estimate-title">
      <h2 id="use-estimate-title">Your goal and what you burn</h2>
      <p>
        Your {e.days_used} logged days and your weigh-ins put what you burn at about {kcal(e.expenditure_kcal)} kcal a
        day. {aim.charAt(0).toUpperCase() + aim.slice(1)}, that means about {kcal(s.energy_kcal)} kcal a day; your goal
        is {kcal(known.goal)} kcal.
      </p>
      <button type="button" class="primary" onClick={() => void use()}>
        Use the estimate
      </button>
    </section>
  );
}
