import { useState } from "preact/hooks";
import { fromFood } from "../../records";
import { ErrorText } from "../../ui";
import { PhotoInput } from "./photo-input";
import { readPhoto } from "../../scanner";
import { explain, type PhotoResult, type Picked } from "./upload";

/**
 * A food photo: the server's candidates with their confidence; the person picks one, and the meal carries the
 * photo_id so their own recognition learns. Nothing is logged without a pick.
 */
export function FoodPhoto({ onPick }: { onPick: (p: Picked) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PhotoResult | null>(null);
  async function choose(file: File) {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await readPhoto(file));
    } catch (err) {
      setError(explain(err));
    } finally {
      setBusy(false);
    }
  }
  const usable = result?.candidates.filter((c) => c.food) ?? [];
  return (
    <div class="tool">
      <PhotoInput label="Food photo" onFile={choose} />
      {busy && <p aria-live="polite">Looking at the photo…</p>}
      <ErrorText error={error} />
      {result?.food && (
        <button
          type="button"
          onClick={() => onPick({ id: result.food!.id, food: fromFood(result.food!, null), photoId: result.photo_id })}
        >
          {String(result.food.name)} (from its barcode)
        </button>
      )}
      {result && !result.food && (
        <section aria-labelledby="candidates-title">
          <h3 id="candidates-title">
            {usable.length ? "Is it one of these?" : "No suggestion for this photo; search instead."}
          </h3>
          <ul class="results">
            {usable.map((c) => (
              <li key={c.food!.id}>
                <button
                  type="button"
                  class="result"
                  onClick={() => onPick({ id: c.food!.id, photoId: result.photo_id })}
                >
                  <span class="name">{c.food!.name}</span>
                  <span class="muted">
                    {Math.round(c.confidence * 100)} % {c.confident ? "· likely" : "· a guess"}
                    {c.source === "personal" ? " · from your photos" : ""}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
