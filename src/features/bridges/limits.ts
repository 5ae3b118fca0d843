/** The health bridges' body limits (the request context is the auth macro's; the bridges need nothing more). */
/** Largest Apple Health or Google Fit upload (the ZIP as sent): a 4 GB export.xml zips to about 300 MB. */
export const HEALTH_UPLOAD_LIMIT = 2 * 1024 ** 3;
/** The upload must keep coming (a byte at least every 30 s) and be whole within 30 minutes, else 408. */
export const HEALTH_UPLOAD_DEADLINE = { stallMs: 30_000, totalMs: 30 * 60_000 };
/** Largest Health Auto Export push: a week of per-minute samples of every metric is a few MB. */
export const AUTO_EXPORT_LIMIT = 32 * 1024 * 1024;
export const AUTO_EXPORT_DEADLINE = { stallMs: 15_000, totalMs: 120_000 };

/**
 * What one health import may keep in memory while it reads (docs/API.md §Health bridges), so memory
 * follows these caps and never the file: workouts with distinct start instants (a repeated start is one
 * workout; three a day for 45 years is under 50,000), step and energy sources (a phone, a watch and the
 * apps that write steps are a few dozen), and the source-days their hourly sums take (24 numbers each:
 * 10 sources every day for 27 years). Past any of them the file is 413, naming the cap. Both caps at
 * once cost the reader ~100 MB (bench:responsiveness's [57.2]/[57.3] rows; 100,000 and 200,000 took ~210).
 */
export const MAX_HEALTH_WORKOUTS = 50_000;
export const MAX_HEALTH_SOURCES = 1_000;
export const MAX_HEALTH_SOURCE_DAYS = 100_000;
