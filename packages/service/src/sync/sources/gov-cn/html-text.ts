import { Parser } from 'htmlparser2';

/** The text of an HTML fragment (a search answer's title marks the query words with tags), entities decoded. */
export function htmlToText(html: string): string {
  let text = '';
  const parser = new Parser({
    ontext(data) {
      text += data;
    },
  });
  parser.write(html);
  parser.end();
  return text;
}
