#!/usr/bin/env bun
/**
 * Builds the public label evaluation set: test/fixtures/labels/*.jpg and truth.json.
 *
 * Inputs: the panel layouts in scripts/label-set/panels.ts (US 2016 and older format, US two
 * columns, EU/UK tables in English, German and French, Australia/NZ, and a package side with no
 * panel), the fonts fontconfig finds for "Liberation Sans", "Liberation Serif", "Liberation Sans
 * Narrow" and "DejaVu Sans" (Debian's fonts-liberation and fonts-dejavu-core), and a fixed seed.
 * Each panel is rendered by sharp (librsvg), put on a coloured package and "photographed":
 * rotated and sheared (sharp has an affine warp, not a projective one), blurred, lit by a glare
 * spot, given sensor noise and saved as JPEG. The images are committed so that tests do not
 * depend on the fonts of the machine they run on; rerun this after changing panels.ts.
 *
 *   bun scripts/build-label-set.ts                       # the committed set
 *   bun scripts/build-label-set.ts --seed 7 --out DIR    # a held-out set (other values, shots)
 *   … --harsh                                            # every photo harder than the set's hard ones
 *   … --small                                            # 12 MP photos with the panel small in them
 */
import sharp from "sharp";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { rng } from "./rng";
import { auPanel, euPanel, noPanel, usPanel, type Macros, type Panel, type Truth } from "./label-set/panels";

export const LABEL_SET_DIR = join(import.meta.dir, "..", "test", "fixtures", "labels");
const SEED = 20261123;
const WIDTH = 1536;
const HEIGHT = 2048;

interface Shot {
  angle: number;
  shear: number;
  blur: number;
  glare: number;
  noise: number;
  quality: number;
  /** How much of the photo's width the panel fills. */
  fill: number;
}

export interface LabelCase {
  file: string;
  describe: string;
  truth: Truth;
}

