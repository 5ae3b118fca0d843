/**
 * How a route declares its body when it is not JSON of at most 1 MiB: beside its other options, as the
 * route macro `bodySpec` (http/auth.ts), read by http/body.ts before a byte is read (http/route-table.ts)
 * and by the OpenAPI document for its content types (features/docs/openapi.ts).
 *   { auth: "write", bodySpec: { kind: "multipart", limit: MAX_UPLOAD_BODY, file: "image" }, body: … }
 */
/** How long a body may take to arrive: a byte at least every `stallMs`, all of it within `totalMs` (else 408). */
export interface BodyDeadline {
  stallMs: number;
  totalMs: number;
}

export type BodySpec =
  | {
      kind: "json";
      limit: number;
      /** a named gate (http/body.ts) the request must enter first, with the caller's account */
      gate?: string;
      deadline?: BodyDeadline;
    }
  | { kind: "multipart"; limit: number /** the file part it must carry */; file: string; gate?: string }
  /**
   * JSON as for "json", or files: a multipart body's `file` parts, or any other body as one file
   * (text/csv, application/zip, …). The handler gets the JSON, or an UploadedFiles.
   */
  | { kind: "json-or-files"; limit: number; gate?: string; file: string; deadline?: BodyDeadline }
  /**
   * One file of any type, written to a temporary file as it arrives (never held in memory): the
   * handler gets a SpooledFile, deleted when the answer has gone.
   */
  | { kind: "file"; limit: number; gate?: string; deadline?: BodyDeadline }
  /**
   * JSON (application/json, else 415) too large to parse on the thread that answers requests: written to a
   * temporary file as "file" is, for a worker to parse and check. The handler gets a SpooledFile; the document
   * shows the route's `detail.body` schema as its application/json body.
   */
  | { kind: "json-file"; limit: number; gate?: string; deadline?: BodyDeadline };

/** The files of a "json-or-files" body. */
export class UploadedFiles {
  constructor(readonly files: { name: string; bytes: Uint8Array }[]) {}
}

/** The body of a "file" route, on disk at `path`. */
export class SpooledFile {
  constructor(
    readonly path: string,
    readonly size: number,
  ) {}
}
