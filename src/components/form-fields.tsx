import type { ReactNode } from "react";
import { useIsClient } from "../lib/server-render";

/**
 * A form's fields, inert until the page runs in the browser (decision 026): the server sends
 * the form ready to read, but a form submitted before its script would post nowhere, and what is
 * typed before hydration would not reach its machine. Disabled only for that moment.
 */
export function FormFields({ children }: { children: ReactNode }) {
  return (
    <fieldset disabled={!useIsClient()} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
