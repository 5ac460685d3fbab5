import { useEffect, useSyncExternalStore } from "react";

/** What the page shown names (a product's name), set by the page while it shows it. */
let subject: string | null = null;
const subjectListeners = new Set<() => void>();

function setSubject(value: string | null): void {
  if (subject === value) return;
  subject = value;
  for (const listener of subjectListeners) listener();
}

function subscribeSubject(listener: () => void): () => void {
  subjectListeners.add(listener);
  return () => subjectListeners.delete(listener);
}

/**
 * Names what the page shows in the document title (a product page: its product's name, in the
 * interface language), from when it is known until the page goes.
 */
export function usePageSubject(name: string | null | undefined): void {
  useEffect(() => {
    setSubject(name ?? null);
    return () => setSubject(null);
  }, [name]);
}

/** What the page shown names, or null: for its title (src/app/page-title.ts). */
export function usePageSubjectShown(): string | null {
  return useSyncExternalStore(
    subscribeSubject,
    () => subject,
    () => null,
  );
}
