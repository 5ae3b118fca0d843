/**
 * GTIN handling (GS1 General Specifications; research/data.md §3): digits only after stripping
 * spaces and hyphens; EAN-13, EAN-8, UPC-A, GTIN-14, and UPC-E in 6-, 7- and 8-digit forms;
 * mod-10 check digit; every code normalised to a zero-padded GTIN-14. Pure functions.
 */

export type GtinFormat = "EAN-13" | "EAN-8" | "UPC-A" | "UPC-E" | "GTIN-14";
export type GtinProblem = "not_digits" | "bad_length" | "bad_check_digit";
/** Valid syntax that never names a global trade item. */
export type Restriction = "restricted_circulation" | "isbn" | "issn" | "coupon" | "demo";

export interface Barcode {
  input: string;
  gtin: string;
  format: GtinFormat;
  issuer: string | null;
}

export interface ParsedBarcode extends Barcode {
  restriction: Restriction | null;
  /** Other readings of the same digits (an 8-digit code valid as both EAN-8 and UPC-E). */
  alternates: Barcode[];
}

export type ParseResult = { ok: true; barcode: ParsedBarcode } | { ok: false; reason: GtinProblem; message: string };

/** The mod-10 check digit for the data digits (all but the check digit). */
export function checkDigit(data: string): number {
  let sum = 0;
  for (let i = data.length - 1, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) sum += Number(data[i]) * w;
  return (10 - (sum % 10)) % 10;
}

const validCheck = (code: string) => checkDigit(code.slice(0, -1)) === Number(code.at(-1));

