/**
 * The web app validates with TypeBox alone (src/schema/formats.ts registers the formats and the
 * UnionEnum kind our schemas use); the server with Elysia's registrations. Whichever registers
 * first wins, so the copies must answer exactly as Elysia's do.
 */
import { expect, test } from "bun:test";
import { FormatRegistry } from "@sinclair/typebox";
import { fullFormats } from "elysia/type-system/format";
import { FORMATS, unionEnumCheck } from "../../src/schema/formats";

const samples = [
  "2026-11-22",
  "2026-02-29",
  "2024-02-29",
  "2026-13-01",
  "2026-11-22T08:15:00Z",
  "2026-11-22T08:15:00.123+01:00",
  "2026-11-22t08:15:00z",
  "2026-11-22 08:15:00+0100",
  "2026-11-22 +0100",
  "22/11/2026",
  "2026/11/22 8:15 AM",
  "Sun Nov 22 2026 08:15:00 GMT+0100 (CET)",
  '"2026-11-22"',
  "2026-11-22T25:00:00Z",
  "2026-11-22T23:59:60Z",
  "08:15:00Z",
  "yesterday",
  "",
  "0f8fad5b-d9cb-469f-a165-70867728950e",
  "urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e",
  "0f8fad5b-d9cb-469f-a165-70867728950",
  "a@b.co",
  "a@b",
];

test("each format answers as Elysia's registration does, on every sample", () => {
  for (const name of Object.keys(FORMATS)) {
    // importing elysia/type-system/format registered Elysia's own (this file imports nothing that registers ours)
    const elysia = FormatRegistry.Get(name);
    expect(elysia).toBeDefined();
    for (const s of samples) expect([name, s, FORMATS[name]!(s)]).toEqual([name, s, elysia!(s)]);
  }
  expect(Object.keys(fullFormats)).toContain("uuid");
});

test("UnionEnum accepts a listed string, number or null, and nothing else", () => {
  expect(unionEnumCheck({ enum: ["breakfast", 2, null] }, "breakfast")).toBe(true);
  expect(unionEnumCheck({ enum: ["breakfast", 2, null] }, 2)).toBe(true);
  expect(unionEnumCheck({ enum: ["breakfast", 2, null] }, null)).toBe(true);
  expect(unionEnumCheck({ enum: ["breakfast"] }, "lunch")).toBe(false);
  expect(unionEnumCheck({ enum: [["a"]] }, ["a"])).toBe(false);
});
