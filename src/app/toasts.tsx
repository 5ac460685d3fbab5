// The toasts' own styles: what Notification needs, then the notifications package's sheet.
import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";

/**
 * Where toasts appear. Loaded after the page (decision 026): no first frame shows a toast, and
 * one shown before it arrives waits in the notifications store and appears with it. On a phone
 * they rise from the bottom: at the top they would cover the header's cart, the very thing a
 * partner reaches for after "added to cart".
 */
export function Toasts() {
  const phone = useMediaQuery("(max-width: 47.99em)");
  return <Notifications position={phone ? "bottom-center" : "top-center"} />;
}
