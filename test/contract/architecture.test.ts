/**
 * The shape of the source tree, checked from its imports (type-only imports count: they are what
 * a reader follows). Read with the TypeScript compiler's own import scanner (TypeScript 5's API;
 * TypeScript 7's package has none yet).
 *   - no import circle, between files or between parts (each feature folder, db, lib, http, cli…);
 *   - a feature's routes are imported by app.ts alone (features share context.ts, services, models);
 *   - features and the request pipeline (src/http) import nothing from app.ts or services.ts, and
 *     src/http nothing from a feature;
 *   - lib/ is a leaf: it imports neither db/ nor Elysia;
 *   - per-request values live on the request's context: no module-level WeakMap keyed by a Request,
 *     and no feature module keeps a WeakMap keyed by a service (caches are built in createServices);
 *   - the one request context: features take RouteDeps, AuthedUser and Ctx from src/context.ts and
 *     src/http, never from features/auth; app.ts assigns nothing into what it built; services.ts
 *     knows no HTTP; only http/body.ts enters and leaves a gate;
 *   - the web app (web/src) has no import circle either;
 *   - data is reached one way: SQL (drizzle's builders, sql``, raw statements, the query steps of db/q.ts)
 *     lives in src/db/ and in the features' repository files (repo.ts, *-repo.ts) alone;
 *   - services (everything in a feature but its routes files) import nothing from src/http;
 *   - database rows' types are inferred (drizzle, db/raw-row.ts, a model's schema), but for a listed few.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript5";

const SRC = join(import.meta.dir, "..", "..", "src");
const WEB = join(import.meta.dir, "..", "..", "web", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [p] : [];
  });
}

/** file (relative to `root`) → the files under `root` it imports (type-only imports too). */
function importGraph(root = SRC): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets: string[] = [];
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const base = resolve(dirname(file), fileName);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p));
      if (found && !relative(root, found).startsWith("..")) targets.push(relative(root, found));
    }
    graph.set(relative(root, file), targets);
  }
  return graph;
}

/** file (relative to src) → the bare packages it imports ("elysia", "drizzle-orm", …). */
function packageImports(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    out.set(
      relative(SRC, file),
      importedFiles.map((f) => f.fileName).filter((n) => !n.startsWith(".")),
    );
  }
  return out;
}

const text = (file: string) => readFileSync(join(SRC, file), "utf8");

/** Strongly connected components of more than one node (Tarjan): each is an import circle. */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The part a file belongs to: its feature folder, or its top-level folder or file. */
const partOf = (file: string) => {
  const [top, second] = file.split("/");
  return top === "features" ? `features/${second}` : top!.replace(/\.tsx?$/, "");
};

function partGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const parts = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = partOf(file);
    if (!parts.has(from)) parts.set(from, new Set());
    for (const t of targets) if (partOf(t) !== from) parts.get(from)!.add(partOf(t));
  }
  return new Map([...parts].map(([k, v]) => [k, [...v]]));
}

const isRoutesFile = (file: string) => /^features\/[^/]+\/(.+-)?routes\.ts$/.test(file);
const graph = importGraph();

/** A feature's repository file: where its queries live (repo.ts, or <part>-repo.ts beside it). */
const isRepoFile = (file: string) => /^features\/.+\/(.+-)?repo\.ts$/.test(file);

/** The query steps of db/q.ts and db/insert.ts that carry SQL (tx, serialize, ownAccount and value carry none). */
const SQL_STEPS = new Set([
  "all",
  "one",
  "exec",
  "rows",
  "row",
  "run",
  "prepared",
  "preparedInsert",
  "dialect",
  "pgRaw",
]);

/** Where a file writes SQL: a query step or drizzle imported, a sql`` template, or a statement in a string. */
export function sqlIn(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    if (m[1]) continue; // a type-only import carries no query
    const from = m[3]!;
    const names = m[2]!
      .split(",")
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith("type "))
      .map((n) => n.split(/\s+as\s+/)[0]!);
    if (from.startsWith("drizzle-orm")) found.push(`${file}: imports ${names.join(", ")} from ${from}`);
    else if (/\/db\/(q|insert)$/.test(from)) {
      const steps = names.filter((n) => SQL_STEPS.has(n));
      if (steps.length) found.push(`${file}: imports ${steps.join(", ")} from ${from}`);
    }
  }
  if (/\bsql`/.test(source)) found.push(`${file}: sql\`\``);
  const statement =
    /["'`]\s*(SELECT\s[^"'`]*\bFROM\b|SELECT 1\b|INSERT INTO\s|DELETE FROM\s|UPDATE\s+"?\w+"?\s+SET\s)/i.exec(source);
  if (statement) found.push(`${file}: ${statement[0].slice(0, 40)}…`);
  return found;
}

