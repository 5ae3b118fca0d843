/**
 * How a route declares its body when it is not JSON of at most 1 MiB: in its `detail`, read by
 * http/body.ts before a byte is read (and by the OpenAPI document for multipart).
 *   detail: { ...bodyOf({ kind: "multipart", limit: MAX_UPLOAD_BODY, file: "image" }) }
 */
export type BodySpec =
  | { kind: "json"; limit: number /** a named gate (http/body.ts) the request must enter first */; gate?: string }
  | { kind: "multipart"; limit: number /** the file part it must carry */; file: string };

export const bodyOf = (spec: BodySpec) => ({ "x-body": spec });
