/**
 * Live barcode decoding off the main thread: the page posts camera frames (ImageData), this worker
 * reads them with zxing-wasm, whose wasm file the server serves itself (/zxing_reader.wasm; no CDN).
 */
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? "/zxing_reader.wasm" : prefix + path),
  },
});

self.onmessage = async (e: MessageEvent<ImageData>) => {
  try {
    const found = await readBarcodes(e.data, {
      formats: ["EAN13", "EAN8", "UPCA", "UPCE"],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    self.postMessage({ text: found[0]?.text ?? null });
  } catch (err) {
    self.postMessage({ text: null, error: String(err) });
  }
};
