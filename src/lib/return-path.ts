/**
 * Where sign-in returns to (issue 30, decision 055): the page asked for travels as
 * `/login?next=<path>`. Only a path of this site is taken: no scheme, no host, no
 * protocol-relative `//host` (nor `/\host`, which browsers read alike), no control characters;
 * anything else is ignored and sign-in goes to /shop. The login page itself is never a target.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  // Tabs and newlines are dropped by URL parsers ("/\t/evil.example" is "//evil.example").
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, "https://portal.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://portal.invalid") return null;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page's address that returns to `path` (a path of this site) afterwards. */
export function loginPathFor(path: string): string {
  const target = safeReturnPath(path);
  return target === null || target === "/shop"
    ? "/login"
    : `/login?next=${encodeURIComponent(target)}`;
}
