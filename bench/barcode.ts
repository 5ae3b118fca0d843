#!/usr/bin/env bun
/**
 * bun run bench:barcode — barcode reading on one generated image set, side by side in one run:
 *   ours            the /scanner/photo pipeline (sharp decode + zxing-wasm over scales and angles)
 *   zxing full-res  raw zxing-wasm on the encoded file at full resolution, one pass
 *   quagga2         @ericblade/quagga2 decodeSingle (the design card's first choice), size 800
 * Images: bwip-js EAN-13/UPC-A/EAN-8 codes placed with sharp in photo-like scenes: clean, mild
 * (3° tilt, noise), hard (6°, slight blur, noise, JPEG q65), blurred (out of focus), tilted 40°,
 * small (2 px modules in 1280×960) and 12 MP (4000×3000).
 * Then /scanner/photo end-to-end latency (p50/p90) for a 1 MP and a 12 MP JPEG on a real server.
 */
import Quagga from "@ericblade/quagga2";
import { readBarcodes } from "zxing-wasm/reader";
import { parseBarcode } from "../src/lib/gtin";
import { checkImage } from "../src/features/scanner/image";
import { detectBarcode } from "../src/features/scanner/detect";
import { loadZxing, RETAIL_FORMATS } from "../src/features/scanner/zxing";
import { ASSETS } from "../src/assets";
import { barcodePhoto, multipart, type SceneOptions } from "../test/fixtures/images";
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg } from "./lib/wrk";
import { startServer } from "./lib/wrk";

const CODES: [SceneOptions["bcid"], string][] = [
  ["ean13", "590123412345"],
  ["ean13", "400638133393"],
  ["ean13", "544900000099"],
  ["ean13", "890103086527"],
  ["ean13", "761234567890"],
  ["upca", "03600029145"],
  ["upca", "01234567890"],
  ["ean8", "9638507"],
];
const VARIANTS: Record<string, SceneOptions> = {
  clean: { format: "png" },
  mild: { angle: 3, noise: 10, quality: 85 },
  hard: { angle: 6, blur: 0.8, noise: 14, quality: 65 },
  blurred: { angle: 5, blur: 1.2, noise: 6, quality: 75 },
  tilted40: { angle: 40, noise: 8, quality: 80 },
  small: { width: 1280, height: 960, scale: 2, angle: 2, quality: 80 },
  "12mp": { width: 4000, height: 3000, scale: 3, angle: -4, quality: 80 },
};

const gtinOf = (_bcid: string | undefined, data: string) => {
  const withCheck = (d: string) => {
    const r = parseBarcode(`${d}0`);
    if (r.ok) return r.barcode.gtin;
    for (let c = 0; c < 10; c++) {
      const p = parseBarcode(`${d}${c}`);
      if (p.ok) return p.barcode.gtin;
    }
    throw new Error(`no check digit for ${d}`);
  };
  return withCheck(data);
};

interface Img {
  name: string;
  bytes: Buffer;
  gtin: string;
}
const images: Img[] = [];
for (const [variant, opts] of Object.entries(VARIANTS)) {
  for (const [bcid, data] of CODES) {
    images.push({
      name: `${variant}/${data}`,
      bytes: await barcodePhoto(data, { ...opts, bcid }),
      gtin: gtinOf(bcid, data),
    });
  }
}

type Decoder = (img: Img) => Promise<string | null>;
const norm = (text: string | undefined | null) => {
  if (!text) return null;
  const r = parseBarcode(text);
  return r.ok ? r.barcode.gtin : null;
};
await loadZxing(ASSETS.zxingWasm); // the baseline below calls zxing-wasm on this thread
const decoders: Record<string, Decoder> = {
  ours: async (img) => {
    const found = await detectBarcode(await checkImage(new Blob([img.bytes])));
    return norm(found?.text);
  },
  "zxing full-res": async (img) => {
    const res = await readBarcodes(new Uint8Array(img.bytes), {
      formats: RETAIL_FORMATS,
      tryDownscale: false,
      maxNumberOfSymbols: 1,
    });
    return norm(res.find((r) => r.isValid)?.text);
  },
  quagga2: async (img) => {
    const mime = img.bytes[0] === 0x89 ? "png" : "jpeg";
    const res = (await Quagga.decodeSingle({
      src: `data:image/${mime};base64,${img.bytes.toString("base64")}`,
      numOfWorkers: 0,
      inputStream: { size: 800 },
      decoder: { readers: ["ean_reader", "ean_8_reader", "upc_reader"] },
      locate: true,
    })) as { codeResult?: { code?: string } } | undefined;
    return norm(res?.codeResult?.code);
  },
};

