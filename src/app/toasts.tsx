// The toasts' own styles: what Notification needs, then the notifications package's sheet.
import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/**
 * Where toasts appear. Loaded after the page (decision 026): no first frame shows a toast, and
 * one shown before it arrives waits in the notifications store and appears with it.
 */
export function Toasts() {
  return <Notifications position="top-center" />;
}
