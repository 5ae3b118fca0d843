/** Changes come in through /sync/changes from the saved cursor, page by page (API.md §Sync). */
import type { Ok } from "../api-data";
import { ApiError, client, ok } from "../api";
import { getMeta, setMeta, writeAll, type Store } from "../store";
import { storeRecord } from "./apply";

/** Reads the feed to its end; `onData` after each page that changed records, so views re-read. */
export async function pull(db: Store, onData: () => void): Promise<void> {
  let cursor = (await getMeta<string>(db, "cursor")) ?? "";
  for (;;) {
    let page: Ok<"pullChanges">;
    try {
      page = await ok(client.GET("/api/v1/sync/changes", { params: { query: { limit: 500, cursor } } }));
    } catch (e) {
      if (e instanceof ApiError && e.code === "cursor_expired") {
        cursor = ""; // older than the kept deletions: read everything again
        continue;
      }
      throw e;
    }
    if (page.changes.length) {
      const tx = writeAll(db);
      for (const c of page.changes) await storeRecord(tx, c.entity, c.id, c.op === "delete" ? null : c.data, c.version);
      await tx.done;
      onData();
    }
    cursor = page.next_cursor;
    await setMeta(db, "cursor", cursor);
    if (!page.has_more) return;
  }
}
