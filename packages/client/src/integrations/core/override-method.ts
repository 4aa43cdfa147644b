type AnyFunction = (...args: never[]) => unknown;

/**
 * A view of `root` where the method at `path` (e.g. `['chat', 'completions', 'create']`) is
 * replaced; the SDK client itself is not modified, and every other member reads through (methods
 * bound to their own object, since SDK classes keep `#private` state a proxy cannot reach).
 */
export function overrideMethod<T extends object>(root: T, path: readonly string[], replace: (original: AnyFunction, owner: object) => AnyFunction): T {
  const [head, ...rest] = path;
  if (head === undefined) throw new Error('overrideMethod: empty path');
  return new Proxy(root, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop === head) {
        if (rest.length === 0) return replace((value as AnyFunction).bind(target) as AnyFunction, target);
        return overrideMethod(value as object, rest, replace);
      }
      return typeof value === 'function' ? (value as AnyFunction).bind(target) : value;
    },
  });
}
