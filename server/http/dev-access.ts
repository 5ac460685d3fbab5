import type { FastifyRequest } from "fastify";

/** Whether `address` is the loopback interface (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * Whether the request comes from this machine itself: the connection and the client address
 * Fastify derived from it are loopback, and it came through no proxy (no `X-Forwarded-For` or
 * `Forwarded`): a reverse proxy on the same host forwards other people's requests, whatever
 * address they claim (issue 32, finding E). The in-process GraphQL gateway injects its REST
 * calls with the browser's address and no forwarding header.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const headers = request.headers ?? {};
  if (headers["x-forwarded-for"] !== undefined || headers.forwarded !== undefined) return false;
  return isLoopback(request.socket?.remoteAddress) && isLoopback(request.ip);
}
