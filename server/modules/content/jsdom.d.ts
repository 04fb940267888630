/** The part of jsdom the server uses (server/modules/content/rich-text.ts); the package ships no types. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
