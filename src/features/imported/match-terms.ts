/**
 * Whether an FTS5 expression of foods/query.ts (quoted words, a `*` for a prefix, AND, OR, parentheses) can
 * match anything, from which of its words any product has at all. Most words a person types for a
 * catalogue food ("porridge", "semi-skimmed") are in no imported product's name: such a query has no
 * imported match, and knowing each word once spares every later search the full-text read. Pure.
 */

/** An expression's tokens: each quoted word with its `*` when it is a prefix (`"bread"`, `"bre"*`), AND, OR, parentheses. */
export function matchTokens(match: string): string[] {
  return match.match(/"(?:[^"]|"")*"\*?|\(|\)|\bAND\b|\bOR\b/g) ?? [];
}

/** The quoted words among an expression's tokens. */
export const matchTerms = (tokens: readonly string[]): string[] => tokens.filter((t) => t.startsWith('"'));

/**
 * False only when the expression (as `matchTokens` gives it) cannot match: some AND needs a word no product has.
 * `present` answers per quoted word. Precedence as FTS5's: AND binds tighter than OR.
 */
export function matchPossible(tokens: readonly string[], present: (term: string) => boolean): boolean {
  let i = 0;
  const or = (): boolean => {
    let v = and();
    while (tokens[i] === "OR") {
      i++;
      // every operand is read, so the position moves past it whatever the value so far
      v = and() || v;
    }
    return v;
  };
  const and = (): boolean => {
    let v = atom();
    while (tokens[i] === "AND") {
      i++;
      v = atom() && v;
    }
    return v;
  };
  const atom = (): boolean => {
    const t = tokens[i++];
    if (t === "(") {
      const v = or();
      i++; // ")"
      return v;
    }
    // anything else the parser does not know: assume it may match, so the full-text search decides
    return t === undefined || !t.startsWith('"') || present(t);
  };
  return or();
}
