export type HeaderList = readonly string[];

/**
 * A response body: text made for this request (sent as UTF-8), bytes, or pieces of bytes written
 * in order without copying. Text is not first copied into a Buffer: node:http sends it with the
 * head in one piece (a Buffer.from per answer measured at about 6 000 instructions on Node 24,
 * with the garbage collection it caused).
 */
export type ResponseBody = string | Buffer | readonly Buffer[];
