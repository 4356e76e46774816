/** What a thrown value says, for a log line or a reason shown to a person: an Error's message, anything else as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The most characters of a text from outside (an origin's file name, a reason quoting its content) shown in a log line, /readyz or a metric label. */
export const MAX_SHOWN_CHARACTERS = 300;

/** `text`, cut to `max` characters with a note of how much was left out: what an untrusted source supplies never reaches a log or an answer whole. */
export function shownText(text: string, max: number = MAX_SHOWN_CHARACTERS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
