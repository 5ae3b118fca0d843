/**
 * Values that never change (cached catalogue pages): a service marks them, and http/reply.ts serialises
 * each one once. Here, not in src/http, so a service marks a value without importing the request pipeline.
 */
const marked = new WeakSet<object>();

/** Marks an immutable value whose JSON can be computed once and reused by `reply`. */
export function immutableBody<T extends object>(value: T): T {
  marked.add(value);
  return value;
}

export const isImmutableBody = (value: object): boolean => marked.has(value);
