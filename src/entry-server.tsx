/**
 * The server renderer (decision 026): the same routes and providers as the browser, rendered to
 * HTML by React on the Fastify server. Built by `vite build` into `dist/ssr/entry-server.js`
 * (vite.config.ts) and loaded by server/http/pages.ts. Machines do not start here: actors start
 * in effects, which run only in the browser. The reads a page marks for the server run here,
 * through the gateway as the visitor, and the page is rendered again with their answers
 * (issue 31, decision 066).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { prerender } from "react-dom/static";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from "react-router";
import { AppProviders } from "./app/App";
import { pageTitle } from "./app/page-title";
import { routes, type PageHandle } from "./app/router";
import { createAppI18n } from "./lib/i18n-app";
import { createGatewayClient, type GatewayRequest } from "./lib/graphql-client";
import { ServerRenderContext, type ServerQueries, type ServerRender } from "./lib/server-render";
import { setServerGatewayLookup } from "./lib/server-gateway";

export interface RenderRequest extends ServerRender {
  /** The page's absolute URL. */
  url: string;
  /** The language to render in (the `locale` cookie, else the browser's Accept-Language). */
  language: string;
  /** What the page shows, in that language, for its title (a product's name), or null. */
  subject?: string | null;
  /**
   * Sends a gateway request as the visitor (their session cookie, their address) without the
   * network, or none: the page's reads are then left to the browser (issue 31).
   */
  fetchGateway?: typeof fetch;
}

export type RenderResult =
  | {
      kind: "page";
      status: number;
      html: string;
      modules: string[];
      title: string;
      /** The answers of the page's reads run here, by key, for the browser's first render. */
      queries: Record<string, unknown>;
    }
  | { kind: "redirect"; status: number; location: string };

const handler = createStaticHandler(routes);

/** The gateway of each request being rendered: `gateway` finds it while a read runs. */
const requestGateway = new AsyncLocalStorage<GatewayRequest>();
setServerGatewayLookup(() => requestGateway.getStore());

/** Render passes at most: a read that needs another's answer is asked in the second. */
const PASSES = 3;
/** A read the server does not have in this time is left to the browser. */
const READ_LIMIT_MS = 3_000;

/** Runs the wanted reads with the request's gateway; an answer that fails or is late is left out. */
async function runReads(queries: ServerQueries, answers: Map<string, unknown>, gw: GatewayRequest) {
  const wanted = [...queries.wanted];
  queries.wanted.clear();
  await Promise.all(
    wanted.map(async ([key, load]) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("late")), READ_LIMIT_MS);
        });
        answers.set(key, await Promise.race([requestGateway.run(gw, load), late]));
      } catch {
        // The browser asks again, as it did before the server ran reads.
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

/** The route modules (manifest keys) of the matched routes, for style sheets and preloads. */
function modulesOf(context: StaticHandlerContext): string[] {
  return context.matches.flatMap(({ route }) => {
    const handle = route.handle as PageHandle | undefined;
    return handle?.module ? [handle.module] : [];
  });
}

/** Renders one page to the HTML of the root element, waiting for every lazy part. */
export async function render({
  url,
  language,
  session,
  locale,
  subject = null,
  fetchGateway,
}: RenderRequest): Promise<RenderResult> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return {
      kind: "redirect",
      status: context.status,
      location: context.headers.get("location") ?? "/",
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const notFound = context.matches.some(({ route }) => route.path === "*");
  let failure: unknown = null;
  const i18n = await createAppI18n(language);
  const answers = new Map<string, unknown>();
  const queries: ServerQueries = { answers, wanted: new Map() };
  const gw = fetchGateway
    ? createGatewayClient({
        endpoint: "http://localhost/graphql",
        getLanguage: () => language,
        fetch: fetchGateway,
      })
    : undefined;
  const pass = async () => {
    // Every lazy part is waited for and the HTML sent in one piece: no inline scripts that
    // stream boundaries in later (the page's policy allows no inline script).
    const { prelude } = await prerender(
      <ServerRenderContext.Provider value={{ session, locale, queries }}>
        <AppProviders i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerRenderContext.Provider>,
      {
        // One piece: a boundary above this size would be sent apart, revealed by inline script.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError(error) {
          failure ??= error;
        },
      },
    );
    return prelude;
  };
  let prelude = await pass();
  // The page's reads run here and the page is rendered again with their answers, until it
  // asks for none it has not had (issue 31).
  for (let n = 1; gw && n < PASSES && queries.wanted.size > 0 && !failure; n++) {
    const known = answers.size;
    await runReads(queries, answers, gw);
    if (answers.size === known) break;
    prelude = await pass();
  }
  const html = await new Response(prelude).text();
  if (failure) throw failure;
  return {
    kind: "page",
    status: notFound ? 404 : context.statusCode,
    html,
    modules: modulesOf(context),
    title: pageTitle(i18n.t, context.matches, subject),
    queries: Object.fromEntries(answers),
  };
}
