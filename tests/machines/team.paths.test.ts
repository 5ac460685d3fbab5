import { createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { teamMachine } from "../../machines/team.machine.js";
import { INVITED, MEMBERS, model as teamModel } from "./models/team.model.js";
import { done, failed } from "./support/events.js";
import { pathTests } from "./support/path-tests.js";

// -------------------------------------------------------------------------------------------
// Team

describe("team machine", () => {
  pathTests(teamModel, { rule: "never changes or removes the own row", groups: 4 });

  it("invites with a valid e-mail and role, changes a role, removes after confirmation", () => {
    const notifications = { invited: vi.fn(), saved: vi.fn(), removed: vi.fn(), failure: vi.fn() };
    const actor = createActor(
      teamMachine.provide({
        actions: {
          notifyInvited: notifications.invited,
          notifySaved: notifications.saved,
          notifyRemoved: notifications.removed,
          notifyFailure: (_, params) => notifications.failure(params.message),
        },
      }),
    ).start();
    actor.send(done("loadMembers", MEMBERS) as never);
    actor.send({ type: "team.openInvite" });
    actor.send({ type: "team.changeInvite", field: "email", value: "not-an-email" });
    expect(actor.getSnapshot().context.inviteErrors.email).toBe("team.invite.emailInvalid");
    actor.send({ type: "team.submitInvite" });
    expect(actor.getSnapshot().context.inviteErrors.role).toBe("team.invite.roleRequired");
    expect(actor.getSnapshot().matches({ inviting: "editing" })).toBe(true);
    actor.send({ type: "team.changeInvite", field: "email", value: "new@demo-spa.example" });
    actor.send({ type: "team.changeInvite", field: "role", value: "MARKETING" });
    actor.send({ type: "team.submitInvite" });
    expect(actor.getSnapshot().matches({ inviting: "sending" })).toBe(true);
    actor.send(failed("inviteMember", { message: "Already registered" }) as never);
    expect(actor.getSnapshot().context.inviteFailure).toBe("Already registered");
    expect(notifications.failure).toHaveBeenCalledWith("Already registered");
    expect(actor.getSnapshot().context.invite.email).toBe("new@demo-spa.example");
    actor.send({ type: "team.submitInvite" });
    actor.send(done("inviteMember", INVITED) as never);
    expect(notifications.invited).toHaveBeenCalled();
    expect(actor.getSnapshot().context.members.map((m) => m.status)).toEqual([
      "ACTIVE",
      "ACTIVE",
      "PENDING",
    ]);

    // The own row: neither role change nor removal.
    actor.send({ type: "team.changeRole", id: "1", role: "MARKETING" });
    actor.send({ type: "team.remove", id: "1" });
    expect(actor.getSnapshot().value).toBe("ready");

    actor.send({ type: "team.changeRole", id: "2", role: "MARKETING" });
    actor.send(done("changeMemberRole", { ...MEMBERS[1]!, role: "MARKETING" }) as never);
    expect(actor.getSnapshot().context.members[1]?.role).toBe("MARKETING");
    expect(notifications.saved).toHaveBeenCalled();

    actor.send({ type: "team.remove", id: "2" });
    expect(actor.getSnapshot().value).toBe("confirmingRemoval");
    actor.send({ type: "team.cancel" });
    expect(actor.getSnapshot().context.members).toHaveLength(3);
    actor.send({ type: "team.remove", id: "2" });
    actor.send({ type: "team.confirmRemoval" });
    actor.send(done("removeMember") as never);
    expect(actor.getSnapshot().context.members.map((m) => m.id)).toEqual(["1", "3"]);
    expect(notifications.removed).toHaveBeenCalled();
  });
});
