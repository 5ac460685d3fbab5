import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from "xstate";

/**
 * The stand-in for a service the app provides with `machine.provide({ actors })`: invoked
 * without being provided, it fails at once with its name instead of hanging silently.
 */
export function unprovided<Output, Input = NonReducibleUnknown>(
  name: string,
): PromiseActorLogic<Output, Input> {
  return fromPromise<Output, Input>(() =>
    Promise.reject(new Error(`the actor "${name}" was invoked but not provided`)),
  );
}
