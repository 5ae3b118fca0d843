/**
 * One nutrient against its target: a progressbar named by the nutrient whose value is the % of its target (the
 * minimum, the RDA or AI, or the person's own; a nutrient with only an upper bound is measured against that).
 * The % and the status are the server's (targets/assess.ts): the day's total to 0.01, the % to 0.1, shown to a
 * whole % half away from zero, so the bar says what GET /report/day says. The track's marked point is the
 * target (at two thirds of its width), so the fill is the % of the target and anything over it runs beyond the
 * mark, up to 150 %; the upper limit is marked where it falls on that scale and said in the text whenever there
 * is one. The text shown is the progressbar's value text, word for word.
 */
import { assess, percentOf, roundHalfAway, totalOf } from "../../../src/features/targets/assess";
import type { Amount } from "../day-amounts";
import { nutrientName } from "../nutrient-names";
import type { TargetItem } from "../targets";
import { grams } from "../ui";

export const unitText = (u: string) => (u === "ug" ? "µg" : u);
const fmt = (v: number, unit: string) => (unit === "g" ? grams(v) : String(Math.round(v * 10) / 10));
/** The % of the track's width the target sits at: fills up to 150 % of the target. */
const TARGET_AT = 100 / 1.5;

/** The % of `item`'s target (its minimum, else its maximum) that `value` is, to a whole % (null: no target). */
export function wholePercentOf(item: Pick<TargetItem, "minimum" | "maximum">, value: number): number | null {
  const p = percentOf(item.minimum ?? item.maximum, value);
  return p === null ? null : roundHalfAway(p);
}

/** What the bar says, shown and as its value text (the same words). */
export function barText(item: TargetItem, amount: Amount): string {
  const unit = unitText(item.unit);
  if (amount.known === 0)
    return `not known: ${amount.of === 1 ? "the one food does not say" : `none of the ${amount.of} foods says`} how much`;
  const total = totalOf(amount.value);
  const target = item.minimum ?? item.maximum;
  const counts = (item.maximum_applies_to ?? "total") === "total";
  const scope = counts ? "" : item.maximum_applies_to === "supplements" ? ", supplements only" : ", retinol only";
  const limit =
    item.maximum === null || item.minimum === null
      ? ""
      : ` (upper limit ${fmt(item.maximum, item.unit)} ${unit}${scope})`;
  const over = assess(item, total).status === "above";
  const from = amount.known < amount.of ? `, from ${amount.known} of ${amount.of} foods` : "";
  return `${wholePercentOf(item, total)} % of ${target === null ? "" : `${fmt(target, item.unit)} ${unit}`}${item.minimum === null ? " (upper limit)" : limit}: ${fmt(total, item.unit)} ${unit}${from}${over ? ", over the upper limit" : ""}`;
}

export function NutrientBar({ item, amount }: { item: TargetItem; amount: Amount }) {
  const name = nutrientName(item.key, item.name);
  const none = amount.known === 0;
  const pct = none ? null : wholePercentOf(item, amount.value);
  const over = !none && assess(item, totalOf(amount.value)).status === "above";
  const partial = !none && amount.known < amount.of;
  const counts = (item.maximum_applies_to ?? "total") === "total";
  // the upper limit in % of the target (a supplements-only or retinol-only UL is no limit on food: not drawn)
  const limitPct = item.maximum === null || !counts ? null : item.minimum ? (100 * item.maximum) / item.minimum : 100;
  const at = (p: number) => `${Math.min(100, (p * TARGET_AT) / 100)}%`;
  const text = barText(item, amount);
  return (
    <li class={`nbar${over ? " over" : ""}${partial ? " partial" : ""}${none ? " unknown" : ""}`}>
      <div class="nbar-head">
        <span class="nbar-name">{name}</span>
        <span class="nbar-value">{over ? <strong class="over-text">{text}</strong> : text}</span>
      </div>
      <div
        class="ntrack"
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={Math.max(100, pct ?? 0)}
        aria-valuenow={pct ?? undefined}
        aria-valuetext={text}
      >
        {pct !== null && (
          <span
            class="nfill"
            ref={(el) => {
              if (el) el.style.width = at(pct);
            }}
          />
        )}
        <span
          class="nmark target"
          ref={(el) => {
            if (el) el.style.left = at(100);
          }}
        />
        {limitPct !== null && limitPct <= 150 && limitPct !== 100 && (
          <span
            class="nmark limit"
            ref={(el) => {
              if (el) el.style.left = at(limitPct);
            }}
          />
        )}
      </div>
    </li>
  );
}

/** What the marks on the bars mean, once above them. */
export const BarLegend = () => (
  <p class="muted nlegend">
    <span class="nmark-key target" aria-hidden="true" /> target (the fill past it is over 100 %) ·{" "}
    <span class="nmark-key limit" aria-hidden="true" /> upper limit, where it is under 150 % of the target
  </p>
);
