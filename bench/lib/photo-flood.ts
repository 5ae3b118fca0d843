/**
 * bench/responsiveness.ts's case from the adversarial review (issue 47): one account sends 60 large photos
 * at once while another account sends one small photo. Reports the small photo's latency beside its
 * latency alone, what the 60 got, and the server's resident memory (sampled every 50 ms) before and at
 * its peak. The server process is the one `pid` names (its photo worker processes are not counted).
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";

type Upload = (token: string, bytes: Uint8Array, type: string) => Promise<Response>;

/** A small photo-like picture with no barcode: it waits for the food model. */
export async function smallPhoto(): Promise<Uint8Array> {
  const img = sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: { r: 90, g: 140, b: 60 },
      noise: { type: "gaussian", mean: 120, sigma: 20 },
    },
  });
  return new Uint8Array(await img.jpeg({ quality: 80 }).toBuffer());
}

const rssMb = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

async function timed(send: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const r = await send();
  await r.arrayBuffer();
  return { ms: performance.now() - t, status: r.status };
}

export async function floodBesideOne(o: {
  upload: Upload;
  pid: number;
  flooder: string;
  other: string;
  big: Uint8Array;
  small: Uint8Array;
  flood?: number;
}): Promise<string> {
  const n = o.flood ?? 60;
  await timed(() => o.upload(o.other, o.small, "image/jpeg")); // the photo worker starts on the first photo
  const alone = await timed(() => o.upload(o.other, o.small, "image/jpeg"));
  const before = rssMb(o.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(o.pid))), 50);
  const statuses: Record<string, number> = {};
  const flood = Array.from({ length: n }, () =>
    o.upload(o.flooder, o.big, "image/jpeg").then(
      async (r) => {
        await r.arrayBuffer();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      },
      () => void (statuses["connection closed"] = (statuses["connection closed"] ?? 0) + 1),
    ),
  );
  await Bun.sleep(1000); // the flood is on the wire and in the server
  const beside = await timed(() => o.upload(o.other, o.small, "image/jpeg"));
  await Promise.all(flood);
  clearInterval(sampler);
  const got = Object.entries(statuses)
    .map(([s, k]) => `${k}× ${s}`)
    .join(", ");
  return `the other account's photo: ${beside.status} in ${beside.ms.toFixed(0)} ms (alone: ${alone.ms.toFixed(0)} ms); the ${n}: ${got}; server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`;
}