export async function photograph(
  panel: Panel,
  shot: Shot,
  background: string,
  random: () => number,
  frame = { width: WIDTH, height: HEIGHT },
): Promise<Buffer> {
  const { width: WIDTH, height: HEIGHT } = frame;
  const scale = (WIDTH * shot.fill) / panel.width;
  const rendered = await sharp(Buffer.from(panel.svg), { density: 72 * scale })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
  const warped = await sharp(rendered)
    .affine(
      [
        [1, shot.shear],
        [0, 1],
      ],
      { background },
    )
    .rotate(shot.angle, { background })
    .toBuffer({ resolveWithObject: true });
  const w = Math.min(warped.info.width, WIDTH),
    h = Math.min(warped.info.height, HEIGHT);
  const piece = await sharp(warped.data)
    .extract({
      left: Math.floor((warped.info.width - w) / 2),
      top: Math.floor((warped.info.height - h) / 2),
      width: w,
      height: h,
    })
    .toBuffer();
  const gx = Math.round(WIDTH * (0.25 + 0.5 * random())),
    gy = Math.round(HEIGHT * (0.25 + 0.5 * random()));
  const glare = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="${shot.glare}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${gx}" cy="${gy}" rx="${WIDTH / 4}" ry="${HEIGHT / 6}" fill="url(#g)"/></svg>`,
  );
  const noise = Buffer.alloc(WIDTH * HEIGHT);
  for (let i = 0; i < noise.length; i++)
    noise[i] = 128 + Math.round((random() + random() + random() - 1.5) * shot.noise);
  const noiseLayer = await sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .toColourspace("srgb")
    .png()
    .toBuffer();
  let img = sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background } }).composite([
    { input: piece, gravity: "centre" },
    { input: glare, blend: "screen" },
    { input: noiseLayer, blend: "overlay" },
  ]);
  const flat = await img.png().toBuffer();
  img = sharp(flat);
  if (shot.blur >= 0.3) img = img.blur(shot.blur);
  return img.jpeg({ quality: shot.quality }).toBuffer();
}

const FONTS = ["Liberation Sans", "DejaVu Sans", "Liberation Serif", "Liberation Sans Narrow"];
const BACKGROUNDS = ["#c9342f", "#f2c14e", "#2f6690", "#e8e2d0", "#3a7d44", "#222222"];

function macros(random: () => number): Macros {
  const r = (lo: number, hi: number) => lo + (hi - lo) * random();
  const fat = r(0, 30),
    carb = r(2, 70),
    protein = r(0.5, 25);
  return {
    fat,
    sat: fat * r(0.1, 0.6),
    carb,
    sugar: carb * r(0.05, 0.6),
    fibre: r(0, 8),
    protein,
    sodiumMg: r(5, 900),
  };
}

/**
 * `harsh`: every photo hard, and harder: the panel smaller in the frame, more blur, tilt and
 * compression. `small`: a 12 MP photo (3024×4032) of which the panel fills a quarter to a third of
 * the width, as when a whole packet is photographed.
 */
export async function buildLabelSet(
  dir = LABEL_SET_DIR,
  seed = SEED,
  mode: "normal" | "harsh" | "small" = "normal",
): Promise<LabelCase[]> {
  const harsh = mode === "harsh";
  const frame = mode === "small" ? { width: 3024, height: 4032 } : { width: WIDTH, height: HEIGHT };
  const random = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const shot = (hard: boolean): Shot =>
    harsh
      ? {
          angle: (random() - 0.5) * 16,
          shear: (random() - 0.5) * 0.16,
          blur: 1 + random(),
          glare: 0.7,
          noise: 18,
          quality: 55,
          fill: 0.4 + random() * 0.2,
        }
      : {
          angle: (random() - 0.5) * (hard ? 12 : 5),
          shear: (random() - 0.5) * (hard ? 0.12 : 0.04),
          blur: hard ? 0.8 + random() * 0.8 : random() * 0.6,
          glare: hard ? 0.55 : 0.3,
          noise: hard ? 14 : 6,
          quality: hard ? 70 : 85,
          fill: 0.6 + random() * 0.25,
        };
  const perServing = (m: Macros, grams: number): Macros =>
    Object.fromEntries(Object.entries(m).map(([k, v]) => [k, (v * grams) / 100])) as unknown as Macros;
  const cases: { name: string; describe: string; panel: Panel; hard: boolean }[] = [];
  for (let i = 0; i < 8; i++) {
    const grams = pick([28, 30, 40, 55, 85, 113, 240]);
    const font = FONTS[i % FONTS.length]!;
    const old = i % 4 === 3,
      two = i % 4 === 2;
    const drink = i === 5;
    const m = perServing(macros(random), grams);
    const serving = drink
      ? "1 bottle (240mL)"
      : pick([
          `2/3 cup (${grams}g)`,
          `1 bar (${grams}g)`,
          `${Math.round(grams / 5)} pieces (${grams}g)`,
          `1 cup (${grams}g)`,
        ]);
    cases.push({
      name: `us-${i + 1}`,
      describe: `US ${old ? "older format" : two ? "2016, two columns" : "2016"}, ${font}${drink ? ", drink" : ""}`,
      panel: usPanel(m, {
        serving,
        grams: drink ? null : grams,
        ml: drink ? 240 : undefined,
        servings: pick([2, 4, 6, 8, 12]),
        font,
        old,
        twoColumns: two,
      }),
      hard: i >= 6,
    });
  }
  for (const [i, lang] of (["en", "en", "de", "fr", "en"] as const).entries()) {
    const font = FONTS[(i + 1) % FONTS.length]!;
    cases.push({
      name: `eu-${lang}-${i + 1}`,
      describe: `EU table, ${lang}, ${font}`,
      panel: euPanel(macros(random), { lang, servingGrams: pick([25, 30, 40, 50]), font }),
      hard: i === 4,
    });
  }
  for (let i = 0; i < 2; i++) {
    const font = FONTS[i]!;
    cases.push({
      name: `au-${i + 1}`,
      describe: `Australia/NZ, ${font}`,
      panel: auPanel(macros(random), { servingGrams: pick([30, 45, 60]), servings: pick([5, 8, 10]), font }),
      hard: i === 1,
    });
  }
  cases.push({
    name: "no-panel",
    describe: "a package side without a nutrition panel",
    panel: noPanel("Liberation Sans"),
    hard: false,
  });

  mkdirSync(dir, { recursive: true });
  const out: LabelCase[] = [];
  for (const c of cases) {
    const file = `${c.name}.jpg`;
    const s = shot(c.hard);
    if (mode === "small") s.fill = 0.25 + random() * 0.1;
    writeFileSync(join(dir, file), await photograph(c.panel, s, pick(BACKGROUNDS), random, frame));
    out.push({
      file,
      describe: `${c.describe}${c.hard ? ", hard photo (tilt, blur, glare, noise)" : ""}`,
      truth: c.panel.truth,
    });
  }
  writeFileSync(join(dir, "truth.json"), `${JSON.stringify(out, null, 1)}\n`);
  return out;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      seed: { type: "string" },
      out: { type: "string" },
      harsh: { type: "boolean" },
      small: { type: "boolean" },
    },
  });
  const dir = values.out ?? LABEL_SET_DIR;
  const cases = await buildLabelSet(
    dir,
    values.seed ? Number(values.seed) : SEED,
    values.harsh ? "harsh" : values.small ? "small" : "normal",
  );
  console.log(`${cases.length} label photos in ${dir}`);
}
