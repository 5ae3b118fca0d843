/** What the scanner needs, and its context for one request (the barcode sources are built once). */
import type { AuthedUser } from "../auth/plugin";
import type { RouteDeps } from "../auth/context";
import type { CustomFoodsRepo } from "../custom-foods/repo";
import type { FoodDirectory } from "../foods/directory";
import type { OffClient } from "../imported/online";
import type { OnlineLookupSetting } from "../imported/online-setting";
import type { ImportedRepo } from "../imported/repo";
import type { PhotosRepo } from "./photos";
import type { Recogniser } from "./recognition";
import type { ExamplesRepo } from "./recognition/examples";
import type { ScannerCtx } from "./service";
import { customSource, importedSource, onlineSource, type BarcodeSource, type Run } from "./sources";

export interface ScannerDeps extends RouteDeps {
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
