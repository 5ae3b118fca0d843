/**
 * The sync protocol's wire types, cursor format and validators (API.md §Sync). Pure: no HTTP, no
 * database. Format version 1.
 */
import type { ErrorBody, ErrorDetail } from "../../lib/errors";
import type { Entity, Op } from "../../db/change-log";
import { isCalendarDate } from "../../lib/time";

export const PROTOCOL_VERSION = 1;
export const MAX_MUTATIONS = 500;
export const ENTITIES: readonly Entity[] = [
  "meal",
  "food",
  "goals",
  "weight",
  "recipe",
  "day",
  "saved_meal",
  "exercise",
  "daily_value",
  "activity_settings",
  "target_profile",
  "targets",
];
/** Entities with one record per user, whose id is the entity's own name. */
const SINGLETONS: readonly Entity[] = ["goals", "activity_settings", "target_profile", "targets"];
export const OPS: readonly Op[] = ["upsert", "delete"];

export interface Mutation {
  mutation_id: string;
  entity: Entity;
  /** meal: UUID; food, recipe: null to create (the server chooses the id), or an existing one of the caller's; goals, target_profile, targets: the entity's name; weight, day: its date. */
  id: string | number | null;
  op: Op;
  base_version: number | null;
  data: Record<string, unknown> | null;
}

export type Status = "applied" | "duplicate" | "conflict" | "rejected";

export interface MutationResult {
  mutation_id: string;
  status: Status;
  /** The record's version after this mutation (applied), or its current version (conflict). */
  version: number | null;
  /** The record as the server now has it (null when deleted or never existed). */
  current: Record<string, unknown> | null;
  error: ErrorBody["error"] | null;
}

export interface Change {
  entity: Entity;
  id: string | number;
  op: Op;
  version: number;
  data: Record<string, unknown> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Cursors are opaque to clients: "m1." + the last seen version in base 36. */
export function encodeCursor(seq: number): string {
  return `m${PROTOCOL_VERSION}.${seq.toString(36)}`;
}

/** The version a cursor stands for; 0 for "from the beginning"; null if it is not one of ours. */
export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === "") return 0;
  const m = cursor.match(/^m1\.([0-9a-z]{1,11})$/);
  if (!m) return null;
  const n = Number.parseInt(m[1]!, 36);
  return Number.isSafeInteger(n) ? n : null;
}

/** The id as the log keys it, or an error message. */
export function checkId(
  entity: Entity,
  id: unknown,
  op: Op,
): { ok: true; id: string | number | null } | { ok: false; message: string } {
  if (SINGLETONS.includes(entity))
    return id === null || id === undefined || id === entity
      ? { ok: true, id: entity }
      : { ok: false, message: `${entity} has one record per user; use id "${entity}" or null` };
  if (entity === "meal" || entity === "saved_meal" || entity === "exercise")
    return typeof id === "string" && UUID.test(id)
      ? { ok: true, id: id.toLowerCase() }
      : { ok: false, message: `a ${entity.replace("_", " ")} id must be a UUID` };
  if (entity === "daily_value") {
    const [date, metric] = typeof id === "string" ? id.split(":") : [];
    return isCalendarDate(date) && typeof metric === "string" && /^[a-z_]{1,20}$/.test(metric)
      ? { ok: true, id: id as string }
      : { ok: false, message: 'a daily value\'s id is its date and metric, "YYYY-MM-DD:steps"' };
  }
  if (entity === "weight" || entity === "day")
    return isCalendarDate(id) ? { ok: true, id } : { ok: false, message: `a ${entity}'s id is its date, YYYY-MM-DD` };
  if ((id === null || id === undefined) && op === "upsert") return { ok: true, id: null };
  return typeof id === "number" && Number.isInteger(id) && id >= 1_000_000 && id < 2_000_000_000
    ? { ok: true, id }
    : {
        ok: false,
        message: `a ${entity} id must be a custom food id (an integer from 1000000), or null to create one`,
      };
}

/** Shape checks for one mutation; the content of `data` is checked by the feature's service. */
export function checkMutation(
  raw: unknown,
): { ok: true; mutation: Mutation } | { ok: false; mutationId: string | null; details: ErrorDetail[] } {
  const m = (raw ?? {}) as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  const mutationId = typeof m.mutation_id === "string" && UUID.test(m.mutation_id) ? m.mutation_id.toLowerCase() : null;
  if (!mutationId) details.push({ field: "mutation_id", message: "must be a UUID" });
  if (!ENTITIES.includes(m.entity as Entity))
    details.push({ field: "entity", message: `must be one of: ${ENTITIES.join(", ")}` });
  if (!OPS.includes(m.op as Op)) details.push({ field: "op", message: `must be one of: ${OPS.join(", ")}` });
  if (
    !(
      m.base_version === null ||
      m.base_version === undefined ||
      (Number.isSafeInteger(m.base_version) && (m.base_version as number) > 0)
    )
  ) {
    details.push({
      field: "base_version",
      message: "must be a positive integer (the version you last saw) or null (a new record)",
    });
  }
  if (m.op === "upsert" && (m.data === null || typeof m.data !== "object" || Array.isArray(m.data))) {
    details.push({ field: "data", message: "must be an object for an upsert" });
  }
  let id: string | number | null = null;
  if (ENTITIES.includes(m.entity as Entity) && OPS.includes(m.op as Op)) {
    const c = checkId(m.entity as Entity, m.id, m.op as Op);
    if (c.ok) id = c.id;
    else details.push({ field: "id", message: c.message });
  }
  if (details.length) return { ok: false, mutationId, details };
  return {
    ok: true,
    mutation: {
      mutation_id: mutationId!,
      entity: m.entity as Entity,
      id,
      op: m.op as Op,
      base_version: (m.base_version as number | null | undefined) ?? null,
      data: m.op === "upsert" ? (m.data as Record<string, unknown>) : null,
    },
  };
}
