import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyReply, FastifyRequest } from "fastify";
import { pickLanguage } from "../core/i18n.js";

/**
 * Server rendering of the storefront's pages (docs/decisions/026-server-rendered-pages.md).
 * `vite build` writes the browser app to `dist/` and the renderer to `dist/ssr/entry-server.js`;
 * each page request is rendered by React in the request's language (the `locale` cookie, then
 * Accept-Language) and with the session of the token cookie, into the built index.html with
 * the page's style sheets and chunk preloads. Pages without a session are kept in memory per
 * (URL, language). Without a renderer, or when rendering fails, the plain index.html goes out
 * and the browser renders the page itself, as before.
 */

/** What the renderer (src/entry-server.tsx) takes and gives; kept in step by hand. */
interface StoredSession {
  customerId: string;
  expiresAt: number;
}

/** The session of a page request's cookie, verified like an API request's (auth.ts), or null. */
export type SessionOf = (request: FastifyRequest) => Promise<StoredSession | null>;
type RenderResult =
  | {
      kind: "page";
      status: number;
      html: string;
      modules: string[];
      title?: string;
      /** The answers of the page's gateway reads run while rendering, by key (issue 31). */
      queries?: Record<string, unknown>;
    }
  | { kind: "redirect"; status: number; location: string };
interface Renderer {
  render(input: {
    url: string;
    language: string;
    session: StoredSession | null;
    locale: string | null;
    /** What the page shows, for its title (a product page's product name), or null. */
    subject: string | null;
    /** Sends a gateway request as the page's visitor, without the network (issue 31). */
    fetchGateway?: typeof fetch;
  }): Promise<RenderResult>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Modules the layout renders lazily on every page (and, signed in, the shop chrome). */
const LAYOUT_MODULES = ["src/app/layout/language-select.tsx"];
const SIGNED_IN_MODULES = ["src/app/layout/shop-chrome.tsx"];

/** Rendered signed-out pages kept in memory, oldest dropped first. */
const CACHE_LIMIT = 500;
/** How long a kept signed-out page with gateway answers in it is served as it was rendered. */
const DATA_PAGE_TTL_MS = 60_000;

/** index.html's links to the entry's style sheets. */
const ENTRY_SHEET = /<link rel="stylesheet" crossorigin href="\/[^"]+\.css">/g;

/** Where the server-rendered root goes in index.html. */
const ROOT = '<div id="root"></div>';

/**
 * Sends a page with an ETag of its content, or 304 when the browser has it already; pages are
 * revalidated on each visit (they change with the build, the language and the session).
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: string,
  personal = false,
): FastifyReply {
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  // A signed-in page carries the partner's own data (prices, answers): no shared cache keeps it.
  reply.header("etag", etag).header("cache-control", personal ? "private, no-cache" : "no-cache");
  if (status === 200 && request.headers["if-none-match"] === etag) return reply.code(304).send();
  return reply.code(status).send(body);
}

export interface PageRenderer {
  /** Answers a page request (GET, accepts HTML) with the rendered page. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** Script and style tags of `modules` and everything they import statically, from the manifest. */
function assetTags(manifest: Manifest, modules: string[]): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { css: [...css], js: [...js] };
}

/** JSON safe inside a `<script type="application/json">` element. */
/** Text for an element's content: no markup survives (a page title). */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The page renderer of a built app in `staticDir`, or undefined when the folder has no
 * index.html. Without `ssr/entry-server.js` every page is the plain index.html.
 */
