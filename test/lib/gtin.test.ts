/** src/lib/gtin.ts against GS1's rules (research/data.md §3) and an independent check-digit oracle. */
import { describe, expect, test } from "bun:test";
import { checkDigit, parseBarcode } from "../../src/lib/gtin";

/** GS1 mod-10, written independently: weights 3,1,3,… from the right of the data digits. */
function oracleCheck(data: string): number {
  const digits = data.split("").reverse().map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

function ok(raw: string, symbology?: Parameters<typeof parseBarcode>[1]) {
  const r = parseBarcode(raw, symbology);
  if (!r.ok) throw new Error(`${raw}: ${r.reason}`);
  return r.barcode;
}

describe("check digits", () => {
  test("GS1 India's example 890400021003 → 7", () => expect(checkDigit("890400021003")).toBe(7));

  test("agrees with an independent oracle on 20,000 random codes of every length", () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const len = [7, 11, 12, 13][i % 4]!;
      const data = Array.from({ length: len }, () => Math.floor(rand() * 10)).join("");
      expect(checkDigit(data)).toBe(oracleCheck(data));
      const code = data + oracleCheck(data);
      if (len !== 7) {
        expect(parseBarcode(code).ok).toBe(true);
        const wrong = data + ((oracleCheck(data) + 1 + (i % 9)) % 10);
        const r = parseBarcode(wrong);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.reason).toBe("bad_check_digit");
      }
    }
  });
});

describe("formats and normalisation to GTIN-14", () => {
  test("EAN-13, with the contract's example", () => {
    expect(ok("5449000000996")).toMatchObject({
      input: "5449000000996",
      gtin: "05449000000996",
      format: "EAN-13",
      issuer: "GS1 Belgium & Luxembourg",
    });
  });

  test("UPC-A and its EAN-13 form are the same GTIN", () => {
    const a = ok("036000291452");
    const b = ok("0036000291452");
    expect(a.format).toBe("UPC-A");
    expect(b.format).toBe("EAN-13");
    expect(a.gtin).toBe("00036000291452");
    expect(b.gtin).toBe(a.gtin);
    expect(a.issuer).toBe("GS1 US");
  });

  test("EAN-8 and GTIN-14", () => {
    expect(ok("96385074")).toMatchObject({ gtin: "00000096385074", format: "EAN-8" });
    expect(ok("10036000291459")).toMatchObject({ gtin: "10036000291459", format: "GTIN-14", issuer: "GS1 US" });
  });

  test("spaces and hyphens are ignored", () => {
    expect(ok(" 5449-0000 0099-6 ").gtin).toBe("05449000000996");
  });

  test("UPC-E in 8, 7 and 6 digits expands to its UPC-A (research example 04252614 → 042100005264)", () => {
    for (const raw of ["04252614", "0425261", "425261"]) {
      expect(ok(raw)).toMatchObject({ gtin: "00042100005264", format: "UPC-E" });
    }
  });

  test.each([
    // [UPC-E body d1..d6, expected UPC-A body without number system and check]
    ["123450", "1200000345"],
    ["123451", "1210000345"],
    ["123452", "1220000345"],
    ["123453", "1230000045"],
    ["123454", "1234000005"],
    ["123455", "1234500005"],
    ["123459", "1234500009"],
  ])("UPC-E %s expands by its last digit", (six, body) => {
    const data = `0${body}`;
    expect(ok(six).gtin).toBe(`00${data}${oracleCheck(data)}`);
    expect(ok(`0${six}${oracleCheck(data)}`).gtin).toBe(`00${data}${oracleCheck(data)}`);
    // with a wrong check digit it is no UPC-E (it may still happen to be a valid EAN-8)
    const wrong = `0${six}${(oracleCheck(data) + 1) % 10}`;
    const r = parseBarcode(wrong);
    if (r.ok) expect(r.barcode.format).toBe("EAN-8");
    else expect(r.reason).toBe("bad_check_digit");
  });

  test("8 digits valid as both EAN-8 and UPC-E: both readings are returned; the symbology decides the first", () => {
    const typed = ok("12345670");
    expect(typed.format).toBe("EAN-8");
    expect(typed.alternates.map((a) => a.format)).toEqual(["UPC-E"]);
    expect(ok("12345670", "UPC-E").format).toBe("UPC-E");
    // an EAN-8 starting with 0 is a restricted store code, so the UPC-E reading goes first
    const zero = ok("01234565");
    expect(zero.format).toBe("UPC-E");
    expect(zero.gtin).toBe("00012345000065");
    expect(zero.alternates[0]).toMatchObject({ format: "EAN-8", gtin: "00000001234565" });
  });
});

describe("codes that are valid but never global products", () => {
  test.each([
    ["2012345678907", "restricted_circulation"],
    ["0212345678900", "restricted_circulation"],
    ["0412345678902", "restricted_circulation"],
    ["9780306406157", "isbn"],
    ["9771234567003", "issn"],
    ["9521234567896", "demo"],
    ["9912345678907", "coupon"],
    ["21234563", "restricted_circulation"],
  ])("%s → %s", (raw, restriction) => {
    const data = raw.slice(0, -1);
    const code = data + oracleCheck(data);
    expect(ok(code).restriction).toBe(restriction as never);
  });

  test("ordinary products have no restriction and a GS1 issuer", () => {
    const withCheck = (data: string) => data + oracleCheck(data);
    expect(ok(withCheck("400638133393"))).toMatchObject({ restriction: null, issuer: "GS1 Germany" });
    expect(ok(withCheck("890103086527"))).toMatchObject({ restriction: null, issuer: "GS1 India" });
    expect(ok(withCheck("500011254816"))).toMatchObject({ restriction: null, issuer: "GS1 UK" });
    expect(ok(withCheck("690123456789"))).toMatchObject({ restriction: null, issuer: "GS1 China" });
  });
});

describe("errors", () => {
  test.each([
    ["", "not_digits"],
    ["   ", "not_digits"],
    ["5449OOOOOO996", "not_digits"],
    ["ABC", "not_digits"],
    ["12.34", "not_digits"],
    ["12345", "bad_length"],
    ["123456789", "bad_length"],
    ["12345678901", "bad_length"],
    ["123456789012345", "bad_length"],
    ["5449000000997", "bad_check_digit"],
    ["036000291453", "bad_check_digit"],
    ["04252615", "bad_check_digit"],
  ])("%p → %s", (raw, reason) => {
    const r = parseBarcode(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe(reason as never);
      expect(r.message.length).toBeGreaterThan(10);
    }
  });
});
