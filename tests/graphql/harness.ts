import type { GraphQLFormattedError } from "graphql";
import { createGateway, type Gateway, type GatewayOptions } from "../../graphql/server.js";
import {
  TypedDocumentString,
  type ChangePasswordMutation,
  type ChangePasswordMutationVariables,
  type SignInMutation,
  type SignInMutationVariables,
} from "../../src/lib/gql/graphql.js";
import { startTestApp, type TestApp } from "../support/test-app.js";

export const PASSWORD = "partner-demo";

export interface GraphQLAnswer<T> {
  status: number;
  data?: T | null;
  errors?: GraphQLFormattedError[];
}

/** Every REST call the gateway made: method and URL (path and query). */
export interface RestCall {
  method: string;
  url: URL;
  headers: Headers;
}

export interface GatewayHarness {
  t: TestApp;
  base: string;
  /** REST calls made since the last `calls.length = 0`. */
  calls: RestCall[];
  gateway: Gateway;
  /** Sends a typed operation to the gateway like the UI does (POST /graphql). */
  run<T, V>(
    document: TypedDocumentString<T, V>,
    variables?: V,
    opts?: { token?: string; headers?: Record<string, string>; gateway?: Gateway },
  ): Promise<GraphQLAnswer<T>>;
  /** Sends raw query text. */
  raw(
    query: string,
    opts?: { token?: string; headers?: Record<string, string>; gateway?: Gateway },
  ): Promise<GraphQLAnswer<Record<string, unknown>>>;
  /** Another gateway on the same REST server (e.g. production mode), counting the same calls. */
  gatewayWith(opts: Partial<GatewayOptions>): Gateway;
  close(): Promise<void>;
}

/**
 * The real REST server (seeded PGlite) listening on a random port, and a gateway in front of
 * it whose fetch records every REST call.
 */
export async function startGateway(): Promise<GatewayHarness> {
  const t = await startTestApp("pglite");
  const base = await t.app.listen({ host: "127.0.0.1", port: 0 });
  const calls: RestCall[] = [];
  const counting: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    calls.push({ method: request.method, url: new URL(request.url), headers: request.headers });
    return fetch(input, init);
  };
  const gatewayWith = (opts: Partial<GatewayOptions>) =>
    createGateway({
      commerceApiUrl: base,
      fetch: counting,
      production: false,
      logging: false,
      ...opts,
    });
  const gateway = gatewayWith({});
  const post = async (
    body: unknown,
    opts: { token?: string; headers?: Record<string, string>; gateway?: Gateway } = {},
  ) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/graphql-response+json, application/json",
      ...opts.headers,
    };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await (opts.gateway ?? gateway).fetch("http://gateway/graphql", {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: unknown; errors?: GraphQLFormattedError[] };
    return { status: res.status, ...json };
  };
  return {
    t,
    base,
    calls,
    gateway,
    gatewayWith,
    run: (document, variables, opts) => post({ query: String(document), variables }, opts) as never,
    raw: (query, opts) => post({ query }, opts) as never,
    close: () => t.close(),
  };
}

/** Narrows a result union to one member, failing the test with the actual answer otherwise. */
export function expectType<T extends { __typename: string }, N extends T["__typename"]>(
  value: T | null | undefined,
  typename: N,
): Extract<T, { __typename: N }> {
  if (!value || value.__typename !== typename) {
    throw new Error(`expected ${typename}, got ${JSON.stringify(value)}`);
  }
  return value as Extract<T, { __typename: N }>;
}

/** The data of an answer without errors. */
export function dataOf<T>(answer: GraphQLAnswer<T>): T {
  if (answer.errors?.length || !answer.data) {
    throw new Error(`unexpected errors: ${JSON.stringify(answer.errors ?? answer)}`);
  }
  return answer.data;
}

const ERROR_FIELDS = `... on ErrorResult { errorCode message violations { propertyPath message code } }`;

type WithToken<T, N extends string> = T extends { __typename: N } ? T & { token: string } : T;

/**
 * Sign-in as an API client asks for it: with the token (the storefront's own operation asks
 * only for the customer id, its session being the HttpOnly cookie).
 */
export const ApiSignInDocument = new TypedDocumentString<
  { signIn: WithToken<SignInMutation["signIn"], "SignInSuccess"> },
  SignInMutationVariables
>(
  `mutation ApiSignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      __typename ... on SignInSuccess { token customerId } ${ERROR_FIELDS}
    }
  }`,
);

/** The password change as an API client asks for it: with the fresh token. */
export const ApiChangePasswordDocument = new TypedDocumentString<
  { changePassword: WithToken<ChangePasswordMutation["changePassword"], "PasswordChanged"> },
  ChangePasswordMutationVariables
>(
  `mutation ApiChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename ... on PasswordChanged { token } ${ERROR_FIELDS}
    }
  }`,
);
