import { BarcodePhoto, FoodPhoto, LiveScan, type OnMissing, type Picked } from "./scan";

/** Other ways to find the food: the camera, a barcode photo, a food photo, or a custom food made here. */
export function OtherWays({
  onFound,
  onMissing,
  onCreate,
}: {
  onFound: (p: Picked) => void;
  /** A barcode nobody knows: the custom food form with it. */
  onMissing: OnMissing;
  /** Create a custom food, with no barcode. */
  onCreate: () => void;
}) {
  return (
    <section class="tools" aria-labelledby="tools-title">
      <h2 id="tools-title">Other ways</h2>
      <LiveScan onFound={onFound} onMissing={onMissing} />
      <BarcodePhoto onFound={onFound} onMissing={onMissing} />
      <FoodPhoto onPick={onFound} />
      <button type="button" onClick={onCreate}>
        Create a custom food
      </button>
    </section>
  );
}
