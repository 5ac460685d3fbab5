import { supportFormMachine } from "../../../machines/support-form.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

type Field = "name" | "email" | "subject" | "question";
type Ctx = {
  values: Record<Field, string>;
  errors: Partial<Record<Field, string | undefined>>;
  attachment: { id: string } | null;
  failure: string | null;
};

/** Name, e-mail and question must hold more than spaces; the subject is optional. */
const MUST_FILL: readonly Field[] = ["name", "email", "question"];
const blank = (v: string) => /^\s*$/.test(v);
const errorFor = (field: Field, value: string) =>
  MUST_FILL.includes(field) && blank(value) ? "validation.required" : undefined;

/**
 * 'Contact support' (storefront spec sections 5 and 8), stated without the machine: each change
 * marks its own field 'validation.required' when it is a required one left blank, and clears the
 * mark otherwise; submitting with a required field blank marks every required field (and sends
 * nothing); a complete form sends name, e-mail and question trimmed, the subject as chosen and
 * the attachment's id (or null). A failure keeps everything and shows the server's message,
 * else its detail, else 'support.failed'; 'send another' keeps name and e-mail only.
 */
function oracle({ event, before, input }: OracleStep): OracleExpectation {
  if (event.type === "xstate.init") {
    const i = input as { name?: string; email?: string };
    return {
      value: "editing",
      context: {
        values: { name: i.name ?? "", email: i.email ?? "", subject: "", question: "" },
        errors: {},
        attachment: null,
        failure: null,
      },
    };
  }
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    field?: Field;
    value?: string;
    file?: unknown;
    error?: { message?: unknown; detail?: unknown };
  };
  if (before.value === "editing") {
    switch (e.type) {
      case "support.change":
        return {
          value: "editing",
          context: {
            ...c,
            values: { ...c.values, [e.field!]: e.value },
            errors: { ...c.errors, [e.field!]: errorFor(e.field!, e.value!) },
          },
        };
      case "support.attach":
        return { value: "editing", context: { ...c, attachment: e.file } };
      case "support.detach":
        return { value: "editing", context: { ...c, attachment: null } };
      case "support.submit": {
        if (MUST_FILL.some((f) => blank(c.values[f]))) {
          const errors = Object.fromEntries(MUST_FILL.map((f) => [f, errorFor(f, c.values[f])]));
          return { value: "editing", context: { ...c, errors } };
        }
        const v = c.values;
        return {
          value: "sending",
          context: { ...c, failure: null },
          started: {
            sendSupportRequest: {
              name: v.name.replace(/^\s+|\s+$/g, ""),
              email: v.email.replace(/^\s+|\s+$/g, ""),
              subject: v.subject,
              question: v.question.replace(/^\s+|\s+$/g, ""),
              attachmentId: c.attachment === null ? null : c.attachment.id,
            },
          },
        };
      }
    }
    return stay;
  }
  if (before.value === "sending") {
    if (e.type === "xstate.done.actor.sendSupportRequest") return { value: "sent", context: c };
    if (e.type === "xstate.error.actor.sendSupportRequest") {
      const said = [e.error?.message, e.error?.detail].find(
        (w) => typeof w === "string" && w !== "",
      );
      return { value: "editing", context: { ...c, failure: said ?? "support.failed" } };
    }
    return stay;
  }
  if (before.value === "sent" && e.type === "support.reset")
    return {
      value: "editing",
      context: {
        ...c,
        values: { name: c.values.name, email: c.values.email, subject: "", question: "" },
        errors: {},
        attachment: null,
      },
    };
  return stay;
}

export const model: MachineModel = {
  machine: supportFormMachine,
  input: {},
  // What the person typed does not matter, only which fields are filled, the attachment
  // and whether a failure shows.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Object.values(s.context.values).map((v) => String(v).trim() !== ""),
      Object.values(s.context.errors).filter(Boolean).length,
      s.context.attachment !== null,
      s.context.failure !== null,
    ]),
  events: (s) => [
    ...(["name", "email", "question"] as const).map((field) => ({
      type: "support.change",
      field,
      // Spaces around the words: the request must carry them trimmed.
      value: s.context.values[field] ? "" : ` ${field} text `,
    })),
    { type: "support.change", field: "name", value: "   " },
    { type: "support.change", field: "subject", value: s.context.values.subject ? "" : "Order" },
    { type: "support.attach", file: { id: "f1", name: "a.pdf", size: 10 } },
    { type: "support.detach" },
    { type: "support.submit" },
    { type: "support.reset" },
    { type: "xstate.done.actor.sendSupportRequest" },
    { type: "xstate.error.actor.sendSupportRequest", error: { detail: "Mailbox full" } },
    { type: "xstate.error.actor.sendSupportRequest", error: { message: "Too large" } },
    { type: "xstate.error.actor.sendSupportRequest", error: {} },
    // No error at all, an empty message, a message that is no text beside the detail.
    { type: "xstate.error.actor.sendSupportRequest", error: undefined },
    { type: "xstate.error.actor.sendSupportRequest", error: { message: "" } },
    {
      type: "xstate.error.actor.sendSupportRequest",
      error: { message: 42, detail: "Mailbox full" },
    },
  ],
  invariants: {
    "sending only with name, e-mail and question": (s) =>
      s.value !== "sending" ||
      ["name", "email", "question"].every((f) => s.context.values[f].trim() !== ""),
  },
  oracle,
};
