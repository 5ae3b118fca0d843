/**
 * One nutrient against its target: a progressbar named by the nutrient whose value is the % of its target (the
 * minimum, the RDA or AI, or the person's own; a nutrient with only an upper bound is measured against that),
 * the target and upper-limit marks on its track, a clear mark over an upper limit that counts food, and how many
 * of the day's entries the amount is from. Nothing known is said as such, never drawn as zero.
 */
import type { Amount } from "../day-amounts";
import { nutrientName } from "../nutrient-names";
import type { TargetItem } from "../targets";
import { grams } from "../ui";

export const unitText = (u: string) => (u === "ug" ? "µg" : u);
const fmt = (v: number, unit: string) => (unit === "g" ? grams(v) : String(Math.round(v * 10) / 10));

/** The % of `item`'s target that `value` is (null: no target to measure against). */
export function percentOf(item: Pick<TargetItem, "minimum" | "maximum">, value: number): number | null {
  const target = item.minimum ?? item.maximum;
  return target ? (100 * value) / target : null;
}

/** Over an upper limit that counts food (a supplements-only UL is never a warning about food). */
export const overLimit = (item: TargetItem, value: number) =>
  item.maximum !== null && (item.maximum_applies_to ?? "total") === "total" && value > item.maximum;

export function NutrientBar({ item, amount }: { item: TargetItem; amount: Amount }) {
  const unit = unitText(item.unit);
  const name = nutrientName(item.key, item.name);
  const none = amount.known === 0;
  const pct = none ? null : percentOf(item, amount.value);
  const over = !none && overLimit(item, amount.value);
  const partial = !none && amount.known < amount.of;
  const target = item.minimum ?? item.maximum;
  // where the upper bound sits on the track (at 100 % when it is the only bound)
  // (a supplements-only or retinol-only UL is no limit on food: not drawn)
  const counts = (item.maximum_applies_to ?? "total") === "total";
  const limitPct = item.maximum === null || !counts ? null : item.minimum ? (100 * item.maximum) / item.minimum : 100;
  // the track runs to the larger of the target, the upper limit and the amount, at most 3× the target
  const scale = Math.min(300, Math.max(100, limitPct ?? 0, pct ?? 0));
  const at = (p: number) => `${(100 * Math.min(p, scale)) / scale}%`;
  const targetText = target === null ? "" : `${fmt(target, item.unit)} ${unit}`;
  const from = partial ? `, from ${amount.known} of ${amount.of} foods` : "";
  const valueText = none
    ? `not known: ${amount.of === 1 ? "the one food does not say" : `none of the ${amount.of} foods says`} how much`
    : `${Math.round(pct ?? 0)} % of ${targetText}${item.minimum === null ? " (upper limit)" : ""}: ${fmt(amount.value, item.unit)} ${unit}${from}${over ? ", over the upper limit" : ""}`;
  return (
    <li class={`nbar${over ? " over" : ""}${partial ? " partial" : ""}${none ? " unknown" : ""}`}>
      <div class="nbar-head">
        <span class="nbar-name">{name}</span>
        <span class="nbar-value">
          {none ? (
            "not known"
          ) : (
            <>
              {fmt(amount.value, item.unit)} / {targetText} · <strong>{Math.round(pct ?? 0)} %</strong>
            </>
          )}
        </span>
      </div>
      <div
        class="ntrack"
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={Math.max(100, Math.round(pct ?? 0))}
        aria-valuenow={pct === null ? undefined : Math.round(pct)}
        aria-valuetext={valueText}
      >
        {pct !== null && (
          <span
            class="nfill"
            ref={(el) => {
              if (el) el.style.width = at(pct);
            }}
          />
        )}
        {item.minimum !== null && (
          <span
            class="nmark target"
            ref={(el) => {
              if (el) el.style.left = at(100);
            }}
          />
        )}
        {limitPct !== null && limitPct <= scale && (
          <span
            class="nmark limit"
            ref={(el) => {
              if (el) el.style.left = at(limitPct);
            }}
          />
        )}
      </div>
      {(over || partial || none) && (
        <p class="nbar-note">
          {over && (
            <span class="over-text">
              <span aria-hidden="true">▲ </span>Over the upper limit of {fmt(item.maximum!, item.unit)} {unit}.{" "}
            </span>
          )}
          {partial && `From ${amount.known} of ${amount.of} foods.`}
          {none &&
            `Not known: ${amount.of === 1 ? "the one entry does not say" : `none of the ${amount.of} entries says`}.`}
        </p>
      )}
    </li>
  );
}
