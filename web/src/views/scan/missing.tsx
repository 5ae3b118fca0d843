import { useEffect, useState } from "preact/hooks";
import { ApiError, isOffline, message } from "../../api";
import { fromFood } from "../../records";
import { lookUpBarcode } from "../../scanner";
import { ErrorText } from "../../ui";
import { onlineOf, type OnMissing, type Online, type Picked } from "./upload";

/**
 * A barcode nobody here knows, and what can be done next, never a dead end: read the label (the
 * custom food form with the barcode, its label photo picker open), create the food by hand with the
 * barcode filled in, or look it up online where the admin allows it.
 */
export function Missing({
  gtin,
  online,
  onCreate,
  onFound,
}: {
  gtin: string;
  online?: Online;
  onCreate: OnMissing;
  onFound: (p: Picked) => void;
}) {
  const [status, setStatus] = useState<Online | null>(online ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function lookup(askOnline: boolean) {
    try {
      const r = await lookUpBarcode({ barcode: gtin, online: askOnline });
      onFound({ id: r.food.id, food: fromFood(r.food, null) });
    } catch (err) {
      if (err instanceof ApiError && err.code === "barcode_not_found") setStatus(askOnline ? "asked" : onlineOf(err));
      else setError(isOffline(err) ? "The server cannot be reached now; try again when it is back." : message(err));
    }
  }
  useEffect(() => {
    if (!status) void lookup(false); // a photo's miss: whether this server may look online
  }, []);
  return (
    <div class="notice" aria-live="polite">
      <p>No food with barcode {gtin} yet.</p>
      <div class="actions">
        <button type="button" onClick={() => onCreate(gtin, true)}>
          Read the label
        </button>
        <button type="button" onClick={() => onCreate(gtin, false)}>
          Create food
        </button>
      </div>
      <p class="muted">Read the label photographs the nutrition panel; either way the barcode is kept with the food.</p>
      {status === "not_asked" && (
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void lookup(true).finally(() => setBusy(false));
          }}
        >
          Look online
        </button>
      )}
      {status === "not_asked" && <p class="muted">Asks Open Food Facts: the barcode leaves this server.</p>}
      {status === "asked" && <p>Open Food Facts does not know it either.</p>}
      {status === "off" && (
        <p class="muted">Looking barcodes up online is off on this server; an admin can turn it on.</p>
      )}
      <ErrorText error={error} />
    </div>
  );
}
