/** Photos sent to /scanner/photo, kept 24 hours so a meal can confirm one. Never the image. */
import { and, eq, gt, lt } from "drizzle-orm";
import { exec, one, type Q } from "../../db/q";
import type { photos } from "../../db/schema";
import { toBlob } from "./recognition/examples";

export const PHOTO_TTL_MS = 24 * 3600 * 1000;

export class PhotosRepo {
  *add(p: { id: string; userId: number; gtin: string | null; embedding: Float32Array | null; now: Date }): Q<void> {
    yield* exec((db, t) =>
      db.insert(t.photos).values({
        id: p.id,
        userId: p.userId,
        gtin: p.gtin,
        embedding: p.embedding ? Buffer.from(toBlob(p.embedding)) : null,
        createdAt: p.now.toISOString(),
        expiresAt: new Date(p.now.getTime() + PHOTO_TTL_MS).toISOString(),
      }),
    );
    // expired photos of this user go when a new one arrives: the table stays small without a timer
    yield* exec((db, t) =>
      db.delete(t.photos).where(and(eq(t.photos.userId, p.userId), lt(t.photos.expiresAt, p.now.toISOString()))),
    );
  }

  /** The caller's photo if it is theirs and younger than 24 hours; otherwise null, with no hint why. */
  live(userId: number, id: string, now: Date): Q<typeof photos.$inferSelect | null> {
    return one((db, t) =>
      db
        .select()
        .from(t.photos)
        .where(and(eq(t.photos.id, id), eq(t.photos.userId, userId), gt(t.photos.expiresAt, now.toISOString()))),
    );
  }
}
