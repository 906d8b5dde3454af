// Provider tests feed the implementation hand-written, partial props (what a damaged or old
// state could hold), so they call it through an untyped view; the product itself is typed.
type Loose<T> = { [K in keyof T]: T[K] extends (...args: any[]) => Promise<any> ? (...args: any[]) => Promise<any> : T[K] };

export function loose<T extends object>(impl: T): Loose<T> {
  return impl as Loose<T>;
}
