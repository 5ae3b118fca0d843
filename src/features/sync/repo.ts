/** Sync's own table: the result of each applied mutation, by its id, so a replay answers the same. */
import { row, run, type Q } from "../../db/q";

export class SyncMutationsRepo {
  /** The applied mutation's stored result (JSON) and its account, or null when the id is new. */
  of(mutationId: string): Q<{ result: string; user_id: number } | null> {
    return row<{ result: string; user_id: number }>(
      "SELECT result, user_id FROM sync_mutations WHERE mutation_id = ?",
      mutationId,
    );
  }

  *remember(mutationId: string, userId: number, result: unknown, stamp: string): Q<void> {
    yield* run(
      "INSERT INTO sync_mutations (mutation_id, user_id, result, created_at) VALUES (?, ?, ?, ?)",
      mutationId,
      userId,
      JSON.stringify(result),
      stamp,
    );
  }
}
