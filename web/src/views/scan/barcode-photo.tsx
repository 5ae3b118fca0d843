import { useState } from "preact/hooks";
import { fromFood } from "../../records";
import { ErrorText } from "../../ui";
import { Missing } from "./missing";
import { PhotoInput } from "./photo-input";
import { readPhoto } from "../../scanner";
import { explain, type OnMissing, type Picked } from "./upload";

/** A photo of a barcode, for a device without a camera: the food it names, or what to do when nobody knows it. */
export function BarcodePhoto({ onFound, onMissing }: { onFound: (p: Picked) => void; onMissing: OnMissing }) {
  const [state, setState] = useState<{ busy?: boolean; error?: string; missing?: string } | null>(null);
  async function choose(file: File) {
    setState({ busy: true });
    try {
      const r = await readPhoto(file);
      if (r.food) onFound({ id: r.food.id, food: fromFood(r.food, null), photoId: r.photo_id });
      else if (r.barcode) setState({ missing: r.barcode.gtin });
      else
        setState({ error: "No barcode was found in that photo. Try again closer, with the lines straight and sharp." });
    } catch (err) {
      setState({ error: explain(err) });
    }
  }
  return (
    <div class="tool">
      <PhotoInput label="Barcode photo" onFile={choose} />
      {state?.busy && <p aria-live="polite">Reading the barcode…</p>}
      <ErrorText error={state?.error ?? null} />
      {state?.missing && <Missing gtin={state.missing} onCreate={onMissing} onFound={onFound} />}
    </div>
  );
}
