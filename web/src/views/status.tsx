/** The sync status line, conflicts and refused changes, and the undo toast. */
import { type WeightUnit, weightText } from "../weight-units";
import { useEffect, useRef, useState } from "preact/hooks";
import { countOf, gramWords } from "../amount-words";
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
  // "Synced" only once this load has pulled: before, another device's changes may not be here yet
  else if (!s.pulled) text = "Syncing…";
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
      {problems.length > 0 && <Refusals problems={problems} />}
    </>
  );
}

function describe(r: Record<string, unknown> | null, unit: WeightUnit): string {
  if (!r) return "deleted";
  // a weigh-in: in the account's unit, as everywhere else
  if (typeof r.kg === "number" && r.quantity === undefined)
    return `${weightText(r.kg, unit)}${typeof r.note === "string" && r.note ? `, ${r.note}` : ""}`;
  if (r.quantity !== undefined) {
    const portion = r.portion as { name: string } | null;
    const n = r.nutrients as { energy_kcal?: number | null } | undefined;
    const amount = portion ? countOf(Number(r.quantity), portion.name) : `${gramWords(Number(r.quantity))} g`;
    return `${amount}, ${String(r.meal_type)}${n?.energy_kcal != null ? `, ${n.energy_kcal} kcal` : ""}`;
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

/** How many refused changes show before the rest fold under "N more". */
const REFUSALS_SHOWN = 2;

/**
 * Changes the server refused, compact: a line each with `Dismiss`, the first two open and the rest folded, and
 * `Dismiss all` (full-width cards, one per refusal, pushed the day down a screen).
 */
function Refusals({ problems }: { problems: Problem[] }) {
  const app = useApp();
  const dismiss = async (ps: Problem[]) => {
    for (const p of ps) await app.db.delete("problems", p.mutation_id);
    app.sync.changed();
  };
  const rest = problems.slice(REFUSALS_SHOWN);
  return (
    <div class="refusals">
      {problems.slice(0, REFUSALS_SHOWN).map((p) => (
        <ProblemCard key={p.mutation_id} p={p} onDismiss={() => void dismiss([p])} />
      ))}
      {problems.length > 1 && (
        <div class="refusals-foot">
          {rest.length > 0 && (
            <details>
              <summary>
                {rest.length} more refused {rest.length === 1 ? "change" : "changes"}
              </summary>
              {rest.map((p) => (
                <ProblemCard key={p.mutation_id} p={p} onDismiss={() => void dismiss([p])} />
              ))}
            </details>
          )}
          <button type="button" class="dismiss-all" onClick={() => void dismiss(problems)}>
            Dismiss all
          </button>
        </div>
      )}
    </div>
  );
}

function ProblemCard({ p, onDismiss }: { p: Problem; onDismiss: () => void }) {
  return (
    <div class="problem" role="alert">
      <p>{p.text}</p>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * The undo toast: over the page's foot for 8 s, but never over a form. When a form lies under it (a Quick add opened,
 * a page scrolled to its form), it moves to the top, and when a form lies there too it goes; working in a form
 * (a field focused) closes it. A new view clears it (main.tsx): it covered Edit's Time and Note.
 */
export function ToastBar({ toast, onClose }: { toast: Toast | null; onClose: () => void }) {
  const bar = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(false);
  useEffect(() => {
    if (!toast) return;
    setTop(false);
    const t = setTimeout(onClose, 8000);
    const inForm = (e: FocusEvent) => {
      const el = e.target as Element | null;
      if (el?.closest?.("form") && !el.closest(".toast")) onClose();
    };
    // layout moves without an event to hang this on (a form opening in place), so look a few times a second
    const look = setInterval(() => {
      const el = bar.current;
      if (!el || !coversForm(el)) return;
      if (el.classList.contains("top")) onClose();
      else setTop(true);
    }, 150);
    addEventListener("focusin", inForm);
    return () => {
      clearTimeout(t);
      clearInterval(look);
      removeEventListener("focusin", inForm);
    };
  }, [toast]);
  if (!toast) return null;
  return (
    <div
      class={top ? "toast top" : "toast"}
      aria-live="polite"
      ref={bar}
      style={top ? { top: `${underHeaders()}px` } : undefined}
    >
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

/** Whether the toast lies over any part of a form on the screen. */
/** Just below the sticky headers (the app's and the day's), so a toast at the top is never half under them. */
function underHeaders(): number {
  let bottom = 0;
  for (const h of document.querySelectorAll("header.top, .day-head")) {
    const pos = getComputedStyle(h).position;
    if (pos === "sticky" || pos === "fixed") bottom = Math.max(bottom, h.getBoundingClientRect().bottom);
  }
  return Math.round(bottom) + 8;
}

function coversForm(el: Element): boolean {
  const a = el.getBoundingClientRect();
  for (const f of document.querySelectorAll("form")) {
    const b = f.getBoundingClientRect();
    if (b.width && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return true;
  }
  return false;
}
