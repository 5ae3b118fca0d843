/** How many photo uploads wait at a time. */
import type { AccountLimits } from "../../lib/account-gate";

/**
 * Photo and label uploads in the photo line at a time, queued or running, checked before the body is
 * read (http/body.ts, the "photos" gate). Three per account keeps one photo in the workers and the
 * next two decoded and waiting, which is all a person taking photos needs, while one account with
 * many uploads in flight is refused (429) instead of queued. Sixteen in all (16 per worker was the
 * pool's own bound) holds at most 16 bodies of ≤ 10 MB and their decoded forms in memory.
 */
export const PHOTO_LIMITS: AccountLimits = { perAccount: 3, total: 16 };
