/** The tags a treatment description may keep; everything else is dropped (its text stays). */
const ALLOWED = new Set(["p", "strong", "em", "ul", "ol", "li", "br"]);

/** Elements whose content is never text to show: dropped with everything inside. */
const DROPPED_WITH_CONTENT = new Set(["script", "style", "iframe", "object", "embed", "template"]);

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Keeps existing entities (the seed writes &amp; and friends) and escapes stray ampersands. */
function escapeTextKeepingEntities(text: string): string {
  return text
    .split(/(&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);)/)
    .map((part, index) => (index % 2 === 1 ? part : escapeText(part)))
    .join("");
}

/**
 * Reduces HTML to p/strong/em/ul/ol/li/br without any attribute: other tags are removed (their
 * text is kept, except script-like elements, which go with their content), comments are removed
 * and text is escaped, so the result is safe for `dangerouslySetInnerHTML`.
 */
export function sanitizeHtml(html: string): string {
  const withoutDropped = [...DROPPED_WITH_CONTENT].reduce(
    (result, tag) =>
      result.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(?:</${tag}\\s*>|$)`, "gi"), ""),
    html.replace(/<!--[\s\S]*?(?:-->|$)/g, ""),
  );
  let out = "";
  const tagPattern = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g;
  let last = 0;
  for (const match of withoutDropped.matchAll(tagPattern)) {
    out += escapeTextKeepingEntities(withoutDropped.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === "/";
    const tag = (match[2] ?? "").toLowerCase();
    if (!ALLOWED.has(tag)) continue;
    if (tag === "br") out += closing ? "" : "<br>";
    else out += closing ? `</${tag}>` : `<${tag}>`;
  }
  out += escapeTextKeepingEntities(withoutDropped.slice(last));
  return out;
}
