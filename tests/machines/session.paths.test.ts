import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { SESSION_TTL_MS, sessionMachine } from "../../machines/session.machine.js";
import { runPathTestsForInputs } from "./support/paths.js";

const NOW = Date.UTC(2026, 10, 21, 9, 0);
const valid = { stored: { token: "t", customerId: "2", expiresAt: NOW + 1000 }, now: NOW };
const expired = { stored: { token: "t", customerId: "2", expiresAt: NOW - 1 }, now: NOW };
const none = { stored: null, now: NOW };

describe("session machine paths", () => {
  it("covers every state and transition, and never keeps an expired session", () => {
    const result = runPathTestsForInputs(
      {
        machine: sessionMachine,
        events: () => [
          { type: "session.signedIn", token: "new", customerId: "3", now: NOW },
          { type: "session.signedOut" },
          { type: "session.unauthorized" },
        ],
        invariants: {
          "valid means a token whose expiry is in the future": (s) =>
            !(s.value === "valid") ||
            (s.context.session !== null && s.context.session.expiresAt > s.context.now),
          "expired and signed out hold no session": (s) =>
            !["expired", "signedOut", "redirectingToLogin"].includes(String(s.value)) ||
            s.context.session === null,
        },
      },
      [valid, expired, none],
    );
    expect(result.failures).toEqual([]);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });
});

describe("session machine behaviour", () => {
  it("shows 'Session expired' 500 ms after load and redirects to /login 2 s later", () => {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const machine = sessionMachine.provide({
      actions: {
        clearSession: () => void calls.push("clear"),
        showExpiredNotice: (_, p) => void calls.push(`notice:${p.messageKey}`),
        redirectToLogin: () => void calls.push("login"),
      },
    });
    const actor = createActor(machine, { input: none, clock }).start();
    clock.increment(499);
    expect(actor.getSnapshot().value).toBe("checking");
    clock.increment(1);
    expect(calls).toEqual(["clear", "notice:session.expired"]);
    clock.increment(1999);
    expect(calls).not.toContain("login");
    clock.increment(1);
    expect(calls).toContain("login");
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("stores a new sign-in for 12 hours", () => {
    const persist = vi.fn();
    const actor = createActor(
      sessionMachine.provide({ actions: { persistSession: (_, p) => persist(p) } }),
      {
        input: none,
        clock: new SimulatedClock(),
      },
    ).start();
    actor.send({ type: "session.signedIn", token: "abc", customerId: "7", now: NOW });
    expect(persist).toHaveBeenCalledWith({
      session: { token: "abc", customerId: "7", expiresAt: NOW + SESSION_TTL_MS },
    });
    expect(SESSION_TTL_MS).toBe(12 * 3600_000);
    expect(actor.getSnapshot().value).toBe("valid");
  });
});
