// Module augmentation (this file is a module because of the export), so Astro's own types stay intact.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, pointer or key interaction inside the island. */
    'client:interaction'?: boolean;
  }
}
