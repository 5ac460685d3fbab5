import { teamMachine, type TeamMember } from "../../../machines/team.machine.js";
import { done, failed, filled } from "../support/events.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

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

const ROLES = ["ADMIN", "COMMERCIAL", "MARKETING"];

/**
 * Account spec 5 "Invite user", written out: the e-mail (spaces around it ignored) is one '@'
 * between a non-empty name and a domain with a dot inside it, with no spaces; the role is one
 * of the three.
 */
function inviteRule(field: string, invite: { email: string; role: string }): string | undefined {
  if (field === "role") return ROLES.includes(invite.role) ? undefined : "team.invite.roleRequired";
  const email = invite.email.replace(/^\s+|\s+$/g, "");
  const parts = email.split("@");
  const ok =
    parts.length === 2 &&
    parts[0]!.length > 0 &&
    !/\s/.test(email) &&
    parts[1]!.slice(1, -1).includes(".");
  return ok ? undefined : "team.invite.emailInvalid";
}
const brokenRules = (invite: { email: string; role: string }) => {
  const out: Record<string, string> = {};
  for (const f of ["email", "role"]) {
    const error = inviteRule(f, invite);
    if (error) out[f] = error;
  }
  return out;
};

type Ctx = {
  members: TeamMember[];
  invite: { email: string; role: string };
  inviteErrors: Record<string, string | undefined>;
  inviteFailure: string | null;
  targetId: string | null;
  pendingRole: string | null;
  loadFailure: string | null;
};

/** The server's message, else its detail (empty words count as none). */
function words(error: unknown): string | null {
  const e = (error ?? {}) as { message?: unknown; detail?: unknown };
  for (const w of [e.message, e.detail]) if (typeof w === "string" && w.length > 0) return w;
  return null;
}

/**
 * Company users (account spec 2, 3, 5, 6 and 8), stated without the machine: the list loads
 * ('team.loadFailed' without the server's words); the invite dialog opens empty, judges each
 * field as it changes, sends the e-mail trimmed with the role only when both rules hold (else
 * shows every broken one), adds the invited colleague and says so, or keeps the dialog with the
 * server's words. A role change is sent for another member than oneself, to one of the three
 * roles, other than the one held; a removal, for another member, after confirmation. Every
 * outcome is told (the failure with the server's words) and the target forgotten.
 */