const rows: { decoder: string; variant: string; ok: number; n: number; ms: number[] }[] = [];
for (const [name, decode] of Object.entries(decoders)) {
  for (const variant of Object.keys(VARIANTS)) {
    const set = images.filter((i) => i.name.startsWith(`${variant}/`));
    const row = { decoder: name, variant, ok: 0, n: set.length, ms: [] as number[] };
    for (const img of set) {
      const s = performance.now();
      let got: string | null = null;
      try {
        got = await decode(img);
      } catch {
        got = null;
      }
      row.ms.push(performance.now() - s);
      if (got === img.gtin) row.ok++;
      else if (got) console.error(`WRONG: ${name} read ${got} for ${img.name}`);
    }
    rows.push(row);
  }
}

console.log(
  `bench:barcode — ${images.length} generated images (${CODES.length} codes × ${Object.keys(VARIANTS).length} variants); ${machine()}\n`,
);
console.log(`| decoder | ${Object.keys(VARIANTS).join(" | ")} | total | median ms/image |`);
console.log(
  `|---|${Object.keys(VARIANTS)
    .map(() => "---|")
    .join("")}---|---|`,
);
for (const name of Object.keys(decoders)) {
  const mine = rows.filter((r) => r.decoder === name);
  const ok = mine.reduce((a, r) => a + r.ok, 0);
  const all = mine.flatMap((r) => r.ms);
  console.log(
    `| ${name} | ${mine.map((r) => `${r.ok}/${r.n}`).join(" | ")} | ${ok}/${images.length} | ${median(all).toFixed(0)} |`,
  );
}
{
  const total = (name: string) => rows.filter((r) => r.decoder === name).reduce((a, r) => a + r.ok, 0);
  console.log(
    `summary: barcodes read in ${images.length} generated photos | ours ${total("ours")} | raw zxing-wasm ${total("zxing full-res")}, quagga2 ${total("quagga2")} | ours ≥ raw zxing: ${total("ours") >= total("zxing full-res") ? "yes" : "no"}`,
  );
}
console.log("\nmedian ms per variant:");
for (const name of Object.keys(decoders)) {
  console.log(
    `  ${name.padEnd(15)} ${rows
      .filter((r) => r.decoder === name)
      .map((r) => `${r.variant} ${median(r.ms).toFixed(0)}`)
      .join(", ")}`,
  );
}

// /scanner/photo end to end on a real server
const rounds = numberArg("--photo-rounds", 15);
const server = await startServer(
  ["bun", `${import.meta.dir}/../src/index.ts`, "serve", "--port", "0", "--data-dir", tempDir()],
  { MORSEL_LOG_REQUESTS: "false" },
);
try {
  const base = `http://127.0.0.1:${server.port}/api/v1`;
  const reg = (await (
    await fetch(`${base}/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "b@example.org", password: "bench password", name: "B" }),
    })
  ).json()) as { access_token: string };
  const summaries: string[] = [];
  console.log(`\n/scanner/photo end to end (real server, ${rounds} sequential uploads each):`);
  console.log("| photo | bytes | p50 ms | p90 ms | barcode found |");
  console.log("|---|---|---|---|---|");
  for (const [label, opts] of [
    ["1 MP JPEG (1155×866)", { width: 1155, height: 866, angle: 3, noise: 8 }],
    ["12 MP JPEG (4000×3000)", { width: 4000, height: 3000, scale: 3, angle: -4, quality: 80 }],
  ] as const) {
    const photo = await barcodePhoto("590123412345", opts);
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < rounds; i++) {
      const { body, contentType } = multipart(photo);
      const s = performance.now();
      const r = await fetch(`${base}/scanner/photo`, {
        method: "POST",
        headers: { authorization: `Bearer ${reg.access_token}`, "content-type": contentType },
        body,
      });
      const j = (await r.json()) as { barcode: { gtin: string } | null };
      times.push(performance.now() - s);
      if (j.barcode?.gtin === "05901234123457") found++;
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${photo.length} | ${median(times).toFixed(0)} | ${times[Math.floor(times.length * 0.9)]!.toFixed(0)} | ${found}/${rounds} |`,
    );
    summaries.push(
      `summary: /scanner/photo, ${label} | p50 ${median(times).toFixed(0)} ms, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(0)} ms | — | barcode found ${found}/${rounds}`,
    );
  }
  console.log(summaries.join("\n"));
} finally {
  server.proc.kill();
}
process.exit(0);
