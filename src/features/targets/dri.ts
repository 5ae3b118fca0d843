/**
 * The Dietary Reference Intakes (data/dri.json, built by scripts/build-dri.ts from the NASEM summary
 * tables) and which life-stage group a profile falls in. Pure: no database.
 */
import dri from "../../../data/dri.json";
import { NUTRIENTS } from "../../db/nutrients";

export const DRI_SOURCE = dri.source;
export type Sex = "female" | "male";
export type LifeStage = "pregnancy" | "lactation";

export interface DriBound {
  kind: "RDA" | "AI" | "UL" | "CDRR";
  table: string;
  value: number;
  /** What an upper bound counts: all intake, or only supplements and fortified foods (food is not warned about). */
  applies_to?: "total" | "supplements" | "preformed";
  note?: string;
}

interface Entry {
  minimum?: { kind: string; table: string; values: (number | null)[] };
  maximum?: { kind: string; table: string; scope?: string; note?: string; values: (number | null)[] };
  caveat?: string;
}

const NUTRIENTS_DRI = dri.nutrients as Record<string, Entry>;
const GROUPS: readonly string[] = dri.groups;

/** Catalogue nutrients with a reference value, in the catalogue's order. */
export const REFERENCED_KEYS: readonly string[] = NUTRIENTS.map((n) => n.key).filter((k) => k in NUTRIENTS_DRI);

export const caveatOf = (key: string): string | null => NUTRIENTS_DRI[key]?.caveat ?? null;

/** The profile facts a life-stage group is chosen by. */
export interface GroupInput {
  sex: Sex | null;
  age: number | null;
  life_stage: LifeStage | null;
}

/** With no age, the DRI group of younger adults. */
export const DEFAULT_ADULT_AGE = 19;

function band(age: number): string {
  if (age <= 13) return "9_13";
  if (age <= 18) return "14_18";
  if (age <= 30) return "19_30";
  if (age <= 50) return "31_50";
  if (age <= 70) return "51_70";
  return "71_";
}

/**
 * The group names whose values apply: one group, or, without a sex (and not pregnant or lactating),
 * both sexes' groups of that age: the minimum is then the larger of the two and the maximum the smaller.
 * Pregnancy and lactation groups run 14–50: younger ages take 14–18, older 31–50.
 */
export function groupsFor(p: GroupInput): string[] {
  const age = p.age ?? DEFAULT_ADULT_AGE;
  if (p.life_stage) {
    const b = age <= 18 ? "14_18" : age <= 30 ? "19_30" : "31_50";
    return [`${p.life_stage}_${b}`];
  }
  if (age <= 3) return ["child_1_3"];
  if (age <= 8) return ["child_4_8"];
  const b = band(age);
  return p.sex ? [`${p.sex}_${b}`] : [`female_${b}`, `male_${b}`];
}

function pick(values: (number | null)[], groups: string[], take: (a: number, b: number) => number): number | null {
  let out: number | null = null;
  for (const g of groups) {
    const v = values[GROUPS.indexOf(g)];
    if (v === null || v === undefined) continue;
    out = out === null ? v : take(out, v);
  }
  return out;
}

/** The reference minimum (RDA or AI) and maximum (UL or CDRR) of a nutrient for the groups. */
export function referenceOf(key: string, groups: string[]): { minimum: DriBound | null; maximum: DriBound | null } {
  const e = NUTRIENTS_DRI[key];
  if (!e) return { minimum: null, maximum: null };
  const lo = e.minimum && pick(e.minimum.values, groups, Math.max);
  const hi = e.maximum && pick(e.maximum.values, groups, Math.min);
  return {
    minimum:
      e.minimum && lo !== null && lo !== undefined
        ? { kind: e.minimum.kind as DriBound["kind"], table: e.minimum.table, value: lo }
        : null,
    maximum:
      e.maximum && hi !== null && hi !== undefined
        ? {
            kind: e.maximum.kind as DriBound["kind"],
            table: e.maximum.table,
            value: hi,
            applies_to: (e.maximum.scope ?? "total") as DriBound["applies_to"],
            ...(e.maximum.note ? { note: e.maximum.note } : {}),
          }
        : null,
  };
}
