/**
 * How a route declares its body when it is not JSON of at most 1 MiB: in its `detail`, read by
 * http/body.ts before a byte is read (and by the OpenAPI document for multipart).
 *   detail: { ...bodyOf({ kind: "multipart", limit: MAX_UPLOAD_BODY, file: "image" }) }
 */
export type BodySpec =
  | { kind: "json"; limit: number /** a named gate (http/body.ts) the request must enter first */; gate?: string }
  | { kind: "multipart"; limit: number /** the file part it must carry */; file: string; gate?: string }
  /**
   * JSON as for "json", or files: a multipart body's `file` parts, or any other body as one file
   * (text/csv, application/zip, …). The handler gets the JSON, or an UploadedFiles.
   */
  | { kind: "json-or-files"; limit: number; gate?: string; file: string };

/** The files of a "json-or-files" body. */
export class UploadedFiles {
  constructor(readonly files: { name: string; bytes: Uint8Array }[]) {}
}

export const bodyOf = (spec: BodySpec) => ({ "x-body": spec });