export async function createPageRenderer(
  staticDir: string,
  sessionOf: SessionOf,
  options: {
    /**
     * Whether a page the routes know names something that does not exist (an unknown product
     * code): such a page is rendered as usual, its not-found state shows in the browser, and
     * the answer is a 404.
     */
    isMissing?: (pathname: string) => Promise<boolean>;
    /**
     * The name of what a page shows, in the language (a product page's product), or null: the
     * title of the first paint names it (issue 30).
     */
    subjectOf?: (pathname: string, language: string) => Promise<string | null>;
    /**
     * A fetch to the gateway as the page request's visitor (their cookie and address): the
     * page's reads marked for the server run with it and their answers are in the HTML
     * (issue 31, decision 066). Without it the browser runs every read.
     */
    gatewayFetchOf?: (request: FastifyRequest) => typeof fetch;
  } = {},
): Promise<PageRenderer | undefined> {
  const indexPath = join(staticDir, "index.html");
  if (!existsSync(indexPath)) return undefined;
  const template = readFileSync(indexPath, "utf8");
  const rendererPath = join(staticDir, "ssr", "entry-server.js");
  const manifestPath = join(staticDir, ".vite", "manifest.json");
  let renderer: Renderer | undefined;
  let manifest: Manifest = {};
  try {
    if (existsSync(rendererPath) && existsSync(manifestPath) && template.includes(ROOT)) {
      manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
      renderer = (await import(pathToFileURL(rendererPath).href)) as Renderer;
    }
  } catch (error) {
    // A build being written over, say: pages go out as the plain index.html.
    console.error("server rendering is off:", error);
    renderer = undefined;
  }
  const cache = new Map<string, { status: number; body: string; until: number }>();

  const page = (
    result: Extract<RenderResult, { kind: "page" }>,
    language: string,
    session: StoredSession | null,
  ): string => {
    const signedIn = session !== null;
    const modules = [...LAYOUT_MODULES, ...(signedIn ? SIGNED_IN_MODULES : []), ...result.modules];
    const { css, js } = assetTags(manifest, modules);
    // The entry's own script and sheet are already in index.html.
    const present = (file: string) => template.includes(`/${file}"`);
    // Style sheets first (issue 31): the first paint waits on them alone, so they take the
    // browser's first connections, ahead of the scripts the paint does not need.
    const entrySheets = [...template.matchAll(ENTRY_SHEET)].map((match) => match[0]);
    const sheets = [
      ...entrySheets,
      ...css
        .filter((file) => !present(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ].join("");
    const preloads = js
      .filter((file) => !present(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join("");
    const queries =
      result.queries && Object.keys(result.queries).length > 0 ? result.queries : null;
    const data = `<script type="application/json" id="server-data">${scriptJson({ language, signedIn, ...(session ? { session } : {}), ...(queries ? { queries } : {}) })}</script>`;
    return template
      .replace(/<html lang="[^"]*"/, `<html lang="${language}" data-mantine-color-scheme="light"`)
      .replace(/<title>[^<]*<\/title>/, (tag) =>
        result.title ? `<title>${escapeText(result.title)}</title>` : tag,
      )
      .replace(ENTRY_SHEET, "")
      .replace("</title>", `</title>${sheets}`)
      .replace("</head>", `${preloads}</head>`)
      .replace(ROOT, `<div id="root">${result.html}</div>${data}`);
  };

  return {
    async send(request, reply) {
      reply.type("text/html; charset=utf-8").header("vary", "cookie, accept-language");
      if (!renderer) return sendPage(request, reply, 200, template);
      const cookieLocale = request.cookies?.locale ?? null;
      const language = pickLanguage(cookieLocale ?? undefined, request.headers["accept-language"]);
      const session = await sessionOf(request);
      const key = `${language} ${request.url}`;
      const cached = session ? undefined : cache.get(key);
      if (cached && cached.until > Date.now())
        return sendPage(request, reply, cached.status, cached.body);
      try {
        const pathname = new URL(request.url, "http://localhost").pathname;
        const result = await renderer.render({
          url: `http://localhost${request.url}`,
          language,
          session,
          locale: cookieLocale,
          subject: (await options.subjectOf?.(pathname, language)) ?? null,
          fetchGateway: options.gatewayFetchOf?.(request),
        });
        if (result.kind === "redirect") return reply.redirect(result.location, result.status);
        const body = page(result, language, session);
        const status =
          result.status === 200 && (await options.isMissing?.(pathname)) ? 404 : result.status;
        if (!session) {
          if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
          // A page with the catalogue's data in it (stock, a new product) is kept a minute.
          const withData = result.queries !== undefined && Object.keys(result.queries).length > 0;
          cache.set(key, {
            status,
            body,
            until: withData ? Date.now() + DATA_PAGE_TTL_MS : Number.POSITIVE_INFINITY,
          });
        }
        return sendPage(request, reply, status, body, session !== null);
      } catch (error) {
        // The browser renders the page itself: nothing is lost but the head start.
        request.log.error({ err: error }, "server rendering failed");
        return sendPage(request, reply, 200, template);
      }
    },
  };
}
