/** What the scanner needs, and its context for one request (the barcode sources are built once). */
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import type { CustomFoodsRepo } from "../custom-foods/repo";
import type { FoodDirectory } from "../foods/directory";
import type { OffClient } from "../imported/online";
import type { OnlineLookupSetting } from "../imported/online-setting";
import type { ImportedRepo } from "../imported/repo";
import type { AccountGate, AccountLimits } from "../../lib/account-gate";
import type { PhotosRepo } from "./photos";
import type { Recogniser } from "./recognition";
import type { ExamplesRepo } from "./recognition/examples";
import type { ScannerCtx } from "./service";
import { customSource, importedSource, onlineSource, type BarcodeSource, type Run } from "./sources";

/**
 * Photo and label uploads in the photo line at a time, queued or running, checked before the body is
 * read (http/body.ts, the "photos" gate). Three per account keeps one photo in the workers and the
 * next two decoded and waiting, which is all a person taking photos needs, while one account with
 * many uploads in flight is refused (429) instead of queued. Sixteen in all (16 per worker was the
 * pool's own bound) holds at most 16 bodies of ≤ 10 MB and their decoded forms in memory.
 */
export const PHOTO_LIMITS: AccountLimits = { perAccount: 3, total: 16 };

export interface ScannerDeps extends RouteDeps {
  /** The photo line's admission, PHOTO_LIMITS (entered by http/body.ts as the gate "photos"). */
  photoQueue: AccountGate;
  customFoods: CustomFoodsRepo;
  foods: FoodDirectory;
  imported: ImportedRepo;
  /** The Open Food Facts client for online lookups (null: none, as in most tests). */
  offClient: OffClient | null;
  /** Whether barcode misses may use it: the admin's setting (off by default). */
  onlineLookup: Pick<OnlineLookupSetting, "enabled">;
  photos: PhotosRepo;
  /** Personal recognition: users' confirmed photo embeddings. */
  examples: ExamplesRepo;
  /** The food-photo model (a worker pool shared by the process). */
  recogniser: Recogniser;
}

/** The scanner's context maker: barcode sources in the order a lookup asks them (your own foods win). */
export function scannerContext(deps: ScannerDeps): (user: AuthedUser) => ScannerCtx {
  const run: Run = (work) => deps.store.run(work);
  const sources: BarcodeSource[] = [
    customSource(deps.customFoods, deps.foods, run),
    importedSource(deps.imported, deps.foods, run),
  ];
  if (deps.offClient) sources.push(onlineSource(deps.offClient, deps.imported, deps.foods, deps.now, run));
  const onlineAllowed = async () => deps.offClient !== null && (await deps.store.run(deps.onlineLookup.enabled()));
  return (user) => ({
    userId: user.id,
    now: deps.now(),
    sources,
    onlineAllowed,
    photos: deps.photos,
    examples: deps.examples,
    recogniser: deps.recogniser,
    run,
    foodSummary: (id) => deps.foods.summary(user.id, id),
  });
}
