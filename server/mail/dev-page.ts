/** One outbox mail as the development outbox page shows it. */
export interface OutboxEntry {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  text: string;
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

// Only http(s) becomes a link: a `javascript:` or `data:` text stays text.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * Escapes a plain-text body and turns its http(s) URLs into links. The text between links and
 * the link itself are escaped separately, so nothing in a mail can add markup to the page.
 */
export function linkify(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    // A sentence's final punctuation belongs to the sentence, not the URL.
    const url = match[0].replace(/[.,;:!?)\]]+$/, "");
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    const safe = escapeHtml(url);
    html += `<a href="${safe}" rel="noreferrer">${safe}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * The development outbox page: the newest mails with their text, so a developer can follow an
 * invitation or password-reset link without a mail server.
 */
export function renderOutboxPage(entries: OutboxEntry[], total: number): string {
  const rows = entries
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(m.to)}</dd>
    <dt>Kind</dt><dd>${escapeHtml(m.kind)}</dd>
    <dt>Status</dt><dd class="${escapeHtml(m.status)}">${escapeHtml(m.status)}${
      m.attempts > 0 ? ` (${m.attempts} attempt${m.attempts === 1 ? "" : "s"})` : ""
    }${m.lastError ? `: ${escapeHtml(m.lastError)}` : ""}</dd>
    <dt>Created</dt><dd><time>${escapeHtml(m.createdAt)}</time></dd>
  </dl>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Outbox (${total})</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
article { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; padding: 0.5rem 1rem; }
h2 { font-size: 1.1rem; }
dl { display: grid; grid-template-columns: 6rem 1fr; margin: 0; }
dt { color: #666; }
dd { margin: 0; }
.pending { color: #a60; } .sent { color: #070; } .failed { color: #b00; }
pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.5rem; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>The newest ${entries.length} of ${total} mails. This page exists outside production only.</p>
${rows || "<p>No mails yet.</p>"}
</body>
</html>
`;
}
