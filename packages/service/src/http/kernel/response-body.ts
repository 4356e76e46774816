export type HeaderList = readonly string[];

/**
 * A response body: text made for this request (sent as UTF-8), bytes, or pieces of bytes written
 * in order without copying. Text is not first copied into a Buffer: node:http sends it with the
 * head in one piece, where a Buffer.from per answer was a copy and garbage to collect on every
 * answer (BENCHMARKS.md).
 */
export type ResponseBody = string | Buffer | readonly Buffer[];
