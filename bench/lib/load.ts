import autocannon, { type Request } from "autocannon";

/** One simulated client: its own headers (a signed-in user) and the requests of one operation. */
export interface Client {
  headers: Record<string, string>;
  /** The HTTP requests of one operation, sent in order; the sequence repeats until time is up. */
  requests: Request[];
}

export interface Figures {
  /** Completed operations per second (an operation may be several HTTP requests). */
  perSecond: number;
  /** Latency of a whole operation, milliseconds. */
  p50: number;
  p99: number;
  operations: number;
  errors: number;
  /** The first failed response (status and the start of its body), for the report. */
  firstError?: string;
}

/**
 * Drives the server with one autocannon instance of one connection per client, so every
 * connection keeps its own user and cart (autocannon resets a connection's context at each
 * new round, and its headers are per instance). An operation's latency is the sum of the
 * response times of its requests; the connection sends them back to back.
 * A response counts as an error when its status is not 2xx or its body carries GraphQL errors
 * or an error result (`errorCode`).
 */
export async function drive(url: string, clients: Client[], seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = process.hrtime.bigint();
  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve, reject) => {
          let step = 0;
          let elapsed = 0;
          let failed = false;
          const steps = client.requests.length;
          const requests = client.requests.map((r) => ({
            ...r,
            onResponse: (
              status: number,
              body: string,
              context: Record<string, unknown>,
              headers: Record<string, string>,
            ) => {
              if (status < 200 || status > 299 || /"errors"\s*:|"errorCode"\s*:/.test(body)) {
                failed = true;
                firstError ??= `${status} ${body.slice(0, 300)}`;
              }
              r.onResponse?.(status, body, context, headers);
            },
          }));
          const instance = autocannon(
            {
              url,
              connections: 1,
              duration: seconds,
              timeout: 30,
              headers: { "content-type": "application/json", ...client.headers },
              requests,
            },
            (error) => (error ? reject(error) : resolve()),
          );
          instance.on(
            "response",
            (_client: unknown, _status: number, _bytes: number, ms: number) => {
              elapsed += ms;
              step += 1;
              if (step < steps) return;
              latencies.push(elapsed);
              if (failed) errors += 1;
              step = 0;
              elapsed = 0;
              failed = false;
            },
          );
          instance.on("reset", () => {
            errors += 1;
            step = 0;
            elapsed = 0;
            failed = false;
          });
          instance.on("reqError", () => {
            errors += 1;
          });
        }),
    ),
  );
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / wall,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    operations: latencies.length,
    errors,
    firstError,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
