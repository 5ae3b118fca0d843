// Node module hook for scripts/openapi.ts: openapi-typescript's `import "typescript"` gets
// TypeScript 5.9.3 (the `typescript5` alias), since TypeScript 7, our `tsc`, has no compiler API.
export async function resolve(specifier, context, next) {
  return next(specifier === "typescript" ? "typescript5" : specifier, context);
}
