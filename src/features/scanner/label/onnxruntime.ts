/**
 * onnxruntime-node itself, in a module of its own: label/ocr.ts requires this module once the shared
 * library is loaded, and the executable's bundle then keeps onnxruntime's code in a chunk of its own,
 * loaded by the first label read instead of at every start.
 */
import type * as Ort from "onnxruntime-node";

export const ort = require("onnxruntime-node") as typeof Ort;
