/** What the health bridges need: a whole account's context (weigh-ins, meals, exercises, daily values), as portability's. */
import type { AuthedUser } from "../auth/plugin";
import { diaryCtx, type PortabilityDeps } from "../portability/context";
import type { HealthCtx } from "./write";

/** Largest Apple Health or Google Fit upload (the ZIP as sent): a 4 GB export.xml zips to about 300 MB. */
export const HEALTH_UPLOAD_LIMIT = 2 * 1024 ** 3;
/** The upload must keep coming (a byte at least every 30 s) and be whole within 30 minutes, else 408. */
export const HEALTH_UPLOAD_DEADLINE = { stallMs: 30_000, totalMs: 30 * 60_000 };
/** Largest Health Auto Export push: a week of per-minute samples of every metric is a few MB. */
export const AUTO_EXPORT_LIMIT = 32 * 1024 * 1024;
export const AUTO_EXPORT_DEADLINE = { stallMs: 15_000, totalMs: 120_000 };

export type BridgesDeps = PortabilityDeps;

/** The account's whole context: the bridges write weigh-ins, meals, exercises and daily values. */
export const healthCtx = (deps: BridgesDeps, user: AuthedUser): HealthCtx => diaryCtx(deps, user);
