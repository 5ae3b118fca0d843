import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../../api";
import { fromFood } from "../../records";
import { lookUpBarcode } from "../../scanner";
import { ErrorText } from "../../ui";
import { Missing } from "./missing";
import { explain, onlineOf, type OnMissing, type Online, type Picked } from "./upload";

/** The camera, where there is one; frames go to the zxing worker (scan-worker.ts) four times a second. */
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
        const r = await lookUpBarcode({ barcode: e.data.text, online: false });
        onFound({ id: r.food.id, food: fromFood(r.food, null) });
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
