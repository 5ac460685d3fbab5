/**
 * The server renderer (decision 026): the same routes and providers as the browser, rendered to
 * HTML by React on the Fastify server. Built by `vite build` into `dist/ssr/entry-server.js`
 * (vite.config.ts) and loaded by server/http/pages.ts. Machines do not start here: actors start
 * in effects, which run only in the browser.
 */
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
import { ServerRenderContext, type ServerRender } from "./lib/server-render";

export interface RenderRequest extends ServerRender {
  /** The page's absolute URL. */
  url: string;
  /** The language to render in (the `locale` cookie, else the browser's Accept-Language). */
  language: string;
  /** What the page shows, in that language, for its title (a product's name), or null. */
  subject?: string | null;
}

export type RenderResult =
  | { kind: "page"; status: number; html: string; modules: string[]; title: string }
  | { kind: "redirect"; status: number; location: string };

const handler = createStaticHandler(routes);

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
  // Every lazy part is waited for and the HTML sent in one piece: no inline scripts that
  // stream boundaries in later (the page's policy allows no inline script).
  const { prelude } = await prerender(
    <ServerRenderContext.Provider value={{ session, locale }}>
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
  const html = await new Response(prelude).text();
  if (failure) throw failure;
  return {
    kind: "page",
    status: notFound ? 404 : context.statusCode,
    html,
    modules: modulesOf(context),
    title: pageTitle(i18n.t, context.matches, subject),
  };
}
