import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it, vi } from "vitest";
import {
  SESSION_TTL_MS,
  sessionMachine,
  type SessionInput,
} from "../../machines/session.machine.js";
import { NOW, gone, none, valid, model as sessionModel } from "./models/session.model.js";
import { pathTests } from "./support/path-tests.js";

describe("session machine paths", () => {
  pathTests(sessionModel, { rule: "never keeps an expired session", groups: 1 });
});

/** A session actor on a simulated clock whose storage, notice and redirect calls are recorded. */
function recording(input: SessionInput) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const machine = sessionMachine.provide({
    actions: {
      clearSession: () => void calls.push("clear"),
      showExpiredNotice: (_, p) => void calls.push(`notice:${p.messageKey}`),
      redirectToLogin: () => void calls.push("login"),
    },
  });
  return { actor: createActor(machine, { input, clock }).start(), clock, calls };
}

describe("session machine behaviour", () => {
  it("sends a visitor who never signed in to /login without 'Session expired'", () => {
    const { actor, clock, calls } = recording(none);
    clock.increment(499);
    expect(actor.getSnapshot().value).toBe("checking");
    clock.increment(1);
    expect(calls).toEqual(["login"]);
    expect(actor.getSnapshot().status).toBe("done");
    // A navigation before the check finds no session either: the same, at once.
    const first = recording(none);
    first.actor.send({ type: "session.checked", stored: null, now: NOW });
    expect(first.calls).toEqual(["login"]);
  });

  it("shows 'Session expired' 500 ms after load and redirects to /login 2 s later", () => {
    const { actor, clock, calls } = recording(gone);
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
    actor.send({ type: "session.signedIn", customerId: "7", now: NOW });
    expect(persist).toHaveBeenCalledWith({
      session: { customerId: "7", expiresAt: NOW + SESSION_TTL_MS },
    });
    expect(SESSION_TTL_MS).toBe(12 * 3600_000);
    expect(actor.getSnapshot().value).toBe("valid");
  });

  it("ends a session whose stored token ran out while the person clicked around", () => {
    const { actor, clock, calls } = recording(valid);
    clock.increment(500);
    expect(actor.getSnapshot().value).toBe("valid");
    // A navigation that still finds the token in date keeps the person in.
    actor.send({ type: "session.checked", stored: valid.stored, now: NOW + 10 });
    expect(actor.getSnapshot().value).toBe("valid");
    // The next one finds it past its expiry: the same path as an expiry at load.
    actor.send({ type: "session.checked", stored: valid.stored, now: NOW + 1000 });
    expect(actor.getSnapshot().value).toBe("expired");
    expect(calls).toEqual(["clear", "notice:session.expired"]);
    clock.increment(2000);
    expect(calls).toContain("login");
  });

  it("ends a session whose stored token is gone when a request looks for it", () => {
    const actor = createActor(sessionMachine, { input: valid, clock: new SimulatedClock() });
    actor.start();
    actor.send({ type: "session.signedIn", customerId: "7", now: NOW });
    actor.send({ type: "session.checked", stored: null, now: NOW + 1 });
    expect(actor.getSnapshot().value).toBe("expired");
  });

  it("ends a session that expires in the first 500 ms when the person clicks on", () => {
    const { actor, clock, calls } = recording(valid);
    clock.increment(100);
    // A look that finds the token in date leaves the check to run.
    actor.send({ type: "session.checked", stored: valid.stored, now: NOW + 100 });
    expect(actor.getSnapshot().value).toBe("checking");
    // The token ran out before the check: the click that finds it so ends the session.
    actor.send({ type: "session.checked", stored: valid.stored, now: NOW + 1000 });
    expect(actor.getSnapshot().value).toBe("expired");
    expect(calls).toEqual(["clear", "notice:session.expired"]);
    clock.increment(2000);
    expect(calls).toContain("login");
  });
});