describe("the source tree's imports", () => {
  test("the scan reads the tree: hundreds of files, and app.ts's imports", () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get("app.ts")).toContain("features/meals/routes.ts");
    expect(graph.get("app.ts")).toContain("services.ts");
  });

  test("no import circle between files", () => {
    expect(circles(graph)).toEqual([]);
  });

  test("no import circle between parts (features, db, lib, http, cli…)", () => {
    const found = circles(partGraph(graph));
    if (found.length) {
      // name the imports that close each circle, to say what to move
      const why = found.map((c) =>
        [...graph]
          .flatMap(([f, ts]) =>
            ts
              .filter((t) => c.includes(partOf(f)) && c.includes(partOf(t)) && partOf(f) !== partOf(t))
              .map((t) => `${f} → ${t}`),
          )
          .join("\n"),
      );
      throw new Error(`import circles between parts:\n${why.join("\n\n")}`);
    }
  });

  test("a feature's routes are imported by app.ts alone", () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => isRoutesFile(t) && file !== "app.ts").map((t) => `${file} → ${t}`),
    );
    expect(wrong).toEqual([]);
  });

  test("features and src/http import nothing from app.ts or services.ts; src/http nothing from a feature", () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets
        .filter(
          (t) =>
            ((file.startsWith("features/") || file.startsWith("http/")) && (t === "app.ts" || t === "services.ts")) ||
            (file.startsWith("http/") && t.startsWith("features/")),
        )
        .map((t) => `${file} → ${t}`),
    );
    expect(wrong).toEqual([]);
  });

  test("lib/ is a leaf: it imports neither db/ nor Elysia", () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      file.startsWith("lib/") ? targets.filter((t) => t.startsWith("db/")).map((t) => `${file} → ${t}`) : [],
    );
    for (const [file, packages] of packageImports())
      if (file.startsWith("lib/"))
        wrong.push(...packages.filter((p) => p.startsWith("elysia")).map((p) => `${file} → ${p}`));
    expect(wrong).toEqual([]);
  });

  test("no module-level WeakMap keyed by a Request; features keep no WeakMap keyed by a service", () => {
    const wrong = [...graph.keys()].flatMap((file) => {
      const found: string[] = [];
      if (/WeakMap<\s*Request\b/.test(text(file))) found.push(`${file}: WeakMap keyed by Request`);
      if (file.startsWith("features/") && /new WeakMap\b/.test(text(file))) found.push(`${file}: WeakMap`);
      return found;
    });
    expect(wrong).toEqual([]);
  });

  test("features take RouteDeps and AuthedUser from src/http and src/context.ts, not from features/auth", () => {
    const wrong = [...graph].flatMap(([file, targets]) => {
      if (!file.startsWith("features/") || file.startsWith("features/auth/")) return [];
      const auth = targets.filter((t) => t.startsWith("features/auth/"));
      if (!auth.length) return [];
      const names = /import[^;]*\b(RouteDeps|AuthedUser)\b[^;]*from\s+"[^"]*auth\//.exec(text(file));
      return names ? [`${file} imports ${names[1]} from features/auth`] : [];
    });
    expect(wrong).toEqual([]);
    // and they exist where they should
    expect(text("http/auth.ts")).toMatch(/export interface RouteDeps\b/);
    expect(text("context.ts")).toMatch(/export interface AuthedUser\b/);
  });

  test("app.ts installs nothing after construction: it assigns to no property of what it built", () => {
    const source = ts.createSourceFile("app.ts", text("app.ts"), ts.ScriptTarget.Latest, true);
    const assigned: string[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
        (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left))
      )
        assigned.push(node.getText(source));
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(assigned).toEqual([]);
  });

  test("services.ts knows no HTTP (nothing from src/http, no Elysia); a gate is entered and left in http/body.ts alone", () => {
    expect(graph.get("services.ts")!.filter((t) => t.startsWith("http/"))).toEqual([]);
    expect(
      packageImports()
        .get("services.ts")!
        .filter((p) => p.startsWith("elysia")),
    ).toEqual([]);
    const gateCalls = [...graph.keys()].filter(
      (file) => file !== "lib/account-gate.ts" && /\.(enter|leave)\(request\b/.test(text(file)),
    );
    expect(gateCalls).toEqual(["http/body.ts"]);
  });

  test("data is reached one way: no SQL outside src/db/ and the features' repo files", () => {
    const wrong = [...graph.keys()]
      .filter((file) => !file.startsWith("db/") && !isRepoFile(file))
      .flatMap((file) => sqlIn(file, text(file)));
    expect(wrong).toEqual([]);
  });

  test("the SQL finder finds SQL (a check that cannot fail proves nothing)", () => {
    expect(sqlIn("a.ts", 'import { row, tx } from "../../db/q";')).toEqual(["a.ts: imports row from ../../db/q"]);
    expect(sqlIn("a.ts", 'import { tx, type Q } from "../../db/q";')).toEqual([]);
    expect(sqlIn("a.ts", 'import { eq } from "drizzle-orm";')).toHaveLength(1);
    expect(sqlIn("a.ts", "const x = sql`now()`;")).toHaveLength(1);
    expect(sqlIn("a.ts", 'q("DELETE FROM weights WHERE id = ?")')).toHaveLength(1);
    expect(sqlIn("a.ts", "// select the first one from the list")).toEqual([]);
    expect(isRepoFile("features/weights/repo.ts") && isRepoFile("features/auth/two-factor-repo.ts")).toBe(true);
    expect(isRepoFile("features/weights/service.ts")).toBe(false);
  });

  test("services import nothing from src/http (only a feature's routes files do)", () => {
    // the OpenAPI builder describes the HTTP surface: it reads each route's declared facts (body, scopes)
    const describesHttp = new Set(["features/docs/openapi.ts"]);
    const wrong = [...graph].flatMap(([file, targets]) =>
      file.startsWith("features/") && !isRoutesFile(file) && !describesHttp.has(file)
        ? targets.filter((t) => t.startsWith("http/")).map((t) => `${file} → ${t}`)
        : [],
    );
    expect(wrong).toEqual([]);
  });

  test("the web app has no import circle (type-only imports count)", () => {
    const web = importGraph(WEB);
    expect(web.size).toBeGreaterThan(20);
    expect(circles(web)).toEqual([]);
  });

  test("the README's layout names paths that exist", () => {
    const readme = readFileSync(join(SRC, "..", "README.md"), "utf8");
    const block = readme.split("## Development")[1]?.split("```")[1] ?? "";
    const named = block
      .split("\n")
      .flatMap((line) => line.split(/\s{2,}/)[0]!.split(" · "))
      .map((p) => p.trim())
      .filter((p) => /^[\w.-]+(\/|\.\w+$)/.test(p) || p.includes("/"));
    expect(named.length).toBeGreaterThan(10);
    const missing = named.filter((p) => {
      const path = join(SRC, "..", p.replace("<feature>", "meals").replace("<name>", "meals"));
      return !existsSync(path);
    });
    expect(missing).toEqual([]);
  });

  test("the circle finder finds circles (a check that cannot fail proves nothing)", () => {
    const probe = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(probe)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(
      circles(
        partGraph(
          new Map([
            ["features/x/a.ts", ["features/y/b.ts"]],
            ["features/y/b.ts", ["features/x/c.ts"]],
            ["features/x/c.ts", []],
          ]),
        ),
      ),
    ).toEqual([["features/x", "features/y"]]);
  });
});

