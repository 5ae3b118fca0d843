/** Photos sent to /scanner/photo, kept 24 hours so a meal can confirm one. Never the image. */
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { photos } from "../../db/schema";
import { toBlob } from "./recognition/examples";

export const PHOTO_TTL_MS = 24 * 3600 * 1000;

export class PhotosRepo {
  constructor(readonly db: Db) {}

  add(p: { id: string; userId: number; gtin: string | null; embedding: Float32Array | null; now: Date }): void {
    this.db
      .insert(photos)
      .values({
        id: p.id,
        userId: p.userId,
        gtin: p.gtin,
        embedding: p.embedding ? Buffer.from(toBlob(p.embedding)) : null,
        createdAt: p.now.toISOString(),
        expiresAt: new Date(p.now.getTime() + PHOTO_TTL_MS).toISOString(),
      })
      .run();
    // expired photos of this user go when a new one arrives: the table stays small without a timer
    this.db
      .delete(photos)
      .where(and(eq(photos.userId, p.userId), lt(photos.expiresAt, p.now.toISOString())))
      .run();
  }

  /** The caller's photo if it is theirs and younger than 24 hours; otherwise null, with no hint why. */
  live(userId: number, id: string, now: Date) {
    return (
      this.db
        .select()
        .from(photos)
        .where(and(eq(photos.id, id), eq(photos.userId, userId), gt(photos.expiresAt, now.toISOString())))
        .get() ?? null
    );
  }
}
