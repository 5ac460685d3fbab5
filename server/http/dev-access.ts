import type { FastifyRequest } from "fastify";

/** Whether `address` is the loopback interface (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * Whether the request comes from this machine itself: both the connection and the client
 * address Fastify derived from it (`X-Forwarded-For` when `TRUST_PROXY` is set) are loopback.
 * A reverse proxy on the same host forwards a LAN client's address, so that client is not
 * local; a LAN client forging `X-Forwarded-For: 127.0.0.1` still connects from the LAN.
 * The in-process GraphQL gateway injects its REST calls with the browser's address.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  return isLoopback(request.socket?.remoteAddress) && isLoopback(request.ip);
}