/**
 * A database row's type is inferred from src/db/schema.ts (drizzle's `$inferSelect`, or db/raw-row.ts's `RawRow`
 * for the raw statements' snake_case rows) or from a model's schema (`typeof X.static`). Written by hand are
 * only the rows drizzle cannot infer, each listed here with its reason.
 */
const HAND_WRITTEN_ROWS: Record<string, string> = {
  "features/recipes/repo.ts IngredientRow": "a join of ingredients, foods and portions with a JSON per-100 g column",
  "features/foods/recent.ts AtMealRow": "a raw SQL aggregate (count, latest) of the meal log",
  "features/foods/service.ts FoodHistoryRow": "a raw SQL aggregate (count, latest) of the meal log",
  "db/catalogue.ts Row": "the catalogue is its own SQLite file, outside drizzle's schema",
};

/** Each `*Row` type declared in `source` that is written by hand: an interface, or an alias not built from an inferred type. */
export function handWrittenRows(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(
    /^(?:export )?(interface|type) (\w*Row)\b(?:<[^=]*>)?( =)?([\s\S]*?)(?:;\n|\n}\n)/gm,
  )) {
    const inferred = m[1] === "type" && /\$inferSelect|\bRawRow<|\.static\b/.test(m[4]!);
    if (!inferred) found.push(`${file} ${m[2]}`);
  }
  return found;
}

