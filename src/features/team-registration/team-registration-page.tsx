import { ComingSoon } from "../../app/pages/coming-soon";

/** Placeholder until the screen lands. */
export function Component() {
  return <ComingSoon titleKey="pages.register" />;
}
