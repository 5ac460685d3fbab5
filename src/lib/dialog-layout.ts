import { useMediaQuery } from "@mantine/hooks";

/** Below Mantine's `xs` breakpoint (576 px): a phone held upright. */
const PHONE = "(max-width: 35.99em)";
/** From Mantine's `md` breakpoint (992 px): room for a dialog narrower than the window. */
const WIDE = "(min-width: 62em)";

/**
 * How a dialog sits on this screen: full-screen on phones, so forms and tables get the whole
 * width and the buttons stay reachable; `wideSize` (e.g. the spec's 60 %) from 992 px on;
 * the full width with margins in between. Read at once (not after a first paint), so a
 * dialog never opens in one shape and jumps to another.
 */
export function useDialogLayout(wideSize: string | number = "lg"): {
  fullScreen: boolean;
  size: string | number;
} {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  return { fullScreen: phone, size: wide ? wideSize : "100%" };
}
