/** Helpers the machine models share to describe events and abstract states. */

/** Whether a form value counts as filled in (what the person typed does not matter). */
export const filled = (v: unknown) => String(v ?? "").trim() !== "";

/** The event the runtime sends when the invoked actor `id` finishes with `output`. */
export const done = (id: string, output?: unknown) => ({
  type: `xstate.done.actor.${id}`,
  output,
});

/** The event the runtime sends when the invoked actor `id` fails with `error`. */
export const failed = (id: string, error: unknown) => ({
  type: `xstate.error.actor.${id}`,
  error,
});
