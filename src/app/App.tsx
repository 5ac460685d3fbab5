import { useEffect, useState } from "react";

/**
 * The app shell. Until the storefront screens land (GraphQL gateway and storefront issue), it
 * shows that the portal's API is up and where to find it.
 */
export function App() {
  const [status, setStatus] = useState<"checking" | "ok" | "down">("checking");
  useEffect(() => {
    fetch("/health")
      .then((r) => setStatus(r.ok ? "ok" : "down"))
      .catch(() => setStatus("down"));
  }, []);
  return (
    <main
      style={{
        fontFamily: "system-ui, sans-serif",
        maxWidth: 640,
        margin: "10vh auto",
        padding: 24,
      }}
    >
      <h1>Partner Portal</h1>
      <p>Wholesale ordering for approved partners.</p>
      <p>
        Commerce API: <strong>{status}</strong> — <code>/api/v2/shop</code>
      </p>
    </main>
  );
}
