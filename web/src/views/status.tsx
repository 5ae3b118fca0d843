/** The sync status line, conflicts and refused changes, and the undo toast. */
import { useEffect, useState } from "preact/hooks";
import { toUnit } from "../../../src/features/weights/trend";
import type { Conflict, Problem } from "../store";
import { useApp, useData, type Toast } from "../ui";

export function StatusLine() {
  const { sync } = useApp();
  const [s, setS] = useState(sync.state);
  useEffect(() => sync.subscribe(() => setS(sync.state)), [sync]);
  const waiting = s.pending === 1 ? "1 change waiting" : `${s.pending} changes waiting`;
  let text: string;
  if (!s.online) text = s.pending ? `Offline · ${waiting}` : "Offline";
  else if (s.error) text = s.pending ? `Not synced · ${waiting}` : "Not synced";
  else if (s.pending) text = s.syncing ? `Syncing · ${waiting}` : waiting;
  else if (s.conflicts) text = s.conflicts === 1 ? "1 conflict to resolve" : `${s.conflicts} conflicts to resolve`;
  else if (s.problems) text = s.problems === 1 ? "1 change refused" : `${s.problems} changes refused`;
  else text = "Synced";
  const ok = text === "Synced";
  return (
    <div class="status-wrap">
      <p class={`status ${ok ? "ok" : "warn"}`} role="status" aria-live="polite" title={s.error ?? text}>
        {text}
      </p>
    </div>
  );
}

export function Issues() {
  const app = useApp();
  const data = useData(
    async () => ({ conflicts: await app.db.getAll("conflicts"), problems: await app.db.getAll("problems") }),
    [],
  );
  const [s, setS] = useState(app.sync.state);
  useEffect(() => app.sync.subscribe(() => setS(app.sync.state)), [app.sync]);
  const conflicts = data?.conflicts ?? [];
  const problems = data?.problems ?? [];
  // below the header, which at 360 px has room for the status and four tabs but not a button
  const retry = (!s.online || s.error) && s.pending > 0 && !s.syncing && (
    <button type="button" class="retry" onClick={() => void app.sync.run()}>
      Retry now
    </button>
  );
  return (
    <>
      {s.error && (
        <p class="error" role="alert">
          {s.error} {s.error.includes("sign in") && <a href="#/settings">Settings</a>} {retry}
        </p>
      )}
      {!s.error && retry && (
        <p class="notice waiting">
          {s.pending === 1 ? "1 change is" : `${s.pending} changes are`} kept on this device until the server can be
          reached. {retry}
        </p>
      )}
      {conflicts.map((c) => (
        <ConflictCard key={c.key} c={c} />
      ))}
      {problems.map((p) => (
        <ProblemCard key={p.mutation_id} p={p} />
      ))}
    </>
  );
}

function describe(r: Record<string, unknown> | null, unit: "kg" | "lb"): string {
  if (!r) return "deleted";
  // a weigh-in: in the account's unit, as everywhere else
  if (typeof r.kg === "number" && r.quantity === undefined)
    return `${toUnit(r.kg, unit)} ${unit}${typeof r.note === "string" && r.note ? `, ${r.note}` : ""}`;
  if (r.quantity !== undefined) {
    const portion = r.portion as { name: string } | null;
    const n = r.nutrients as { energy_kcal?: number | null } | undefined;
    return `${r.quantity}${portion ? ` × ${portion.name}` : " g"}, ${String(r.meal_type)}${n?.energy_kcal != null ? `, ${n.energy_kcal} kcal` : ""}`;
  }
  return Object.entries(r)
    .filter(([, v]) => v !== null && typeof v !== "object")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`)
    .join(", ");
}

function ConflictCard({ c }: { c: Conflict }) {
  const app = useApp();
  const title = `conflict-${c.key}`;
  return (
    <section class="conflict" role="alert" aria-labelledby={title}>
      <h2 id={title}>Changed on another device: {c.label}</h2>
      <p>
        This device: <strong>{describe(c.mine, app.user.weight_unit ?? "kg")}</strong>
        <br />
        Other device: <strong>{describe(c.theirs, app.user.weight_unit ?? "kg")}</strong>
      </p>
      <div class="actions">
        <button type="button" onClick={() => void app.local.resolve(c, "mine")}>
          Keep this device's version
        </button>
        <button type="button" onClick={() => void app.local.resolve(c, "theirs")}>
          Keep the other version
        </button>
      </div>
    </section>
  );
}

function ProblemCard({ p }: { p: Problem }) {
  const app = useApp();
  return (
    <div class="problem" role="alert">
      <p>{p.text}</p>
      <button
        type="button"
        onClick={async () => {
          await app.db.delete("problems", p.mutation_id);
          app.sync.changed();
        }}
      >
        Dismiss
      </button>
    </div>
  );
}

export function ToastBar({ toast, onClose }: { toast: Toast | null; onClose: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(onClose, 8000);
    return () => clearTimeout(t);
  }, [toast]);
  if (!toast) return null;
  return (
    <div class="toast" aria-live="polite">
      <span>{toast.text}</span>
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            toast.action!.run();
            onClose();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
