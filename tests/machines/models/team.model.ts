import { inviteErrors, teamMachine, type TeamMember } from "../../../machines/team.machine.js";
import { done, failed, filled } from "../support/events.js";
import type { MachineModel } from "../support/paths.js";

export const MEMBERS: TeamMember[] = [
  {
    id: "1",
    email: "admin@demo-spa.example",
    firstName: "Ada",
    lastName: "Admin",
    role: "ADMIN",
    status: "ACTIVE",
    isSelf: true,
  },
  {
    id: "2",
    email: "buyer@demo-spa.example",
    firstName: "Bo",
    lastName: "Buyer",
    role: "COMMERCIAL",
    status: "ACTIVE",
    isSelf: false,
  },
];
export const INVITED: TeamMember = {
  id: "3",
  email: "new@demo-spa.example",
  firstName: null,
  lastName: null,
  role: "MARKETING",
  status: "PENDING",
  isSelf: false,
};

export const model: MachineModel = {
  machine: teamMachine,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      [...new Set(s.context.members.map((m: TeamMember) => `${m.id}:${m.role}`))].sort(),
      filled(s.context.invite.email),
      filled(s.context.invite.role),
      Object.values(s.context.inviteErrors).filter(Boolean).length,
      s.context.inviteFailure !== null,
      s.context.targetId,
      s.context.loadFailure !== null,
    ]),
  events: (s) => {
    const other = s.context.members.find((m: TeamMember) => m.id === "2");
    return [
      done("loadMembers", MEMBERS),
      failed("loadMembers", { message: "Down" }),
      { type: "team.retry" },
      { type: "team.openInvite" },
      {
        type: "team.changeInvite",
        field: "email",
        value: s.context.invite.email ? "" : "new@demo-spa.example",
      },
      { type: "team.changeInvite", field: "role", value: s.context.invite.role ? "" : "ADMIN" },
      { type: "team.submitInvite" },
      { type: "team.cancel" },
      done("inviteMember", INVITED),
      failed("inviteMember", { message: "This e-mail address is already registered." }),
      {
        type: "team.changeRole",
        id: "2",
        role: other?.role === "MARKETING" ? "COMMERCIAL" : "MARKETING",
      },
      { type: "team.changeRole", id: "1", role: "MARKETING" },
      done("changeMemberRole", { ...MEMBERS[1]!, role: "MARKETING" }),
      failed("changeMemberRole", { message: "No" }),
      { type: "team.remove", id: "2" },
      { type: "team.remove", id: "1" },
      { type: "team.confirmRemoval" },
      done("removeMember"),
      failed("removeMember", {}),
    ];
  },
  invariants: {
    "the own row is never a target": (s) =>
      s.context.targetId === null ||
      !s.context.members.find((m: TeamMember) => m.id === s.context.targetId)?.isSelf,
    "an invitation is sent only when valid": (s) =>
      !JSON.stringify(s.value).includes("sending") ||
      Object.keys(inviteErrors(s.context.invite)).length === 0,
  },
};
