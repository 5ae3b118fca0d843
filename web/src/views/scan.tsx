/**
 * Barcodes and photos. Live scanning decodes camera frames in a worker (zxing-wasm); a device
 * without a camera uploads a photo to /scanner/photo instead. A food photo lists the server's
 * candidates with their confidence; the person picks one, and the meal carries the photo_id so
 * their own recognition learns. Nothing is ever logged without a pick.
 */
import type { Ok } from "../api-data";
import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, isOffline, message } from "../api";
import { fromFood } from "../records";
import type { FoodRec } from "../store";
import { ErrorText } from "../ui";

export interface Picked {
  id: number;
  food?: FoodRec;
  photoId?: string;
}

type PhotoResult = Ok<"scanPhoto">;

/**
 * A photo sent as the multipart `image` part the scanner endpoints take. A barcode in a photo is
 * looked up on this server only (`online: false`): it leaves the machine only when the person
 * asks, with Look online.
 */
export function uploadPhoto<T>(path: "/scanner/photo" | "/scanner/label", file: File): Promise<T> {
  const form = new FormData();
  form.append("image", file);
  if (path === "/scanner/photo") form.append("online", "false");
  return api<T>("POST", path, form);
}

/** barcode_not_found's `details[0].online` (API.md §Scanner): the error schema types details loosely, so it is named here. */
type Online = "asked" | "not_asked" | "off";
const onlineOf = (err: ApiError) => (err.details[0] as { online?: Online } | undefined)?.online ?? "off";

const explain = (e: unknown) =>
  isOffline(e) ? "Photos are read by the server, which cannot be reached now; search instead." : message(e);

/**
 * A file input for the image types the server takes (API.md: JPEG, PNG or WebP). `onFile` gets
 * the chosen file; the input is cleared after, so the same photo can be chosen again.
 */
export function PhotoInput({
  label,
  onFile,
  openNow = false,
}: {
  label: string;
  onFile: (file: File) => Promise<void>;
  /** Opens the picker as it appears: the person just tapped a button that asked for it (Read the label). */
  openNow?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  // the tap that opened this view is still a user activation, so the browser lets the picker open
  useEffect(() => {
    if (openNow) input.current?.click();
  }, []);
  async function change(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    try {
      await onFile(file);
    } finally {
      input.value = "";
    }
  }
  // a button to look at (the bare input read "Choose File · No file chosen"), the real file input inside it, named by it
  return (
    <label class="file">
      <svg class="file-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M4 7h3l2-3h6l2 3h3v13H4z M12 10a4 4 0 1 0 0 8a4 4 0 0 0 0-8" />
      </svg>
      {label}
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void change(e)} />
    </label>
  );
}

/**
 * A barcode nobody here knows, and what can be done next, never a dead end: read the label (the
 * custom food form with the barcode, its label photo picker open), create the food by hand with the
 * barcode filled in, or look it up online where the admin allows it.
 */
export type OnMissing = (gtin: string, readLabel: boolean) => void;

function Missing({
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
      const r = await api<{ food: Record<string, unknown> }>("POST", "/scanner/barcode", {
        barcode: gtin,
        online: askOnline,
      });
      onFound({ id: Number(r.food.id), food: fromFood(r.food, null) });
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

export function BarcodePhoto({ onFound, onMissing }: { onFound: (p: Picked) => void; onMissing: OnMissing }) {
  const [state, setState] = useState<{ busy?: boolean; error?: string; missing?: string } | null>(null);
  async function choose(file: File) {
    setState({ busy: true });
    try {
      const r = await uploadPhoto<PhotoResult>("/scanner/photo", file);
      if (r.food) onFound({ id: Number(r.food.id), food: fromFood(r.food, null), photoId: r.photo_id });
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

export function FoodPhoto({ onPick }: { onPick: (p: Picked) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PhotoResult | null>(null);
  async function choose(file: File) {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await uploadPhoto<PhotoResult>("/scanner/photo", file));
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
          onClick={() =>
            onPick({ id: Number(result.food!.id), food: fromFood(result.food!, null), photoId: result.photo_id })
          }
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

/** The camera, where there is one; frames go to the zxing worker four times a second. */
export function LiveScan({ onFound, onMissing }: { onFound: (p: Picked) => void; onMissing: OnMissing }) {
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ gtin: string; online: Online } | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const worker = new Worker("/scan-worker.js", { type: "module" });
    let waiting = false;
    let done = false;
    worker.onmessage = async (e: MessageEvent<{ text: string | null }>) => {
      waiting = false;
      if (!e.data.text || done) return;
      done = true;
      setOn(false);
      try {
        const r = await api<{ food: Record<string, unknown> }>("POST", "/scanner/barcode", {
          barcode: e.data.text,
          online: false,
        });
        onFound({ id: Number(r.food.id), food: fromFood(r.food, null) });
      } catch (err) {
        const gtin =
          err instanceof ApiError && err.code === "barcode_not_found"
            ? ((err.details[0] as { gtin?: string } | undefined)?.gtin ?? e.data.text)
            : null;
        if (gtin) setMissing({ gtin, online: onlineOf(err as ApiError) });
        else setError(explain(err));
      }
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      } catch {
        setError("No camera is available here; upload a barcode photo instead.");
        setOn(false);
        return;
      }
      const v = video.current!;
      v.srcObject = stream;
      await v.play();
      const canvas = document.createElement("canvas");
      const g = canvas.getContext("2d", { willReadFrequently: true })!;
      timer = setInterval(() => {
        if (waiting || !v.videoWidth) return;
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        g.drawImage(v, 0, 0);
        waiting = true;
        const frame = g.getImageData(0, 0, canvas.width, canvas.height);
        worker.postMessage(frame, [frame.data.buffer]);
      }, 250);
    })();
    return () => {
      clearInterval(timer);
      worker.terminate();
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [on]);

  const hasCamera = typeof navigator.mediaDevices?.getUserMedia === "function";
  return (
    <div class="tool">
      <button
        type="button"
        onClick={() => {
          setError(hasCamera ? null : "No camera is available here; upload a barcode photo instead.");
          setMissing(null);
          setOn(hasCamera && !on);
        }}
      >
        {on ? "Stop scanning" : "Scan barcode"}
      </button>
      {on && <video ref={video} class="camera" muted playsInline aria-label="Camera" />}
      <ErrorText error={error} />
      {missing && <Missing gtin={missing.gtin} online={missing.online} onCreate={onMissing} onFound={onFound} />}
    </div>
  );
}
