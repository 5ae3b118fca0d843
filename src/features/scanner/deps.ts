/** What the scanner adds to the container (src/context.ts). */
import type { AccountGate } from "../../lib/account-gate";
import type { PhotosRepo } from "./photos-repo";
import type { Recogniser } from "./recognition";
import type { ExamplesRepo } from "./recognition/examples-repo";
import type { BarcodeSource } from "./sources";

declare module "../../context" {
  interface Deps {
    /** The photo line's admission, PHOTO_LIMITS (entered by http/body.ts as the gate "photos"). */
    photoQueue: AccountGate;
    /** Barcode sources in the order a lookup asks them (your own foods win), built once (scanner/sources.ts). */
    barcodeSources: readonly BarcodeSource[];
    photos: PhotosRepo;
    /** Personal recognition: users' confirmed photo embeddings. */
    examples: ExamplesRepo;
    /** The food-photo model (a worker pool shared by the process). */
    recogniser: Recogniser;
  }
}
