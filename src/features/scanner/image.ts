/**
 * The upload pipeline shared by the barcode reader and the photo classifier: the `image` part
 * of a multipart body, its type sniffed from the bytes (not the client's Content-Type), at most
 * 10 MB, and at most 40 megapixels read from the header before any pixel is decoded, so a
 * "pixel bomb" costs no memory. Decoding is sharp (libvips), with EXIF orientation applied.
 */
import type { Metadata } from "sharp";
import { getSharp } from "../../lib/sharp";
import { AppError } from "../../lib/errors";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
/** The whole multipart body may carry a little more than the image: boundaries and headers. */
export const MAX_UPLOAD_BODY = MAX_IMAGE_BYTES + 64 * 1024;

export type ImageType = "jpeg" | "png" | "webp";

export function sniff(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return "png";
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF" &&
    String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

export interface CheckedImage {
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
}

/** Validates an uploaded file part: 413, 415 or 422 in the contract's terms. */
export async function checkImage(file: unknown): Promise<CheckedImage> {
  if (!(file instanceof Blob)) {
    throw new AppError(
      "validation_failed",
      "image is required: send multipart/form-data with a file part named image",
      [{ field: "image", message: "is required: a JPEG, PNG or WebP file part" }],
    );
  }
  if (file.size > MAX_IMAGE_BYTES)
    throw new AppError("payload_too_large", `image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniff(bytes);
  if (!type)
    throw new AppError(
      "unsupported_media_type",
      "image must be a JPEG, PNG or WebP file (judged by its content, not its name or type)",
    );
  let meta: Metadata;
  try {
    meta = await getSharp()(bytes, { limitInputPixels: false }).metadata(); // header only, no pixel decoded
  } catch {
    throw new AppError("invalid_image", `the ${type.toUpperCase()} file cannot be read: it is damaged or incomplete`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new AppError("invalid_image", "the image has no size in its header");
  if (width * height > MAX_PIXELS) {
    throw new AppError(
      "invalid_image",
      `the image is ${width}×${height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
  return { bytes, type, width, height };
}

export interface Decoded {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Decodes to RGBA, upright (EXIF orientation applied), fitted inside `maxSide` if given, optionally
 * rotated by `angle` degrees on a white background, optionally sharpened (for out-of-focus photos).
 * @throws AppError 422 invalid_image when the pixels cannot be decoded (truncated data).
 */
export async function decode(
  img: CheckedImage,
  opts: { maxSide?: number; angle?: number; sharpen?: boolean } = {},
): Promise<Decoded> {
  try {
    const sharp = getSharp();
    let pipe = sharp(img.bytes, { limitInputPixels: MAX_PIXELS, failOn: "truncated", pages: 1 }).rotate();
    if (opts.maxSide)
      pipe = pipe.resize({ width: opts.maxSide, height: opts.maxSide, fit: "inside", withoutEnlargement: true });
    if (opts.angle) {
      // libvips cannot rotate by an arbitrary angle after resizing in one pipeline: hand the
      // resized pixels over raw (no PNG round trip) and rotate those.
      const { data, info } = await pipe.raw().toBuffer({ resolveWithObject: true });
      pipe = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).rotate(
        opts.angle,
        { background: "#ffffff" },
      );
    }
    if (opts.sharpen) pipe = pipe.sharpen();
    const { data, info } = await pipe.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new AppError("invalid_image", "the image data cannot be decoded: it is damaged or incomplete");
  }
}

/**
 * The detector's input: the whole photo squeezed to side×side RGB (the model resizes to 300×300
 * without keeping the aspect itself), upright, transparency flattened onto white, grey turned to
 * three channels, first frame only of an animated image.
 * @throws AppError 422 invalid_image when the pixels cannot be decoded.
 */
export async function squareRgb(img: CheckedImage, side: number): Promise<Uint8Array> {
  try {
    const { data, info } = await getSharp()(img.bytes, { limitInputPixels: MAX_PIXELS, failOn: "truncated", pages: 1 })
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(side, side, { fit: "fill" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 || data.length !== side * side * 3) throw new Error(`unexpected ${info.channels} channels`);
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  } catch {
    throw new AppError("invalid_image", "the image data cannot be decoded: it is damaged or incomplete");
  }
}
