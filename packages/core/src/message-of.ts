/** What a thrown value says, for a log line or a reason shown to a person: an Error's message, anything else as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
