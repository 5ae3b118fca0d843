/**
 * The first admin is asked once whether this server may ask Open Food Facts (barcode misses, Search
 * Open Food Facts), saying what leaves: the barcode or the words, nothing about the person. The
 * answer is the server's online_lookup setting; once any answer is stored (here, in Admin, or by
 * --online-lookup) `online_lookup_answered` is true and the question is not shown again, on any device.
 * Not modal: the day stays usable, and the question waits until it is answered.
 */
import { useEffect, useState } from "preact/hooks";
import { message } from "../api";
import { fetchServerSettings, updateServerSettings } from "../server-settings";
import { ErrorText } from "../ui";

export function OffQuestion() {
  const [ask, setAsk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchServerSettings().then(
      (s) => setAsk(!s.online_lookup_answered),
      () => {}, // offline: asked on a later start
    );
  }, []);
  if (!ask) return null;
  async function answer(allow: boolean) {
    setBusy(true);
    setError(null);
    try {
      await updateServerSettings({ online_lookup: allow });
      setAsk(false);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <dialog open class="notice off-question" aria-labelledby="off-question-title">
      <h2 id="off-question-title">Open Food Facts look-ups</h2>
      <p>
        May this server ask Open Food Facts about a barcode nobody here knows, or about the words of a search for a
        branded food? It sends only the barcode or the words, nothing about the person. You can change this in Admin.
      </p>
      <div class="actions">
        <button type="button" class="primary" disabled={busy} onClick={() => void answer(true)}>
          Allow
        </button>
        <button type="button" disabled={busy} onClick={() => void answer(false)}>
          Not now
        </button>
      </div>
      <ErrorText error={error} />
    </dialog>
  );
}