function oracle({ event, before }: OracleStep): OracleExpectation {
  const c = before.context as Ctx;
  if (event.type === "xstate.init")
    return {
      value: "loading",
      context: {
        members: [],
        invite: { email: "", role: "" },
        inviteErrors: {},
        inviteFailure: null,
        targetId: null,
        pendingRole: null,
        loadFailure: null,
      },
      started: { loadMembers: undefined },
    };
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    id?: string;
    role?: string;
    field?: string;
    value?: string;
    output?: unknown;
    error?: unknown;
  };
  const failure = (context: Partial<Ctx>): OracleExpectation => ({
    value: "ready",
    context: { ...c, ...context },
    actions: [{ type: "notifyFailure", params: { message: words(e.error) } }],
  });
  const other = c.members.find((m) => m.id === e.id && !m.isSelf);
  switch (JSON.stringify(before.value)) {
    case '"loading"':
      if (e.type === "xstate.done.actor.loadMembers")
        return { value: "ready", context: { ...c, members: e.output } };
      if (e.type === "xstate.error.actor.loadMembers")
        return {
          value: "loadFailed",
          context: { ...c, loadFailure: words(e.error) ?? "team.loadFailed" },
        };
      return stay;
    case '"loadFailed"':
      return e.type === "team.retry"
        ? {
            value: "loading",
            context: { ...c, loadFailure: null },
            started: { loadMembers: undefined },
          }
        : stay;
    case '"ready"':
      if (e.type === "team.openInvite")
        return {
          value: { inviting: "editing" },
          context: { ...c, invite: { email: "", role: "" }, inviteErrors: {}, inviteFailure: null },
        };
      if (e.type === "team.changeRole" && other && ROLES.includes(e.role!) && other.role !== e.role)
        return {
          value: "changingRole",
          context: { ...c, targetId: e.id, pendingRole: e.role },
          started: { changeMemberRole: { id: e.id, role: e.role } },
        };
      if (e.type === "team.remove" && other)
        return { value: "confirmingRemoval", context: { ...c, targetId: e.id } };
      return stay;
    case '{"inviting":"editing"}':
      if (e.type === "team.changeInvite") {
        const invite = { ...c.invite, [e.field!]: e.value! };
        return {
          value: before.value,
          context: {
            ...c,
            invite,
            inviteErrors: { ...c.inviteErrors, [e.field!]: inviteRule(e.field!, invite) },
          },
        };
      }
      if (e.type === "team.submitInvite") {
        const broken = brokenRules(c.invite);
        if (Object.keys(broken).length > 0)
          return { value: before.value, context: { ...c, inviteErrors: broken } };
        return {
          value: { inviting: "sending" },
          context: { ...c, inviteFailure: null },
          started: {
            inviteMember: { email: c.invite.email.replace(/^\s+|\s+$/g, ""), role: c.invite.role },
          },
        };
      }
      if (e.type === "team.cancel") return { value: "ready", context: c };
      return stay;
    case '{"inviting":"sending"}':
      if (e.type === "xstate.done.actor.inviteMember")
        return {
          value: "ready",
          context: { ...c, members: [...c.members, e.output as TeamMember] },
          actions: [{ type: "notifyInvited" }],
        };
      if (e.type === "xstate.error.actor.inviteMember")
        return {
          ...failure({ inviteFailure: words(e.error) }),
          value: { inviting: "editing" },
        };
      return stay;
    case '"changingRole"':
      if (e.type === "xstate.done.actor.changeMemberRole") {
        const saved = e.output as TeamMember;
        return {
          value: "ready",
          context: {
            ...c,
            members: c.members.map((m) => (m.id === saved.id ? saved : m)),
            targetId: null,
            pendingRole: null,
          },
          actions: [{ type: "notifySaved" }],
        };
      }
      if (e.type === "xstate.error.actor.changeMemberRole")
        return failure({ targetId: null, pendingRole: null });
      return stay;
    case '"confirmingRemoval"':
      if (e.type === "team.confirmRemoval")
        return { value: "removing", context: c, started: { removeMember: { id: c.targetId } } };
      if (e.type === "team.cancel") return { value: "ready", context: { ...c, targetId: null } };
      return stay;
    case '"removing"':
      if (e.type === "xstate.done.actor.removeMember")
        return {
          value: "ready",
          context: { ...c, members: c.members.filter((m) => m.id !== c.targetId), targetId: null },
          actions: [{ type: "notifyRemoved" }],
        };
      if (e.type === "xstate.error.actor.removeMember") return failure({ targetId: null });
      return stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: teamMachine,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      [...new Set(s.context.members.map((m: TeamMember) => `${m.id}:${m.role}`))].sort(),
      filled(s.context.invite.email),
      s.context.invite.email.includes("."),
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
      // A failure with nothing to say: the page's own words.
      failed("loadMembers", {}),
      { type: "team.retry" },
      { type: "team.openInvite" },
      {
        type: "team.changeInvite",
        field: "email",
        value: s.context.invite.email ? "" : " new@demo-spa.example ",
      },
      { type: "team.changeInvite", field: "email", value: "new@demo-spa" },
      // A space inside the address, before or after the "@...": no e-mail address.
      { type: "team.changeInvite", field: "email", value: "new user@demo-spa.example" },
      { type: "team.changeInvite", field: "email", value: "new@demo-spa.example x" },
      { type: "team.changeInvite", field: "role", value: s.context.invite.role ? "" : "ADMIN" },
      { type: "team.submitInvite" },
      { type: "team.cancel" },
      done("inviteMember", INVITED),
      failed("inviteMember", { message: "This e-mail address is already registered." }),
      // The server's words as its detail only, and a detail that is no text.
      failed("inviteMember", { detail: "Invitations are paused." }),
      failed("inviteMember", { detail: 409 }),
      {
        type: "team.changeRole",
        id: "2",
        role: other?.role === "MARKETING" ? "COMMERCIAL" : "MARKETING",
      },
      { type: "team.changeRole", id: "1", role: "MARKETING" },
      // Not a role, and the role the member already holds: neither is sent.
      { type: "team.changeRole", id: "2", role: "OWNER" },
      { type: "team.changeRole", id: "2", role: other?.role ?? "COMMERCIAL" },
      done("changeMemberRole", { ...MEMBERS[1]!, role: "MARKETING" }),
      failed("changeMemberRole", { message: "No" }),
      failed("changeMemberRole", { message: "" }),
      { type: "team.remove", id: "2" },
      { type: "team.remove", id: "1" },
      { type: "team.confirmRemoval" },
      done("removeMember"),
      failed("removeMember", {}),
      failed("removeMember", null),
    ];
  },
  invariants: {
    "the own row is never a target": (s) =>
      s.context.targetId === null ||
      !s.context.members.find((m: TeamMember) => m.id === s.context.targetId)?.isSelf,
    "an invitation is sent only when valid": (s) =>
      !JSON.stringify(s.value).includes("sending") ||
      Object.keys(brokenRules(s.context.invite)).length === 0,
  },
  oracle,
};