/** UPC-E (number system + 6 digits) → the 11 data digits of its UPC-A. */
function expandUpcE(ns: string, d: string): string {
  const [d1, d2, d3, d4, d5, d6] = d.split("");
  switch (d6) {
    case "0":
    case "1":
    case "2":
      return `${ns}${d1}${d2}${d6}0000${d3}${d4}${d5}`;
    case "3":
      return `${ns}${d1}${d2}${d3}00000${d4}${d5}`;
    case "4":
      return `${ns}${d1}${d2}${d3}${d4}00000${d5}`;
    default:
      return `${ns}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
}

// GS1 member organisations by the first three digits of the GTIN-13 view.
const ISSUER_RANGES: [number, number, string][] = [
  [0, 19, "GS1 US"],
  [30, 39, "GS1 US"],
  [50, 59, "GS1 US"],
  [60, 139, "GS1 US"],
  [300, 379, "GS1 France"],
  [380, 380, "GS1 Bulgaria"],
  [383, 383, "GS1 Slovenia"],
  [385, 385, "GS1 Croatia"],
  [387, 387, "GS1 Bosnia and Herzegovina"],
  [389, 389, "GS1 Montenegro"],
  [390, 390, "GS1 Kosovo"],
  [400, 440, "GS1 Germany"],
  [450, 459, "GS1 Japan"],
  [460, 469, "GS1 Russia"],
  [470, 470, "GS1 Kyrgyzstan"],
  [471, 471, "GS1 Taiwan"],
  [474, 474, "GS1 Estonia"],
  [475, 475, "GS1 Latvia"],
  [476, 476, "GS1 Azerbaijan"],
  [477, 477, "GS1 Lithuania"],
  [478, 478, "GS1 Uzbekistan"],
  [479, 479, "GS1 Sri Lanka"],
  [480, 480, "GS1 Philippines"],
  [481, 481, "GS1 Belarus"],
  [482, 482, "GS1 Ukraine"],
  [483, 483, "GS1 Turkmenistan"],
  [484, 484, "GS1 Moldova"],
  [485, 485, "GS1 Armenia"],
  [486, 486, "GS1 Georgia"],
  [487, 487, "GS1 Kazakhstan"],
  [488, 488, "GS1 Tajikistan"],
  [489, 489, "GS1 Hong Kong, China"],
  [490, 499, "GS1 Japan"],
  [500, 509, "GS1 UK"],
  [520, 521, "GS1 Greece"],
  [528, 528, "GS1 Lebanon"],
  [529, 529, "GS1 Cyprus"],
  [530, 530, "GS1 Albania"],
  [531, 531, "GS1 North Macedonia"],
  [535, 535, "GS1 Malta"],
  [539, 539, "GS1 Ireland"],
  [540, 549, "GS1 Belgium & Luxembourg"],
  [560, 560, "GS1 Portugal"],
  [569, 569, "GS1 Iceland"],
  [570, 579, "GS1 Denmark"],
  [590, 590, "GS1 Poland"],
  [594, 594, "GS1 Romania"],
  [599, 599, "GS1 Hungary"],
  [600, 601, "GS1 South Africa"],
  [603, 603, "GS1 Ghana"],
  [604, 604, "GS1 Senegal"],
  [605, 605, "GS1 Uganda"],
  [606, 606, "GS1 Angola"],
  [607, 607, "GS1 Oman"],
  [608, 608, "GS1 Bahrain"],
  [609, 609, "GS1 Mauritius"],
  [611, 611, "GS1 Morocco"],
  [612, 612, "GS1 Somalia"],
  [613, 613, "GS1 Algeria"],
  [615, 615, "GS1 Nigeria"],
  [616, 616, "GS1 Kenya"],
  [617, 617, "GS1 Cameroon"],
  [618, 618, "GS1 Côte d'Ivoire"],
  [619, 619, "GS1 Tunisia"],
  [620, 620, "GS1 Tanzania"],
  [621, 621, "GS1 Syria"],
  [622, 622, "GS1 Egypt"],
  [623, 623, "GS1 Brunei"],
  [624, 624, "GS1 Libya"],
  [625, 625, "GS1 Jordan"],
  [626, 626, "GS1 Iran"],
  [627, 627, "GS1 Kuwait"],
  [628, 628, "GS1 Saudi Arabia"],
  [629, 629, "GS1 Emirates"],
  [630, 630, "GS1 Qatar"],
  [631, 631, "GS1 Namibia"],
  [632, 632, "GS1 Rwanda"],
  [640, 649, "GS1 Finland"],
  [680, 681, "GS1 China"],
  [690, 699, "GS1 China"],
  [700, 709, "GS1 Norway"],
  [729, 729, "GS1 Israel"],
  [730, 739, "GS1 Sweden"],
  [740, 740, "GS1 Guatemala"],
  [741, 741, "GS1 El Salvador"],
  [742, 742, "GS1 Honduras"],
  [743, 743, "GS1 Nicaragua"],
  [744, 744, "GS1 Costa Rica"],
  [745, 745, "GS1 Panama"],
  [746, 746, "GS1 Dominican Republic"],
  [750, 750, "GS1 Mexico"],
  [754, 755, "GS1 Canada"],
  [759, 759, "GS1 Venezuela"],
  [760, 769, "GS1 Switzerland"],
  [770, 771, "GS1 Colombia"],
  [773, 773, "GS1 Uruguay"],
  [775, 775, "GS1 Peru"],
  [777, 777, "GS1 Bolivia"],
  [778, 779, "GS1 Argentina"],
  [780, 780, "GS1 Chile"],
  [784, 784, "GS1 Paraguay"],
  [786, 786, "GS1 Ecuador"],
  [789, 790, "GS1 Brasil"],
  [800, 839, "GS1 Italy"],
  [840, 849, "GS1 Spain"],
  [850, 850, "GS1 Cuba"],
  [858, 858, "GS1 Slovakia"],
  [859, 859, "GS1 Czech"],
  [860, 860, "GS1 Serbia"],
  [865, 865, "GS1 Mongolia"],
  [867, 867, "GS1 North Korea"],
  [868, 869, "GS1 Türkiye"],
  [870, 879, "GS1 Netherlands"],
  [880, 881, "GS1 Korea"],
  [883, 883, "GS1 Myanmar"],
  [884, 884, "GS1 Cambodia"],
  [885, 885, "GS1 Thailand"],
  [888, 888, "GS1 Singapore"],
  [890, 890, "GS1 India"],
  [893, 893, "GS1 Vietnam"],
  [894, 894, "GS1 Bangladesh"],
  [896, 896, "GS1 Pakistan"],
  [899, 899, "GS1 Indonesia"],
  [900, 919, "GS1 Austria"],
  [930, 939, "GS1 Australia"],
  [940, 949, "GS1 New Zealand"],
  [950, 951, "GS1 Global Office"],
  [955, 955, "GS1 Malaysia"],
  [958, 958, "GS1 Macau, China"],
  [960, 969, "GS1 Global Office"],
];

function classify13(body13: string, format: GtinFormat): { issuer: string | null; restriction: Restriction | null } {
  const p = Number(body13.slice(0, 3));
  if (format === "EAN-8") {
    // GTIN-8: prefixes 0 and 2 are restricted-circulation (RCN-8); the rest are allocated by MOs.
    const first = body13[5]; // body13 = "00000" + 8 digits
    if (first === "0" || first === "2") return { issuer: null, restriction: "restricted_circulation" };
    const p8 = Number(body13.slice(5, 8));
    const hit = ISSUER_RANGES.find(([lo, hi]) => p8 >= lo && p8 <= hi);
    return { issuer: hit?.[2] ?? null, restriction: null };
  }
  if ((p >= 20 && p <= 29) || (p >= 40 && p <= 49) || (p >= 200 && p <= 299))
    return { issuer: null, restriction: "restricted_circulation" };
  if (p === 977) return { issuer: "ISSN International Centre", restriction: "issn" };
  if (p === 978 || p === 979) return { issuer: "International ISBN Agency", restriction: "isbn" };
  if (p === 952) return { issuer: "GS1 Global Office", restriction: "demo" };
  if (p >= 980) return { issuer: null, restriction: "coupon" };
  const hit = ISSUER_RANGES.find(([lo, hi]) => p >= lo && p <= hi);
  return { issuer: hit?.[2] ?? null, restriction: null };
}

function make(input: string, code: string, format: GtinFormat): Barcode & { restriction: Restriction | null } {
  const gtin = code.padStart(14, "0");
  const { issuer, restriction } = classify13(format === "EAN-8" ? gtin.slice(1) : gtin.slice(1), format);
  return { input, gtin, format, issuer, restriction };
}

/**
 * Parses what a person or scanner typed. A scanner that knows the symbology passes it, which
 * settles an 8-digit code that reads both as EAN-8 and as UPC-E.
 */
export function parseBarcode(raw: string, symbology?: GtinFormat): ParseResult {
  const input = raw;
  const digits = raw.replace(/[\s-]/g, "");
  if (digits === "" || !/^\d+$/.test(digits)) {
    return {
      ok: false,
      reason: "not_digits",
      message: "barcode must contain only digits (spaces and hyphens are ignored)",
    };
  }
  const n = digits.length;
  const bad = (): ParseResult => ({
    ok: false,
    reason: "bad_check_digit",
    message: `the check digit of ${digits} is wrong`,
  });
  const done = (b: Barcode & { restriction: Restriction | null }, alternates: Barcode[] = []): ParseResult => ({
    ok: true,
    barcode: { ...b, alternates },
  });
  const upcE = (ns: string, six: string, check?: string) => {
    const data = expandUpcE(ns, six);
    const cd = checkDigit(data);
    if (check !== undefined && Number(check) !== cd) return null;
    return make(input, `${data}${cd}`, "UPC-E");
  };
  switch (n) {
    case 6: {
      const b = upcE("0", digits);
      return b ? done(b) : bad();
    }
    case 7: {
      // number system 0 or 1 + six digits (check digit omitted); otherwise six digits + check
      const b =
        digits[0] === "0" || digits[0] === "1"
          ? upcE(digits[0]!, digits.slice(1))
          : upcE("0", digits.slice(0, 6), digits[6]);
      return b ? done(b) : bad();
    }
    case 8: {
      const asEan8 = validCheck(digits) ? make(input, digits, "EAN-8") : null;
      const asUpcE = digits[0] === "0" || digits[0] === "1" ? upcE(digits[0]!, digits.slice(1, 7), digits[7]) : null;
      if (asEan8 && asUpcE) {
        // Both readings are valid. An EAN-8 starting with 0 is a restricted store code, so the
        // UPC-E (a real GS1 US item) is the likelier product; either way both are looked up.
        const upcFirst = symbology === "UPC-E" || (symbology !== "EAN-8" && asEan8.restriction !== null);
        const [first, second] = upcFirst ? [asUpcE, asEan8] : [asEan8, asUpcE];
        return done(first, [{ input, gtin: second.gtin, format: second.format, issuer: second.issuer }]);
      }
      if (asEan8) return done(asEan8);
      if (asUpcE) return done(asUpcE);
      return bad();
    }
    case 12:
      return validCheck(digits) ? done(make(input, digits, "UPC-A")) : bad();
    case 13:
      return validCheck(digits) ? done(make(input, digits, "EAN-13")) : bad();
    case 14:
      return validCheck(digits) ? done(make(input, digits, "GTIN-14")) : bad();
    default:
      return {
        ok: false,
        reason: "bad_length",
        message: `barcode has ${n} digits; expected 8, 12, 13 or 14 (or a 6–8 digit UPC-E)`,
      };
  }
}
