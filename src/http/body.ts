/**
 * Reading request bodies. A protected route's caller is authenticated from its headers before a
 * byte of the body is read (a 401 for a 60 MB tokenless upload costs nothing); a declared length
 * over the route's limit is refused at once; a route's gate (one import at a time; a few photos per
 * account) is entered before its body is read and left when the answer has gone. JSON is the default (1 MiB, parsed
 * with a nesting limit); a route declares anything else in its detail (body-spec.ts).
 */
import { Elysia } from "elysia";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSON_BODY_LIMIT, readJson, readLimited, spoolLimited, tooLarge } from "../lib/body";
import { bodyError, recordBodyError } from "../lib/body-errors";
import { AppError } from "../lib/errors";
import type { Admission } from "../lib/gate";
import { SpooledFile, UploadedFiles, type BodyDeadline } from "./body-spec";
import type { RouteTable } from "./route-table";

export interface BodyDeps {
  routes: RouteTable;
  /** Authenticates an `auth: true` route's caller from the headers alone (features/auth/plugin.ts): its user id. */
  authenticate: (request: Request, route: string) => Promise<number>;
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

export function bodies(deps: BodyDeps) {
  /** Spooled bodies (kind "file") of requests in flight: deleted when the answer has gone or failed. */
  const spooled = new Map<Request, string>();
  const leaveGates = (request: Request) => {
    for (const gate of Object.values(deps.gates)) gate.leave(request);
    const path = spooled.get(request);
    if (path === undefined) return;
    spooled.delete(request);
    rmSync(path, { force: true });
  };
  return (
    new Elysia()
      .onParse({ as: "global" }, async ({ request, contentType, route }) => {
        const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
        const facts = deps.routes.of(request.method, route);
        const account = facts?.needsToken ? await deps.authenticate(request, route) : null;
        const spec = facts?.body ?? { kind: "json", limit: JSON_BODY_LIMIT };
        const declared = Number(request.headers.get("content-length") ?? 0);
        if (declared > spec.limit) throw tooLarge(spec.limit);
        if (spec.gate) deps.gates[spec.gate]?.enter(request, account);
        try {
          if (spec.kind === "file") {
            const path = join(tmpdir(), `morsel-upload-${crypto.randomUUID()}`);
            spooled.set(request, path);
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
          // No body at all (a DELETE, say): nothing to parse; a route that needs one says so.
          if (type === "" && (request.body === null || request.headers.get("content-length") === "0")) return undefined;
          if (!isJson(type)) {
            throw new AppError(
              "unsupported_media_type",
              `Content-Type must be application/json${type ? `, got ${type}` : ""}`,
            );
          }
          return await readJson(request, spec.limit, spec.deadline);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          return recordBodyError(request, e);
        }
      })
      // After authentication and validation: a body that could not be read is reported even when
      // the route's schema (all fields optional) let the placeholder through.
      .onBeforeHandle({ as: "global" }, ({ request }) => {
        const unreadable = bodyError(request);
        if (unreadable) throw unreadable;
      })
      // a request refused before its handler ran frees its gate now; the rest when the answer has gone
      .onError({ as: "global" }, ({ request }) => leaveGates(request))
      .onAfterResponse({ as: "global" }, ({ request }) => leaveGates(request))
  );
}
