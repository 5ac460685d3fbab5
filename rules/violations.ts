/**
 * A rule broken by a request. `message` is a key of the `server` locale namespace; the HTTP
 * layer translates it with `params` into the caller's language.
 */
export interface Violation {
  propertyPath: string;
  message: string;
  params?: Record<string, string | number>;
}
