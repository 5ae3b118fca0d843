/**
 * Pull and push (API.md §Sync). A push applies its whole batch in one transaction, each mutation
 * in its own savepoint, through the same services REST uses, so validation and the change log are
 * the same whichever way a write arrives. Ownership comes from the token only.
 */
import type { Ctx } from "../../context";
import { isTransient, tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { HANDLERS } from "./entities";
import type { LogRow } from "../../db/change-log";
import {
  checkMutation,
  decodeCursor,
  encodeCursor,
  MAX_MUTATIONS,
  type Change,
  type Mutation,
  type MutationResult,
} from "./protocol";

/** Logs an unexpected error of one mutation (the mutation is rejected, the batch goes on). */
function onBug(ctx: Ctx, error: unknown, m: Mutation): void {
  ctx.deps.logger.error("sync mutation failed unexpectedly", {
    entity: m.entity,
    op: m.op,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
}

function toChange(row: LogRow): Change {
  return {
    entity: row.entity,
    id: row.entity === "food" || row.entity === "recipe" ? Number(row.entity_id) : row.entity_id,
    op: row.op,
    version: row.seq,
    data: row.data === null ? null : (JSON.parse(row.data) as Record<string, unknown>),
  };
}

/** GET /sync/changes */
export function* pullChanges({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { cursor?: string; limit?: number };
}): Q<{ changes: Change[]; next_cursor: string; has_more: boolean }> {
  const after = decodeCursor(input.cursor);
  if (after === null) {
    throw new AppError(
      "validation_failed",
      "cursor is not one this server gave out; start again with an empty cursor",
      [{ field: "cursor", message: "is not a cursor from this server" }],
    );
  }
  yield* ctx.log.purgeTombstones(ctx.userId, ctx.now, ctx.deps.tombstoneDays);
  if (input.cursor && after < (yield* ctx.log.purgedThrough(ctx.userId))) {
    throw new AppError(
      "cursor_expired",
      "this cursor is older than the kept history of deletions; pull again from an empty cursor",
    );
  }
  const { page, more } = yield* pageAfter(ctx, after, input.limit ?? 500);
  return {
    changes: page.map(toChange),
    next_cursor: encodeCursor(page.length ? page.at(-1)!.seq : after),
    has_more: more,
  };
}

/** A pull page ends once its changes' data pass this many bytes (it always has at least one). */
export const PAGE_BYTES = 1 << 20;
/** Log rows read per query while filling a page. */
const CHUNK = 100;

/**
 * Up to `limit` changes after `after`, ending early once their data pass PAGE_BYTES: a page of 1,000
 * recipes of 100 ingredients was 4.6 MB, parsed and written in one stretch of 0.2–0.7 s that held
 * every other request. Rows are read CHUNK at a time, so a page past its bytes stops reading too.
 * `more`: whether a change follows the page (the cursor stays the last change's version either way).
 */
function* pageAfter(ctx: Ctx, after: number, limit: number): Q<{ page: LogRow[]; more: boolean }> {
  const page: LogRow[] = [];
  let bytes = 0;
  for (let from = after; ; ) {
    const want = Math.min(CHUNK, limit - page.length + 1); // +1: one past the limit tells whether more follow
    const chunk = yield* ctx.log.changesAfter(ctx.userId, from, want);
    for (const r of chunk) {
      if (page.length >= limit || bytes >= PAGE_BYTES) return { page, more: true };
      page.push(r);
      bytes += (r.data?.length ?? 0) + 100; // about what the entry's other fields add
    }
    if (chunk.length < want) return { page, more: false };
    from = chunk.at(-1)!.seq;
  }
}

const errorOf = (e: AppError) => e.body().error;

function* current(
  ctx: Ctx,
  m: Mutation,
  id: string | number,
): Q<{ version: number | null; data: Record<string, unknown> | null; live: boolean }> {
  const found = yield* ctx.log.current(ctx.userId, m.entity, id);
  if (!found) return { version: null, data: null, live: false };
  return {
    version: found.seq,
    data: found.data === null ? null : JSON.parse(found.data),
    live: found.op === "upsert",
  };
}

function* applyOne(ctx: Ctx, m: Mutation): Q<MutationResult> {
  const base = { mutation_id: m.mutation_id, error: null };
  if (m.id !== null && (yield* HANDLERS[m.entity].takenByOther(ctx, m.id))) {
    const e = new AppError("id_conflict", `${m.entity} id ${m.id} is not available; create the record with a new id`);
    return { ...base, status: "rejected", version: null, current: null, error: errorOf(e) };
  }
  const cur = m.id === null ? { version: null, data: null, live: false } : yield* current(ctx, m, m.id);
  if (m.op === "delete" && !cur.live) return { ...base, status: "applied", version: cur.version, current: null }; // already gone
  // The client's edit must build on the version the server has; otherwise report, never overwrite.
  const baseMatches = cur.live
    ? m.base_version === cur.version
    : m.base_version === null || m.base_version === cur.version;
  if (!baseMatches) return { ...base, status: "conflict", version: cur.version, current: cur.data };
  try {
    const id = yield* tx(() => HANDLERS[m.entity].write(ctx, m, m.id, cur.live));
    const after = yield* current(ctx, m, id);
    return { ...base, status: "applied", version: after.version, current: after.data };
  } catch (e) {
    if (isTransient(e)) throw e; // busy or I/O: the whole push fails with a 5xx and the client retries
    // Anything else is this mutation's fault, or our bug: its savepoint is rolled back, it is
    // rejected, and the rest of the batch goes on. A bug is logged, never shown as a 500.
    const err =
      e instanceof AppError ? e : new AppError("internal_error", "this mutation could not be applied; it was logged");
    if (!(e instanceof AppError)) onBug(ctx, e, m);
    return { ...base, status: "rejected", version: cur.version, current: cur.data, error: errorOf(err) };
  }
}

/** How long one slice of a push may hold the write lock and the event loop before the rest waits a turn. */
export const PUSH_SLICE_MS = 15;

/**
 * POST /sync/push: the batch applied in slices of about PUSH_SLICE_MS, each one write (`commit`: a
 * group commit, or a plain transaction), handing the event loop back between them. 500 recipes of 35
 * ingredients took 1.3–7.5 s in one transaction, and nothing else was answered meanwhile. Slicing is
 * safe because each mutation is applied at most once (its mutation_id), so a push cut short by a crash is
 * finished by the client's retry: what was applied answers `duplicate`.
 */
export async function pushMutations({
  ctx,
  input,
  commit,
}: {
  ctx: Ctx;
  input: { mutations?: unknown };
  commit: <T>(write: () => Q<T>) => Promise<T>;
}): Promise<{ results: MutationResult[] }> {
  const list = checkBatch(input.mutations);
  const results: MutationResult[] = [];
  while (results.length < list.length) results.push(...(await commit(() => applySlice(ctx, list, results.length))));
  return { results };
}

function checkBatch(list: unknown): unknown[] {
  if (!Array.isArray(list)) {
    throw new AppError("validation_failed", "mutations must be an array", [
      { field: "mutations", message: "must be an array of mutations" },
    ]);
  }
  if (list.length > MAX_MUTATIONS) {
    throw new AppError("validation_failed", `a push carries at most ${MAX_MUTATIONS} mutations; split the batch`, [
      { field: "mutations", message: `must have at most ${MAX_MUTATIONS} items, got ${list.length}` },
    ]);
  }
  return list;
}

/** Applies mutations from `from` on, at least one, until PUSH_SLICE_MS have passed. Call inside a write. */
function* applySlice(ctx: Ctx, list: unknown[], from: number): Q<MutationResult[]> {
  const started = performance.now();
  return yield* tx(function* () {
    const slice: MutationResult[] = [];
    for (let i = from; i < list.length && (i === from || performance.now() - started < PUSH_SLICE_MS); i++)
      slice.push(yield* applyRaw(list[i]));
    return slice;
  });

  function* applyRaw(raw: unknown): Q<MutationResult> {
    const checked = checkMutation(raw);
    if (!checked.ok) {
      const e = new AppError(
        "validation_failed",
        `${checked.details[0]!.field} ${checked.details[0]!.message}`,
        checked.details,
      );
      return {
        mutation_id: checked.mutationId ?? "",
        status: "rejected",
        version: null,
        current: null,
        error: errorOf(e),
      };
    }
    const m = checked.mutation;
    const earlier = yield* ctx.deps.syncMutations.of(m.mutation_id);
    if (earlier) {
      if (earlier.user_id !== ctx.userId) {
        const e = new AppError("id_conflict", "mutation_id is already used; generate a new UUID for every mutation");
        return { mutation_id: m.mutation_id, status: "rejected", version: null, current: null, error: errorOf(e) };
      }
      return { ...(JSON.parse(earlier.result) as MutationResult), status: "duplicate" };
    }
    const result = yield* applyOne(ctx, m);
    yield* ctx.deps.syncMutations.remember(m.mutation_id, ctx.userId, result, ctx.now.toISOString());
    return result;
  }
}
