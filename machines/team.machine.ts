import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";
import { isEmailAddress } from "../rules/email.js";

/** Team roles as the storefront shows them (account spec 3). */
export const TEAM_ROLES = ["ADMIN", "COMMERCIAL", "MARKETING"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export interface TeamMember {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: TeamRole | null;
  status: "ACTIVE" | "PENDING";
  /** The signed-in user's own row: no role change, no removal (account spec 6). */
  isSelf: boolean;
  /** Spending limits in minor units, null for none (decision 043); the section edits them. */
  orderLimit?: number | null;
  monthlyLimit?: number | null;
}

export type InviteField = "email" | "role";

export interface TeamContext {
  members: TeamMember[];
  invite: { email: string; role: string };
  /** Translation keys per invite field. */
  inviteErrors: Partial<Record<InviteField, string>>;
  /** The server's words after a refused invitation (shown in the dialog). */
  inviteFailure: string | null;
  /** The member a role change or removal is about. */
  targetId: string | null;
  pendingRole: TeamRole | null;
  /** Why the list could not be loaded (server detail or a translation key). */
  loadFailure: string | null;
}

export type TeamEvent =
  | { type: "team.retry" }
  | { type: "team.openInvite" }
  | { type: "team.changeInvite"; field: InviteField; value: string }
  | { type: "team.submitInvite" }
  | { type: "team.cancel" }
  | { type: "team.changeRole"; id: string; role: string }
  | { type: "team.remove"; id: string }
  | { type: "team.confirmRemoval" };

/** Account spec 5 "Invite user": e-mail required and valid, role required. */
export function inviteErrors(invite: TeamContext["invite"]): TeamContext["inviteErrors"] {
  const errors: TeamContext["inviteErrors"] = {};
  if (!isEmailAddress(invite.email.trim())) errors.email = "team.invite.emailInvalid";
  if (!(TEAM_ROLES as readonly string[]).includes(invite.role))
    errors.role = "team.invite.roleRequired";
  return errors;
}

/** The server's detail of a failed call, when it sent one. */
export function messageOf(error: unknown): string | null {
  const data = error as { message?: unknown; detail?: unknown } | undefined;
  const text = typeof data?.message === "string" ? data.message : data?.detail;
  return typeof text === "string" && text !== "" ? text : null;
}

const isMemberChangeable = (members: TeamMember[], id: string) =>
  members.some((m) => m.id === id && !m.isSelf);

/**
 * Company users (account spec 2, 6, 8), ADMIN only: the list with Active/Pending and role; an
 * invite dialog (valid e-mail, role); a role change; a removal after 'are you sure you want to
 * remove the company user'. The own row takes neither change nor removal, whatever the UI
 * sends. Outcomes are told by notify actions (toasts): 'User successfully invited!', 'User
 * successfully saved!', 'User successfully removed!', 'Sorry, something went wrong!'.
 */
export const teamMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    loadMembers: unprovided<TeamMember[]>("loadMembers"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    inviteMember: unprovided<TeamMember, { email: string; role: TeamRole }>("inviteMember"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    changeMemberRole: unprovided<TeamMember, { id: string; role: TeamRole }>("changeMemberRole"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    removeMember: unprovided<void, { id: string }>("removeMember"),
  },
  // Stryker disable next-line ObjectLiteral: the app provides these; the stand-ins do nothing
  actions: {
    notifyInvited: () => {},
    notifySaved: () => {},
    notifyRemoved: () => {},
    notifyFailure: (_, _params: { message: string | null }) => {},
  },
  guards: {
    isInviteValid: ({ context }) => Object.keys(inviteErrors(context.invite)).length === 0,
    isRoleChangeAllowed: ({ context, event }) =>
      // Stryker disable next-line ConditionalExpression: the guard guards team.changeRole only; the test narrows the event's type
      event.type === "team.changeRole" &&
      (TEAM_ROLES as readonly string[]).includes(event.role) &&
      isMemberChangeable(context.members, event.id) &&
      // Stryker disable next-line OptionalChaining: isMemberChangeable just found the member, so find never misses here
      context.members.find((m) => m.id === event.id)?.role !== event.role,
    isRemovalAllowed: ({ context, event }) =>
      // Stryker disable next-line ConditionalExpression: the guard guards team.remove only; the test narrows the event's type
      event.type === "team.remove" && isMemberChangeable(context.members, event.id),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "team",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "Company users of an ADMIN: list, invite, change role, remove.",
  context: {
    members: [],
    invite: { email: "", role: "" },
    inviteErrors: {},
    inviteFailure: null,
    targetId: null,
    pendingRole: null,
    loadFailure: null,
  },
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "loading"
  initial: "loading",
  states: {
    loading: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The company's users are being loaded.",
      entry: assign({ loadFailure: null }),
      invoke: {
        id: "loadMembers",
        src: "loadMembers",
        onDone: { target: "ready", actions: assign({ members: ({ event }) => event.output }) },
        onError: {
          target: "loadFailed",
          actions: assign({
            loadFailure: ({ event }) => messageOf(event.error) ?? "team.loadFailed",
          }),
        },
      },
    },
    loadFailed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The list could not be loaded; the error shows with a retry.",
      on: { "team.retry": { target: "loading" } },
    },
    ready: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The list; each row other than one's own offers a role change and removal.",
      on: {
        "team.openInvite": {
          target: "inviting",
          actions: assign({
            invite: { email: "", role: "" },
            inviteErrors: {},
            inviteFailure: null,
          }),
        },
        "team.changeRole": {
          guard: "isRoleChangeAllowed",
          target: "changingRole",
          actions: assign({
            targetId: ({ event }) => event.id,
            pendingRole: ({ event }) => event.role as TeamRole,
          }),
        },
        "team.remove": {
          guard: "isRemovalAllowed",
          target: "confirmingRemoval",
          actions: assign({ targetId: ({ event }) => event.id }),
        },
      },
    },
    inviting: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The invite dialog is open.",
      initial: "editing",
      states: {
        editing: {
          description:
            // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
            "Typing the e-mail and choosing a role; a field shows its error once touched.",
          on: {
            "team.changeInvite": {
              actions: assign({
                invite: ({ context, event }) => ({ ...context.invite, [event.field]: event.value }),
                inviteErrors: ({ context, event }) => {
                  const next = { ...context.invite, [event.field]: event.value };
                  return {
                    ...context.inviteErrors,
                    [event.field]: inviteErrors(next)[event.field],
                  };
                },
              }),
            },
            "team.submitInvite": [
              { guard: "isInviteValid", target: "sending" },
              // Nothing is sent while a rule is broken: every broken rule is shown.
              { actions: assign({ inviteErrors: ({ context }) => inviteErrors(context.invite) }) },
            ],
            "team.cancel": { target: "#team.ready" },
          },
        },
        sending: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "The invitation is being sent; the dialog is locked (cancel is ignored).",
          entry: assign({ inviteFailure: null }),
          invoke: {
            id: "inviteMember",
            src: "inviteMember",
            input: ({ context }) => ({
              email: context.invite.email.trim(),
              role: context.invite.role as TeamRole,
            }),
            onDone: {
              target: "#team.ready",
              actions: [
                assign({ members: ({ context, event }) => [...context.members, event.output] }),
                "notifyInvited",
              ],
            },
            onError: {
              target: "editing",
              actions: [
                assign({ inviteFailure: ({ event }) => messageOf(event.error) }),
                {
                  type: "notifyFailure",
                  params: ({ event }) => ({ message: messageOf(event.error) }),
                },
              ],
            },
          },
        },
      },
    },
    changingRole: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "A colleague's new role is being saved.",
      invoke: {
        id: "changeMemberRole",
        src: "changeMemberRole",
        input: ({ context }) => ({ id: context.targetId!, role: context.pendingRole! }),
        onDone: {
          target: "ready",
          actions: [
            assign({
              members: ({ context, event }) =>
                context.members.map((m) => (m.id === event.output.id ? event.output : m)),
              targetId: null,
              pendingRole: null,
            }),
            "notifySaved",
          ],
        },
        onError: {
          target: "ready",
          actions: [
            assign({ targetId: null, pendingRole: null }),
            { type: "notifyFailure", params: ({ event }) => ({ message: messageOf(event.error) }) },
          ],
        },
      },
    },
    confirmingRemoval: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "'Are you sure you want to remove the company user?'",
      on: {
        "team.confirmRemoval": { target: "removing" },
        "team.cancel": { target: "ready", actions: assign({ targetId: null }) },
      },
    },
    removing: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The colleague is being removed.",
      invoke: {
        id: "removeMember",
        src: "removeMember",
        input: ({ context }) => ({ id: context.targetId! }),
        onDone: {
          target: "ready",
          actions: [
            assign({
              members: ({ context }) => context.members.filter((m) => m.id !== context.targetId),
              targetId: null,
            }),
            "notifyRemoved",
          ],
        },
        onError: {
          target: "ready",
          actions: [
            assign({ targetId: null }),
            { type: "notifyFailure", params: ({ event }) => ({ message: messageOf(event.error) }) },
          ],
        },
      },
    },
  },
});
