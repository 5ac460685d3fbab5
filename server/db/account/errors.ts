/**
 * True for PostgreSQL's unique_violation (23505), raised alike by PGlite and node-postgres.
 * Routes check uniqueness before writing for a friendly answer; this catches the race where
 * two requests pass that check at once and the unique index decides.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505"
  );
}
