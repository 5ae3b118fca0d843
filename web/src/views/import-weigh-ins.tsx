/**
 * The weigh-ins of an import preview (the API's `weigh_ins`): each with its value as the file has it and the unit
 * it is read in, and the combobox `Weigh-ins are in` to read the file's bare numbers as kg or lb before importing.
 * A pound account's 176.2 read as kg would be kept as 176.2 kg (388 lb).
 */
import { numberUnit, weightText } from "../weight-units";
import type { Schemas } from "../api-data";
import { useApp } from "../ui";

/** One of a tracker import's weigh-ins as the answer lists them (ImportSummary.weigh_ins). */
export type WeighInRow = NonNullable<Schemas["ImportSummary"]["weigh_ins"]>[number];

const SHOWN = 10;

export function WeighInsPreview({
  rows,
  count,
  unit,
  busy,
  onUnit,
}: {
  rows: WeighInRow[];
  count: number;
  unit: "kg" | "lb";
  busy: boolean;
  onUnit: (u: "kg" | "lb") => void;
}) {
  const account = useApp().user.weight_unit ?? "kg";
  const mine = numberUnit(account);
  if (!rows.length) return null;
  const unstated = rows.some((r) => !r.unit_stated);
  // then show each in the account's unit too (stones and pounds always: a file's lb are not how it reads them)
  const other = account === "st" || rows.some((r) => r.unit !== mine);
  const shown = rows.slice(0, SHOWN);
  return (
    <div class="weigh-ins-preview">
      <h3>Weigh-ins</h3>
      {unstated ? (
        <label>
          Weigh-ins are in
          <select
            name="weight_unit"
            disabled={busy}
            onChange={(e) => onUnit((e.currentTarget as HTMLSelectElement).value as "kg" | "lb")}
          >
            <option value="kg" selected={unit === "kg"}>
              kg
            </option>
            <option value="lb" selected={unit === "lb"}>
              lb
            </option>
          </select>
        </label>
      ) : (
        <p class="muted">The file says which unit each weigh-in is in.</p>
      )}
      {unstated && (
        <p class="muted">
          The file does not say whether these are kilograms or pounds: check the numbers below, and change the unit if
          they look wrong.
        </p>
      )}
      <table class="weights">
        <caption class="sr">Weigh-ins to import, as read</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">In the file</th>
            {other && <th scope="col">Kept as</th>}
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.date}>
              <th scope="row">{r.date}</th>
              <td>
                {r.value} {r.unit}
              </td>
              {other && <td>{weightText(r.kg, account)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {count > shown.length && <p class="muted">and {count - shown.length} more.</p>}
    </div>
  );
}