describe("row types", () => {
  test("a database row's type is inferred; the few written by hand are listed with their reason", () => {
    const found = [...graph.keys()].flatMap((file) => handWrittenRows(file, text(file)));
    expect(found.sort()).toEqual(Object.keys(HAND_WRITTEN_ROWS).sort());
  });

  test("the row finder finds a hand-written row (a check that cannot fail proves nothing)", () => {
    expect(handWrittenRows("a.ts", "export interface WeightRow {\n  kg: number;\n}\n")).toEqual(["a.ts WeightRow"]);
    expect(handWrittenRows("a.ts", "type Row = { kg: number };\n")).toEqual(["a.ts Row"]);
    expect(handWrittenRows("a.ts", "export type MealRow = typeof meals.$inferSelect;\n")).toEqual([]);
    expect(handWrittenRows("a.ts", 'type Row = Pick<\n  RawRow<typeof weights>,\n  "kg"\n>;\n')).toEqual([]);
  });
});

/**
 * The web app is a client like any other (STYLE.md 15): what it bundles from src/ needs TypeBox, never
 * Elysia; it names API data by the types generated from the OpenAPI document, not copies of them; and
 * views reach the server through data modules, which call the client typed by path.
 */
describe("the web app's layers", () => {
  const ROOT = join(SRC, "..");
  const ENTRIES = ["web/src/main.tsx", "web/search-worker.ts", "web/scan-worker.ts", "web/sw.ts"];

  test("no Elysia among the web bundle's inputs (every module the browser build resolves)", async () => {
    const inputs = new Set<string>();
    const r = await Bun.build({
      entrypoints: ENTRIES.map((e) => join(ROOT, e)),
      target: "browser",
      tsconfig: join(ROOT, "web", "tsconfig.json"),
      define: { __BUILD__: '""', __PRECACHE__: "[]" },
      plugins: [
        {
          name: "inputs",
          setup(build) {
            build.onLoad({ filter: /.*/ }, (args) => {
              inputs.add(relative(ROOT, args.path));
              return undefined; // loaded as usual: only listed
            });
          },
        },
      ],
    });
    expect(r.success).toBe(true);
    expect(inputs.size).toBeGreaterThan(100);
    expect([...inputs].filter((p) => p.startsWith("web/src/"))).toContain("web/src/checks.ts");
    expect([...inputs].filter((p) => /(^|\/)node_modules\/elysia\//.test(p))).toEqual([]);
  });

  /**
   * Local shapes that look like a generated API type (the same name, or most of its fields) and are not a
   * copy of one: each says why it is its own.
   */
  const LOCAL_SHAPES: Record<string, string> = {
    "serving.ts Serving": "the forms' serving: its portion as an object to show, not the API's portion_id",
    "serving.ts ServingHint": "what a list row knows of a food, from a search hit or a stored food record alike",
    "goals.ts MacroForm": "the macro fields of a goals record as the sync feed and older saved records carry them",
    "own-foods.ts FoodFields": "the custom-food form's fields (per100g, a label's extra keys), turned into CreateFood",
    "own-foods.ts RecipeFields":
      "the recipe form's fields, turned into CreateRecipe (ingredients as the form holds them)",
    "foods.ts FoodHit":
      "a hit of either search: the API's SearchItem (assigned to it) or the offline ranker's, which lacks fields",
    "foods.ts LineHit": "an item of a line of food from POST /foods/parse (assigned to it) or the offline parser",
    "store.ts Mutation": "the API's Mutation (picked from it) with its place in this device's queue",
  };

  /** `file Name` of every interface or object type in web/src that has a generated schema's name or most of its fields. */
  function lookalikes(): string[] {
    const openapi = join(ROOT, "build", "openapi.json");
    if (!existsSync(openapi)) throw new Error("run `bun scripts/openapi.ts` first: build/openapi.json is missing");
    const doc = JSON.parse(readFileSync(openapi, "utf8")) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const schemas = Object.entries(doc.components.schemas).map(([name, s]) => ({
      name,
      fields: new Set(Object.keys(s.properties ?? {})),
    }));
    const found = new Set<string>();
    for (const file of sourceFiles(WEB).filter((f) => !f.endsWith(".gen.ts"))) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        const members = ts.isInterfaceDeclaration(node)
          ? node.members
          : ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)
            ? node.type.members
            : null;
        if (members && (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node))) {
          const fields = members.flatMap((m) =>
            m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? [m.name.text] : [],
          );
          const copy = schemas.some((s) => {
            const shared = fields.filter((f) => s.fields.has(f)).length;
            return s.name === node.name.text || (shared >= 3 && shared >= fields.length * 0.8);
          });
          if (copy) found.add(`${relative(WEB, file)} ${node.name.text}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    return [...found].sort();
  }

  test("no hand-written copy of a generated API type in web/src (local shapes are listed, each with its reason)", () => {
    const found = lookalikes();
    expect(found.filter((s) => !(s in LOCAL_SHAPES))).toEqual([]);
    // the list stays true: an entry whose shape is gone (or now generated) leaves it
    expect(Object.keys(LOCAL_SHAPES).filter((s) => !found.includes(s))).toEqual([]);
  });

  test("views call data modules, not the API: no view imports the client, open, upload or ok", () => {
    const wrong = [...importGraph(WEB)]
      .filter(([file, targets]) => file.startsWith("views/") && targets.includes("api.ts"))
      .flatMap(([file]) => {
        const names = /import\s*\{([^}]*)\}\s*from\s*"(?:\.\.\/)+api"/.exec(readFileSync(join(WEB, file), "utf8"))?.[1];
        const used = (names ?? "").split(",").map((n) => n.trim().replace(/^type\s+/, ""));
        return used.filter((n) => ["api", "client", "open", "upload", "ok"].includes(n)).map((n) => `${file}: ${n}`);
      });
    expect(wrong).toEqual([]);
  });
});

/**
 * Routes that have a caller (`auth: …`) work on the request's one context (`ctx`: its user, its `now`
 * taken once), never on `authCtx` (features/auth/pre-sign-in.ts), which is the context of the account
 * routes that run before there is a user (log in, register, refresh, reset a password) and takes a
 * second `deps.now()`. Found in the source: a route call `.get/.post/.put/.patch/.delete(path, handler,
 * { auth: … })` whose handler names `authCtx` or a local helper built on it.
 */
const ROUTE_METHODS = new Set(["get", "post", "put", "patch", "delete"]);

function authCtxInSignedInRoutes(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const tainted = new Set(["authCtx"]);
  const found: string[] = [];
  const names = (node: ts.Node, out: string[] = []): string[] => {
    if (ts.isIdentifier(node)) out.push(node.text);
    node.forEachChild((c) => void names(c, out));
    return out;
  };
  const helpers = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (names(node.initializer).some((n) => tainted.has(n))) tainted.add(node.name.text);
    }
    node.forEachChild(helpers);
  };
  helpers(source);
  helpers(source); // a helper built on a helper
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [path, handler, options] = node.arguments;
      const signedIn =
        options &&
        ts.isObjectLiteralExpression(options) &&
        options.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "auth");
      if (ROUTE_METHODS.has(method) && handler && signedIn && names(handler).some((n) => tainted.has(n)))
        found.push(`${file}: ${method.toUpperCase()} ${path && ts.isStringLiteral(path) ? path.text : "?"}`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found.sort();
}

describe("signed-in routes work on the request's context", () => {
  test("no route with `auth` uses authCtx (the pre-sign-in context) or a helper built on it", () => {
    const routes = sourceFiles(join(SRC, "features")).filter((f) => /routes\.ts$/.test(f));
    expect(routes.length).toBeGreaterThan(20);
    const found = routes.flatMap((f) => authCtxInSignedInRoutes(relative(SRC, f), readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  test("the finder finds such a route, directly or through a helper (a check that cannot fail proves nothing)", () => {
    const probe = `
      const ctxOf = (request) => authCtx(deps, "x", request);
      new Elysia()
        .get("/a", ({ user }) => listSessions(authCtx(deps), user), { auth: "account" })
        .post("/b", ({ request }) => begin(ctxOf(request)), { auth: "account" })
        .post("/login", ({ request }) => login(ctxOf(request)), { body: Body })
        .get("/c", ({ ctx }) => listTokens(ctx), { auth: "account" });`;
    expect(authCtxInSignedInRoutes("probe.ts", probe)).toEqual(["probe.ts: GET /a", "probe.ts: POST /b"]);
  });
});
