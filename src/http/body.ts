/**
 * Reading request bodies. A protected route's caller is authenticated from its headers before a
 * byte of the body is read (a 401 for a 60 MB tokenless upload costs nothing); a declared length
 * over the route's limit is refused at once; a route's gate (one import at a time; a few photos per
 * account) is entered before its body is read and left here when the handler has answered or failed
 * (`rq.gate`, one slot per request). JSON is the default (1 MiB, parsed with a nesting limit); a route
 * declares anything else with its `bodySpec` macro (body-spec.ts).
 *
 * A body that could not be read (415, 413, malformed JSON or multipart) is kept on `rq.bodyError` at
 * parse time and reported later, after authentication: parsing runs before the auth macro, so throwing
 * then would answer a tokenless call with 400/413/415 instead of 401. JSON routes report it when their
 * body fails validation (error-response.ts), and the beforeHandle hook below catches the rest.
 */
import { Elysia } from "elysia";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSON_BODY_LIMIT, readJson, readLimited, spoolLimited, tooLarge } from "./read-body";
import type { AuthRule } from "../context";
import { NO_REQUEST, type RequestState } from "./request-state";
import { AppError } from "../lib/errors";
import type { Admission } from "../lib/gate";
import { SpooledFile, UploadedFiles, type BodyDeadline } from "./body-spec";
import type { RouteTable } from "./route-table";

/** What a route's body becomes when it could not be read; fails any object schema. */
export const BODY_FAILED = "\u0000morsel: unreadable body";

export interface BodyDeps {
  routes: RouteTable;
  /** Authenticates a protected route's caller from the headers alone, for its rule (http/auth.ts). */
  authenticate: (rq: RequestState, request: Request, rule: AuthRule) => Promise<void>;
  /** Gates routes may name in their body spec, entered with the caller's user id. */
  gates: Record<string, Admission>;
}

/** The multipart form of `bytes`, or a 400 naming the part the route wanted. */
async function formOf(request: Request, bytes: Uint8Array, file: string) {
  try {
    // the hook's contentType lacks the boundary; the request header has it
    return await new Response(bytes, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new AppError("validation_failed", "the body is not valid multipart/form-data", [
      { field: file, message: "could not be read from the multipart body" },
    ]);
  }
}

async function readMultipart(request: Request, limit: number, file: string): Promise<Record<string, unknown>> {
  const form = await formOf(request, await readLimited(request, limit), file);
  if (typeof form.get(file) === "string") {
    const message = "must be a file part (JPEG, PNG or WebP, sent with a filename), not a text field";
    throw new AppError("validation_failed", `${file} ${message}`, [{ field: file, message }]);
  }
  return Object.fromEntries(form.entries());
}

/** A body of files: a multipart body's `file` parts, or the whole body as one file. */
async function readFiles(
  request: Request,
  type: string,
  limit: number,
  file: string,
  deadline?: BodyDeadline,
): Promise<UploadedFiles> {
  const bytes = await readLimited(request, limit, deadline);
  if (type !== "multipart/form-data") return new UploadedFiles([{ name: "upload", bytes }]);
  const form = await formOf(request, bytes, file);
  const parts = form.getAll(file).flatMap((p) => (typeof p === "string" ? [] : [p]));
  if (!parts.length) {
    const message = `send each file as a part named ${file}, with a filename`;
    throw new AppError("validation_failed", `${file} is missing: ${message}`, [{ field: file, message }]);
  }
  return new UploadedFiles(
    await Promise.all(
      parts.map(async (p) => ({ name: p.name || "upload", bytes: new Uint8Array(await p.arrayBuffer()) })),
    ),
  );
}

const isJson = (type: string) => type === "application/json" || type.endsWith("+json");
const notJson = (type: string) =>
  new AppError("unsupported_media_type", `Content-Type must be application/json${type ? `, got ${type}` : ""}`);

/** Frees the request's gate slot and deletes its spooled body (kind "file" or "json-file"), once. */
function leaveGate(rq: RequestState, request: Request): void {
  const gate = rq.gate;
  rq.gate = undefined;
  gate?.leave(request);
  const path = rq.spooled;
  if (path === undefined) return;
  rq.spooled = undefined;
  rmSync(path, { force: true });
}

export function bodies(deps: BodyDeps) {
  return (
    new Elysia()
      .decorate("rq", NO_REQUEST)
      .onParse({ as: "global" }, async ({ request, contentType, route, rq }) => {
        const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
        const facts = deps.routes.of(request.method, route);
        if (facts?.needsToken) await deps.authenticate(rq, request, facts.rule);
        const spec = facts?.body ?? { kind: "json", limit: JSON_BODY_LIMIT };
        const declared = Number(request.headers.get("content-length") ?? 0);
        if (declared > spec.limit) throw tooLarge(spec.limit);
        const gate = spec.gate ? deps.gates[spec.gate] : undefined;
        if (gate) {
          gate.enter(request, rq.user?.id ?? null);
          rq.gate = gate;
        }
        try {
          // No body at all (a DELETE, say): nothing to parse; a route that needs one says so.
          const none = type === "" && (request.body === null || request.headers.get("content-length") === "0");
          if (spec.kind === "json-file" && !none && !isJson(type)) throw notJson(type);
          if (spec.kind === "file" || (spec.kind === "json-file" && !none)) {
            const path = join(tmpdir(), `morsel-upload-${crypto.randomUUID()}`);
            rq.spooled = path;
            return new SpooledFile(path, await spoolLimited(request, path, spec.limit, spec.deadline));
          }
          if (spec.kind === "json-or-files" && type !== "" && !isJson(type))
            return await readFiles(request, type, spec.limit, spec.file, spec.deadline);
          if (spec.kind === "multipart") {
            if (type !== "multipart/form-data") {
              throw new AppError(
                "unsupported_media_type",
                `send the photo as multipart/form-data with a file part named ${spec.file}`,
              );
            }
            return await readMultipart(request, spec.limit, spec.file);
          }
          if (none) return undefined;
          if (!isJson(type)) throw notJson(type);
          return await readJson(request, spec.limit, spec.deadline);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          rq.bodyError = e;
          return BODY_FAILED;
        }
      })
      // After authentication and validation: a body that could not be read is reported even when
      // the route's schema (all fields optional) let the placeholder through.
      .onBeforeHandle({ as: "global" }, ({ rq }) => {
        if (rq.bodyError) throw rq.bodyError;
      })
      // the gate's one exit: the handler has answered, or the request failed (before or in its handler)
      .onAfterHandle({ as: "global" }, ({ rq, request }) => leaveGate(rq, request))
      .onError({ as: "global" }, ({ rq, request }) => leaveGate(rq, request))
  );
}
