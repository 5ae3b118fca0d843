/** POST /scanner/barcode and /scanner/photo — both need a token (a user's own foods win). */
import { Elysia, t } from "elysia";
import type { BodySpec } from "../../http/body-spec";
import type { RouteDeps } from "../../http/auth";
import { MAX_UPLOAD_BODY } from "./image";
import { errors } from "../../schema/schemas";
import { reply } from "../../http/reply";
import { BarcodeBody, BarcodeResponse, LabelResponse, PhotoBody, PhotoResponse } from "./model";
import { scanBarcode, scanLabel, scanPhoto } from "./lazy";

export function scannerRoutes(deps: RouteDeps) {
  const detail = { tags: ["scanner"] };
  /**
   * Photos come as multipart/form-data, read with the image limit (10 MB), once the caller has a place in
   * the photo line (PHOTO_LIMITS: otherwise 429 before a byte of the body is read).
   */
  const upload: BodySpec = { kind: "multipart", limit: MAX_UPLOAD_BODY, file: "image", gate: "photos" };
  return new Elysia({ prefix: "/scanner" })
    .use(deps.authn)
    .post("/barcode", async ({ body, ctx }) => reply(deps, await scanBarcode({ ctx, input: body })), {
      // a lookup sent by POST: a read-only access token may make it
      auth: "read",
      body: BarcodeBody,
      response: { 200: BarcodeResponse, ...errors(400, 401, 404, 413, 415) },
      detail: {
        ...detail,
        summary: "Identify a typed or scanned barcode",
        description:
          "Looks in your custom foods, then imported Open Food Facts products, then (only when the admin allows the online lookup, and the body does not say online: false) Open Food Facts online. UPC-A and its EAN-13 form are the same product. 400 invalid_barcode details carry reason not_digits, bad_length or bad_check_digit; 404 barcode_not_found details carry the normalised gtin, online (asked, not_asked: allowed but online was false, off: the admin has the online lookup off), and a restriction for in-store, ISBN, ISSN or coupon codes.",
      },
    })
    .post(
      "/photo",
      // Content type and size are checked while parsing (app.ts, UPLOAD_PATHS) and reported after auth.
      async ({ body, ctx }) => reply(deps, await scanPhoto({ ctx, file: body.image, online: body.online !== "false" })),
      {
        auth: "write",
        bodySpec: upload,
        body: PhotoBody,
        response: { 200: PhotoResponse, ...errors(400, 401, 413, 415, 422, 429) },
        detail: {
          ...detail,
          summary: "Read a barcode and recognise food in a photo",
          description:
            'multipart/form-data, part `image`. The barcode is searched at several scales and angles; when found and known, `food` is that product. Meanwhile the on-device model (COCO-SSD: banana, apple, orange, broccoli, carrot, sandwich, hot dog, pizza, doughnut, cake, and cups and wine glasses) suggests foods above a calibrated confidence (`source: model`), and photos you confirmed earlier that look alike suggest theirs (`source: personal`). At most 5, best first; often none; none when a barcode was read (the photo is about that product). Nothing is logged automatically: send photo_id with POST /meals to log and to confirm what the photo showed, which keeps its embedding (never the image) as your example of that food. `model.name` is "none" when the model could not run on this photo. 429 rate_limited with Retry-After, before the body is read, when you already have 3 photos or labels waiting or in progress, or 16 wait on the server; accounts take turns in the photo workers.',
        },
      },
    )
    .post("/label", async ({ body, ctx }) => reply(deps, await scanLabel({ ctx, file: body.image })), {
      auth: "write",
      bodySpec: upload,
      body: PhotoBody,
      response: { 200: LabelResponse, ...errors(400, 401, 413, 415, 422, 429, 503) },
      detail: {
        ...detail,
        summary: "Read a nutrition label from a photo",
        description:
          "multipart/form-data, part `image`, with the upload rules of /scanner/photo. On-device OCR (PaddleOCR v4 models under onnxruntime, in a photo worker) reads the text; the panel is parsed as a US Nutrition Facts label, an EU/UK per-100 g table or an Australian/NZ panel. Nothing is stored: send the result as `label` with POST /foods to make a custom food. Values we are unsure of are null, with the line and a confidence in `fields`; a photo with no label gives every value null and `lines` as read. 429 as for /scanner/photo (the same line, the same limits); 503 when the server runs with --photo-workers 0.",
      },
    })
    .delete(
      "/examples",
      async ({ user, set }) => {
        await deps.store.run(deps.examples.deleteAll(user.id));
        set.status = 204;
      },
      {
        auth: "write",
        response: { 204: t.Void({ description: "every example is gone (also when there were none)" }), ...errors(401) },
        detail: {
          ...detail,
          summary: "Forget your confirmed photos",
          description:
            "Deletes every example personal recognition keeps for you (embeddings of photos you confirmed with POST /meals). Your meals are not touched.",
        },
      },
    );
}
